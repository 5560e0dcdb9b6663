// Offline play (sw.js, shell/offline.js, manifest.webmanifest): after one visit the game loads and
// plays with the network gone, and a new build replaces the cached one without mixing files of two
// builds. Each test serves its own copy of the site from a small server here, so it can switch the
// served build and cut the network (Playwright's setOffline does not reach service workers, so the
// server also stops answering).
// The wasm build made into sites: CARC_WASM_DIR (as in run.sh), else build/wasm.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { isOnlineProbeError } from './helpers.mjs';
import { distinctColours } from './png_stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const wasmDir = path.resolve(root, process.env.CARC_WASM_DIR ?? 'build/wasm');
const shots = process.env.CARC_SCREENSHOTS ?? path.join(root, 'build/screenshots');
mkdirSync(shots, { recursive: true });
const chromiumFlags = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'];

const temporary = mkdtempSync(path.join(os.tmpdir(), 'carc-offline-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

// A copy of the site as a deploy would have it (the site folder, made by the build's own script,
// web/site.cmake), marked `marker` in index.html and in the game's JavaScript, with its version.json
// written again by the build's own script (web/version.cmake).
function makeSite(marker) {
  const site = path.join(temporary, marker);
  execFileSync('cmake', [`-DSOURCE_DIR=${root}`, `-DBUILD_DIR=${wasmDir}`, `-DSITE_DIR=${site}`, '-P', path.join(root, 'web/site.cmake')]);
  const build = path.join(site, 'build/wasm');
  const index = path.join(site, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace('<html lang="en">', `<html lang="en" data-build="${marker}">`));
  writeFileSync(path.join(build, 'carcassonne.js'),
    readFileSync(path.join(build, 'carcassonne.js'), 'utf8') + `\nwindow.carcassonneBuildMarker = '${marker}';\n`);
  execFileSync('cmake', [`-DSITE_ROOT=${site}`, `-DBUILD_DIR=${build}`, '-P', path.join(root, 'web/version.cmake')]);
  const manifest = JSON.parse(readFileSync(path.join(build, 'version.json'), 'utf8'));
  return { marker, dir: site, version: manifest.version, manifest };
}

const contentTypes = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.wasm': 'application/wasm', '.data': 'application/octet-stream',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };

// Serves `server.site.dir`; with `server.down` it drops every connection (the network is gone);
// `server.delays[path]` holds the answer to `path` back that many ms (a slow network).
async function startServer(site) {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    server.requests.push({ path: pathname, site: server.site.marker, down: server.down });
    if (server.down) {
      request.socket.destroy();
      return;
    }
    if (server.delays[pathname]) setTimeout(() => serve(pathname, response), server.delays[pathname]);
    else serve(pathname, response);
  });
  const serve = (pathname, response) => {
    const file = path.join(server.site.dir, pathname.endsWith('/') ? pathname + 'index.html' : pathname);
    if (!file.startsWith(server.site.dir + path.sep) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  };
  server.site = site;
  server.down = false;
  server.delays = {};
  server.requests = [];
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${server.address().port}/`;
  return server;
}

function stopServer(server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
}

// A real profile (not an incognito context): installability is only judged there.
async function openBrowser() {
  const profile = mkdtempSync(path.join(temporary, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: chromiumFlags, viewport: { width: 1280, height: 800 } });
  return { browser: context, context };
}

function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' && !isOnlineProbeError(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

const gameState = (page) => page.evaluate(() => (window.carcassonne ? window.carcassonne.testState() : null));
const offlineStatus = (page) => page.evaluate(() => window.carcassonneOffline.status());

async function waitFor(what, probe, predicate, timeout = 60000) {
  const start = Date.now();
  for (;;) {
    const value = await probe().catch(() => null);
    if (value && predicate(value)) return value;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const waitForGame = (page) => waitFor('the game', () => gameState(page), (s) => s.screen === 'setup' || s.screen === 'play');
const waitForCached = (page, site) =>
  waitFor(`the cache of version ${site.marker}`, () => offlineStatus(page), (s) => s.current === site.version);

async function screenshot(page, name) {
  await page.waitForTimeout(300);
  const png = await page.screenshot({ path: path.join(shots, `${name}.png`) });
  assert.ok(distinctColours(png) > 20, `${name}: the page looks blank`);
}

// Starts a game from the setup screen, or goes on with the one the page resumed (shell/saves.js).
// The first frames may still move the layout: click again if a click missed.
async function playable(page) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const shown = await waitFor('the game', () => gameState(page), (s) => (s.screen === 'setup' && s.buttons.start) || s.screen === 'play');
    if (shown.screen === 'play') break;
    await page.waitForTimeout(300);
    const { x, y } = (await gameState(page)).buttons.start;
    await page.mouse.move(x, y);
    await page.waitForTimeout(80);
    await page.mouse.down();
    await page.waitForTimeout(50);
    await page.mouse.up();
    await waitFor('the game to start', () => gameState(page), (s) => s.screen === 'play', 3000).catch(() => null);
  }
  return waitFor('a tile to place', () => gameState(page), (s) => s.screen === 'play' && s.phase === 'place' && s.cells.length > 0);
}

// What build a page runs: its index.html, the game script's marker, and the version the worker pinned.
async function runningBuild(page) {
  const marks = await page.evaluate(() => ({ page: document.documentElement.dataset.build, script: window.carcassonneBuildMarker }));
  return { ...marks, version: (await offlineStatus(page)).running };
}

// A browser whose first visit to `site` has cached its build whole: {server, browser, context, page}.
async function visitedOnce(site) {
  const server = await startServer(site);
  const { browser, context } = await openBrowser();
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await waitForCached(page, site);
    return { server, browser, context, page };
  } catch (error) {
    await browser.close();
    await stopServer(server);
    throw error;
  }
}

const siteA = makeSite('A');
const siteB = makeSite('B');

test('version.json lists every file the page needs, and the version follows their content', () => {
  const { site, build } = siteA.manifest;
  for (const file of ['index.html', 'manifest.webmanifest', 'shell/shell.css', 'shell/ai_worker.js', 'assets/icons/icon.svg']) {
    assert.match(site[file] ?? '', /^[0-9a-f]{64}$/, `site file ${file}`);
  }
  assert.equal(site['shell/offline.js'], undefined, 'offline.js comes in shell-bundle.js');
  for (const file of ['carcassonne.js', 'carcassonne.wasm', 'carcassonne.data', 'carc-ai-worker.js', 'carc-ai-worker.wasm', 'shell-bundle.js']) assert.match(build[file] ?? '', /^[0-9a-f]{64}$/, `build file ${file}`);
  const art = existsSync(path.join(wasmDir, 'art')) ? readdirSync(path.join(wasmDir, 'art')).filter((f) => f.endsWith('.rgba.gz')) : [];
  assert.ok(art.length > 0, 'the build has its tile art');
  for (const file of art) assert.ok(build[`art/${file}`], `art/${file} is listed`);
  assert.equal(siteB.manifest.build['carcassonne.wasm'], build['carcassonne.wasm'], 'the same wasm, the same hash');
  assert.notEqual(siteB.manifest.build['carcassonne.js'], build['carcassonne.js']);
  assert.notEqual(siteB.manifest.site['index.html'], site['index.html']);
  assert.notEqual(siteB.version, siteA.version);
});

test('after one visit the game loads and starts with the network gone', async (t) => {
  const server = await startServer(siteA);
  const { browser, context } = await openBrowser();
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    const visited = Date.now();
    await page.goto(server.url);
    await waitForGame(page);
    await waitForCached(page, siteA);
    t.diagnostic(`first visit: the whole build cached ${Date.now() - visited} ms after navigation`);
    const cacheNames = await page.evaluate(() => caches.keys());
    assert.ok(cacheNames.includes(`carcassonne-${siteA.version}`), `cache names ${cacheNames}`);
    await screenshot(page, 'offline-first-visit');

    server.down = true;
    await context.setOffline(true);
    const reloaded = Date.now();
    await page.reload();
    await waitForGame(page);
    t.diagnostic(`offline reload: the game's first frame after ${Date.now() - reloaded} ms`);
    assert.deepEqual(await runningBuild(page), { page: 'A', script: 'A', version: siteA.version });
    await screenshot(page, 'offline-reloaded-setup');
    await playable(page);
    await screenshot(page, 'offline-playing');
    // The AI worker loads offline too: sw.js pins it to its page's version.
    assert.equal(await page.evaluate(() => window.carcassonne.startSetup({ mode: 'base', players: 2, seed: '8WQ2K', seats: 'hard,human' })), '');
    const played = await waitFor('the hard bot\'s move', () => gameState(page), (s) => s.botDecisionCount >= 1);
    assert.ok(played.botDecisions.every((d) => d.worker), `the hard bot thought in the worker: ${JSON.stringify(played.botDecisions)}`);
    const answered = server.requests.filter((r) => r.down);
    assert.ok(answered.every((r) => r.path.endsWith('/version.json') || r.path === '/sw.js'),
      `offline, the page asked the network only for version.json and sw.js: ${JSON.stringify(answered)}`);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
    await stopServer(server);
  }
});

test('a new build replaces the cached one on the next visit, and a page never mixes two builds', async () => {
  const server = await startServer(siteA);
  const { browser, context } = await openBrowser();
  try {
    const pageA = await context.newPage();
    const errors = watchErrors(pageA);
    await pageA.goto(server.url);
    await waitForCached(pageA, siteA);
    await pageA.reload();  // now served by the worker, pinned to A
    await waitForGame(pageA);
    assert.deepEqual(await runningBuild(pageA), { page: 'A', script: 'A', version: siteA.version });

    server.site = siteB;  // deploy B
    const pageB = await context.newPage();
    const errorsB = watchErrors(pageB);
    await pageB.goto(server.url);
    await waitForGame(pageB);
    assert.deepEqual(await runningBuild(pageB), { page: 'B', script: 'B', version: siteB.version },
      'the visit after the deploy runs B');
    await playable(pageB);
    await screenshot(pageB, 'offline-version-b');

    // The page still open on A keeps getting A's files, though the server now has B's.
    const scriptSeenByA = await pageA.evaluate(() => fetch('build/wasm/carcassonne.js').then((r) => r.text()));
    assert.ok(scriptSeenByA.endsWith("window.carcassonneBuildMarker = 'A';\n"), 'page A is answered with build A');
    const scriptSeenByB = await pageB.evaluate(() => fetch('build/wasm/carcassonne.js').then((r) => r.text()));
    assert.ok(scriptSeenByB.endsWith("window.carcassonneBuildMarker = 'B';\n"), 'page B is answered with build B');

    // B's whole set is cached in the background: the next visit, offline, runs B. A's cache stays
    // while page A is open.
    await waitForCached(pageB, siteB);
    assert.deepEqual((await offlineStatus(pageB)).cached, [siteA.version, siteB.version].sort(), 'A kept for page A');
    await pageA.close();
    const closedA = Date.now();
    server.down = true;
    await context.setOffline(true);
    const pageOffline = await context.newPage();
    const errorsOffline = watchErrors(pageOffline);
    await pageOffline.goto(server.url);
    await waitForGame(pageOffline);
    assert.deepEqual(await runningBuild(pageOffline), { page: 'B', script: 'B', version: siteB.version });
    await playable(pageOffline);
    await screenshot(pageOffline, 'offline-version-b-offline');
    // Once no page has used A for the grace time (sw.js PIN_GRACE_MS, 20 s), the next visit deletes it.
    await pageOffline.waitForTimeout(Math.max(0, closedA + 21000 - Date.now()));
    await pageOffline.reload();
    await waitForGame(pageOffline);
    await waitFor('the old cache to go', () => offlineStatus(pageOffline), (st) => st.cached.join() === siteB.version, 10000);
    for (const list of [errors, errorsB, errorsOffline]) assert.deepEqual(list, [], 'no console errors');
  } finally {
    await browser.close();
    await stopServer(server);
  }
});

test('a returning visit\'s page starts coming before version.json has, and is the version chosen once it has', async () => {
  // The browser commits the navigation while the worker waits for version.json (sw.js, navigate).
  const { server, browser, context } = await visitedOnce(siteA);
  const versionJsonAfter = 1500;
  server.delays['/build/wasm/version.json'] = versionJsonAfter;
  const pageTiming = (page) => page.evaluate(() => {
    const { responseStart, responseEnd } = performance.getEntriesByType('navigation')[0];
    return { responseStart: Math.round(responseStart), responseEnd: Math.round(responseEnd) };
  });
  try {
    for (const site of [siteA, siteB]) {
      server.site = site;  // then deploy B: the answer starts with A's headers and brings B's page
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(server.url);
      await waitForGame(page);
      assert.deepEqual(await runningBuild(page), { page: site.marker, script: site.marker, version: site.version });
      const timing = await pageTiming(page);
      assert.ok(timing.responseStart < versionJsonAfter - 500, `${site.marker}: the answer started at once: ${JSON.stringify(timing)}`);
      assert.ok(timing.responseEnd >= versionJsonAfter, `${site.marker}: its body came with version.json: ${JSON.stringify(timing)}`);
      assert.deepEqual(errors, [], 'no console errors');
    }
  } finally {
    await browser.close();
    await stopServer(server);
  }
});

test('a deploy caught half-way is not mixed in: the page runs the cached build whole', async () => {
  // The server has B's version.json and index.html but still A's carcassonne.js.
  const half = { marker: 'half', dir: path.join(temporary, 'half') };
  cpSync(siteB.dir, half.dir, { recursive: true });
  cpSync(path.join(siteA.dir, 'build/wasm/carcassonne.js'), path.join(half.dir, 'build/wasm/carcassonne.js'));
  const server = await startServer(siteA);
  const { browser, context } = await openBrowser();
  try {
    const first = await context.newPage();
    const errors = watchErrors(first);
    await first.goto(server.url);
    await waitForCached(first, siteA);

    server.site = half;
    const during = await context.newPage();
    const errorsDuring = watchErrors(during);
    await during.goto(server.url);
    await waitForGame(during);
    assert.deepEqual(await runningBuild(during), { page: 'A', script: 'A', version: siteA.version }, 'mid-deploy, the page runs A whole');
    await playable(during);

    server.site = siteB;  // the deploy is finished
    const afterwards = await context.newPage();
    const errorsAfterwards = watchErrors(afterwards);
    await afterwards.goto(server.url);
    await waitForGame(afterwards);
    assert.deepEqual(await runningBuild(afterwards), { page: 'B', script: 'B', version: siteB.version });
    for (const list of [errors, errorsDuring, errorsAfterwards]) assert.deepEqual(list, [], 'no console errors');
  } finally {
    await browser.close();
    await stopServer(server);
  }
});

test('a build that cannot be cached whole is not installed, and nothing of it serves offline', async () => {
  const broken = makeSite('C');
  // The server's carcassonne.data is not the one version.json names (as if the download broke).
  const versionFile = path.join(broken.dir, 'build/wasm/version.json');
  writeFileSync(versionFile, readFileSync(versionFile, 'utf8').replace(broken.manifest.build['carcassonne.data'], '0'.repeat(64)));
  const server = await startServer(broken);
  const { browser, context } = await openBrowser();
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await waitForGame(page);  // the first visit runs from the network
    const dataRequests = () => server.requests.filter((r) => r.path === '/build/wasm/carcassonne.data').length;
    await waitFor('the worker to fetch the data file', async () => dataRequests(), (n) => n >= 2);
    await page.waitForTimeout(2000);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const complete = [];
      for (const name of await caches.keys()) {
        if (await (await caches.open(name)).match('build/wasm/version.json')) complete.push(name);
      }
      return { active: Boolean(registration && registration.active), complete };
    });
    assert.deepEqual(worker, { active: false, complete: [] }, 'no worker, no complete cache');
    server.down = true;
    await context.setOffline(true);
    await assert.rejects(page.reload(), 'offline, the page does not load');
  } finally {
    await browser.close();
    await stopServer(server);
  }
});

test('the web app manifest parses and the page is installable', async () => {
  const { server, browser, context, page } = await visitedOnce(siteA);
  try {
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, [], 'no manifest errors');
    const installability = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installability.installabilityErrors, [], 'installable');
    const icon = await context.newPage();
    await icon.setViewportSize({ width: 256, height: 256 });
    await icon.goto(server.url + 'assets/icons/icon.svg');
    await screenshot(icon, 'offline-icon');
  } finally {
    await browser.close();
    await stopServer(server);
  }
});

// Records each service worker registration the page makes, and whether the game had drawn its first
// frame by then (the mark web/load_marks.cpp sets).
// Also when the page linked its web app manifest (shell/offline.js does so then too).
const recordRegistrations = () => {
  window.registrations = [];
  const drawn = () => performance.getEntriesByName('carc:first-frame', 'mark').length > 0;
  const linked = new MutationObserver(() => {
    if (!document.querySelector('link[rel="manifest"]')) return;
    window.manifestLinked = { at: performance.now(), drawn: drawn() };
    linked.disconnect();
  });
  linked.observe(document, { childList: true, subtree: true });
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    window.registrations.push({ at: performance.now(), drawn: drawn() });
    return register.apply(this, args);
  };
};

test('a first visit registers the service worker after the game\'s first frame, or without one after a while', async (t) => {
  const server = await startServer(siteA);
  try {
    // Its install downloads and hashes the whole build, which would take the CPU the game's start needs.
    const drawing = await openBrowser();
    try {
      const page = await drawing.context.newPage();
      await page.addInitScript(recordRegistrations);
      await page.goto(server.url + '?mode=base&players=2&seed=8WQ2K&seats=human,medium');
      await waitForCached(page, siteA);
      const [first, ...others] = await page.evaluate(() => window.registrations);
      assert.ok(first && first.drawn, `registered once the game had drawn: ${JSON.stringify(first)}`);
      assert.deepEqual(others, [], 'registered once');
      const manifestLinked = await page.evaluate(() => window.manifestLinked);
      assert.ok(manifestLinked && manifestLinked.drawn, `the manifest linked once the game had drawn: ${JSON.stringify(manifestLinked)}`);
      t.diagnostic(`registered ${Math.round(first.at)} ms after navigation`);
    } finally {
      await drawing.browser.close();
    }
    // A page whose game never draws (its module cannot load) still gets the worker. (A browser of its
    // own: the worker installed above would answer the module's request before the page's route saw it.)
    const failing = await openBrowser();
    try {
      const page = await failing.context.newPage();
      await page.addInitScript(recordRegistrations);
      await page.route('**/carcassonne.wasm', (route) => route.abort());
      await page.goto(server.url);
      const [registered] = await waitFor('a registration', () => page.evaluate(() => window.registrations), (r) => r.length > 0, 20000);
      assert.equal(registered.drawn, false);
      assert.ok(registered.at >= 4000, `not before the page's wait for a frame ran out: ${JSON.stringify(registered)}`);
    } finally {
      await failing.browser.close();
    }
  } finally {
    await stopServer(server);
  }
});

// The pins written to the worker's state cache (one per page and per AI worker it serves).
const writtenPins = (page) => page.evaluate(async () => (await (await caches.open('carc-offline-state')).keys())
  .map((request) => request.url).filter((url) => url.includes('/__offline__/pin/')).sort());

test('a returning visit leaves the worker\'s Cache Storage writes until the page has drawn its first frame', async (t) => {
  // Cache Storage answers one request after another: the worker's writes would go ahead of the page's
  // start-up files (sw.js, whenStarted).
  const { server, browser, context, page: first } = await visitedOnce(siteA);
  try {
    const before = await writtenPins(first);
    // A page whose first-frame mark never comes: shell/offline.js tells the worker it has started only
    // when its wait for the mark runs out, 5 s after the page's start.
    const page = await context.newPage();
    await page.addInitScript(() => {
      const mark = performance.mark.bind(performance);
      performance.mark = (name, ...rest) => (name === 'carc:first-frame' ? undefined : mark(name, ...rest));
    });
    const loaded = Date.now();
    await page.goto(server.url + '?mode=base&players=2&seed=8WQ2K&seats=human,medium');
    await waitFor('the board', () => gameState(page), (s) => s.screen === 'play' && s.cells.length > 0);
    await page.waitForTimeout(500);
    const whileStarting = await writtenPins(page);
    const checkedAt = Date.now() - loaded;
    assert.ok(checkedAt < 4000, `looked before the page's wait ran out (${checkedAt} ms)`);
    assert.deepEqual(whileStarting, before, 'nothing written for the new page while it starts');
    assert.equal((await runningBuild(page)).version, siteA.version, 'the page is pinned all the same (in memory)');
    const written = await waitFor('the new page\'s pin', () => writtenPins(page), (pins) => pins.length > before.length, 15000);
    const writtenAt = Date.now() - loaded;
    assert.ok(writtenAt >= 4500, `written once the page said it had started (${writtenAt} ms)`);
    t.diagnostic(`pins ${before.length} -> ${written.length}, written ${writtenAt} ms after navigation`);
  } finally {
    await browser.close();
    await stopServer(server);
  }
});

test('a page still starting keeps its build\'s cache while another page\'s visit cleans up', async () => {
  // Until it has started, a page is pinned in the worker's memory only (sw.js, whenStarted).
  const { server, browser, context } = await visitedOnce(siteA);
  try {
    server.site = siteB;  // a new build: the next page runs it, its cache not complete yet
    const starting = await context.newPage();
    await starting.addInitScript(() => {
      const post = ServiceWorker.prototype.postMessage;
      ServiceWorker.prototype.postMessage = function (message, ...rest) {
        if (message && message.type === 'started') return;  // this page never says it has started
        return post.call(this, message, ...rest);
      };
    });
    const loaded = Date.now();
    await starting.goto(server.url);
    await waitForGame(starting);
    assert.equal((await runningBuild(starting)).version, siteB.version);
    // The server goes back to A; a page on A starts, which makes A current again and cleans up.
    server.site = siteA;
    const other = await context.newPage();
    await other.goto(server.url);
    await waitForGame(other);
    await waitFor('the other page\'s pin', () => writtenPins(other), (pins) => pins.length > 0, 20000);
    await other.waitForTimeout(1000);
    const cacheNames = await other.evaluate(() => caches.keys());
    assert.ok(Date.now() - loaded < 28000, 'looked while the starting page had still not said so');
    assert.ok(cacheNames.includes(`carcassonne-${siteB.version}`), `B's cache kept: ${cacheNames.join(', ')}`);
  } finally {
    await browser.close();
    await stopServer(server);
  }
});

// The `v8.compile` trace events of the page's scripts during one visit of `url` in a new page.
async function scriptCompilations(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'v8', transferMode: 'ReportEvents' });
  await page.goto(url);
  await waitForGame(page);
  await cdp.send('Tracing.end');
  await complete;
  await page.close();
  const compilations = {};
  for (const event of events) {
    const data = event.name === 'v8.compile' && event.args && event.args.data;
    if (data && data.url) compilations[new URL(data.url).pathname.split('/').pop()] = data;
  }
  return compilations;
}

test('a returning visit runs the game\'s scripts from the browser\'s compiled-code cache', async (t) => {
  // Chromium keeps a script's compiled code beside its cached response only when the worker caches the
  // response it fetched, not a copy it made (docs/load-time.md, "The scripts' compiled code").
  const { server, browser, context, page } = await visitedOnce(siteA);
  try {
    const scripts = ['carcassonne.js', 'shell-bundle.js'];
    const cached = await page.evaluate(async ({ version, scripts }) => {
      const cache = await caches.open(`carcassonne-${version}`);
      const found = {};
      for (const script of scripts) {
        const response = await cache.match(new URL(`build/wasm/${script}`, location.href).href);
        found[script] = response ? { type: response.type, url: new URL(response.url || 'about:blank').pathname } : null;
      }
      return found;
    }, { version: siteA.version, scripts });
    for (const script of scripts)
      assert.deepEqual(cached[script], { type: 'basic', url: `/build/wasm/${script}` }, `${script} is cached as fetched`);
    await page.close();
    await scriptCompilations(context, server.url);  // a first return: the browser may still be writing
    const compiled = await scriptCompilations(context, server.url);
    for (const script of scripts) {
      const compilation = compiled[script];
      assert.ok(compilation, `${script} was compiled: ${JSON.stringify(Object.keys(compiled))}`);
      t.diagnostic(`${script}: ${JSON.stringify({ consumedCacheSize: compilation.consumedCacheSize, streamed: compilation.streamed })}`);
      assert.ok(compilation.consumedCacheSize > 0, `${script} came with its compiled code: ${JSON.stringify(compilation)}`);
    }
  } finally {
    await browser.close();
    await stopServer(server);
  }
});
