// Shared by the browser tests: opening the game in headless chromium, reading the test hook, real
// mouse clicks on the canvas, screenshots checked for blank frames, and playing turns.
// Started by tests/browser/run.sh, which serves the repository and sets CARC_URL.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { distinctColours } from './png_stats.mjs';

export const url = process.env.CARC_URL ?? 'http://localhost:8080/';
export const shots = process.env.CARC_SCREENSHOTS ?? path.resolve('build/screenshots');
mkdirSync(shots, { recursive: true });

export const chromiumFlags = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'];

// The page looks for a game server at its own origin (shell/online.js); on a host without one (the
// plain static server most tests use) the browser reports the failed WebSocket as a console error.
export const isOnlineProbeError = (text) => /^WebSocket connection to 'wss?:\/\/[^']*\/ws' failed/.test(text);

export function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: chromiumFlags });
}

// Opens the game (`address`: what follows the site root, e.g. 'index.html?mode=base#...'; `context`:
// more of Playwright's page options, e.g. {hasTouch: true}; `beforeLoad(page)`: runs before the page
// loads, e.g. to slow the CPU down).
export async function openGame(viewport = { width: 1280, height: 800 }, deviceScaleFactor = 1, address = '', context = {},
  beforeLoad = null) {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport, deviceScaleFactor, ...context });
  if (beforeLoad) await beforeLoad(page);
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' && !isOnlineProbeError(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url + address);
  await page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen, null, { timeout: 60000, polling: 10 });
  // Measured, not asserted: time from navigation start to the first frame the game drew.
  const firstFrameMs = await page.evaluate(() => performance.now());
  return { browser, page, errors, firstFrameMs };
}

export const state = (page) => page.evaluate(() => window.carcassonne.testState());

export async function waitFor(page, predicate, what, timeout = 60000) {
  const start = Date.now();
  for (;;) {
    const s = await state(page);
    if (predicate(s)) return s;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}; last state: ${JSON.stringify(s).slice(0, 400)}`);
    await page.waitForTimeout(50);
  }
}

// A real click: move, let a frame see the hover, press, release.
export async function clickAt(page, x, y) {
  await page.mouse.move(x, y);
  await page.waitForTimeout(80);
  await page.mouse.down();
  await page.waitForTimeout(50);
  await page.mouse.up();
  await page.waitForTimeout(80);
}

export async function clickButton(page, name) {
  const s = await waitFor(page, (st) => st.buttons && st.buttons[name], `button ${name}`, 10000);
  await clickAt(page, s.buttons[name].x, s.buttons[name].y);
}

export async function screenshot(page, name) {
  let png = await page.screenshot({ path: path.join(shots, `${name}.png`) });
  // A frame in flight (on a busy machine for seconds): look again, three times, before calling it blank.
  for (let again = 0; again < 3 && distinctColours(png) <= 20; again++) {
    await page.waitForTimeout(1000);
    png = await page.screenshot({ path: path.join(shots, `${name}.png`) });
  }
  const colours = distinctColours(png);
  assert.ok(colours > 20, `${name}: the canvas looks blank (${colours} colours)`);
  return png;
}

// Starts a game of `modeId` (null: the default mode). Returns the play state, or the setup error
// when the engine cannot start that mode.
export async function startGame(page, modeId) {
  const setup = await waitFor(page, (s) => s.screen === 'setup' && s.buttons.start, 'the setup screen');
  // Opening a combo takes a frame or two; try again if a click came too early.
  for (let attempt = 0; modeId && attempt < 4; attempt++) {
    const s = await state(page);
    if (s.mode === modeId) break;
    if (!s.buttons[`mode:${modeId}`]) {
      await clickButton(page, 'mode');
      await page.waitForTimeout(300);
    }
    const open = await state(page);
    if (open.buttons[`mode:${modeId}`]) await clickAt(page, open.buttons[`mode:${modeId}`].x, open.buttons[`mode:${modeId}`].y);
    await page.waitForTimeout(300);
  }
  if (modeId) await waitFor(page, (s) => s.mode === modeId, `mode ${modeId} selected`, 10000);
  await clickButton(page, 'start');
  const s = await waitFor(page, (st) => st.screen === 'play' || st.setupError, 'the game to start');
  return s.screen === 'play' ? { started: true, state: s } : { started: false, error: s.setupError };
}

// Loads a record through the page's interface (shell/README.md); seats: "human,hard", ...
export async function startRecord(page, record, seats) {
  await waitFor(page, (s) => s.screen === 'setup', 'the setup screen');
  const error = await page.evaluate(([r, s]) => window.carcassonne.startRecord(r, s), [record, seats]);
  assert.equal(error, '', `the record loads: ${error}`);
  return waitFor(page, (s) => s.screen === 'play', 'the loaded game');
}

// The state once the camera has stopped gliding (it follows a newly laid tile for a moment): two
// looks 100 ms apart that put every legal cell in the same place. A click on a cell read while the
// board still moves can miss it.
export async function settledCells(page) {
  let last = await state(page);
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const now = await state(page);
    if (JSON.stringify(now.cells) === JSON.stringify(last.cells)) return now;
    last = now;
  }
  return last;
}

// Plays `turns` human turns: places on a legal cell, takes the first follower spot once (passes
// otherwise; a step without pass takes its first spot or button), and confirms. Returns the turns played.
export async function playHumanTurns(page, turns, name) {
  let played = 0;
  let placedFollower = false;
  let fittedBefore = -1;  // the tile count when F last fitted the board
  let steps = 0;
  while (played < turns) {
    const s = await waitFor(page, (st) => ['place', 'act', 'choose', 'confirm', 'over', 'handover'].includes(st.phase), 'a human step', 60000);
    steps++;
    assert.ok(steps < turns * 12, `a human turn ends after a few steps (last state ${JSON.stringify(s).slice(0, 300)})`);
    if (s.phase === 'over') break;
    if (s.phase === 'handover') {
      await clickButton(page, 'handoverReady');
      continue;
    }
    if (s.phase === 'place') {
      assert.ok(s.cells.length > 0, 'a tile in hand has legal cells');
      const before = s.placed;
      const view = page.viewportSize();
      // Cells on screen and not under a window (the hook marks those covered); away from the edges if
      // there are any, else (once F has fitted the board) any of them: after fitting, the only legal
      // cells may lie by the side panel.
      const onScreen = (await settledCells(page)).cells.filter((c) => !c.covered && c.x > 10 && c.y > 10 && c.x < view.width - 10 && c.y < view.height - 10);
      const central = onScreen.filter((c) => c.x < view.width - 400 && c.y < view.height - 120);
      const visible = central.length ? central : fittedBefore === before ? onScreen : [];
      if (!visible.length) {  // the legal cells are off screen: F fits the whole board
        await page.mouse.move(40, 40);
        await page.keyboard.press('f');
        await page.waitForTimeout(1200);
        fittedBefore = before;
        continue;
      }
      const cell = visible[played % visible.length];
      await page.mouse.move(cell.x, cell.y);
      await page.waitForTimeout(100);
      await page.keyboard.press('r');  // rotate the ghost: a legal rotation is always shown
      await page.waitForTimeout(100);
      await clickAt(page, cell.x, cell.y);
      await waitFor(page, (st) => st.placed === before + 1, 'the tile to be placed', 10000);
    } else if (s.phase === 'act' || s.phase === 'choose') {
      const follower = s.spots.find((sp) => !sp.covered && sp.action.startsWith('follower'));
      if (follower && !placedFollower) {
        await clickAt(page, follower.x, follower.y);
        placedFollower = true;
      } else if (s.buttons.pass) {
        await clickButton(page, 'pass');
      } else if (s.spots.length) {
        await clickAt(page, s.spots[0].x, s.spots[0].y);
      } else {
        const ui = ['rotate', 'undo', 'takeover', 'newGame', 'confirm', 'showResults'];
        const action = Object.keys(s.buttons).find((b) => !ui.includes(b));
        assert.ok(action, `a ${s.phase} step offers something to do`);
        await clickButton(page, action);
      }
      await page.waitForTimeout(100);
    } else if (s.phase === 'confirm') {
      if (played === 0) await screenshot(page, `${name}-confirm-step`);
      await clickButton(page, 'confirm');
      await waitFor(page, (st) => st.phase !== 'confirm', 'the turn to end', 10000);
      played++;
    }
  }
  return played;
}

export async function finishWithBots(page, name) {
  for (let attempt = 0; attempt < 5 && (await state(page)).humans > 0; attempt++) {
    await clickButton(page, 'takeover');
    await page.waitForTimeout(200);
  }
  assert.equal((await state(page)).humans, 0, 'every seat is a bot now');
  await page.mouse.move(40, 40);
  for (let i = 0; i < 3; i++) await page.keyboard.press(']');  // bot speed: instant
  const end = await waitFor(page, (s) => s.over && s.resultsShown, 'the end screen', 180000);
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-end`);
  return end;
}


// ---- the game server (carc-server) for the online tests
// Starts tests/browser/run.sh's carc-server (CARC_SERVER) on 127.0.0.1: `db` its database (a file, or
// a postgresql:// URI), `port` 0 for a free one, `site` the folder it serves (CARC_SITE_ROOT), `args`
// more options (e.g. ['--replace-after', '2']). Resolves once it listens, with its child process, its
// page address `base`, its `port`, everything it printed (`log()`) and `kill()` (SIGKILL, resolved
// when it has exited). Rejects with its output if it exits or says nothing for 20 s.
export async function startCarcServer({ db, port = 0, site = process.env.CARC_SITE_ROOT ?? path.resolve('.'), args = [] }) {
  const binary = process.env.CARC_SERVER;
  assert.ok(binary, 'CARC_SERVER names the carc-server binary (tests/browser/run.sh)');
  const child = spawn(binary, ['--port', String(port), '--db', db, '--static', site, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (d) => { output += d; });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const listening = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`carc-server did not start: ${output}`)), 20000);
    child.stdout.on('data', (d) => {
      output += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ base: m[1] + '/', port: Number(m[2]) });
      }
    });
    exited.then((code) => { clearTimeout(timer); reject(new Error(`carc-server exited (${code}): ${output}`)); });
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return exited;
  };
  return { child, ...listening, exited, log: () => output, kill };
}
