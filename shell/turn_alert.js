// "Your turn" alerts of online games: when the game (web/online_play.cpp) says that this page's seat
// has come to move while the page is hidden or not focused, the title and the favicon say so, a short
// tone plays (unless muted), a phone vibrates where the browser allows it and, once the player opted
// in, a system notification shows. All of it ends when the page is looked at again. Whose turn it is
// is the game's to say; this file only alerts. The switches live in localStorage (shell/README.md).
(function (shell) {
  'use strict';
  const t = (key, values) => shell.t(key, values);
  const KEY = 'carcassonne/v1/alerts';  // {sound, notify}
  const TAG = 'carcassonne-turn';
  const AudioContextClass = window.AudioContext || window.webkitAudioContext;

  let module = null;
  let settings = { sound: true, notify: false };
  let yours = false;
  let alerting = false;
  let plainTitle = null;
  let plainIcon = null;  // {href, type} of the page's own favicon
  let markedIcon = null;  // a promise of the data URL with the mark
  let audio = null;
  let tones = [];
  let notification = null;

  function storage() {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  }

  function load() {
    try {
      const kept = JSON.parse((storage() && storage().getItem(KEY)) || 'null');
      if (kept && typeof kept === 'object') settings = { sound: kept.sound !== false, notify: kept.notify === true };
    } catch (e) {
      // a damaged entry: the defaults
    }
  }

  function save() {
    try {
      if (storage()) storage().setItem(KEY, JSON.stringify(settings));
    } catch (e) {
      console.warn('alerts: the switches are not kept:', String(e));
    }
  }

  const notifications = () => typeof window.Notification === 'function';
  const notifyOffered = () => notifications() && window.Notification.permission !== 'denied';

  function tellGame() {
    if (!module) return;
    module.ccall('carc_online_alerts', null, ['number', 'number', 'number'],
      [settings.sound ? 1 : 0, settings.notify && notifyOffered() ? 1 : 0, notifyOffered() ? 1 : 0]);
  }

  // The game's switches changed: `json` {sound, notify}. Turning notifications on asks the browser.
  function configure(json) {
    let wanted;
    try {
      wanted = JSON.parse(json);
    } catch (e) {
      return;
    }
    const asking = Boolean(wanted.notify) && !settings.notify;
    settings = { sound: Boolean(wanted.sound), notify: Boolean(wanted.notify) };
    save();
    if (asking && notifications() && window.Notification.permission !== 'granted') {
      let answered = false;
      const done = (permission) => {
        if (answered) return;
        answered = true;
        if (permission !== 'granted') settings.notify = false;
        save();
        tellGame();
      };
      try {
        const asked = window.Notification.requestPermission(done);  // older Safari answers by callback
        if (asked && typeof asked.then === 'function') asked.then(done, () => done('denied'));
      } catch (e) {
        done('denied');
      }
    }
    tellGame();
  }

  // ---- the favicon with a mark: the page's icon drawn on a canvas, a dot in its corner
  function iconLink() {
    return document.querySelector('link[rel~="icon"]');
  }

  function drawMarkedIcon(href) {
    return new Promise((resolve) => {
      const size = 64;
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const context = canvas.getContext('2d');
      const mark = () => {
        context.beginPath();
        context.arc(size * 0.72, size * 0.28, size * 0.24, 0, 2 * Math.PI);
        context.fillStyle = '#e8402a';
        context.fill();
        context.lineWidth = size * 0.06;
        context.strokeStyle = '#fff8ea';
        context.stroke();
      };
      const finish = () => {
        mark();
        try {
          resolve(canvas.toDataURL('image/png'));
        } catch (e) {
          context.clearRect(0, 0, size, size);  // a picture the canvas may not give back: the mark alone
          mark();
          resolve(canvas.toDataURL('image/png'));
        }
      };
      if (!context) {
        resolve(null);
        return;
      }
      const image = new Image();
      image.onload = () => {
        context.drawImage(image, 0, 0, size, size);
        finish();
      };
      image.onerror = finish;
      image.src = href;
    });
  }

  function markIcon() {
    const link = iconLink();
    if (!link) return;
    if (!plainIcon) plainIcon = { href: link.href, type: link.type };
    if (!markedIcon) markedIcon = drawMarkedIcon(plainIcon.href);
    markedIcon.then((url) => {
      if (!alerting || !url) return;
      link.type = 'image/png';
      link.href = url;
    });
  }

  function unmarkIcon() {
    const link = iconLink();
    if (!link || !plainIcon) return;
    link.type = plainIcon.type;
    link.href = plainIcon.href;
  }

  // ---- a short rising tone (WebAudio: nothing to download)
  // Browsers start audio only after a gesture on the page: the context is made at the first one in a room.
  function prepareAudio() {
    if (!AudioContextClass || !shell.online || !shell.online.room()) return;
    try {
      if (!audio) audio = new AudioContextClass();
      if (audio.state === 'suspended') audio.resume().catch(() => {});
    } catch (e) {
      audio = null;
    }
  }

  function chime() {
    prepareAudio();
    if (!audio) return;
    const now = audio.currentTime;
    [659.25, 880].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      const start = now + i * 0.16;
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.32);
      tones.push(tone);
    });
  }

  function silence() {
    for (const tone of tones) {
      try {
        tone.stop();
      } catch (e) {
        // already over
      }
    }
    tones = [];
  }

  // ---- the system notification, where the player allowed it
  function notify() {
    if (!settings.notify || !notifications() || window.Notification.permission !== 'granted') return;
    // `data.url`: the game's tab, for the service worker's click handler (sw.js, notificationclick).
    const options = { body: t('page.turn.body'), tag: TAG, icon: plainIcon ? plainIcon.href : undefined, data: { url: location.href } };
    try {
      notification = new window.Notification(t('page.turn.title'), options);
      notification.onclick = () => {
        window.focus();
        clear();
      };
    } catch (e) {
      // Android's Chrome shows notifications only through the service worker.
      if (navigator.serviceWorker) navigator.serviceWorker.ready.then((r) => r.showNotification(t('page.turn.title'), options)).catch(() => {});
    }
  }

  function unnotify() {
    if (notification) notification.close();
    notification = null;
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.ready.then((r) => r.getNotifications({ tag: TAG })).then((list) => list.forEach((n) => n.close()), () => {});
    }
  }

  // ---- alerting and clearing
  const lookedAt = () => document.visibilityState === 'visible' && document.hasFocus();

  function alert() {
    alerting = true;
    if (plainTitle === null) plainTitle = document.title;
    document.title = t('page.turn.title');
    markIcon();
    if (settings.sound) chime();
    if (typeof navigator.vibrate === 'function') {
      try {
        navigator.vibrate([120, 80, 120]);
      } catch (e) {
        // not allowed here
      }
    }
    notify();
  }

  function clear() {
    if (!alerting) return;
    alerting = false;
    document.title = plainTitle;
    plainTitle = null;
    unmarkIcon();
    silence();
    unnotify();
  }

  // The game: this page's seat has come to move (true), or its turn is over (false).
  function turn(now) {
    const began = now && !yours;
    yours = now;
    if (!now) clear();
    else if (began && !lookedAt()) alert();
  }

  function start(gameModule) {
    module = gameModule;
    load();
    tellGame();
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') clear(); });
    window.addEventListener('focus', clear);
    window.addEventListener('pointerdown', prepareAudio, { capture: true, passive: true });
    window.addEventListener('keydown', prepareAudio, { capture: true, passive: true });
  }

  shell.turnAlert = { start, turn, configure, alerting: () => alerting };
})(window.carcShell = window.carcShell || {});
