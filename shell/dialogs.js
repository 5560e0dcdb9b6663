// DOM dialogs over the canvas: a message box and a general dialog that the share, saves and embed
// features fill. Every text goes in through textContent or a form field's value, never as HTML.
(function (shell) {
  'use strict';
  const t = (key, values) => shell.t(key, values);

  // el('button', {class: 'x', text: 'Close', onclick: fn}, [children]): a small element builder.
  function el(tag, props, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === 'text') node.textContent = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else if (key === 'class') node.className = value;
      else if (key in node && typeof value !== 'string') node[key] = value;
      else node.setAttribute(key, value);
    }
    for (const child of children || []) if (child) node.appendChild(child);
    return node;
  }

  const layer = () => document.getElementById('dialogs');

  // While a dialog is open the layer covers the page, so a click beside the dialog closes it instead
  // of reaching the game canvas behind (where it would place a tile or press a button).
  function watchLayer() {
    const node = layer();
    if (node.dataset.watched) return;
    node.dataset.watched = '1';
    const block = (event) => {
      if (event.target !== node) return;
      event.preventDefault();
      event.stopPropagation();
    };
    node.addEventListener('pointerdown', block);
    node.addEventListener('mousedown', block);
    node.addEventListener('touchstart', block, { passive: false });
    node.addEventListener('click', (event) => {
      if (event.target !== node) return;
      block(event);
      for (const box of Array.from(node.children)) box.remove();
      refocus();
    });
  }

  // Back to the game's keyboard once no dialog is left.
  function refocus() {
    if (layer().children.length) return;
    const canvas = document.getElementById('canvas');
    if (canvas) canvas.focus();
  }

  // A modal dialog: title, body nodes, and a Close button. Returns {node, close}.
  function open(id, title, body) {
    remove(id);  // the new dialog takes the focus: no detour through the canvas
    watchLayer();
    const box = el('div', { class: 'shell-dialog', role: 'dialog', 'aria-modal': 'true', id: 'dialog-' + id });
    const done = () => {
      box.remove();
      refocus();
    };
    box.appendChild(el('h2', { text: title }));
    for (const node of body) box.appendChild(node);
    box.appendChild(el('div', { class: 'shell-row shell-end' }, [
      el('button', { text: t('page.close'), class: 'shell-close', onclick: done }),
    ]));
    box.addEventListener('keydown', (event) => { if (event.key === 'Escape') done(); });
    layer().appendChild(box);
    const focus = box.querySelector('textarea, input, button');
    if (focus) focus.focus();
    return { node: box, close: done };
  }

  // True when a dialog `id` was open.
  function remove(id) {
    const old = document.getElementById('dialog-' + id);
    if (old) old.remove();
    return Boolean(old);
  }

  function close(id) {
    if (remove(id)) refocus();
  }

  // A message box: `kind` is 'error' or 'info'. Messages stack; each has its own Close button.
  function message(title, text, kind) {
    const box = el('div', { class: 'shell-message shell-' + (kind || 'error'), role: kind === 'info' ? 'status' : 'alert' }, [
      el('strong', { text: title }),
      el('p', { text: text }),
    ]);
    box.appendChild(el('button', { text: t('page.close'), onclick: () => box.remove() }));
    document.getElementById('messages').appendChild(box);
    if (kind === 'info') setTimeout(() => box.remove(), 4000);
    return box;
  }

  // A read-only text field with a Copy button (links, the iframe snippet).
  function copyField(text, rows) {
    const field = el(rows > 1 ? 'textarea' : 'input', { class: 'shell-copy', readOnly: true, rows: String(rows || 1) });
    field.value = text;
    field.addEventListener('focus', () => field.select());
    const button = el('button', { text: t('page.copy'), onclick: () => copy(field) });
    return { node: el('div', { class: 'shell-row' }, [field, button]), field };
  }

  function copy(field) {
    field.select();
    const done = () => message(t('page.copy'), t('page.copied'), 'info');
    const fallback = () => (document.execCommand && document.execCommand('copy') ? done() : message(t('page.copy'), t('page.copy_failed')));
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(field.value).then(done, fallback);
    else fallback();
  }

  shell.dialogs = { el, open, close, message, copyField, copy };
})(window.carcShell = window.carcShell || {});
