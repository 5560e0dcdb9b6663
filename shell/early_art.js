// A seed link's tile art, asked for while the page is still being read: a script in <head> (async: it
// holds up nothing), so the atlas is in by the time the game's module has started instead of being
// asked for only then (docs/load-time.md, "Lazy compilation, and the seed link's art from the first
// script").
// build/wasm/art/modes.json (written by tools/tileart) names the atlas each mode draws. shell.js takes
// the bytes when the engine names the same atlas, and fetches it itself when this script has not run yet
// or got nothing (a room, a play-by-link, an unknown mode: the engine words the problem).
(function (shell) {
  'use strict';
  const params = new URLSearchParams(window.location.search);
  if (window.location.hash.length > 1 || !params.get('mode')) return;
  const base = params.get('build') || 'build/wasm/';
  const mode = params.get('mode').trim().replace(/ /g, '+');  // a '+' in a query reads as a space
  const fetchBytes = (url) => fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  // Resolves to { url, bytes: a promise of the atlas }, or null.
  shell.earlyTileArt = fetch(base + 'art/modes.json')
    .then((response) => (response.ok ? response.json() : null))
    .then((index) => {
      const tileset = index && index.modes && index.modes[mode];
      if (typeof tileset !== 'string') return null;
      const url = base + `art/${tileset}.rgba.gz`;
      const bytes = fetchBytes(url);
      bytes.catch(() => {});  // a failure reaches whoever takes the bytes
      return { url: url, bytes: bytes };
    })
    .catch(() => null);
})(window.carcShell = window.carcShell || {});
