// Table talk in an online room (docs/online-protocol.md, "chat"): a DOM panel beside the canvas, for
// players and spectators. The DOM, not ImGui: the browser's fonts show any script and emoji, a phone
// gets its keyboard and IME for a real <input>, and a screen reader reads the log. Every text goes in
// with textContent, never as markup. shell/online.js hands it the server's messages (chat, chat_history,
// chat_muted, room, joined, watching, and the chat's errors) and sends what it says. Collapsible, with
// an unread count: it starts closed (on a desktop open when the room already has talk), so the board
// stays in view.
(function (shell) {
  'use strict';
  const t = (key, values) => shell.t(key, values);
  const MAX_CODE_POINTS = 280;  // the server's limit (server/src/chat.hpp), counted the same way
  const KEPT = 100;  // lines shown, as many as the server keeps
  const REACTIONS = ['well_played', 'oops', 'thinking', 'good_game'];
  // Each player colour's mark (web/painter.hpp: circle, square, triangle, diamond, cross, star), so colour
  // is never the only cue.
  const MARKS = { orange: '●', blue: '■', yellow: '▲', green: '◆', black: '✚', pink: '★' };
  const phoneSized = () => window.matchMedia('(max-width: 700px), (max-height: 500px)').matches;

  let send = () => false;
  let room = null;  // the room the panel belongs to
  let mySeat = -2;  // -1: watching
  let seats = [];  // the room message's seats
  let lines = [];
  let muted = new Set();
  let spectatorsMuted = false;
  let open = null;  // null until first shown: then open on a desktop if the room has talk, else closed
  let unread = 0;
  let ui = null;

  const el = (tag, props = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else if (key.startsWith('aria-') || key.startsWith('data-')) node.setAttribute(key, value);
      else node[key] = value;
    }
    for (const child of children) node.appendChild(child);
    return node;
  };
  const codePoints = (text) => Array.from(text).length;
  const amHost = () => mySeat >= 0 && seats[mySeat] && seats[mySeat].host;
  const amMuted = () => (mySeat < 0 ? spectatorsMuted : muted.has(mySeat));

  function build() {
    const toggle = el('button', { id: 'chat-toggle', type: 'button', class: 'chat-toggle', 'aria-expanded': 'false' });
    const toggleLabel = el('span', { class: 'chat-toggle-label' });
    const badge = el('span', { id: 'chat-unread', class: 'chat-unread', hidden: true });
    toggle.append(toggleLabel, badge);
    const log = el('ol', { id: 'chat-log', class: 'chat-log', role: 'log', 'aria-live': 'polite' });
    const empty = el('p', { class: 'chat-empty' });
    const reactions = el('div', { class: 'chat-reactions', role: 'group' });
    for (const code of REACTIONS) {
      const button = el('button', { type: 'button', class: 'chat-reaction', 'data-reaction': code });
      button.addEventListener('click', () => say({ type: 'chat', reaction: code, ref: 'chat' }));
      reactions.appendChild(button);
    }
    const input = el('input', { id: 'chat-input', class: 'chat-input', type: 'text', autocomplete: 'off', enterKeyHint: 'send' });
    input.setAttribute('autocapitalize', 'sentences');
    const count = el('span', { class: 'chat-count', 'aria-live': 'polite' });
    const sendButton = el('button', { id: 'chat-send', type: 'button', class: 'chat-send' });
    const row = el('div', { class: 'chat-row' }, [input, count, sendButton]);
    const status = el('p', { id: 'chat-status', class: 'chat-status', role: 'status' });
    const mutes = el('details', { id: 'chat-mutes', class: 'chat-mutes', hidden: true });
    const mutesTitle = el('summary');
    const mutesList = el('div', { class: 'chat-mutes-list' });
    mutes.append(mutesTitle, mutesList);
    const body = el('div', { id: 'chat-body', class: 'chat-body' }, [log, empty, reactions, row, status, mutes]);
    const panel = el('section', { id: 'chat', class: 'chat', hidden: true }, [toggle, body]);
    document.body.appendChild(panel);

    toggle.addEventListener('click', () => setOpen(!open));
    sendButton.addEventListener('click', sendTyped);
    input.addEventListener('keydown', (event) => {
      event.stopPropagation();  // the game's keyboard shortcuts are not for this field
      if (event.key !== 'Enter' || event.isComposing) return;
      event.preventDefault();
      sendTyped();
    });
    for (const type of ['keyup', 'keypress']) input.addEventListener(type, (event) => event.stopPropagation());
    input.addEventListener('input', showCount);
    ui = { panel, toggle, toggleLabel, badge, log, empty, reactions, input, count, sendButton, status, mutes, mutesTitle, mutesList };
    word();
  }

  // Every fixed text, in the page's language.
  function word() {
    if (!ui) return;
    ui.panel.setAttribute('aria-label', t('page.chat.title'));
    ui.toggleLabel.textContent = t('page.chat.toggle');
    ui.empty.textContent = t('page.chat.empty');
    ui.reactions.setAttribute('aria-label', t('page.chat.reactions'));
    for (const button of ui.reactions.children) button.textContent = reactionText(button.dataset.reaction);
    ui.input.placeholder = t('page.chat.placeholder');
    ui.input.setAttribute('aria-label', t('page.chat.placeholder'));
    ui.sendButton.textContent = t('page.chat.send');
    ui.mutesTitle.textContent = t('page.chat.mute_title');
  }

  function reactionText(code) {
    if (code === 'well_played') return t('page.chat.reaction.well_played');
    if (code === 'oops') return t('page.chat.reaction.oops');
    if (code === 'thinking') return t('page.chat.reaction.thinking');
    if (code === 'good_game') return t('page.chat.reaction.good_game');
    return code;
  }

  function setOpen(value) {
    open = value;
    ui.panel.classList.toggle('open', open);
    ui.toggle.setAttribute('aria-expanded', String(open));
    if (open) {
      unread = 0;
      ui.log.scrollTop = ui.log.scrollHeight;
    }
    showUnread();
  }

  function showUnread() {
    ui.badge.hidden = unread === 0;
    ui.badge.textContent = String(unread);
    ui.toggle.setAttribute('aria-label', unread ? `${t('page.chat.toggle')}: ${t('page.chat.unread', { count: unread })}` : t('page.chat.toggle'));
  }

  function showCount() {
    const left = MAX_CODE_POINTS - codePoints(ui.input.value);
    ui.count.textContent = left < 40 ? String(left) : '';
    ui.count.classList.toggle('over', left < 0);
  }

  function say(message) {
    if (!room) return false;
    if (amMuted()) {
      showStatus(t('online.error.muted'));
      return false;
    }
    showStatus('');
    return send(message);
  }

  function sendTyped() {
    const text = ui.input.value.trim();
    if (!text) return;
    if (codePoints(text) > MAX_CODE_POINTS) {
      showStatus(t('online.error.chat_too_long'));
      return;
    }
    if (say({ type: 'chat', text, ref: 'chat' })) {
      ui.input.value = '';
      showCount();
    }
  }

  function showStatus(text) {
    if (ui) ui.status.textContent = text;
  }

  // One line of the log: the sender's mark in their colour, their name, what they said (all text).
  function lineNode(line) {
    const seat = Number.isInteger(line.seat) ? line.seat : -1;
    const colour = typeof line.colour === 'string' && MARKS[line.colour] ? line.colour : '';
    const name = seat < 0 ? String(line.name || '') || `${t('page.chat.spectator')}${line.spectator ? ` ${line.spectator}` : ''}` : String(line.name || '');
    const mark = el('span', { class: 'chat-mark', text: colour ? MARKS[colour] : '◌', 'aria-hidden': 'true' });
    if (colour) mark.dataset.colour = colour;
    const said = typeof line.reaction === 'string' ? reactionText(line.reaction) : String(line.text || '');
    const item = el('li', { class: 'chat-line' + (line.reaction ? ' chat-line-reaction' : '') }, [
      mark, el('span', { class: 'chat-name', text: name }), el('span', { class: 'chat-text', text: said })]);
    if (seat === mySeat) item.classList.add('mine');
    return item;
  }

  function redraw() {
    ui.log.replaceChildren(...lines.map(lineNode));
    ui.empty.hidden = lines.length > 0;
    ui.log.scrollTop = ui.log.scrollHeight;
  }

  function add(line) {
    if (lines.length && Number.isInteger(line.n) && lines.some((l) => l.n === line.n)) return;  // heard twice
    lines.push(line);
    if (lines.length > KEPT) lines.shift();
    if (ui.log.children.length >= KEPT) ui.log.firstChild.remove();
    ui.log.appendChild(lineNode(line));
    ui.empty.hidden = true;
    ui.log.scrollTop = ui.log.scrollHeight;
    if (!open && line.seat !== mySeat) {
      unread++;
      showUnread();
    }
  }

  // The host's mute switches: one per other human seat, and the spectators.
  function showMutes() {
    ui.mutes.hidden = !amHost();
    if (!amHost()) return;
    const boxes = [];
    const box = (label, checked, message, key) => {
      const input = el('input', { type: 'checkbox', checked, 'data-mute': key });
      input.addEventListener('change', () => send({ ...message, muted: input.checked, ref: 'mute' }));
      boxes.push(el('label', { class: 'chat-mute' }, [input, el('span', { text: label })]));
    };
    for (const seat of seats) {
      if (seat.seat === mySeat || seat.kind !== 'human') continue;
      box(t('page.chat.mute_seat', { name: seat.name }), muted.has(seat.seat), { type: 'mute', seat: seat.seat }, String(seat.seat));
    }
    box(t('page.chat.mute_spectators'), spectatorsMuted, { type: 'mute', spectators: true }, 'spectators');
    ui.mutesList.replaceChildren(...boxes);
  }

  function showMuted() {
    const silent = amMuted();
    ui.input.disabled = silent;
    ui.sendButton.disabled = silent;
    for (const button of ui.reactions.children) button.disabled = silent;
    if (silent) showStatus(t('online.error.muted'));
    else if (ui.status.textContent === t('online.error.muted')) showStatus('');
  }

  function setMutes(message) {
    muted = new Set(Array.isArray(message.muted) ? message.muted.filter(Number.isInteger) : []);
    spectatorsMuted = message.spectatorsMuted === true;
    showMutes();
    showMuted();
  }

  function show() {
    if (!ui) build();
    if (open === null) setOpen(!phoneSized() && lines.length > 0);
    ui.panel.hidden = false;
  }

  // Server -> page (from shell/online.js): true when the message was the chat's alone.
  function receive(message) {
    const type = message.type;
    if (type === 'chat_history') {
      if (!ui) build();
      if (message.room !== room) {
        room = message.room;
        mySeat = -2;
        unread = 0;
      }
      lines = Array.isArray(message.lines) ? message.lines.slice(-KEPT) : [];
      redraw();
      setMutes(message);
      show();
      showUnread();
      return true;
    }
    if (!ui || message.room !== room) return type === 'chat' || type === 'chat_muted';
    if (type === 'chat') add(message);
    else if (type === 'chat_muted') setMutes(message);
    else if (type === 'joined' || type === 'watching') {
      mySeat = type === 'joined' ? message.seat : -1;
      showMutes();
      showMuted();
      redraw();
    } else if (type === 'room') {
      seats = Array.isArray(message.seats) ? message.seats : [];
      showMutes();
    }
    return type === 'chat' || type === 'chat_muted';
  }

  // A refusal of what the chat sent (ref 'chat' or 'mute'), worded in the page's language.
  function refused(message) {
    const known = ['muted', 'bad_chat', 'chat_too_long', 'bad_reaction', 'chat_rate_limited', 'rate_limited', 'not_host', 'storage'];
    showStatus(known.includes(message.code) ? t('online.error.' + message.code) : String(message.message || message.code));
  }

  function leave() {
    room = null;
    mySeat = -2;
    lines = [];
    if (ui) ui.panel.hidden = true;
  }

  function start(sender) {
    send = sender;
    // The game's language switch reaches the page through shell.setLanguage: the panel follows it
    // (reactions and "Spectator" in the log are worded here, so the log is drawn again).
    const setLanguage = shell.setLanguage;
    if (typeof setLanguage === 'function') {
      shell.setLanguage = (code) => Promise.resolve(setLanguage(code)).then((result) => {
        if (ui) {
          word();
          redraw();
          showMutes();
        }
        return result;
      });
    }
  }

  shell.chat = { start, receive, refused, leave, word, isOpen: () => Boolean(open), unread: () => unread };
})(window.carcShell = window.carcShell || {});
