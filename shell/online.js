// Online play (docs/online-protocol.md): the page keeps one WebSocket to the game server, reconnects
// with backoff, keeps each room's seat secret in localStorage, enters rooms from invitation links
// (#room=<id>) and hands every server message to the game (web/online_*.cpp), which sends its own
// through Module.onlineOut; the room's table talk goes to shell/chat.js instead. The server is the page's own host unless the meta tag
// `carcassonne-server` names others (a list, tried in order: when one is gone the next is asked), or
// `none` (shell/README.md, "Online play").
(function (shell) {
  'use strict';
  const t = (key, values) => shell.t(key, values);
  const PROTOCOL = 1;
  const KEY = 'carcassonne/v1/online/';  // + room id: {seat, secret, savedAs, at}
  const KEPT_ROOMS = 50;
  const ROOM = /^[A-Za-z0-9_-]{8,64}$/;
  const BACKOFF = [1, 2, 4, 8, 15, 30];  // seconds before the next attempt

  let module = null;
  let urls = [];  // the servers, in the order they are tried
  let current = 0;  // the one in use (or being tried)
  let url = null;  // urls[current]
  let missedInRound = 0;  // servers that did not answer, or dropped, since one last said welcome
  let socket = null;
  let welcomed = false;  // a server answered at least once
  let incompatible = false;
  let room = null;  // the room this page is in, or is going to
  let attempts = 0;
  let retryTimer = null;
  let countdown = null;
  let lastHeard = 0;
  let tried = false;  // a connection was attempted (not while the browser said it was offline)
  let finalPending = false;

  // ---- where the servers are: `same-origin` and ws:// or wss:// addresses, separated by spaces, each
  // asked once, in order (several processes of one game server: docs/deployment.md)
  function serverUrls() {
    const meta = document.querySelector('meta[name="carcassonne-server"]');
    const entries = (meta ? meta.content.trim() : '').split(/[\s,]+/).filter(Boolean);
    if (entries.includes('none') || !/^https?:$/.test(location.protocol)) return [];
    const list = [];
    for (const entry of entries.length ? entries : ['same-origin']) {
      let address = null;
      if (entry === 'same-origin') address = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
      else if (/^wss?:\/\/[^\s/]+(\/\S*)?$/.test(entry)) address = entry;
      else console.warn(`carcassonne-server: "${entry}" is not same-origin, none or a ws:// or wss:// address`);
      if (address && !list.includes(address)) list.push(address);
    }
    return list;
  }

  const serverUrl = () => serverUrls()[0] || null;

  // ---- the seats this browser holds, per room
  function storage() {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  }

  function kept(id) {
    const store = storage();
    try {
      const entry = JSON.parse((store && store.getItem(KEY + id)) || 'null');
      return entry && typeof entry === 'object' ? entry : null;
    } catch (e) {
      return null;
    }
  }

  function keep(id, fields) {
    const store = storage();
    if (!store) return;
    try {
      store.setItem(KEY + id, JSON.stringify({ ...(kept(id) || {}), ...fields, at: Date.now() }));
      // Only the latest rooms: an old room has expired on the server anyway.
      const entries = [];
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key && key.startsWith(KEY)) entries.push({ key, at: (kept(key.slice(KEY.length)) || {}).at || 0 });
      }
      entries.sort((a, b) => b.at - a.at);
      for (const old of entries.slice(KEPT_ROOMS)) store.removeItem(old.key);
    } catch (e) {
      console.warn('online: could not keep the seat:', String(e));  // the player can still watch after a reload
    }
  }

  function forgetSeat(id) {
    const entry = kept(id);
    const store = storage();
    if (!entry || !store) return;
    delete entry.seat;
    delete entry.secret;
    try {
      store.setItem(KEY + id, JSON.stringify(entry));
    } catch (e) {
      store.removeItem(KEY + id);
    }
  }

  function keepForRematch(id, next) {
    if (typeof id !== 'string' || typeof next !== 'string' || !ROOM.test(next)) return;
    const old = kept(id);
    if (old && typeof old.secret === 'string' && Number.isInteger(old.seat) && !kept(next))
      keep(next, { seat: old.seat, secret: old.secret });
  }

  // ---- to and from the game
  function toGame(name, types, values) {
    if (module) module.ccall(name, null, types, values);
  }

  function setLink(state, retryIn) {
    toGame('carc_online_link', ['string', 'number'], [state, retryIn || 0]);
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    return true;
  }

  // In its room the page comes back to its seat with the secret, or watches.
  function enterRoom() {
    if (!room || !welcomed || !socket || socket.readyState !== WebSocket.OPEN) return;
    const seat = kept(room);
    if (seat && typeof seat.secret === 'string' && Number.isInteger(seat.seat))
      send({ type: 'resume', room, seat: seat.seat, secret: seat.secret, ref: 'resume' });
    else send({ type: 'watch', room, ref: 'watch' });
  }

  function receive(text) {
    lastHeard = Date.now();
    let message;
    try {
      message = JSON.parse(text);
    } catch (e) {
      return;
    }
    if (!message || typeof message !== 'object') return;
    if (message.type === 'welcome') {
      welcomed = true;
      attempts = 0;
      missedInRound = 0;
      setLink('connected');
      enterRoom();
    } else if (message.type === 'error' && message.code === 'protocol') {
      incompatible = true;
      setLink('incompatible');
    } else if (message.type === 'joined') {
      keep(message.room, { seat: message.seat, secret: message.secret });
      room = message.room;
      showRoomInAddress();
      delete message.secret;  // the game needs no secret: it stays here
    } else if (message.type === 'watching') {
      room = message.room;
      showRoomInAddress();
    } else if (message.type === 'error' && message.ref === 'resume' && room) {
      // The seat is not ours any more (or the room is gone): watch what is left of it.
      forgetSeat(room);
      if (message.code === 'bad_secret') {
        shell.dialogs.message(t('page.online.title'), t('page.online.seat_lost'));
        send({ type: 'watch', room, ref: 'watch' });
        return;
      }
    }
    // "Play again": the new room keeps the old seat's secret hash, so the secret kept here for the
    // old room resumes the new one (it never travels again). Said by `rematch` to the pages in the room
    // when it was made, and by the room's `rematch` field to a page that comes back later (a reload, a
    // phone waking up, a page on another server process), which is offered Join all the same.
    if (message.type === 'rematch') keepForRematch(message.room, message.next);
    if (message.type === 'room') keepForRematch(message.room, message.rematch);
    if (message.type === 'error' && message.code === 'no_room') {
      forgetSeat(message.room || room || '');
      room = null;
      forgetRoomInAddress();
      shell.chat.leave();
    }
    if (message.type === 'left') shell.chat.leave();
    // Table talk is the page's (shell/chat.js): its messages and refusals never reach the game.
    if (message.type === 'error' && (message.ref === 'chat' || message.ref === 'mute')) {
      shell.chat.refused(message);
      return;
    }
    if (shell.chat.receive(message)) return;
    toGame('carc_online_receive', ['string'], [JSON.stringify(message)]);
    if (message.type === 'over') {
      finalPending = true;
      saveFinal();
    }
  }

  // ---- the connection
  function connect() {
    if (!url || socket || incompatible) return;
    if (navigator.onLine === false) {
      setLink(welcomed ? 'retrying' : 'off');  // the 'online' event tries again
      return;
    }
    tried = true;
    clearTimeout(retryTimer);
    clearInterval(countdown);
    retryTimer = countdown = null;
    if (!welcomed) setLink('connecting');
    let ws;
    try {
      ws = new WebSocket(url);
    } catch (e) {
      console.warn('online:', String(e));
      setLink('unavailable');
      return;
    }
    socket = ws;
    ws.onopen = () => send({ type: 'hello', protocol: PROTOCOL, ref: 'hello' });
    ws.onmessage = (event) => { if (typeof event.data === 'string') receive(event.data); };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      // The next server of the list at once; after a whole round without an answer, the backoff.
      current = (current + 1) % urls.length;
      url = urls[current];
      missedInRound++;
      if (missedInRound < urls.length) {
        if (welcomed) setLink('retrying', 0);
        connect();
        return;
      }
      missedInRound = 0;
      retryLater();
    };
  }

  // A page that never reached a server (a static host) does not keep trying, unless it was asked
  // for a room; a page that was connected tries again and again, waiting longer each time.
  function retryLater() {
    if (incompatible) return;
    if (!welcomed && !room) {
      setLink('unavailable');
      return;
    }
    const base = BACKOFF[Math.min(attempts, BACKOFF.length - 1)];
    attempts++;
    let left = Math.max(1, Math.round(base * (0.8 + Math.random() * 0.4)));
    setLink(welcomed ? 'retrying' : 'unavailable', left);
    countdown = setInterval(() => {
      left = Math.max(0, left - 1);
      setLink(welcomed ? 'retrying' : 'unavailable', left);
    }, 1000);
    retryTimer = setTimeout(connect, left * 1000);
  }

  // Back at once when the network or the page comes back (a phone waking up); a socket that went
  // quiet while the page slept is checked with a ping first.
  function wake() {
    if (!url || incompatible || (!welcomed && !room && tried)) return;
    if (!socket) {
      attempts = 0;
      connect();
      return;
    }
    if (socket.readyState !== WebSocket.OPEN) return;
    const asked = Date.now();
    send({ type: 'ping', ref: 'ping' });
    setTimeout(() => {
      if (socket && lastHeard < asked) socket.close();  // no answer: onclose tries again
    }, 5000);
  }

  // ---- the address bar: the room's link while in it, so a reload comes back
  function roomFromFragment(hash) {
    const fragment = new URLSearchParams(String(hash || '').replace(/^#/, ''));
    const id = fragment.get('room');
    return id && ROOM.test(id) ? id : null;
  }

  function showRoomInAddress() {
    if (!room || roomFromFragment(location.hash) === room) return;
    const address = shell.links.pageAddress(false);
    address.hash = 'room=' + room;
    history.replaceState(null, '', address.toString());
  }

  function forgetRoomInAddress() {
    if (roomFromFragment(location.hash)) history.replaceState(null, '', shell.links.pageAddress(false).toString());
  }

  function inviteLink(id) {
    return `${location.origin}${location.pathname}#room=${id}`;
  }

  // Goes to a room: the game shows it, the server is asked once connected.
  function enter(id) {
    if (!ROOM.test(String(id || ''))) {
      shell.dialogs.message(t('page.bad_link'), t('page.online.bad_room'));
      return;
    }
    room = id;
    finalPending = false;
    showRoomInAddress();
    toGame('carc_online_enter', ['string'], [id]);
    if (!url) {
      setLink('unavailable');
      return;
    }
    if (socket) enterRoom();
    else connect();
  }

  function leave() {
    room = null;
    finalPending = false;
    forgetRoomInAddress();
    shell.chat.leave();
  }

  // ---- invitation
  function openInviteDialog() {
    if (!room) return;
    const { el, copyField } = shell.dialogs;
    const field = copyField(inviteLink(room));
    field.field.id = 'invite-link';
    shell.dialogs.open('invite', t('page.online.invite_title'), [el('p', { text: t('page.online.invite_help') }), field.node]);
  }

  function copyInvite(text) {
    const copied = () => shell.dialogs.message(t('page.copy'), t('page.copied'), 'info');
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(copied, openInviteDialog);
    else openInviteDialog();
  }

  // ---- the finished game goes into the saves (its full record, seed included), once per room
  function saveFinal() {
    if (!finalPending || !room || shell.embedded) return;
    const state = shell.game.state();
    if (!state || !state.online || !state.over) return;  // its last moves are still shown: gameOver follows
    finalPending = false;
    const savedAs = (kept(room) || {}).savedAs;
    if (savedAs) {
      toGame('carc_online_saved', ['string'], [savedAs]);  // after a reload: the end screen says it again
      return;
    }
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const name = t('page.online.save_name', { mode: state.mode, date: stamp }).slice(0, 40);
    // Said on the end screen (and to a screen reader), not in a box over the panel.
    if (shell.saves.saveSlot(name, { quiet: true })) {
      keep(room, { savedAs: name });
      toGame('carc_online_saved', ['string'], [name]);
      announce(t('page.saves.saved', { name }));
    }
  }

  // A line for the screen reader's live region (index.html, #announcer).
  function announce(text) {
    const region = document.getElementById('announcer');
    if (!region) return;
    const line = document.createElement('p');
    line.textContent = text;
    region.appendChild(line);
  }

  function gameEvent(event) {
    if (event.type === 'gameOver' && event.online) saveFinal();
  }

  // Game -> page (web/online_bridge.hpp).
  function fromGame(what, text) {
    if (what === 'send') send(text);
    else if (what === 'resync') enterRoom();
    else if (what === 'enter') enter(text);
    else if (what === 'leave') leave();
    else if (what === 'copy') copyInvite(text);
    else if (what === 'turn') shell.turnAlert.turn(text === 'yours');
    else if (what === 'alerts') shell.turnAlert.configure(text);
  }

  // Called by shell.js once the module runs: an invitation link in the address enters its room.
  function start(gameModule) {
    module = gameModule;
    module.onlineOut = fromGame;
    shell.chat.start(send);
    urls = serverUrls();
    url = urls[0] || null;
    toGame('carc_online_configure', ['string'], [`${location.origin}${location.pathname}`]);
    const id = roomFromFragment(location.hash);
    if (!url) {
      if (id) enter(id);  // says that no game server is there
      return;
    }
    window.addEventListener('online', wake);
    window.addEventListener('pageshow', wake);
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') wake(); });
    window.addEventListener('hashchange', () => {
      const id = roomFromFragment(location.hash);
      if (id && id !== room) enter(id);
    });
    if (id) enter(id);
    else connect();
  }

  shell.online = { start, gameEvent, roomFromFragment, openInviteDialog, room: () => room, serverUrl, serverUrls, server: () => url };
})(window.carcShell = window.carcShell || {});
