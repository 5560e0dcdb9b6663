// Service worker: the game loads and plays offline after one visit, and a new build replaces the cached
// one without ever mixing files of two builds. Design: shell/README.md, section "Offline".
//
// Every build writes build/wasm/version.json (web/version.cmake): a version id and the SHA-256 of every
// file the page needs. A page load is pinned to one version.json at its navigation, and every file that
// page asks for is answered with exactly the bytes that version.json names (checked by hash), from a
// cache or, when not cached yet, from the network. The cache `carcassonne-<version>` of a version is
// complete when its own copy of version.json is in it (written last): only complete caches serve
// offline.
'use strict';

const CACHE_PREFIX = 'carcassonne-';
const STATE_CACHE = 'carc-offline-state';  // not a version cache: pins and the current version
const VERSION_CHECK_TIMEOUT_MS = 4000;  // a navigation waits this long for version.json, then uses the cache
const PIN_GRACE_MS = 20000;  // a pin outlives its page this long (a page still loading is not listed yet)
const LOADED_LATER = /\/art\/[^/]*\.rgba\.gz$/;  // tile art, fetched when a mode starts (web/tile_atlas.cpp)
const BOOKKEEPING_AT_THE_LATEST_MS = 30000;  // a page that never says it has started (no script of it ran)

const scope = new URL(self.registration.scope);
const versionUrl = new URL('build/wasm/version.json', scope).href;
const indexUrl = new URL('index.html', scope).href;
const stateUrl = (name) => new URL(`__offline__/${name}`, scope).href;

const manifests = new Map();  // version -> version.json as parsed
const pins = new Map();  // client id -> version (memory; the state cache keeps them across restarts)
const building = new Map();  // version -> promise of its complete cache
const obtaining = new Map();  // `${version} ${url}` -> promise of the file in that version's cache

// ---- version.json ------------------------------------------------------------------------------

// url -> sha256 of every file of a version (made once per manifest: every request asks).
const filesOfManifest = new WeakMap();
function filesOf(manifest) {
  if (!filesOfManifest.has(manifest)) filesOfManifest.set(manifest, listFiles(manifest));
  return filesOfManifest.get(manifest);
}

function listFiles(manifest) {
  const files = new Map();
  for (const [path, hash] of Object.entries(manifest.site)) files.set(new URL(path, scope).href, hash);
  for (const [path, hash] of Object.entries(manifest.build)) files.set(new URL(path, versionUrl).href, hash);
  return files;
}

function checkedManifest(manifest) {
  const valid = manifest && typeof manifest.version === 'string' && /^[0-9a-f]+$/.test(manifest.version) &&
    manifest.site && manifest.build && typeof manifest.site['index.html'] === 'string';
  if (!valid) throw new Error('version.json is not a build manifest');
  return manifest;
}

async function fetchManifest() {
  const response = await fetch(versionUrl, { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json: HTTP ${response.status}`);
  const manifest = checkedManifest(await response.json());
  manifests.set(manifest.version, manifest);
  return manifest;
}

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);
}

const jsonResponse = (value) => new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });

// Caches open (Cache Storage answers one request after another: an open each time doubled a file's
// look-up). Forgotten when clean-up deletes one.
const openCaches = new Map();
function openCache(name) {
  if (!openCaches.has(name)) openCaches.set(name, caches.open(name).catch((error) => { openCaches.delete(name); throw error; }));
  return openCaches.get(name);
}

async function readState(name) {
  const response = await (await openCache(STATE_CACHE)).match(stateUrl(name));
  return response ? response.json() : null;
}

async function writeState(name, value) {
  await (await openCache(STATE_CACHE)).put(stateUrl(name), jsonResponse(value));
}

async function manifestOf(version) {
  if (!manifests.has(version)) {
    const stored = (await readState(`manifest/${version}`)) ??
      (await (await openCache(CACHE_PREFIX + version)).match(versionUrl).then((r) => (r ? r.json() : null)));
    if (!stored) return null;
    manifests.set(version, stored);
  }
  return manifests.get(version);
}

// The version of the newest complete cache (null before the first install). Kept in memory once read:
// a navigation asks for it first thing.
let knownCurrent;
async function currentVersion() {
  if (knownCurrent === undefined) {
    const current = await readState('current');
    knownCurrent = current ? current.version : null;
  }
  return knownCurrent;
}

async function makeCurrent(version) {
  await writeState('current', { version });
  knownCurrent = version;
}

// ---- files, checked by hash --------------------------------------------------------------------

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function versionCacheNames() {
  return (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX));
}

// A cached copy of `url` with content `hash`, from any version's cache whose version.json names that
// hash for it (the same bytes are the same file whichever build put them there). A version's cache holds
// only files checked against its own version.json.
async function cachedCopy(url, hash) {
  for (const name of await versionCacheNames()) {
    const manifest = await manifestOf(name.slice(CACHE_PREFIX.length));
    if (!manifest || filesOf(manifest).get(url) !== hash) continue;
    const response = await (await openCache(name)).match(url);
    if (response) return response;
  }
  return null;
}

// Downloads `url`, refusing anything but the bytes `hash` names (the server is mid-deploy, or its
// files were edited without a rebuild: serving them would mix two builds).
async function download(url, hash) {
  const response = await fetch(url, { cache: 'reload' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  // Checked on a copy, and the response itself is what gets cached: Chromium keeps the compiled code
  // of a script beside its cached response only when that response is one it fetched, not one made
  // here (docs/load-time.md, "The scripts' compiled code").
  const actual = await sha256Hex(await response.clone().arrayBuffer());
  if (actual !== hash) throw new Error(`${url} is not the file version.json names (${actual.slice(0, 12)}, not ${hash.slice(0, 12)})`);
  if (!response.redirected) return response;
  // A redirected response cannot answer a navigation: a plain copy of it can.
  const headers = new Headers(response.headers);
  headers.delete('Content-Encoding');  // the body is decoded now
  headers.delete('Content-Length');
  return new Response(await response.arrayBuffer(), { status: 200, statusText: 'OK', headers });
}

// `url` as `version` has it, put into that version's cache first (one download however many ask).
async function obtain(version, url, hash) {
  const cache = await openCache(CACHE_PREFIX + version);
  const own = await cache.match(url);
  if (own) return own;  // put there only after it was checked against this version's hash
  const key = `${version} ${url}`;
  if (!obtaining.has(key)) {
    const put = (async () => {
      const response = (await cachedCopy(url, hash)) ?? (await download(url, hash));
      await cache.put(url, response);
    })();
    obtaining.set(key, put.finally(() => obtaining.delete(key)));
  }
  await obtaining.get(key);
  const stored = await cache.match(url);
  if (!stored) throw new Error(`${url} vanished from the cache of ${version}`);
  return stored;
}

// Versions known complete (a complete cache stays so until clean-up deletes it).
const completeVersions = new Set();
async function isComplete(version) {
  if (!completeVersions.has(version) && (await (await openCache(CACHE_PREFIX + version)).match(versionUrl))) {
    completeVersions.add(version);
  }
  return completeVersions.has(version);
}

// Fills `carcassonne-<version>` with every file of the version, then marks it complete and makes it
// current. All or nothing: a failure leaves it incomplete (never served offline) and rejects.
function completeCache(manifest) {
  const version = manifest.version;
  if (!building.has(version)) {
    const build = (async () => {
      if (!(await isComplete(version))) {
        await Promise.all(Array.from(filesOf(manifest), ([url, hash]) => obtain(version, url, hash)));
        await (await openCache(CACHE_PREFIX + version)).put(versionUrl, jsonResponse(manifest));
      }
      await makeCurrent(version);
      await cleanUp();
    })();
    building.set(version, build.finally(() => building.delete(version)));
  }
  return building.get(version);
}

// ---- pins: one page load, one version ----------------------------------------------------------

// A pin holds in memory at once. It is written down (for a restarted worker), and the version's cache
// completed and old ones cleaned up, only once the page (`pageId`: the client itself, or the page that
// started a worker) has drawn its first frame (shell/offline.js says so) or after a while: Cache
// Storage answers one request after another, and these writes and reads went ahead of the page's own
// start-up files (docs/load-time.md, "The worker's bookkeeping after the first frame"). The fetch
// event's waitUntil keeps the worker alive until then.
async function pin(clientId, manifest, pageId = clientId) {
  pins.set(clientId, manifest.version);
  await whenStarted(pageId);
  await writeState(`manifest/${manifest.version}`, manifest);
  await writeState(`pin/${clientId}`, { version: manifest.version, since: Date.now() });
}

const starts = new Map();  // page's client id -> { promise, resolve, done } of its first frame

// A page's first frame (a worker the page starts waits for its page's). Resolves at the latest after
// BOOKKEEPING_AT_THE_LATEST_MS.
function whenStarted(clientId) {
  if (!starts.has(clientId)) {
    const start = { done: false };
    const promise = new Promise((resolve) => { start.resolve = resolve; });
    const timer = setTimeout(start.resolve, BOOKKEEPING_AT_THE_LATEST_MS);
    start.promise = promise.then(() => {
      clearTimeout(timer);
      start.done = true;
    });
    starts.set(clientId, start);
  }
  return starts.get(clientId).promise;
}

async function pinnedVersion(clientId) {
  if (!clientId) return null;
  if (!pins.has(clientId)) {
    const stored = await readState(`pin/${clientId}`);
    if (!stored) return null;
    pins.set(clientId, stored.version);
  }
  return pins.get(clientId);
}

// Deletes the caches, pins and manifests nothing needs: a version stays while it is current, being
// built, or pinned by a page that is still open or still starting.
async function cleanUp() {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true })).map((c) => c.id));
  const keep = new Set(building.keys());
  const current = await currentVersion();
  if (current) keep.add(current);
  for (const [clientId, start] of starts) {
    // A page still starting is pinned in memory only (its pin is written once it has started).
    if (!start.done && pins.has(clientId)) keep.add(pins.get(clientId));
    if (start.done && !open.has(clientId)) starts.delete(clientId);
  }
  const state = await openCache(STATE_CACHE);
  const pinPrefix = stateUrl('pin/');
  for (const request of await state.keys()) {
    if (!request.url.startsWith(pinPrefix)) continue;
    const clientId = request.url.slice(pinPrefix.length);
    const { version, since } = await (await state.match(request)).json();
    if (open.has(clientId) || Date.now() - since < PIN_GRACE_MS) {
      keep.add(version);
    } else {
      await state.delete(request);
      pins.delete(clientId);
    }
  }
  for (const name of await versionCacheNames()) {
    const version = name.slice(CACHE_PREFIX.length);
    if (keep.has(version)) continue;
    openCaches.delete(name);
    await caches.delete(name);
    await state.delete(stateUrl(`manifest/${version}`));
    manifests.delete(version);
    completeVersions.delete(version);
    headersOfPage.delete(version);
  }
}

// ---- lifecycle ---------------------------------------------------------------------------------

self.addEventListener('install', (event) => {
  // Active only once the whole current build is cached.
  event.waitUntil(fetchManifest().then(completeCache).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(cleanUp().then(() => self.clients.claim()));
});

// The game page itself (the site root or index.html), not a page that loads another build.
function isGameNavigation(request) {
  const url = new URL(request.url);
  const page = url.href.split(/[?#]/)[0];
  return request.mode === 'navigate' && (page === scope.href || page === indexUrl) && !url.searchParams.has('build');
}

// A navigation: the version the network has now (a new build runs at once), else (offline, after the
// timeout, or when the server's files do not match its version.json, as mid-deploy) the current
// cache. The page is pinned to that version; its whole set is cached in the background.
// With a current version cached, the answer starts at once, with the headers of that version's page,
// and its body (the chosen version's index.html) follows once version.json has come: the browser
// commits the navigation (about 20 ms) meanwhile instead of after (docs/load-time.md, "The page's
// answer before version.json").
async function navigate(event) {
  const fetched = withTimeout(fetchManifest(), VERSION_CHECK_TIMEOUT_MS).catch(() => null);
  const current = await currentVersion();
  // The current version's page is looked up while version.json is on its way: it is the one served
  // unless a new build has come.
  const currentPage = current ? cachedFile(current, indexUrl) : Promise.resolve(null);
  const page = chosenPage(event, fetched, current, currentPage);
  const headers = current && (await pageHeaders(current, currentPage));
  if (!headers) return page;
  const { readable, writable } = new TransformStream();
  event.waitUntil(page.then((response) => (response.body ? response.body.pipeTo(writable) : writable.close()))
    .catch((error) => writable.abort(error)));
  return new Response(readable, { status: 200, statusText: 'OK', headers });
}

const cachedFile = (version, url) =>
  openCache(CACHE_PREFIX + version).then((cache) => cache.match(url)).catch(() => null);

// The headers `version`'s cached index.html (`cachedPage`, a promise of it) came with, for an answer
// whose body may be another version's page; null when that page is not cached. Kept in memory.
const headersOfPage = new Map();
async function pageHeaders(version, cachedPage) {
  if (!headersOfPage.has(version)) {
    const cached = await cachedPage;
    if (!cached) return null;
    const headers = new Headers(cached.headers);
    headers.delete('Content-Length');  // the chosen version's page may differ in length
    headers.delete('Content-Encoding');  // a body from the cache or the worker is decoded
    headersOfPage.set(version, headers);
  }
  return new Headers(headersOfPage.get(version));
}

// The page of the version `navigate` chooses (`fetched`: a promise of the network's version.json, or
// of null; `currentPage`: of the current version's page, from its cache), its client pinned to that
// version.
async function chosenPage(event, fetched, current, currentPage) {
  const network = await fetched;
  const candidates = [network];
  if (current && !(network && network.version === current)) candidates.push(await manifestOf(current));
  for (const manifest of candidates.filter(Boolean)) {
    try {
      // A version not cached yet: first everything the page loads at once (a file the server has
      // wrong, mid-deploy, shows now, while the current version can still serve the page whole).
      const files = filesOf(manifest);
      if (!(await isComplete(manifest.version))) {
        const atStart = Array.from(files).filter(([url]) => !LOADED_LATER.test(url));
        await Promise.all(atStart.map(([url, hash]) => obtain(manifest.version, url, hash)));
      }
      const page = (manifest.version === current && (await currentPage)) ||
        (await obtain(manifest.version, indexUrl, files.get(indexUrl)));
      event.waitUntil(pin(event.resultingClientId, manifest).then(() => completeCache(manifest))
        .catch((error) => console.warn('offline: pinning or caching failed:', error.message)));
      return page;
    } catch (error) {
      console.warn(`offline: cannot serve version ${manifest.version}:`, error.message);
    }
  }
  return fetch(event.request);  // nothing usable cached: as if there were no service worker
}

// Any other request of a page: a file of the page's version, or the network for anything else (and
// for pages loaded before this worker controlled them).
async function answer(event) {
  const url = event.request.url.split('#')[0];
  const version = await pinnedVersion(event.clientId);
  const manifest = version && (await manifestOf(version));
  const hash = manifest && filesOf(manifest).get(url);
  if (!hash) return fetch(event.request);
  // A worker the page starts (the AI: shell/ai_worker.js) is a client of its own: pinned to its
  // page's version, it loads the AI module of the same build. Its pin is written down with its page's.
  if (event.request.destination === 'worker' && event.resultingClientId) {
    event.waitUntil(pin(event.resultingClientId, manifest, event.clientId)
      .catch((error) => console.warn('offline: pinning failed:', error.message)));
  }
  try {
    return await obtain(version, url, hash);
  } catch (error) {
    return new Response(`offline: ${error.message}`, { status: 503, statusText: 'Not available offline' });
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(scope.href)) return;
  if (request.mode === 'navigate') {
    if (isGameNavigation(request)) event.respondWith(navigate(event));
    return;
  }
  event.respondWith(answer(event));
});

// The page says it has drawn its first frame, or asks which version it runs and which one is cached
// (shell/offline.js, the browser tests).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'started') {
    const start = event.source && starts.get(event.source.id);
    if (start) start.resolve();
    return;
  }
  if (!event.data || event.data.type !== 'status' || !event.ports[0]) return;
  event.waitUntil((async () => {
    event.ports[0].postMessage({
      type: 'status',
      running: (await pinnedVersion(event.source && event.source.id)) ?? 'network',
      current: await currentVersion(),
      building: Array.from(building.keys()),
      cached: (await versionCacheNames()).map((name) => name.slice(CACHE_PREFIX.length)).sort(),
    });
  })());
});

// ---- the your-turn notification ----------------------------------------------------------------

// A click on the notification shell/turn_alert.js shows through this worker (Android's Chrome shows
// them no other way): the game's tab comes to the front, the one on the notification's room if it is
// open, else any game tab; with none open, a new one at the notification's address. Only addresses in
// this worker's scope are opened.
function gameAddress(notification) {
  const data = notification && notification.data;
  try {
    const address = new URL(data && typeof data.url === 'string' ? data.url : scope.href, scope);
    return address.href.startsWith(scope.href) ? address.href : scope.href;
  } catch (error) {
    return scope.href;
  }
}

async function focusGame(address) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const page = (href) => href.split(/[?#]/)[0];
  const isGame = (client) => page(client.url) === scope.href || page(client.url) === indexUrl;
  const target = windows.find((client) => client.url === address) || windows.find(isGame);
  if (target) return target.focus();
  return self.clients.openWindow ? self.clients.openWindow(address) : null;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(focusGame(gameAddress(event.notification)).catch((error) => console.warn('offline: the notification click:', error.message)));
});
