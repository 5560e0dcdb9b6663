// Embedding (?embed=1&origins=...): events to the parent page (ready, started, turn, gameOver),
// commands from it (start) accepted only from the origins the embedding page lists, and the Embed
// dialog with the iframe snippet. Message format: shell/README.md and README.md "For fan sites".
(function (shell) {
  'use strict';
  const t = (key, values) => shell.t(key, values);
  let origins = [];

  // "https://a.example,http://localhost:9000" -> {origins} | {error}; each item must be an origin exactly.
  function parseOrigins(text) {
    const list = String(text || '').split(',').map((s) => s.trim()).filter(Boolean);
    for (const item of list) {
      let origin = null;
      try {
        origin = new URL(item).origin;
      } catch (e) { /* reported below */ }
      if (origin !== item) return { error: t('link.bad_origin', { origin: item }) };
    }
    return { origins: list };
  }

  // Events go to each listed origin; with none listed, to any parent ('*'): they hold only what the
  // game shows everyone (mode, turn, scores, names), never a link, a seed or hidden information.
  function post(message) {
    if (window.parent === window) return;
    const data = { source: 'carcassonne', ...message };
    for (const origin of origins.length ? origins : ['*']) window.parent.postMessage(data, origin);
  }

  function publicState(event) {
    return { mode: event.mode, players: event.players, turn: event.turn, active: event.active, actions: event.actions,
      over: event.over, scores: event.scores, names: event.names };
  }

  // `scored`: what the committed actions scored, as the engine's data (docs/events.md).
  function gameEvent(event) {
    if (event.type === 'started') post({ type: 'started', ...publicState(event) });
    else if (event.type === 'action') post({ type: 'turn', ...publicState(event), scored: event.scored });
    else if (event.type === 'gameOver') {
      post({ type: 'gameOver', ...publicState(event), winners: event.winners, scored: event.scored });
    }
  }

  function reply(target, origin, message) {
    if (target && origin !== 'null') target.postMessage({ source: 'carcassonne', ...message }, origin);
  }

  // Commands: {source: 'carcassonne', type: 'start', mode, players, seed, options, seats, speed}.
  function onMessage(event) {
    const data = event.data;
    if (!data || typeof data !== 'object' || data.source !== 'carcassonne' || typeof data.type !== 'string') return;
    if (event.source !== window.parent) return;  // only the embedding page itself
    if (!origins.includes(event.origin)) {
      reply(event.source, event.origin, { type: 'error', command: data.type,
        message: t('page.embed.origin_not_listed', { origin: event.origin }) });
      return;
    }
    if (data.type !== 'start') {
      reply(event.source, event.origin, { type: 'error', command: data.type, message: t('page.embed.unknown_command', { command: data.type }) });
      return;
    }
    const checked = shell.links.checkSetup(data, shell.game.catalog());
    const error = checked.errors ? checked.errors.join('; ') : shell.game.startSetup(checked.setup);
    // `problem`: the engine's code and parameters when the engine refused (docs/events.md), else null.
    const problem = checked.errors ? null : shell.game.lastProblem();
    if (error) reply(event.source, event.origin, { type: 'error', command: 'start', message: error, problem });
  }

  function start(originsText) {
    const parsed = parseOrigins(originsText);
    if (parsed.error) shell.dialogs.message(t('page.bad_param'), parsed.error);
    origins = parsed.origins || [];
    window.addEventListener('message', onMessage);
  }

  function snippet(width, height) {
    const url = shell.links.pageAddress(false);
    for (const key of ['build']) url.searchParams.delete(key);
    url.searchParams.set('embed', '1');
    // An online game: the frame opens its room (a visitor takes a free seat or watches).
    if (shell.online.room()) url.hash = 'room=' + shell.online.room();
    else for (const [key, value] of new URLSearchParams(shell.game.setupQuery())) url.searchParams.set(key, value);
    const attr = (text) => String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    return `<iframe src="${attr(url.toString())}" width="${width}" height="${height}" style="border:0;max-width:100%" ` +
      `title="Carcassonne" allow="clipboard-write; fullscreen" loading="lazy"></iframe>`;
  }

  function openDialog() {
    const { el } = shell.dialogs;
    const width = el('input', { type: 'number', min: '240', max: '4000', value: '960', id: 'embed-width' });
    const height = el('input', { type: 'number', min: '240', max: '4000', value: '640', id: 'embed-height' });
    const clamp = (input) => Math.min(4000, Math.max(240, Math.round(Number(input.value) || 640)));
    const code = shell.dialogs.copyField(snippet(960, 640), 4);
    code.field.id = 'embed-snippet';
    const update = () => { code.field.value = snippet(clamp(width), clamp(height)); };
    width.addEventListener('input', update);
    height.addEventListener('input', update);
    shell.dialogs.open('embed', t('page.embed.title'), [
      el('p', { text: t('page.embed.help') }),
      el('div', { class: 'shell-row' }, [el('label', { text: t('page.embed.width'), for: 'embed-width' }), width,
        el('label', { text: t('page.embed.height'), for: 'embed-height' }), height]),
      code.node,
    ]);
  }

  shell.embed = { start, post, gameEvent, openDialog, parseOrigins };
})(window.carcShell = window.carcShell || {});
