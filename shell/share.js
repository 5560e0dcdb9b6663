// The Share dialog: the seed link (same deal) is copied at once; the play link (this position) is
// offered next to it, with what a link reveals.
(function (shell) {
  'use strict';
  const t = (key, values) => shell.t(key, values);

  function openDialog() {
    const { el, copyField, copy } = shell.dialogs;
    const seed = copyField(shell.links.seedLink(shell.game.setupQuery()));
    seed.field.id = 'share-seed';
    const play = copyField(shell.links.playLink(shell.game.recordLink()));
    play.field.id = 'share-play';
    shell.dialogs.open('share', t('page.share.title'), [
      el('p', { text: t('page.share.seed') }), seed.node,
      el('p', { text: t('page.share.play') }), play.node,
      el('p', { class: 'shell-note', text: t('page.share.reveals') }),
    ]);
    copy(seed.field);
  }

  shell.share = { openDialog };
})(window.carcShell = window.carcShell || {});
