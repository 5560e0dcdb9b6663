// Offline play: registers the service worker (sw.js at the site root; shell/README.md, "Offline").
// window.carcassonneOffline.status() resolves to the worker's answer: {running, current, building, cached}
// (running: the version this page was served from, or 'network'; current: the newest complete cache;
// cached: every version with a cache, complete or not).
(function () {
  'use strict';
  if (!('serviceWorker' in navigator)) return;  // not a secure context (http:// other than localhost)

  const registered = navigator.serviceWorker.register('sw.js', { scope: './' });
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
    status: () => navigator.serviceWorker.ready.then((registration) =>
      ask(navigator.serviceWorker.controller || registration.active)),
  };
})();
