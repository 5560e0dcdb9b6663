// Load-time breakdown of the browser game (docs/load-time.md): serves the site, opens pages in headless
// chromium and prints, as JSON, when each step of start-up happened (ms after navigation), median of
// the runs, cold (empty caches, no service worker) and warm (service worker and HTTP cache filled), per
// page: the setup screen, one seed link per mode, and the floor (the start-up without the game: how
// much of it the platform takes). Run by tools/bench-load.sh.
//
//   node tools/bench-load.mjs [--runs N] [--pages setup,base,...] [--kinds cold,warm] [--site DIR] [--build DIR]
//                             [--timeline FILE] [--warm-profile disk|incognito] [--against DIR] [--cpu-throttle N]
//
// --site: the folder served as the site root (default: the repository); --build: the wasm build served
// as build/wasm/ (default: <site>/build/wasm); --timeline: also write every run's marks and resources
// (when each was asked for and arrived), in time order, to FILE as JSON: for finding a step's gaps.
// --warm-profile: where the warm runs' browser keeps its profile. `disk` (the default): a profile on
// disk, as a returning player's browser has. `incognito`: an off-the-record context (Playwright's
// default), as every warm run was measured before 2026-11-27; its loads are 100-150 ms slower, for
// reasons not pinned down (docs/load-time.md, "Warm in a profile on disk").
// --against: a second site (its build in DIR/build/wasm), measured in the same session load by load
// alternating with the first (ABBA...), so that the machine's load, which swings by more than most
// changes make, weighs on both alike; its figures go to `against` in the JSON (--timeline records the
// first site's loads only).
// --cpu-throttle: slows each page's main thread N times (Chromium's CPU throttling, as DevTools offers
// it: 4 is the usual stand-in for a phone). The browser's other processes (network, caches, GPU) keep
// this machine's speed.
//
// Steps come from the Navigation and Resource Timing entries (what arrived when) and from the
// performance marks "carc:*" that the page (shell/shell.js) and the game (web/load_marks.cpp) set;
// "compiled" from a wrapper of WebAssembly.instantiate* that this script puts in the page.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Seed links: one human against a bot, so the board waits for the human (nothing moves while measured).
const PAGES = {
  setup: 'index.html',
  base: 'index.html?mode=base&players=2&seed=8WQ2K&seats=human,medium',
  'base+tunnel': 'index.html?mode=base%2Btunnel&players=2&seed=8WQ2K&seats=human,medium',
  newworld: 'index.html?mode=newworld&players=2&seed=8WQ2K&seats=human,medium',
  discovery: 'index.html?mode=discovery&players=2&seed=8WQ2K&seats=human,medium',
  goldrush: 'index.html?mode=goldrush&players=2&seed=8WQ2K&seats=human,medium',
  // The start-up without the game (web/load_floor/): SDL2, WebGL2, ImGui and the font, one window.
  floor: 'web/load_floor/index.html',
};
// Pages that never show a board: they end at their first frame.
const BOARDLESS = new Set(['setup', 'floor']);
// The floor has no service worker: its files are served cacheable, so a warm visit takes them from the
// HTTP cache instead.
const CACHEABLE = /^\/(web\/load_floor\/|build\/wasm\/load-floor\.)/;

// The steps, in the order they usually happen. Each is [name, how to read it from a load's entries].
const STEPS = [
  ['html', (e) => e.navigation.responseEnd],
  // The page's own scripts: build/wasm/shell-bundle.js (shell/*.js before it; not the AI worker's).
  ['scripts', (e) => e.resourceEnd(/\/(shell\/(?!ai_worker)[^/]*|shell-bundle)\.js$/, 'max')],
  ['gameScript', (e) => e.resourceEnd(/\/(carcassonne|load-floor)\.js$/)],
  ['wasmFetched', (e) => e.resourceEnd(/\/(carcassonne|load-floor)\.wasm$/)],
  ['dataFetched', (e) => e.resourceEnd(/\/(carcassonne|load-floor)\.data$/)],
  ['compiled', (e) => e.mark('bench:wasm-compiled')],
  ['runtimeInitialized', (e) => e.mark('carc:runtime-initialized')],
  ['mainEntered', (e) => e.mark('carc:main')],
  ['uiReady', (e) => e.mark('carc:ui-ready')],
  ['started', (e) => e.mark('carc:started')],
  ['fontAtlas', (e) => e.mark('carc:font-atlas')],
  ['firstFrame', (e) => e.mark('carc:first-frame')],
  ['artFetched', (e) => e.resourceEnd(/\/art\/[^/]*\.(png|rgba\.gz)$/)],  // .png: builds before the gzipped pixels
  ['artDecoded', (e) => e.mark('carc:art-decoded')],
  ['boardFrame', (e) => e.mark('carc:board-frame')],
  ['boardArtFrame', (e) => e.mark('carc:board-art-frame')],
];

function options(argv) {
  const o = { runs: 5, pages: Object.keys(PAGES), kinds: ['cold', 'warm'], site: root, build: null, timeline: null,
    warmProfile: 'disk', against: null, cpuThrottle: 1, timeout: 60000 };
  for (let i = 0; i < argv.length; i += 2) {
    const [key, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${key}: a value is missing`);
    if (key === '--runs') o.runs = Number(value);
    else if (key === '--pages') o.pages = value.split(',');
    else if (key === '--kinds') o.kinds = value.split(',');
    else if (key === '--site') o.site = path.resolve(value);
    else if (key === '--build') o.build = path.resolve(value);
    else if (key === '--timeline') o.timeline = path.resolve(value);
    else if (key === '--warm-profile') o.warmProfile = value;
    else if (key === '--against') o.against = path.resolve(value);
    else if (key === '--cpu-throttle') o.cpuThrottle = Number(value);
    else throw new Error(`unknown option ${key} (--runs N, --pages setup,base,..., --kinds cold,warm, --site DIR, --build DIR, --timeline FILE, --warm-profile disk|incognito, --against DIR, --cpu-throttle N)`);
  }
  if (!(Number.isInteger(o.runs) && o.runs >= 1)) throw new Error('--runs: a whole number of at least 1');
  for (const p of o.pages) if (!PAGES[p]) throw new Error(`--pages: unknown page ${p} (${Object.keys(PAGES).join(', ')})`);
  for (const k of o.kinds) if (k !== 'cold' && k !== 'warm') throw new Error(`--kinds: cold or warm, not ${k}`);
  if (o.warmProfile !== 'disk' && o.warmProfile !== 'incognito') throw new Error(`--warm-profile: disk or incognito, not ${o.warmProfile}`);
  if (!(o.cpuThrottle >= 1)) throw new Error('--cpu-throttle: a number of at least 1');
  return o;
}

const contentTypes = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.wasm': 'application/wasm', '.data': 'application/octet-stream',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };

// The site root (the repository, as tools/play.sh and tests/browser/run.sh serve it) as a static site,
// with build/wasm/ taken from `buildDir`. Plain files, no compression (localhost). Run in a thread of its
// own (startServer): in this one, Playwright's handling of each navigation's events could hold its
// answers back, where a server elsewhere would not wait (docs/load-time.md, "The tool's server").
function serve({ site, buildDir }) {
  const server = http.createServer((request, response) => {
    let pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (pathname === '/') pathname = '/index.html';
    const file = pathname.startsWith('/build/wasm/') ? path.join(buildDir, pathname.slice('/build/wasm/'.length))
      : path.join(site, pathname);
    if (!file.startsWith(site) && !file.startsWith(buildDir)) return response.writeHead(403).end();
    if (!existsSync(file) || !statSync(file).isFile()) return response.writeHead(404).end();
    const stat = statSync(file);
    const headers = { 'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': stat.size, 'Last-Modified': stat.mtime.toUTCString() };
    if (CACHEABLE.test(pathname)) headers['Cache-Control'] = 'max-age=3600';
    response.writeHead(200, headers);
    createReadStream(file).pipe(response);
  });
  server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
}

// {port, close()} of a server of `site` in a thread of its own.
function startServer(site, buildDir) {
  const thread = new Worker(fileURLToPath(import.meta.url), { workerData: { site, buildDir } });
  return new Promise((resolve, reject) => {
    thread.once('error', reject);
    thread.once('message', (port) => resolve({ port, close: () => thread.terminate() }));
  });
}

// Put in every page before its own scripts: marks when the game's WebAssembly module is compiled and
// instantiated (the page itself is unchanged: the same calls with the same arguments), and says on the
// console when the page reaches its last step, so that the tool waits without running anything in the
// page meanwhile (polling from here would evaluate Playwright's own script on the page's main thread,
// 10-20 ms in the middle of the start).
function pageProbe() {
  for (const name of ['instantiateStreaming', 'instantiate']) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      return original.apply(this, args).then((result) => {
        if (!performance.getEntriesByName('bench:wasm-compiled').length) performance.mark('bench:wasm-compiled');
        return result;
      });
    };
  }
  const lastSteps = new Set(['carc:first-frame', 'carc:board-art-frame']);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (lastSteps.has(entry.name)) console.debug(`bench:reached ${entry.name}`);
  }).observe({ type: 'mark', buffered: true });
}

// Opens `address` in a new page of `context`, waits for the last step the page reaches (the board
// with its art; the first frame for the setup screen and the floor) and returns each step's time.
async function load(context, base, address, expectBoard, o) {
  const page = await context.newPage();
  if (o.cpuThrottle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: o.cpuThrottle });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const last = expectBoard ? 'carc:board-art-frame' : 'carc:first-frame';
  const reached = page.waitForEvent('console', { predicate: (message) => message.text() === `bench:reached ${last}`, timeout: o.timeout });
  reached.catch(() => {});  // awaited below; a failed navigation must not leave it unhandled
  await page.goto(base + address);
  await reached;
  const entries = await page.evaluate(() => ({
    navigation: performance.getEntriesByType('navigation')[0].toJSON(),
    resources: performance.getEntriesByType('resource').map((r) => ({ name: r.name, startTime: r.startTime,
      responseEnd: r.responseEnd, transferSize: r.transferSize, encodedBodySize: r.encodedBodySize,
      workerStart: r.workerStart })),
    marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, startTime: m.startTime })),
    // Served by the service worker (a warm visit), not the network.
    controlled: performance.getEntriesByType('navigation')[0].workerStart > 0,
  }));
  await page.close();
  if (errors.length) throw new Error(`${address}: page errors: ${errors.join('; ')}`);
  const reader = {
    navigation: entries.navigation,
    resourceEnd: (pattern, pick) => {
      const ends = entries.resources.filter((r) => pattern.test(new URL(r.name).pathname)).map((r) => r.responseEnd);
      if (!ends.length) return null;
      return pick === 'max' ? Math.max(...ends) : Math.min(...ends);
    },
    mark: (name) => {
      const found = entries.marks.find((m) => m.name === name);
      return found ? found.startTime : null;
    },
  };
  const steps = {};
  for (const [name, read] of STEPS) {
    const ms = read(reader);
    steps[name] = ms === null ? null : Math.round(ms);
  }
  return { steps, serviceWorker: entries.controlled, timeline: timeline(entries) };
}

// Every mark and resource of a load, in time order: [ms, what] (a resource: asked for, then arrived).
function timeline(entries) {
  const events = entries.marks.map((m) => [m.startTime, m.name]);
  for (const r of entries.resources) {
    const name = new URL(r.name).pathname;
    events.push([r.startTime, `asked ${name}`], [r.responseEnd, `arrived ${name}`]);
  }
  return events.sort((a, b) => a[0] - b[0]).map(([ms, what]) => [Math.round(ms), what]);
}

// Waits until the service worker has a complete cache of the build (the warm runs are served from it).
async function waitForOfflineCache(context, base, timeout) {
  const page = await context.newPage();
  await page.goto(base + 'index.html');
  await page.waitForFunction(async () => {
    if (!window.carcassonneOffline) return false;
    const status = await window.carcassonneOffline.status();
    return !!(status && status.current && status.building.length === 0);
  }, null, { timeout, polling: 200 });
  await page.close();
}

function median(values) {
  const known = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (!known.length) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid] : Math.round((known[mid - 1] + known[mid]) / 2);
}

function chromiumVersion(executable) {
  try {
    return execFileSync(executable, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

// Measures `runs` loads of page `name`, `kind` (cold or warm), of every site in `sites` ({base}), the
// sites' loads alternating (the order flipped every run). Returns each site's loads.
async function measurePage(o, browser, launch, sites, kind, name) {
  const viewport = { width: 1280, height: 800 };
  const expectBoard = !BOARDLESS.has(name);
  const loads = sites.map(() => []);
  const order = (i) => (i % 2 ? [...sites.keys()].reverse() : [...sites.keys()]);
  if (kind === 'cold') {
    for (let i = 0; i < o.runs; ++i) {
      for (const s of order(i)) {
        const context = await browser.newContext({ viewport });  // empty caches, no service worker
        await context.addInitScript(pageProbe);
        loads[s].push(await load(context, sites[s].base, PAGES[name], expectBoard, o));
        await context.close();
      }
    }
    return loads;
  }
  // One profile a site for all its runs: the first visit fills the service worker's cache and the HTTP
  // cache; each run is a new page (a new visit) in the same profile.
  const opened = [];
  try {
    for (const site of sites) {
      const profile = o.warmProfile === 'disk' ? mkdtempSync(path.join(os.tmpdir(), 'carc-bench-profile-')) : null;
      const context = profile ? await chromium.launchPersistentContext(profile, { ...launch, viewport })
        : await browser.newContext({ viewport });
      opened.push({ context, profile });
      await context.addInitScript(pageProbe);
      if (name !== 'floor') await waitForOfflineCache(context, site.base, o.timeout);
      await load(context, site.base, PAGES[name], expectBoard, o);  // the mode's art cached too
    }
    for (let i = 0; i < o.runs; ++i)
      for (const s of order(i)) loads[s].push(await load(opened[s].context, sites[s].base, PAGES[name], expectBoard, o));
  } finally {
    for (const { context, profile } of opened) {
      await context.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    }
  }
  return loads;
}

function summary(runs) {
  const medians = {};
  for (const [step] of STEPS) medians[step] = median(runs.map((r) => r.steps[step]));
  return { median: medians, serviceWorker: runs.every((r) => r.serviceWorker), runs: runs.map((r) => r.steps) };
}

async function main() {
  const o = options(process.argv.slice(2));
  const buildDir = o.build ?? path.join(o.site, 'build/wasm');
  if (!existsSync(path.join(buildDir, 'carcassonne.wasm'))) throw new Error(`${buildDir}/carcassonne.wasm missing: build the wasm preset`);
  const againstBuild = o.against && path.join(o.against, 'build/wasm');
  if (againstBuild && !existsSync(path.join(againstBuild, 'carcassonne.wasm'))) throw new Error(`${againstBuild}/carcassonne.wasm missing`);
  const servers = [await startServer(o.site, buildDir)];
  if (o.against) servers.push(await startServer(o.against, againstBuild));
  const sites = servers.map((server) => ({ base: `http://127.0.0.1:${server.port}/` }));
  const executable = process.env.CHROMIUM ?? '/usr/bin/chromium';
  const launch = { executablePath: executable, args: ['--no-sandbox', '--disable-quic',
    '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--use-gl=swiftshader', '--enable-unsafe-swiftshader'] };
  const browser = await chromium.launch(launch);
  const size = (file) => (existsSync(file) ? statSync(file).size : null);
  const sizes = (dir) => ({ wasm: size(path.join(dir, 'carcassonne.wasm')), data: size(path.join(dir, 'carcassonne.data')),
    js: size(path.join(dir, 'carcassonne.js')) });
  const report = {
    machine: { cores: os.cpus().length, loadAverageBefore: os.loadavg().map((l) => Number(l.toFixed(2))),
      chromium: chromiumVersion(executable) },
    runs: o.runs,
    warmProfile: o.warmProfile,
    cpuThrottle: o.cpuThrottle,
    unit: 'ms after navigation start, median of the runs',
    bytes: sizes(buildDir),
    steps: STEPS.map(([name]) => name),
    results: {},
  };
  if (o.against) report.against = { site: o.against, bytes: sizes(againstBuild), results: {} };
  const timelines = [];
  try {
    for (const kind of o.kinds) {
      report.results[kind] = {};
      if (o.against) report.against.results[kind] = {};
      for (const name of o.pages) {
        const [runs, againstRuns] = await measurePage(o, browser, launch, sites, kind, name);
        report.results[kind][name] = summary(runs);
        if (o.against) report.against.results[kind][name] = summary(againstRuns);
        if (o.timeline) timelines.push(...runs.map((r, i) => ({ kind, page: name, run: i + 1, events: r.timeline })));
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) server.close();
  }
  report.machine.loadAverageAfter = os.loadavg().map((l) => Number(l.toFixed(2)));
  if (o.timeline) writeFileSync(o.timeline, JSON.stringify(timelines, null, 1) + '\n');
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
}

if (isMainThread) {
  main().catch((error) => {
    console.error(`bench-load: ${error.message}`);
    process.exit(1);
  });
} else {
  serve(workerData);  // startServer's thread
}
