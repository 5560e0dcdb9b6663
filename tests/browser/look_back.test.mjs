// Undo and hints (issue 16, web/look_back.cpp), through real clicks and the read-only test hook.
// - Undo: a human plays a turn against the hard AI, undoes it (the AI's reply goes too), plays the same
//   turn again: the page's record (carc_record_text) equals the record of never having undone, since
//   the seed deals the same tiles and the AI thinks alike. Undo is not offered once another human has
//   played (hot seat), and not at all online.
// - Hint: the move the page shows for a position equals `carc hint` (the native hard AI, seeded as the
//   page seeds it) on the page's record at that point; a ghost tile is drawn where the hint says.
// - The end screen counts the undos and hints; desktop, phone and Romanian screenshots.
// Started by tests/browser/run.sh (CARC_URL, CARC_CLI, CARC_SERVER, CARC_SITE_ROOT, CARC_SERVER_TMP).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clickAt, clickButton, launchBrowser, openGame, screenshot, settledCells, shots, startCarcServer, state, waitFor } from './helpers.mjs';
import { decodePng } from './png_stats.mjs';

const cli = process.env.CARC_CLI;
const temporary = mkdtempSync(path.join(process.env.CARC_SERVER_TMP ?? os.tmpdir(), 'carc-look-back-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const recordText = (page) => page.evaluate(() => window.carcassonne.recordText());

// The part of the page where the board shows (the side panel takes the right, or the bottom on a phone).
function boardArea(view) {
  return view.width < 720 ? { right: view.width, bottom: view.height * 0.58 - 60 } : { right: view.width - 400, bottom: view.height - 120 };
}

// One human turn, the same every time for the same position: the legal cell nearest the board's top
// left (in board coordinates) in the rotation the page offers first, no follower, confirm.
async function playFixedTurn(page) {
  for (let steps = 0; steps < 12; steps++) {
    const s = await waitFor(page, (st) => ['place', 'act', 'choose', 'confirm'].includes(st.phase), 'a human step');
    if (s.phase === 'place') {
      const area = boardArea(page.viewportSize());
      const cells = (await settledCells(page)).cells.filter((c) => !c.covered && c.x > 10 && c.y > 10 && c.x < area.right && c.y < area.bottom);
      assert.ok(cells.length, 'a legal cell in view');
      cells.sort((a, b) => a.by - b.by || a.bx - b.bx);
      const cell = cells[0];
      await page.mouse.move(cell.x, cell.y);
      await page.waitForTimeout(150);
      await clickAt(page, cell.x, cell.y);
      await waitFor(page, (st) => st.placed === s.placed + 1, 'the tile placed', 10000);
    } else if (s.phase === 'act' || s.phase === 'choose') {
      if (s.buttons.pass) await clickButton(page, 'pass');
      else await clickAt(page, s.spots[0].x, s.spots[0].y);
      await page.waitForTimeout(100);
    } else {
      // The action bar sizes itself to its contents a frame late: let it settle, and click again
      // should the first click come while the button was still moving.
      for (let attempt = 0; ; attempt++) {
        await page.waitForTimeout(200);
        await clickButton(page, 'confirm');
        try {
          await waitFor(page, (st) => st.phase !== 'confirm', 'the turn confirmed', 3000);
          return;
        } catch (e) {
          if (attempt === 2) {
            await page.screenshot({ path: path.join(shots, 'look-back-not-confirmed.png') });
            throw e;
          }
        }
      }
    }
  }
  assert.fail('a turn ends within a few steps');
}

// Waits until the human in `seat` is to place a tile again (the bots have played).
const humanToPlace = (page, seat, turn) =>
  waitFor(page, (s) => s.phase === 'place' && s.active === seat && s.turn > turn && !s.botThinking, `seat ${seat} to move after turn ${turn}`, 120000);

test('undo: take back a turn against the hard AI and play it again: the same record', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, 'index.html?mode=base&players=2&seed=8WQ2K&seats=human,hard&speed=3');
  try {
    const first = await waitFor(page, (s) => s.phase === 'place' && s.active === 0, 'the first turn');
    assert.equal(first.undoOffered, false, 'nothing to undo before the first turn');
    assert.equal(first.buttons.undoTurn, undefined);
    const start = await recordText(page);

    await playFixedTurn(page);
    const played = await humanToPlace(page, 0, first.turn);
    const never = await recordText(page);  // the record of never having undone
    assert.ok(never.length > start.length, 'the turn and the reply are in the record');
    assert.equal(played.undoOffered, true, 'the human may take back their turn: only the AI played since');
    await screenshot(page, 'look-back-undo-offered');

    await clickButton(page, 'undoTurn');
    const undone = await waitFor(page, (s) => s.turn === first.turn && s.phase === 'place' && s.undos[0] === 1, 'the turn undone');
    assert.equal(await recordText(page), start, 'the record is cut before the turn');
    assert.deepEqual(undone.scores, first.scores);
    assert.equal(undone.undoOffered, false, 'nothing left to undo');
    await screenshot(page, 'look-back-undone');

    await playFixedTurn(page);
    await humanToPlace(page, 0, first.turn);
    assert.equal(await recordText(page), never, 'replaying the same turn gives the record of never having undone');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('undo: hot seat, never after another human has played', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, 'index.html?mode=base&players=3&seed=H0T5&seats=human,hard,human&speed=3');
  try {
    const first = await waitFor(page, (s) => s.phase === 'place' && s.active === 0, 'the first turn');
    await playFixedTurn(page);
    const third = await humanToPlace(page, 2, first.turn);
    assert.equal(third.undoOffered, false, 'seat 2 never played; seat 0 played since the AI');
    assert.equal(third.buttons.undoTurn, undefined, 'no Undo button');
    await playFixedTurn(page);
    const again = await humanToPlace(page, 0, third.turn);
    assert.equal(again.undoOffered, false, 'seat 2 played after seat 0');
    assert.equal(again.buttons.undoTurn, undefined);
    await screenshot(page, 'look-back-hot-seat');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// Distinct colours in a square of the screenshot, and how many of its edge pixels have the hint's
// outline colour (light blue).
function region(png, cx, cy, size) {
  const { width, channels, pixels } = decodePng(png);
  const colours = new Set();
  let outline = 0;
  const half = Math.floor(size / 2);
  for (let y = cy - half; y < cy + half; y++) {
    for (let x = cx - half; x < cx + half; x++) {
      const o = (y * width + x) * channels;
      const [r, g, b] = [pixels[o], pixels[o + 1], pixels[o + 2]];
      const inner = Math.abs(x - cx) < half * 0.6 && Math.abs(y - cy) < half * 0.6;
      if (inner) colours.add((r << 16) | (g << 8) | b);
      else if (b > 200 && g > 170 && r < 190) outline++;
    }
  }
  return { colours: colours.size, outline };
}

async function askHint(page) {
  await clickButton(page, 'hint');
  const s = await waitFor(page, (st) => st.hint && !st.hint.thinking && st.hint.actions.length > 0 && st.hintGhost, 'the hint', 120000);
  assert.equal(s.hintOffered, false, 'one hint per turn');
  return s;
}

// The native hard AI's turn for the page's position (tools/carc/cmd_hint.cpp).
function nativeHint(record, name) {
  assert.ok(cli, 'CARC_CLI names the carc binary (tests/browser/run.sh)');
  const file = path.join(temporary, `${name}.carc`);
  writeFileSync(file, record);
  return JSON.parse(execFileSync(cli, ['hint', file], { encoding: 'utf8' }));
}

test('hint: the hard AI\'s move as native code computes it, drawn as a ghost; counted at the end', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, 'index.html?mode=base&players=2&seed=41NT&seats=human,greedy&speed=3');
  try {
    const first = await waitFor(page, (s) => s.phase === 'place' && s.hintOffered && s.buttons.hint, 'the hint offered');
    // A turn in, so the hint is for a position with some history.
    await playFixedTurn(page);
    const before = await humanToPlace(page, 0, first.turn);
    await page.mouse.move(5, 5);  // the player's own ghost follows the mouse: keep it off the board
    const pngBefore = await page.screenshot();
    const hinted = await askHint(page);
    const native = nativeHint(await recordText(page), 'desktop');
    assert.equal(native.player, 0);
    assert.equal(native.turn, before.turn);
    assert.deepEqual(hinted.hint.actions, native.actions, 'the page shows the native hard AI\'s turn');
    assert.equal(hinted.hint.lead, native.lead, 'and its estimate');
    assert.match(native.actions[0], /^place /);
    assert.equal(hinted.hints[0], 1);
    await page.waitForTimeout(200);
    const png = await screenshot(page, 'look-back-hint-desktop');
    const ghost = (await state(page)).hintGhost;
    const without = region(pngBefore, ghost.x, ghost.y, ghost.size);
    const withGhost = region(png, ghost.x, ghost.y, ghost.size);
    assert.ok(withGhost.colours > 12 && withGhost.colours > 3 * without.colours,
      `a tile is drawn where the hint is (${without.colours} -> ${withGhost.colours} colours)`);
    assert.ok(withGhost.outline > ghost.size, `the ghost's outline shows (${withGhost.outline} pixels)`);

    // Undo once, then let the bots finish: the end screen counts both.
    await playFixedTurn(page);
    await humanToPlace(page, 0, before.turn);
    await clickButton(page, 'undoTurn');
    const undone = await waitFor(page, (s) => s.undos[0] === 1 && s.turn === before.turn, 'the turn undone');

    // A reload resumes the autosave with both counts (and the record) as they were.
    const recordBefore = await recordText(page);
    await page.reload();
    await page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen === 'play', null, { timeout: 60000, polling: 10 });
    const resumed = await waitFor(page, (s) => s.phase === 'place' && s.turn === undone.turn, 'the autosave resumed');
    assert.deepEqual(resumed.undos, [1, 0], 'undos kept across the reload');
    assert.deepEqual(resumed.hints, [1, 0], 'hints kept across the reload');
    assert.equal(resumed.hintsAllowed, true);
    assert.equal(await recordText(page), recordBefore);
    // Counts that do not fit the game are refused and change nothing.
    const restore = (value) => page.evaluate((v) => window.carcassonne.restoreLookBack(v), value);
    assert.match(await restore({ undos: [1, 0, 0], hints: [0, 0], hintsAllowed: true }), /do not fit/);
    assert.match(await restore({ undos: [-1, 0], hints: [0, 0], hintsAllowed: true }), /^lookBack: /);
    assert.match(await restore({ undos: [0, 0], hints: 'x', hintsAllowed: true }), /^lookBack: not /);
    assert.match(await restore(null), /^lookBack: not /);
    assert.deepEqual((await state(page)).undos, [1, 0]);
    assert.equal(await restore({ undos: [1, 0], hints: [1, 0], hintsAllowed: true }), '');

    for (let i = 0; i < 3 && (await state(page)).humans > 0; i++) {
      await clickButton(page, 'takeover');
      await page.waitForTimeout(200);
    }
    const end = await waitFor(page, (s) => s.over && s.resultsShown && s.lookBackSummary, 'the end screen', 180000);
    assert.ok(end.lookBackSummary.some((line) => /: 1 undo, 1 hint used$/.test(line)), JSON.stringify(end.lookBackSummary));
    await screenshot(page, 'look-back-end-desktop');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('hint and undo on a phone, in Romanian; hints off by the setup screen', async () => {
  const { browser, page, errors } = await openGame(phone, 2, 'index.html?lang=ro&mode=base&players=2&seed=R0M&seats=human,greedy&speed=3');
  try {
    const first = await waitFor(page, (s) => s.phase === 'place' && s.buttons.hint, 'the hint offered');
    await page.mouse.move(5, 5);
    const hinted = await askHint(page);
    const native = nativeHint(await recordText(page), 'phone');
    assert.deepEqual(hinted.hint.actions, native.actions);
    await screenshot(page, 'look-back-hint-phone-ro');
    await playFixedTurn(page);
    await humanToPlace(page, 0, first.turn);
    await screenshot(page, 'look-back-undo-phone-ro');
    await clickButton(page, 'undoTurn');
    await waitFor(page, (s) => s.undos[0] === 1 && s.turn === first.turn, 'the turn undone');
    await clickButton(page, 'takeover');
    const end = await waitFor(page, (s) => s.over && s.resultsShown && s.lookBackSummary, 'the end screen', 180000);
    assert.ok(end.lookBackSummary.some((line) => /: 1 anulare, 1 indiciu folosit$/.test(line)), JSON.stringify(end.lookBackSummary));
    await screenshot(page, 'look-back-end-phone-ro');

    // A new game with hints turned off on the setup screen: no Hint button.
    await clickButton(page, 'newGameEnd');
    const setup = await waitFor(page, (s) => s.screen === 'setup' && s.buttons.hintsOption, 'the setup screen');
    assert.equal(setup.hintsOffered, true);
    // What hints are shows on hover, wrapped to fit the phone's screen.
    await page.mouse.move(setup.buttons.hintsOption.x, setup.buttons.hintsOption.y);
    await waitFor(page, (s) => s.hintsTooltip && s.hintsTooltip.right > s.hintsTooltip.left, 'the hints tooltip');
    await page.waitForTimeout(300);  // ImGui places a tooltip once it knows its size, a frame or two later
    const hovered = await state(page);
    assert.ok(hovered.hintsTooltip.left >= 0 && hovered.hintsTooltip.right <= phone.width,
      `the tooltip within the screen: ${JSON.stringify(hovered.hintsTooltip)}, ${phone.width} px wide`);
    await screenshot(page, 'look-back-hints-tooltip-phone-ro');
    await clickButton(page, 'hintsOption');
    await waitFor(page, (s) => s.hintsOffered === false, 'hints off');
    await clickButton(page, 'start');
    const off = await waitFor(page, (s) => s.screen === 'play' && s.phase === 'place' && s.active === 0, 'the game without hints');
    assert.equal(off.hintsAllowed, false);
    assert.equal(off.hintOffered, false);
    assert.equal(off.buttons.hint, undefined);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// The end screen of a five-player game on a phone is taller than the side panel's place it takes: it
// stays inside it (title on screen), its results scroll and its buttons stay in view.
test('end screen: five players on a phone, in Romanian, stay on screen and scroll', async () => {
  const file = path.join(temporary, 'five.carc');
  execFileSync(cli, ['play', '--mode', 'goldrush', '--players', '5', '--seed', '5', '--bots', 'random,random,random,random,random', '--record', file]);
  const { browser, page, errors } = await openGame(phone, 2, 'index.html?lang=ro');
  try {
    await waitFor(page, (s) => s.screen === 'setup', 'the setup screen');
    const record = readFileSync(file, 'utf8');
    assert.equal(await page.evaluate((r) => window.carcassonne.startRecord(r, 'human,human,human,human,human'), record), '');
    // An auto-sized window takes a frame or two to reach its size.
    const end = await waitFor(page, (s) => s.over && s.resultsShown && s.endScreen && s.endScreen.h > 200 && s.endScreen.scrollMax > 0, 'the end screen');
    const box = end.endScreen;
    assert.ok(box.y >= box.areaTop - 1 && box.y + box.h <= box.areaBottom + 1, `inside its area: ${JSON.stringify(box)}`);
    assert.ok(box.scrollMax > 0, `taller than the area, so it scrolls: ${JSON.stringify(box)}`);
    await screenshot(page, 'end-screen-five-phone-ro');
    // Its buttons stay on screen below the results, which scroll.
    for (const name of ['newGameEnd', 'viewBoard', 'replay']) {
      const b = end.buttons[name];
      assert.ok(b && b.y + b.h / 2 <= box.y + box.h && b.y - b.h / 2 >= box.y, `${name} in view at once: ${JSON.stringify(b)}`);
    }
    await page.mouse.move(box.x + box.w / 2, box.y + 40);
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(300);
    const scrolled = await state(page);
    assert.equal(scrolled.endScreen.y, box.y, 'the window stays put while its contents scroll');
    assert.equal(scrolled.buttons.replay.y, end.buttons.replay.y, 'and its buttons with it');
    await screenshot(page, 'end-screen-five-phone-ro-scrolled');
    assert.equal(scrolled.endScreenMarksOnly, true, 'five names do not fit: marks head the columns');
    assert.deepEqual(scrolled.overflow, [], 'nothing wider than the window (the legend wraps)');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// ---- online: neither undo nor hints

async function click(page, name, opener) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const s = await state(page);
    if (s.buttons[name]) return clickAt(page, s.buttons[name].x, s.buttons[name].y);
    if (opener && s.buttons[opener]) await clickAt(page, s.buttons[opener].x, s.buttons[opener].y);
    await page.waitForTimeout(250);
  }
  throw new Error(`button ${name} never showed`);
}

test('online: no undo and no hint', async () => {
  assert.ok(process.env.CARC_SERVER, 'CARC_SERVER names the carc-server binary (tests/browser/run.sh)');
  const server = await startCarcServer({ db: path.join(temporary, 'rooms.db') });
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: desktop })).newPage();
    await page.goto(server.base + 'index.html');
    await page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen, null, { timeout: 60000, polling: 50 });
    await waitFor(page, (s) => s.screen === 'setup' && s.online && s.online.available, 'the game server to answer');
    await click(page, 'seat1:easy', 'seat1');
    await click(page, 'playOnline');
    await waitFor(page, (s) => s.screen === 'room' && s.online.seats && s.online.seats[1] && s.online.seats[1].kind === 'easy', 'the room');
    await click(page, 'startOnline');
    const first = await waitFor(page, (s) => s.screen === 'play' && s.phase === 'place', 'our turn online');
    assert.equal(first.hintOffered, false, 'no hint online');
    assert.equal(first.buttons.hint, undefined);
    await playFixedTurn(page);
    const again = await waitFor(page, (s) => s.phase === 'place' && s.turn > first.turn, 'our turn again', 120000);
    assert.equal(again.undoOffered, false, 'no undo online');
    assert.equal(again.buttons.undoTurn, undefined);
    assert.equal(again.buttons.hint, undefined);
    await screenshot(page, 'look-back-online');
  } finally {
    await browser.close();
    await server.kill();
  }
});
