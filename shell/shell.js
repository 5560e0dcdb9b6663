// Boots the game module (build/wasm/carcassonne.js) into the page's canvas, then starts what the
// address asks for: a play-by-link fragment (#g=), a seed link (?mode=&seed=...), or the autosave.
// Interface: shell/README.md. The other shell/*.js files (loaded before this one) add the features.
(function (shell) {
  'use strict';
  const status = document.getElementById('status');
  const canvas = document.getElementById('canvas');
  const params = new URLSearchParams(window.location.search);
  const language = params.get('lang') || navigator.language || 'en';
  const base = params.get('build') || 'build/wasm/';
  const embedded = params.get('embed') === '1';
  const t = (key, values) => shell.t(key, values);
  // Load-time marks for tools/bench-load.sh (docs/load-time.md); the game adds its own (web/load_marks.cpp).
  const mark = (name) => performance.mark && performance.mark('carc:' + name);
  mark('shell');
  // Resolves once the game has drawn its first frame (the mark web/load_marks.cpp sets), or after a while
  // on a page that draws none: work that would hold up that frame waits for it (docs/load-time.md).
  const FIRST_FRAME_MARK = 'carc:first-frame';
  const FIRST_FRAME_WAIT_MS = 5000;
  shell.firstFrame = new Promise((resolve) => {
    const drawn = () => performance.getEntriesByName(FIRST_FRAME_MARK, 'mark').length > 0;
    if (drawn() || typeof PerformanceObserver !== 'function') {
      resolve();
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (drawn()) done();
    });
    const timer = setTimeout(done, FIRST_FRAME_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'mark' });
  });
  // The page's texts (shell/i18n.js) load beside the game; nothing the page says waits for more.
  const texts = shell.loadTexts(base, language).then(() => {
    if (!status.classList.contains('hidden') && !status.dataset.failed) status.textContent = t('page.loading');
  }, (error) => console.error('texts:', error));
  shell.embedded = embedded;
  if (embedded) document.body.classList.add('embedded');
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());

  // `reason` is worded once the texts are there; without the catalogues (a broken build) the bare
  // technical detail is shown.
  function fail(reason, detail) {
    status.dataset.failed = '1';
    texts.then(() => {
      status.textContent = t('page.cannot_start_reason', { reason: reason() || detail }) || detail;
      status.classList.remove('hidden');
    });
  }

  // Tile art (web/tile_atlas.cpp asks through Module.tileArt): the bytes of art/NAME.half.rgba.gz or
  // NAME.rgba.gz (shell.tileArtBytes, shell/early_art.js). A seed link's art is asked for by early_art.js
  // while the page loads (or here, as soon as the engine can name its tile set, when that script had
  // nothing), and main() waits for it: once the game's frames run they hold up a download's last steps by
  // a second or more (docs/load-time.md). url -> promise.
  const tileArt = new Map();
  // Each file is handed over once (the game keeps the texture it makes of it).
  function takeTileArt(url) {
    const early = tileArt.get(url);
    tileArt.delete(url);
    return early || shell.tileArtBytes(url);
  }
  function fetchLinkTileArt(module) {
    if (window.location.hash.length > 1 || !params.get('mode')) return null;  // a room, a play-by-link: no seed link
    const id = params.get('mode').trim().replace(/ /g, '+');
    const mode = JSON.parse(module.ccall('carc_modes_json', 'string', [], [])).modes.find((m) => m.id === id);
    if (!mode) return null;
    const url = shell.firstTileArtUrl(base, mode.tileset);
    const early = shell.earlyTileArt;
    tileArt.set(url, early && early.url === url ? early.bytes : shell.tileArtBytes(url));
    return tileArt.get(url).catch(() => {});  // a failure is reported when the game takes it
  }

  // The module's exports as plain functions (see shell/README.md for each).
  function gameApi(module) {
    const text = (name, args) => module.ccall(name, 'string', (args || []).map(() => 'string'), args || []);
    let catalog = null;
    const api = {
      catalog: () => catalog || (catalog = JSON.parse(text('carc_modes_json'))),
      startSetup: (s) => {
        const error = module.ccall('carc_start_setup', 'string', ['string', 'number', 'string', 'string', 'string'],
          [s.mode, s.players, s.seed, s.options || '', s.seats || '']);
        if (!error && s.speed != null) api.setSpeed(s.speed);
        return error;
      },
      startLink: (link, seats) => text('carc_start_link', [link, seats || '']),
      startRecord: (record, seats, colours) => text('carc_start_record', [record, seats || '', colours || '']),
      recordText: () => text('carc_record_text'),
      recordLink: () => text('carc_record_link'),
      setupQuery: () => text('carc_setup_query'),
      state: () => JSON.parse(text('carc_game_state')),
      // Why the last start* call was refused, as the engine's data (docs/events.md), or null.
      lastProblem: () => JSON.parse(text('carc_last_problem')),
      setSpeed: (speed) => module.ccall('carc_set_speed', null, ['number'], [speed]),
      // The game on screen in the replay viewer, at its first move: "" or why not.
      viewReplay: () => text('carc_view_replay'),
      // The undos and hints a save kept (state().lookBack) for the game just resumed: "" or why not.
      restoreLookBack: (lookBack) => text('carc_restore_look_back', [JSON.stringify(lookBack)]),
    };
    return api;
  }

  // The page's own chores at the start of the game the address asks for (its autosave, which reads the
  // game's state and record, and the address rewritten) wait for the game's first frame, which they would
  // hold up. Any later start does them at once.
  let startingPage = false;
  function pageChore(chore) {
    if (!startingPage) chore();
    else shell.firstFrame.then(chore);
  }

  // Game -> page: every `started`, `action` and `gameOver` (JSON from web/shell_bridge.cpp).
  const events = [];
  function onGameEvent(json) {
    try {
      const event = JSON.parse(json);
      events.push(event);
      if (events.length > 200) events.shift();
      if (!embedded && !event.online) pageChore(shell.saves.autosave);  // an online game is the server's to keep
      shell.embed.gameEvent(event);
      shell.online.gameEvent(event);
    } catch (e) {
      console.error('game event:', e);
    }
  }

  // The page's own buttons drawn by the game (Share, Saves, Embed).
  function shellCommand(name, code) {
    shell.setLanguage(code).then(() => {
      if (name === 'share' && shell.online.room()) shell.online.openInviteDialog();
      else if (name === 'share') shell.share.openDialog();
      else if (name === 'saves') shell.saves.openDialog();
      else if (name === 'embed') shell.embed.openDialog();
    });
  }

  function startFromFragment() {
    const play = shell.links.playFromFragment(window.location.hash);
    if (!play) return false;
    let error = play.error || shell.game.startLink(play.link, play.seats);
    if (!error && play.view === 'replay') error = shell.game.viewReplay();
    if (error) shell.dialogs.message(t('page.bad_link'), error);
    else if (!embedded) pageChore(shell.links.forgetGameInAddress);
    return true;
  }

  function startFromAddress() {
    if (shell.online.roomFromFragment(window.location.hash)) return;  // shell/online.js enters the room
    if (startFromFragment()) return;
    const given = shell.links.setupFromQuery(params);
    if (given) {
      const checked = shell.links.checkSetup(given, shell.game.catalog());
      const error = checked.errors ? checked.errors.join('\n') : shell.game.startSetup(checked.setup);
      if (error) shell.dialogs.message(checked.errors ? t('page.bad_param') : t('page.cannot_start'), error);
      else if (!embedded) pageChore(shell.links.forgetGameInAddress);
      return;
    }
    if (!embedded) shell.saves.resumeAutosave();
  }

  const script = document.createElement('script');
  script.src = base + 'carcassonne.js';
  script.onerror = () => fail(() => t('page.build_missing', { file: base + 'carcassonne.js' }), base + 'carcassonne.js');
  script.onload = () => {
    mark('script-loaded');
    const gameArguments = [language, embedded ? 'embed' : ''];
    window.createCarcassonne({
      canvas: canvas,
      arguments: gameArguments,
      locateFile: (path) => base + path,
      print: (line) => console.log(line),
      printErr: (line) => console.warn(line),
      onGameEvent: onGameEvent,
      shellCommand: shellCommand,
      noInitialRun: true,  // main() is called below
      tileArt: takeTileArt,
      pageTexts: shell.pageTexts,  // the index and catalogues the page has read (shell/i18n.js)
      ai: shell.ai,  // bots and hints think in a worker (shell/ai.js)
      onRuntimeInitialized: () => {
        mark('runtime-initialized');
        status.classList.add('hidden');
        canvas.focus();
      },
    }).then((module) => {
      // main() waits for the page's texts (as the start of the game always did) and a seed link's tile
      // art, so that the game's first frames do not hold up their arrival (docs/load-time.md).
      const waited = [texts, fetchLinkTileArt(module)];
      return Promise.all(waited).then(() => {
        module.callMain(gameArguments);
        return module;
      });
    }).then((module) => {
      shell.ai.start(base, (id, json) => module.ccall('carc_ai_answer', null, ['number', 'string'], [id, json]));
      shell.game = gameApi(module);
      // Small page <-> game interface (see shell/README.md).
      window.carcassonne = {
        module: module,
        setLanguage: (code) => {
          module.ccall('carc_set_language', null, ['string'], [code]);
          return shell.setLanguage(code);
        },
        testState: () => JSON.parse(module.UTF8ToString(module._carc_test_state())),
        events: events,
        ...shell.game,
      };
      shell.embed.start(params.get('origins'));
      // The embedding page hears `ready` first, before the game the address starts says `started`.
      shell.embed.post({ type: 'ready', modes: shell.game.catalog().modes.map((m) => m.id) });
      shell.turnAlert.start(module);
      shell.touchText.start(module);
      shell.online.start(module);
      startingPage = true;
      try {
        startFromAddress();
      } finally {
        startingPage = false;
      }
      mark('started');
      window.addEventListener('hashchange', startFromFragment);
      window.dispatchEvent(new Event('carcassonne-ready'));
    }, (error) => fail(() => String(error), String(error)));
  };
  document.body.appendChild(script);
})(window.carcShell = window.carcShell || {});
