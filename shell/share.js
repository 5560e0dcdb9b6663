// The Share dialog: the seed link (same deal) is copied at once; the play link (this position) is
// offered next to it, with what a link reveals.
(function (shell) {
  'use strict';
  const t = (key) => shell.t(key);

  function openDialog() {
    const { el, copyField, copy } = shell.dialogs;
    const seed = copyField(shell.links.seedLink(shell.game.setupQuery()));
    seed.field.id = 'share-seed';
    const play = copyField(shell.links.playLink(shell.game.recordLink()));
    play.field.id = 'share-play';
    shell.dialogs.open('share', t('shareTitle'), [
      el('p', { text: t('shareSeed') }), seed.node,
      el('p', { text: t('sharePlay') }), play.node,
      el('p', { class: 'shell-note', text: t('shareReveals') }),
    ]);
    copy(seed.field);
  }

  shell.share = { openDialog };
})(window.carcShell = window.carcShell || {});
