// Typing on a phone: the game's text fields are drawn in the canvas, and a mobile browser opens its
// on-screen keyboard only for a focused DOM input. On a touch device the game tells the page where its
// fields are (web/touch_text.cpp); a tap on one lays a real <input> over it, focused within the tap
// itself (iOS opens the keyboard for no later focus), and its text (composition and IME included) goes
// to the game as it is typed. Enter, or leaving the input, ends it. With a mouse the game publishes no
// fields and the canvas takes the keys as ever.
(function (shell) {
  'use strict';
  let module = null;
  let canvas = null;
  let fields = [];  // [{name, x, y, w, h, text, readOnly}] in CSS pixels
  let input = null;
  let editing = null;

  const call = (name, types, values) => { if (module) module.ccall(name, null, types, values); };
  const fieldNamed = (name) => fields.find((f) => f.name === name);
  const fieldAt = (x, y) => fields.find((f) => x >= f.x && x <= f.x + f.w && y >= f.y && y <= f.y + f.h);

  // Over the field, at least as tall as a 16 px font needs (a smaller one makes iOS zoom in).
  function place(field) {
    const height = Math.max(field.h, 28);
    Object.assign(input.style, {
      left: `${field.x}px`, top: `${field.y + (field.h - height) / 2}px`, width: `${field.w}px`, height: `${height}px`,
    });
  }

  function send(name, node) {
    if (!node.readOnly) call('carc_touch_text_input', ['string', 'string'], [name, node.value]);
  }

  function open(field) {
    if (editing === field.name) return;
    close();
    editing = field.name;
    const node = document.createElement('input');
    input = node;
    node.type = 'text';
    node.id = 'touch-text';
    node.className = 'touch-text';
    node.autocomplete = 'off';
    node.spellcheck = false;
    node.enterKeyHint = 'done';
    node.setAttribute('autocapitalize', field.name === 'seed' ? 'characters' : 'words');
    node.readOnly = Boolean(field.readOnly);
    node.value = field.text;
    node.dataset.field = field.name;
    place(field);
    document.body.appendChild(node);
    node.focus({ preventScroll: true });
    if (node.readOnly) node.select();  // the invitation link: selected, for the phone's own Copy
    else node.setSelectionRange(node.value.length, node.value.length);
    call('carc_touch_text_begin', ['string'], [field.name]);
    const name = field.name;
    node.addEventListener('input', () => send(name, node));  // during a composition too: it shows as typed
    node.addEventListener('compositionend', () => send(name, node));
    node.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.isComposing) return;
      event.preventDefault();
      node.blur();
    });
    node.addEventListener('blur', () => { if (input === node) close(); });
  }

  function close() {
    if (!input) return;
    const node = input;
    const name = editing;
    input = null;
    editing = null;
    send(name, node);
    call('carc_touch_text_end', ['string'], [name]);
    node.remove();
    window.scrollTo(0, 0);  // a keyboard that pushed the page up leaves it where it was
  }

  // A finger lifted on a field: the input opens inside this very event, so the keyboard comes up.
  function tapped(event) {
    const touch = event.changedTouches && event.changedTouches[0];
    if (!touch || event.touches.length > 0) return;
    const field = fieldAt(touch.clientX, touch.clientY);
    if (!field) return;
    if (event.cancelable) event.preventDefault();  // no mouse events after it: they would focus the canvas
    open(field);
  }

  // Game -> page: the fields drawn (when they moved, came or went).
  function fieldsDrawn(json) {
    try {
      fields = JSON.parse(json);
    } catch (e) {
      fields = [];
    }
    const field = editing && fieldNamed(editing);
    if (!field) close();
    else place(field);
  }

  // Game -> page: ImGui took the keys for a field (a tap this page did not see land on one).
  function wanted(name) {
    const field = fieldNamed(name);
    if (field) open(field);
  }

  function start(gameModule) {
    module = gameModule;
    module.touchTextFields = fieldsDrawn;
    module.touchTextWanted = wanted;
    canvas = document.getElementById('canvas');
    if (canvas) canvas.addEventListener('touchend', tapped, { passive: false });
  }

  shell.touchText = { start, editing: () => editing };
})(window.carcShell = window.carcShell || {});
