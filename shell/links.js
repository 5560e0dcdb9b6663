// Seed links (?mode=&players=&seed=&opt=&seats=&speed=) and play-by-link fragments (#g=...&seats=...):
// reading and checking them, and writing them for the current game. The engine checks everything
// again when the game starts (its word is final); this file gives clear messages first.
(function (shell) {
  'use strict';
  const SEED = /^[0-9A-HJKMNP-TV-Z]{1,13}$/i;  // Crockford base32, as the engine reads it
  const LINK = /^[A-Za-z0-9_-]{1,20000}$/;      // base64url, no padding
  const SETUP_KEYS = ['mode', 'players', 'seed', 'opt', 'seats', 'speed'];
  const t = (key, values) => shell.t(key, values);

  function randomSeed() {
    const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => digits[b % 32]).join('');
  }

  // Checks one setup (from a URL or an embedding command) against the modes the engine lists.
  // `given`: {mode, players, seed, options, seats, speed} as strings or arrays. Returns
  // {setup: {mode, players, seed, options: 'k:v,..', seats: 'a,b', speed}} or {errors: [...]}.
  function checkSetup(given, catalog) {
    const errors = [];
    const listed = catalog.modes.map((m) => m.id);
    // In a query string '+' means a space: "base+tunnel" arrives as "base tunnel".
    const modeId = String(given.mode ?? 'base').trim().replace(/ /g, '+');
    const mode = catalog.modes.find((m) => m.id === modeId);
    if (!mode) {
      errors.push(t('link.bad_mode', { mode: modeId, list: listed.join(', ') }));
      return { errors };
    }
    const seats = given.seats == null || given.seats === '' ? [] :
      (Array.isArray(given.seats) ? given.seats : String(given.seats).split(',')).map((s) => String(s).trim());
    let players = seats.length || mode.minPlayers;
    if (given.players != null && given.players !== '') {
      const text = String(given.players).trim();
      players = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
      if (!(players >= mode.minPlayers && players <= mode.maxPlayers))
        errors.push(t('link.bad_players', { mode: mode.id, min: mode.minPlayers, max: mode.maxPlayers, text }));
    }
    if (seats.length && seats.length !== players) errors.push(t('link.seat_count', { count: seats.length, players: players }));
    const controllers = ['human', ...catalog.bots];
    for (const seat of seats)
      if (!controllers.includes(seat)) errors.push(t('link.bad_seat', { seat: seat, list: controllers.join(', ') }));
    let seed = given.seed == null || given.seed === '' ? randomSeed() : String(given.seed).trim();
    if (!SEED.test(seed)) errors.push(t('link.bad_seed', { seed: seed }));
    const options = given.options == null || given.options === '' ? [] :
      (Array.isArray(given.options) ? given.options : String(given.options).split(',')).map((s) => String(s).trim());
    for (const item of options) {
      const [key, value] = item.split(/[:=]/);
      const spec = mode.options.find((o) => o.key === key || o.key.slice(o.key.indexOf('.') + 1) === key);
      const known = mode.options.map((o) => o.key.slice(o.key.indexOf('.') + 1)).join(', ');
      if (!spec && known) errors.push(t('link.bad_option', { key: key, mode: mode.id, list: known }));
      else if (!spec) errors.push(t('link.bad_option_none', { key: key, mode: mode.id }));
      else if (!spec.values.includes(value)) errors.push(t('link.bad_option_value', { key: key, value: value, list: spec.values.join(', ') }));
    }
    let speed = null;
    if (given.speed != null && given.speed !== '') {
      speed = /^[0-3]$/.test(String(given.speed)) ? Number(given.speed) : NaN;
      if (Number.isNaN(speed)) errors.push(t('link.bad_speed', { speed: given.speed }));
    }
    if (errors.length) return { errors };
    seed = seed.toUpperCase();
    return { setup: { mode: mode.id, players, seed, options: options.join(','), seats: seats.join(','), speed } };
  }

  // The seed-link part of the page's query, or null when there is none.
  function setupFromQuery(params) {
    if (!SETUP_KEYS.some((key) => params.has(key))) return null;
    return { mode: params.get('mode'), players: params.get('players'), seed: params.get('seed'),
      options: params.get('opt'), seats: params.get('seats'), speed: params.get('speed') };
  }

  // "#g=<link>&seats=...&view=replay" -> {link, seats, view} | {error} | null (view: '' or 'replay',
  // the game opened in the replay viewer at its first move).
  function playFromFragment(hash) {
    const fragment = new URLSearchParams(String(hash || '').replace(/^#/, ''));
    if (!fragment.has('g')) return null;
    const link = fragment.get('g').trim();
    if (!LINK.test(link)) return { error: t('link.damaged') };
    const view = fragment.get('view') || '';
    if (view !== '' && view !== 'replay') return { error: t('link.bad_view', { view }) };
    return { link, seats: fragment.get('seats') || '', view };
  }

  // The page's address without the game part (keeps lang, build, embed, origins).
  function pageAddress(keepSetup) {
    const url = new URL(window.location.href);
    if (!keepSetup) for (const key of SETUP_KEYS) url.searchParams.delete(key);
    url.hash = '';
    return url;
  }

  function seedLink(setupQuery) {
    const url = pageAddress(false);
    for (const [key, value] of new URLSearchParams(setupQuery)) url.searchParams.set(key, value);
    return url.toString();
  }

  function playLink(link) {
    const url = pageAddress(false);
    url.hash = 'g=' + link;
    return url.toString();
  }

  // After a link started a game, the address bar loses the game part, so a reload resumes the autosave
  // (the position the players reached) instead of restarting the link.
  function forgetGameInAddress() {
    history.replaceState(null, '', pageAddress(false).toString());
  }

  shell.links = { checkSetup, setupFromQuery, playFromFragment, seedLink, playLink, pageAddress, forgetGameInAddress, randomSeed };
})(window.carcShell = window.carcShell || {});
