// Counts the V8 WebAssembly trace events of a few loads of a seed link in headless chromium, to see
// whether a load compiles the game's module or takes it from the browser's code cache (docs/load-time.md,
// "A quiet machine, and the compiled-code cache"). The site must be served already, e.g.
//
//   python3 -m http.server 8765 --bind 127.0.0.1 &
//   node tools/wasm-compile-trace.mjs http://127.0.0.1:8765/ [loads] [ms to stay on each page] [module.wasm]
//
// Prints one JSON line per load: event name -> count. A cache hit shows as wasm "cache" events and no
// streaming compilation of the game's module; a cache write needs the module to stay open long enough.
// This Chromium writes a module late in a visit if at all, unless told to write it at once
// (--js-flags=--wasm-caching-timeout-ms=0), and gives none to a preloaded response, which the game's
// module is (index.html; docs/load-time.md, "The module's compiled code, once more").
// `lazyOnMain`: the functions compiled on first call on the page's main thread up to the board with its
// art (count, ms, and with the served module's file given, their bytes and the ten slowest, named when
// it was linked with --profiling-funcs: docs/load-time.md, "One function of 212 KB").
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { functionBodies } from './wasm-functions.mjs';

const [site, loads = '3', stay = '6000', moduleFile] = process.argv.slice(2);
if (!site) throw new Error('usage: node tools/wasm-compile-trace.mjs SITE_URL [loads] [stay_ms] [module.wasm]');
const bodies = moduleFile ? new Map(functionBodies(readFileSync(moduleFile)).map((f) => [f.index, f])) : null;
// The page's main thread's first-call compilations until the board with its art was marked (the mark is
// in the trace too: blink.user_timing).
function lazyOnMain(trace) {
  const board = trace.traceEvents.find((e) => e.name === 'carc:board-art-frame');  // set on the main thread
  const compiled = trace.traceEvents.filter((e) => e.name === 'wasm.CompileLazy' && board && e.tid === board.tid &&
    e.pid === board.pid && e.ts <= board.ts);
  const ms = (us) => Math.round(us / 100) / 10;
  const summary = { count: compiled.length, ms: ms(compiled.reduce((sum, e) => sum + (e.dur ?? 0), 0)) };
  if (bodies) {
    const body = (e) => bodies.get(e.args?.func_index);
    summary.bytes = compiled.reduce((sum, e) => sum + (body(e)?.bytes ?? 0), 0);
    summary.slowest = [...compiled].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 10)
      .map((e) => ({ index: e.args?.func_index, ms: ms(e.dur ?? 0), bytes: body(e)?.bytes, name: body(e)?.name }));
  }
  return summary;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'] });
// The HTTP cache only (the service worker is a second path; the result was the same with it).
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
const address = new URL('index.html?mode=base&players=2&seed=8WQ2K&seats=human,medium', site).href;
try {
  for (let i = 0; i < Number(loads); ++i) {
    const page = await context.newPage();
    // Blink reports the module's cache writes and hits (v8.wasm.cachedModule, v8.wasm.moduleCacheHit) in
    // the devtools timeline category, not in V8's own.
    await browser.startTracing(page, { categories: ['v8.wasm', 'disabled-by-default-v8.wasm.detailed', 'v8',
      'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
    await page.goto(address);
    await page.waitForFunction(() => performance.getEntriesByName('carc:board-art-frame').length > 0, null,
      { timeout: 60000 });
    await page.waitForTimeout(Number(stay));
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const counts = {};
    for (const event of trace.traceEvents) if (/wasm/i.test(event.name)) counts[event.name] = (counts[event.name] ?? 0) + 1;
    console.log(JSON.stringify({ load: i, events: counts, lazyOnMain: lazyOnMain(trace) }));
    await page.close();
  }
} finally {
  await browser.close();
}
