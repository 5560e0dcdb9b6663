// What the deployed game serves: carc-server run as tools/play.sh runs it (--static the site folder,
// --db a file beside it), every file the service worker's list names and every request the page makes
// while it loads and starts a game answer 200; the database, its side files, the build tree and the
// sources answer 404; and a database inside the site folder is refused at start.
// Started by tests/browser/run.sh (CARC_SERVER, CARC_SITE_ROOT: the built site folder, build/site).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { isOnlineProbeError, launchBrowser, startCarcServer, startGame, waitFor } from './helpers.mjs';

const serverBinary = process.env.CARC_SERVER;
const siteRoot = path.resolve(process.env.CARC_SITE_ROOT ?? 'build/site');
// tools/play.sh keeps its rooms in build/play.db, beside build/site: the same here, under a name of its own.
const dbName = `site-test-${process.pid}.db`;
const db = path.join(path.dirname(siteRoot), dbName);
const removeDb = () => { for (const tail of ['', '-wal', '-shm', '-journal']) rmSync(db + tail, { force: true }); };
after(removeDb);

function run(args) {
  const child = spawn(serverBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const startServer = () => startCarcServer({ db, site: siteRoot });

// The status of a GET of `target` sent as it is (a browser or fetch would fold "..", "//" and "./").
function status(port, target) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', reject);
    request.end();
  });
}

test('the site folder holds what the service worker lists, and the server answers each of them', async () => {
  const server = await startServer();
  try {
    const manifest = JSON.parse(readFileSync(path.join(siteRoot, 'build/wasm/version.json'), 'utf8'));
    const listed = [...Object.keys(manifest.site), ...Object.keys(manifest.build).map((p) => `build/wasm/${p}`),
      'sw.js', 'build/wasm/version.json'];
    assert.ok(listed.includes('index.html') && listed.includes('build/wasm/carcassonne.wasm'), 'version.json lists the game');
    assert.ok(listed.some((p) => p.startsWith('build/wasm/art/')), 'version.json lists the tile art');
    const answers = await Promise.all(listed.map(async (p) => [p, await status(server.port, '/' + p)]));
    assert.deepEqual(answers.filter(([, code]) => code !== 200), [], 'files of version.json that do not answer 200');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

test('every request of the page while it loads and starts a game answers 200', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const answered = [];
    const failed = [];
    // The context's events: the page's requests and the service worker's own.
    context.on('response', (r) => answered.push([r.status(), r.url()]));
    context.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error' && !isOnlineProbeError(m.text())) errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(server.base + 'index.html');
    await page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen, null, { timeout: 60000 });
    await waitFor(page, (s) => s.screen === 'setup' && s.online && s.online.available, 'the game server to answer');
    const started = await startGame(page, 'base');
    assert.ok(started.started, `a game starts (${started.error})`);
    await waitFor(page, (s) => s.artReady === true, 'the tile art', 20000);
    // What the page asks for after the start (a bot's AI worker, the full-size art) comes in too.
    await page.waitForTimeout(1500);
    const served = answered.filter(([, u]) => u.startsWith(server.base));
    assert.ok(served.some(([, u]) => u.endsWith('/build/wasm/carcassonne.wasm')), 'the page loaded the game from the server');
    assert.deepEqual(served.filter(([code]) => code !== 200), [], 'requests that did not answer 200');
    assert.deepEqual(failed, [], 'requests that failed');
    assert.deepEqual(errors, [], 'errors in the page');
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

test('the database, its side files, the build tree and the sources answer 404', async () => {
  const server = await startServer();
  try {
    assert.ok(existsSync(db + '-wal') && existsSync(db + '-shm'), 'SQLite keeps its WAL and SHM beside the database');
    const site = path.basename(siteRoot);
    const targets = [`/${dbName}`, `/${dbName}-wal`, `/${dbName}-shm`, `/../${dbName}`, `/../${dbName}-wal`,
      `/%2e%2e/${dbName}-shm`, `/..%2f${dbName}`, `/%2e%2e%2f${dbName}`, `/build/${dbName}`, `//../${dbName}`,
      `/./../${dbName}`, `/../${site}/../${dbName}`, '/build/play.db', '/build/play.db-wal', '/../play.db',
      '/build/native/CMakeCache.txt', '/../native/CMakeCache.txt', '/../wasm/CMakeCache.txt', '/CMakeLists.txt',
      '/../../CMakeLists.txt', '/%2e%2e/%2e%2e/CMakeLists.txt', '/web/main.cpp', '/server/src/server.cpp',
      '/shell/online.js', '/shell/README.md', '/tools/play.sh', '/tests/browser/run.sh', '/../../tests/browser/run.sh',
      '/.git/HEAD', '/../../.git/HEAD', '/%2egit/HEAD', '/README.md', '/package.json', '/node_modules/',
      '/assets/tilesets/base.tiles', '//index.html', '/./index.html', '/build//wasm/version.json'];
    const answers = await Promise.all(targets.map(async (t) => [t, await status(server.port, t)]));
    assert.deepEqual(answers.filter(([, code]) => code !== 404), [], 'targets that did not answer 404');
    assert.equal(await status(server.port, '/index.html'), 200, 'the page itself is served');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

test('carc-server refuses a database inside the served folder', async () => {
  assert.ok(serverBinary, 'CARC_SERVER names the carc-server binary (tests/browser/run.sh)');
  const inside = path.join(siteRoot, 'build', '..', `refused-${process.pid}.db`);
  const server = run(['--port', '0', '--db', inside, '--static', siteRoot]);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20000);
  const code = await server.exited;
  clearTimeout(timer);
  const refused = path.join(siteRoot, `refused-${process.pid}.db`);
  const created = existsSync(refused);
  for (const tail of ['', '-wal', '-shm', '-journal']) rmSync(refused + tail, { force: true });
  assert.equal(typeof code, 'number', `carc-server started and was killed (${server.output()})`);
  assert.notEqual(code, 0, `carc-server must not start (${server.output()})`);
  assert.match(server.output(), /inside --static/);
  assert.ok(!created, 'the database was not created');
});
