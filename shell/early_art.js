// Tile art for the game (web/tile_atlas.cpp asks through shell.js's Module.tileArt), and a seed link's
// half-size atlas asked for as soon as the page's script runs, so it is in by the time the game's module
// has started (docs/load-time.md, "Lazy compilation, and the seed link's art from the first script" and
// "One script for the shell").
// The first part of build/wasm/shell-bundle.js (web/shell_bundle.cmake), which sets `artIndex` before it:
// build/wasm/art/modes.json (written by tools/tileart), which names the atlas each mode draws. Read in
// place rather than fetched: a fetch's answer waits behind the game's start on the main thread. shell.js
// takes the early bytes when the engine names the same atlas, and asks for the atlas itself when this
// part got nothing (a room, a play-by-link, a mode the index does not know: the engine words the problem).
(function (shell) {
  'use strict';

  // A promise of the bytes of the tile-art file at `url` (for the game: web/tile_atlas.cpp); rejected when
  // the download failed.
  shell.tileArtBytes = function (url) {
    return fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.arrayBuffer();
    });
  };

  // The atlas the game draws first for tile set `tileset`, the half-size one (web/tile_atlas.hpp), in the
  // build at `base`: what this part asks for early and what shell.js matches the engine's request against.
  shell.firstTileArtUrl = function (base, tileset) {
    return base + `art/${tileset}.half.rgba.gz`;
  };

  const params = new URLSearchParams(window.location.search);
  if (window.location.hash.length > 1 || !params.get('mode')) return;
  const base = params.get('build') || 'build/wasm/';
  const mode = params.get('mode').trim().replace(/ /g, '+');  // a '+' in a query reads as a space
  const modes = shell.artIndex && shell.artIndex.modes;
  const tileset = modes && Object.prototype.hasOwnProperty.call(modes, mode) ? modes[mode] : null;
  if (typeof tileset !== 'string') return;
  const url = shell.firstTileArtUrl(base, tileset);
  const bytes = shell.tileArtBytes(url);
  bytes.catch(() => {});  // a failure reaches whoever takes the bytes
  // shell.js's fetchLinkTileArt takes the bytes when the engine names the same file.
  shell.earlyTileArt = { url: url, bytes: bytes };
})(window.carcShell = window.carcShell || {});
