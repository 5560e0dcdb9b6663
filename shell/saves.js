// Saves in localStorage: the autosave after every action, named slots, export to and import from
// .carc files (the text record). Keys: carcassonne/v1/autosave, carcassonne/v1/slot/<name>; value:
// JSON {app: 'carcassonne', format: 1, savedAt, mode, players, turn, seats, record, lookBack?} (lookBack: the
// undos and hints counted so far, optional; older saves without it load with none counted). Entries are read
// defensively: a damaged, foreign or newer entry is reported by name and every other save still loads.
(function (shell) {
  'use strict';
  const t = (key, values) => shell.t(key, values);
  const PREFIX = 'carcassonne/';
  const VERSION = 1;
  const AUTOSAVE = `${PREFIX}v${VERSION}/autosave`;
  const SLOT = `${PREFIX}v${VERSION}/slot/`;
  const MAX_RECORD = 1 << 20;  // a record is a few KB; anything near a megabyte is not one
  let autosaveRefusalShown = false;

  function storage() {
    try {
      return window.localStorage;
    } catch (e) {
      return null;  // storage blocked (privacy settings, sandboxed frame)
    }
  }

  const isQuota = (e) => e && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);

  // A refused write is always reported; for the autosave (after every action) once, until a write
  // succeeds again.
  function refused(key, text) {
    if (key === AUTOSAVE && autosaveRefusalShown) return false;
    if (key === AUTOSAVE) autosaveRefusalShown = true;
    shell.dialogs.message(t('page.saves.not_saved'), text);
    return false;
  }

  // Writes an entry; false (and a visible message) when the browser refuses.
  function write(key, entry) {
    const store = storage();
    if (!store) return refused(key, t('page.saves.storage_blocked'));
    try {
      store.setItem(key, JSON.stringify(entry));
      autosaveRefusalShown = false;
      return true;
    } catch (e) {
      return refused(key, isQuota(e) ? t('page.saves.quota') : String(e));
    }
  }

  // Reads and checks one entry: {ok: true, entry} or {ok: false, problem}.
  function read(key) {
    const store = storage();
    const raw = store ? store.getItem(key) : null;
    if (raw == null) return { ok: false, problem: t('page.saves.cannot_load') };
    let entry;
    try {
      entry = JSON.parse(raw);
    } catch (e) {
      return { ok: false, problem: t('page.saves.corrupt') };
    }
    if (!entry || typeof entry !== 'object' || entry.app !== 'carcassonne' || typeof entry.format !== 'number')
      return { ok: false, problem: t('page.saves.foreign') };
    if (entry.format > VERSION) return { ok: false, problem: t('page.saves.too_new') };
    if (typeof entry.record !== 'string' || !entry.record.startsWith('carcassonne') || entry.record.length > MAX_RECORD)
      return { ok: false, problem: t('page.saves.corrupt') };
    return { ok: true, entry };
  }

  function currentEntry() {
    const state = shell.game.state();
    if (!state) return null;
    // An online game is saved once it is over, with its full record (shell/online.js).
    if (state.online && !state.over) return null;
    return { app: 'carcassonne', format: VERSION, savedAt: new Date().toISOString(), mode: state.mode,
      players: state.players, turn: state.turn, over: state.over, seats: state.seats, colours: state.colours,
      record: shell.game.recordText(), ...(state.online ? { online: true } : {}),
      ...(state.lookBack ? { lookBack: state.lookBack } : {}) };
  }

  // Called after every game event (started, action, gameOver) outside embed mode.
  function autosave() {
    const entry = currentEntry();
    if (entry && !entry.online) write(AUTOSAVE, entry);
  }

  // Every save the page knows, autosave first then slots by name; newer-version keys are listed too.
  function list() {
    const store = storage();
    const saves = [];
    if (!store) return saves;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      const parts = /^carcassonne\/v(\d+)\/(autosave|slot\/(.+))$/.exec(key || '');
      if (!parts) continue;
      const name = parts[3] !== undefined ? parts[3] : t('page.saves.autosave');
      if (Number(parts[1]) > VERSION) saves.push({ key, name, ok: false, problem: t('page.saves.too_new') });
      else if (Number(parts[1]) === VERSION) saves.push({ key, name, auto: parts[3] === undefined, ...read(key) });
    }
    return saves.sort((a, b) => (b.auto === true) - (a.auto === true) || a.name.localeCompare(b.name));
  }

  // Starts the game an entry holds (in the replay viewer when `replay`); on failure a message naming
  // the save. True when it started.
  function load(key, name, replay) {
    const result = read(key);
    if (!result.ok) {
      shell.dialogs.message(t('page.cannot_start'), t('page.saves.named_problem', { name: name, problem: result.problem }));
      return false;
    }
    const entry = result.entry;
    const text = (value) => (typeof value === 'string' ? value : '');
    let error = shell.game.startRecord(entry.record, text(entry.seats), text(entry.colours));
    // Colours are a preference: a save whose colours this version does not know still loads (a record
    // the engine refuses is refused again, with its own reason).
    if (error && text(entry.colours)) error = shell.game.startRecord(entry.record, text(entry.seats));
    // The counts are the end screen's, not the game's: a save whose counts do not fit still loads.
    if (!error && entry.lookBack) {
      const kept = shell.game.restoreLookBack(entry.lookBack);
      if (kept) console.warn(`save ${name}: ${kept}`);
    }
    if (!error && replay) error = shell.game.viewReplay();
    if (error) {
      shell.dialogs.message(t('page.cannot_start'), t('page.saves.load_failed', { name: name, reason: error }));
      return false;
    }
    return true;
  }

  // On page load: the game in progress, if any. A finished game stays in the list but does not come
  // back by itself (the next visit starts at the setup screen).
  function resumeAutosave() {
    const store = storage();
    if (!store || store.getItem(AUTOSAVE) == null) return false;
    const result = read(AUTOSAVE);
    if (result.ok && result.entry.over === true) return false;
    return load(AUTOSAVE, t('page.saves.autosave'));
  }

  function fileName(mode) {
    const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
    return `${String(mode).replace(/[^a-z0-9]+/gi, '-')}-${stamp}.carc`;
  }

  function download(record, mode) {
    const url = URL.createObjectURL(new Blob([record], { type: 'text/plain' }));
    const link = shell.dialogs.el('a', { href: url, download: fileName(mode) });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  function importFile(file, done, replay) {
    if (file.size > MAX_RECORD) {
      shell.dialogs.message(t('page.cannot_start'), t('page.saves.too_big', { file: file.name }));
      return;
    }
    file.text().then((text) => {
      let error = shell.game.startRecord(text, '');
      if (!error && replay) error = shell.game.viewReplay();
      if (error) shell.dialogs.message(t('page.cannot_start'), t('page.saves.import_failed', { file: file.name, reason: error }));
      else done();
    }, (e) => shell.dialogs.message(t('page.cannot_start'), t('page.saves.read_failed', { file: file.name, reason: String(e) })));
  }

  // `quiet`: no message box says it (the caller tells the player its own way).
  function saveSlot(name, { quiet = false } = {}) {
    const clean = String(name).trim();
    if (!clean || clean.length > 40) {
      shell.dialogs.message(t('page.error'), t('page.saves.name_needed'));
      return false;
    }
    const entry = currentEntry();
    if (!entry) return false;
    if (!write(SLOT + clean, entry)) return false;
    if (!quiet) shell.dialogs.message(t('page.saves.save'), t('page.saves.saved', { name: clean }), 'info');
    return true;
  }

  // The Saves dialog: the list (mode, players, turn, date) with load, export and delete; save as;
  // export the current game; import a file.
  function openDialog() {
    const { el } = shell.dialogs;
    const playing = currentEntry() !== null;
    const table = el('table', { class: 'shell-saves' });
    const body = [table];
    let dialog = null;
    const refresh = () => {
      table.replaceChildren(el('tr', {}, [t('page.saves.title'), t('page.saves.mode'), t('page.saves.players'), t('page.saves.turn'), t('page.saves.date'), ''].map((h) => el('th', { text: h }))));
      const saves = list();
      if (!saves.length) table.appendChild(el('tr', {}, [el('td', { text: t('page.saves.empty'), colSpan: 6 })]));
      for (const save of saves) {
        const row = el('tr', { 'data-key': save.key, class: save.ok ? '' : 'shell-bad' });
        row.appendChild(el('td', { text: save.name }));
        if (save.ok) {
          const e = save.entry;
          const date = new Date(e.savedAt);
          for (const text of [String(e.mode), String(e.players), String(e.turn), Number.isNaN(date.getTime()) ? '' : date.toLocaleString()])
            row.appendChild(el('td', { text }));
        } else {
          row.appendChild(el('td', { text: save.problem, colSpan: 4 }));
        }
        const actions = el('td', { class: 'shell-actions' });
        if (save.ok) {
          actions.appendChild(el('button', { text: t('page.saves.load'), 'data-action': 'load', onclick: () => { if (load(save.key, save.name)) dialog.close(); } }));
          actions.appendChild(el('button', { text: t('page.saves.replay'), 'data-action': 'replay', onclick: () => { if (load(save.key, save.name, true)) dialog.close(); } }));
          actions.appendChild(el('button', { text: t('page.saves.export'), 'data-action': 'export', onclick: () => download(save.entry.record, save.entry.mode) }));
        }
        actions.appendChild(el('button', { text: t('page.saves.delete'), 'data-action': 'delete', onclick: () => {
          if (!window.confirm(t('page.saves.confirm_delete', { name: save.name }))) return;
          storage().removeItem(save.key);
          refresh();
        } }));
        row.appendChild(actions);
        table.appendChild(row);
      }
    };
    refresh();
    if (playing) {
      const name = el('input', { type: 'text', maxLength: 40, placeholder: t('page.saves.slot_name'), 'aria-label': t('page.saves.slot_name'), id: 'save-name' });
      const saveButton = el('button', { text: t('page.saves.save'), id: 'save-as', onclick: () => {
        const existing = storage() && storage().getItem(SLOT + name.value.trim()) != null;
        if (existing && !window.confirm(t('page.saves.confirm_overwrite', { name: name.value.trim() }))) return;
        if (saveSlot(name.value)) refresh();
      } });
      body.push(el('div', { class: 'shell-row' }, [el('label', { text: t('page.saves.save_as') }), name, saveButton]));
      body.push(el('div', { class: 'shell-row' }, [el('button', { text: t('page.saves.export_current'), id: 'export-current', onclick: () => {
        const state = shell.game.state();
        if (state) download(shell.game.recordText(), state.mode);
      } })]));
    }
    const input = el('input', { type: 'file', accept: '.carc,text/plain', id: 'import-file' });
    input.addEventListener('change', () => { if (input.files[0]) importFile(input.files[0], () => dialog.close()); input.value = ''; });
    body.push(el('div', { class: 'shell-row' }, [el('label', { text: t('page.saves.import'), for: 'import-file' }), input]));
    const replayInput = el('input', { type: 'file', accept: '.carc,text/plain', id: 'import-replay' });
    replayInput.addEventListener('change', () => { if (replayInput.files[0]) importFile(replayInput.files[0], () => dialog.close(), true); replayInput.value = ''; });
    body.push(el('div', { class: 'shell-row' }, [el('label', { text: t('page.saves.import_replay'), for: 'import-replay' }), replayInput]));
    dialog = shell.dialogs.open('saves', t('page.saves.title'), body);
  }

  shell.saves = { autosave, resumeAutosave, list, load, openDialog, saveSlot, keys: { AUTOSAVE, SLOT } };
})(window.carcShell = window.carcShell || {});
