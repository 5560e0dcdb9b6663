// Offline play: registers the service worker (sw.js at the site root; shell/README.md, "Offline").
// window.carcassonneOffline.status() resolves to the worker's answer: {running, current, building, cached}
// (running: the version this page was served from, or 'network'; current: the newest complete cache;
// cached: every version with a cache, complete or not).
(function (shell) {
  'use strict';
  // A first registration installs the worker, which downloads and hashes the whole build (both
  // modules, every mode's art): on a first visit that took the CPU the game's start needs. So the
  // worker is registered once the game has drawn its first frame, or after a while on a page that draws
  // none (shell.firstFrame, shell/shell.js; docs/load-time.md, "The service worker after the first frame").
  const firstFrame = shell.firstFrame;

  // The web app manifest is linked then too: the browser asks for a linked manifest at once, and on a
  // returning visit the worker's answer to it queued with the game's own files (docs/load-time.md,
  // "The page's answer before version.json").
  firstFrame.then(() => {
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = 'manifest.webmanifest';
    document.head.append(manifest);
  });

  if (!('serviceWorker' in navigator)) return;  // not a secure context (http:// other than localhost)
  // A page the worker serves: it does its bookkeeping (Cache Storage writes) once told this, not while
  // the page's start-up files are read (sw.js, whenStarted).
  firstFrame.then(() => {
    const worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: 'started' });
  });
  const registered = firstFrame.then(() => navigator.serviceWorker.register('sw.js', { scope: './' }));
  registered.catch((error) => console.warn('offline play unavailable:', String(error)));

  // Ask the browser not to evict the cached game under storage pressure (granted without a prompt,
  // or quietly refused).
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});

  function ask(worker) {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage({ type: 'status' }, [channel.port2]);
    });
  }

  window.carcassonneOffline = {
    status: () => registered.then(() => navigator.serviceWorker.ready).then((registration) =>
      ask(navigator.serviceWorker.controller || registration.active)),
  };
})(window.carcShell = window.carcShell || {});
