// The load-time measuring tool (tools/bench-load.mjs, docs/load-time.md) keeps working: one run, cold
// and warm, of the setup screen, a seed link and the floor (the start-up without the game), gives a
// breakdown in which every step the page passes was seen. Times are printed by the tool, never asserted here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The floor's page (web/load_floor/) is no part of the deployed site folder (CARC_SITE_ROOT): this one
// serves the repository, as the tool does by default.
test('bench-load: a breakdown with every step, cold and warm', { timeout: 240000 }, () => {
  const args = [path.join(root, 'tools/bench-load.mjs'), '--runs', '1', '--pages', 'setup,goldrush,floor', '--kinds', 'cold,warm',
    '--site', root];
  if (process.env.CARC_WASM_DIR) args.push('--build', path.resolve(root, process.env.CARC_WASM_DIR));
  const report = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', timeout: 230000 }));
  assert.equal(report.runs, 1);
  assert.equal(report.warmProfile, 'disk', 'warm runs in a profile on disk, as a returning player\'s browser has');
  assert.equal(report.against, undefined, 'one site');
  assert.ok(report.machine.cores >= 1 && report.machine.loadAverageBefore.length === 3);
  for (const file of ['wasm', 'data', 'js']) assert.ok(report.bytes[file] > 0, `size of ${file}`);
  const gameSteps = report.steps;
  // Steps only a game (not the setup screen) passes through.
  const boardOnly = new Set(['artFetched', 'artDecoded', 'boardFrame', 'boardArtFrame']);
  // The floor has no shell, no game to start and no service worker (its warm visits use the HTTP cache).
  const gameOnly = new Set([...boardOnly, 'scripts', 'runtimeInitialized', 'started']);
  for (const kind of ['cold', 'warm']) {
    for (const page of ['setup', 'goldrush', 'floor']) {
      const result = report.results[kind][page];
      assert.ok(result, `${kind} ${page} measured`);
      assert.equal(result.runs.length, 1);
      assert.equal(result.serviceWorker, kind === 'warm' && page !== 'floor',
        `${kind} ${page}: served by the service worker only when warm, and never the floor`);
      for (const step of gameSteps) {
        const ms = result.median[step];
        const absent = (page === 'setup' && boardOnly.has(step)) || (page === 'floor' && gameOnly.has(step));
        if (absent) assert.equal(ms, null, `${kind} ${page}: no ${step}`);
        else assert.ok(Number.isFinite(ms) && ms >= 0, `${kind} ${page}: ${step} seen (${ms})`);
      }
      // The order the tool's reader relies on: what a frame shows comes after the frame's inputs.
      const m = result.median;
      assert.ok(m.mainEntered <= m.firstFrame && m.fontAtlas <= m.firstFrame, `${kind} ${page}: frame after start-up`);
      if (page === 'goldrush') assert.ok(m.artDecoded <= m.boardArtFrame && m.boardFrame <= m.boardArtFrame, `${kind} ${page}: art before the board with art`);
    }
  }
});

// Two builds compared in one session (--against): both measured, their loads alternating.
test('bench-load --against: the second site measured alongside, every step seen', { timeout: 240000 }, () => {
  const site = process.env.CARC_SITE_ROOT ?? root;
  const args = [path.join(root, 'tools/bench-load.mjs'), '--runs', '2', '--pages', 'goldrush', '--kinds', 'cold,warm',
    '--site', site, '--against', site];
  if (process.env.CARC_WASM_DIR) args.push('--build', path.resolve(root, process.env.CARC_WASM_DIR));
  const report = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', timeout: 230000 }));
  assert.equal(report.against.site, path.resolve(site));
  for (const kind of ['cold', 'warm']) {
    for (const results of [report.results, report.against.results]) {
      const result = results[kind].goldrush;
      assert.equal(result.runs.length, 2, `${kind}: two loads of each site`);
      assert.equal(result.serviceWorker, kind === 'warm', `${kind}: the service worker serves the warm loads only`);
      for (const step of report.steps) assert.ok(result.runs.every((r) => Number.isFinite(r[step])), `${kind}: ${step} seen in every load`);
    }
  }
});

// A slower CPU (--cpu-throttle, the phone stand-in): recorded in the report, every step still seen.
test('bench-load --cpu-throttle: the page measured with its main thread slowed', { timeout: 240000 }, () => {
  const site = process.env.CARC_SITE_ROOT ?? root;
  const tool = path.join(root, 'tools/bench-load.mjs');
  const args = [tool, '--runs', '1', '--pages', 'setup', '--kinds', 'cold', '--cpu-throttle', '2', '--site', site];
  if (process.env.CARC_WASM_DIR) args.push('--build', path.resolve(root, process.env.CARC_WASM_DIR));
  const report = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', timeout: 230000 }));
  assert.equal(report.cpuThrottle, 2);
  const setup = report.results.cold.setup.median;
  for (const step of ['html', 'compiled', 'mainEntered', 'uiReady', 'fontAtlas', 'firstFrame']) assert.ok(Number.isFinite(setup[step]), `${step} seen`);
  assert.throws(() => execFileSync(process.execPath, [tool, '--cpu-throttle', '0.5'], { encoding: 'utf8', stdio: 'pipe' }), /--cpu-throttle/);
});
