// The replay viewer (issue 16, web/replay_viewer.cpp, web/timeline_bar.cpp), through real clicks, keys
// and the read-only test hook, on a Gold Rush game the native CLI played (`carc play`):
// - opened from the end screen's Replay button: it starts at the first move; stepping by action and by
//   turn (buttons and keys), the slider, the score chart and playback; at several steps the page's
//   position (its record, scores, tiles placed, the outlined tile) equals what `carc replay` computes
//   from the CLI's record cut after that many actions;
// - "Play from here": its dialog chooses who plays each seat (as played, all hot-seat, me against the
//   bots, one seat by its combo); the new game's record is the cut record, its scores the engine's,
//   and its seats play as chosen (a human moves, then a bot);
// - opened from a play link with `view=replay` and from the Saves dialog's Replay button, and in an
//   embedding page's iframe (`embed=1`);
// - a finger's swipe on the board steps (touch events), and in a game in play only pans;
// - desktop, phone and Romanian screenshots, with nothing clipped.
// Started by tests/browser/run.sh (CARC_URL, CARC_CLI, CARC_SERVER_TMP).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clickAt, clickButton, isOnlineProbeError, launchBrowser, openGame, playHumanTurns, screenshot, settledCells, state, url, waitFor } from './helpers.mjs';

const cli = process.env.CARC_CLI;
const temporary = mkdtempSync(path.join(process.env.CARC_SERVER_TMP ?? os.tmpdir(), 'carc-replay-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const recordText = (page) => page.evaluate(() => window.carcassonne.recordText());

// The CLI's game: header lines, then one action per line.
let record = '';
let header = [];
let actions = [];
let link = '';
before(() => {
  const file = path.join(temporary, 'goldrush.carc');
  execFileSync(cli, ['play', '--mode', 'goldrush', '--players', '2', '--seed', 'REP1AY', '--bots', 'greedy,greedy', '--record', file]);
  record = readFileSync(file, 'utf8');
  const lines = record.trimEnd().split('\n');
  const first = lines.findIndex((l) => /^(place|follower|tent|pass|mine|tunnel|remove|score|choose)\b/.test(l));
  header = lines.slice(0, first);
  actions = lines.slice(first);
  link = execFileSync(cli, ['link', 'encode', file], { encoding: 'utf8' }).trim();
});

// The CLI's record cut after `count` actions, and what `carc replay` says of it.
const cut = (count) => [...header, ...actions.slice(0, count)].join('\n') + '\n';
const cliSummary = (count) => JSON.parse(execFileSync(cli, ['replay', '-'], { input: cut(count), encoding: 'utf8' }).trim().split('\n').pop());

// The position on screen equals the engine's after `count` of the record's actions.
async function assertShows(page, count) {
  let s;
  try {
    s = await waitFor(page, (st) => st.replay && st.replay.shown === count, `step ${count} shown`, 10000);
  } catch (e) {
    throw new Error(`${e.message.slice(0, 80)}: the replay is at ${JSON.stringify((await state(page)).replay)}`);
  }
  assert.equal(await recordText(page), cut(count), `the page's position is the record cut after ${count} actions`);
  const summary = cliSummary(count);
  assert.deepEqual(s.scores, summary.scores, `scores after ${count} actions`);
  assert.equal(s.placed, summary.tiles_placed, `tiles placed after ${count} actions`);
  assert.equal(s.phase, 'replay');
  assert.deepEqual(s.cells, [], 'no moves can be made in the viewer');
  assert.deepEqual(s.spots, []);
  // The outlined tile is the last one placed up to this step.
  const lastPlace = actions.slice(0, count).reverse().find((l) => l.startsWith('place '));
  if (lastPlace) {
    const [x, y] = lastPlace.split(' ')[2].split(',').map(Number);
    assert.deepEqual([s.replayHighlight.bx, s.replayHighlight.by], [x, y], `the step's tile is outlined after ${count} actions`);
  }
  return s;
}

// A timeline button, once the frames have caught up with the last step (a click on a slow machine
// must not land while the bar still shows the step before).
async function press(page, name) {
  await page.waitForTimeout(150);
  await clickButton(page, name);
}

async function pressKey(page, key) {
  await page.mouse.move(60, 60);  // over the board, not over a window that would take the keys
  await page.waitForTimeout(150);
  // Held for a few frames: a key down and up within one slow frame would go unseen.
  await page.keyboard.press(key, { delay: 80 });
  await page.waitForTimeout(120);
}

test('from the end screen: step, jump, play; the position is the engine\'s; play from here', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, 'index.html');
  try {
    await waitFor(page, (s) => s.screen === 'setup', 'the setup screen');
    assert.equal(await page.evaluate(([r]) => window.carcassonne.startRecord(r, 'human,human'), [record]), '');
    await waitFor(page, (s) => s.screen === 'play' && s.resultsShown && s.buttons.replay, 'the end screen with Replay');
    await clickButton(page, 'replay');
    const opened = await assertShows(page, 0);
    assert.equal(opened.replay.total, actions.length);
    assert.equal(opened.replay.playing, false);
    assert.equal(opened.resultsShown, false, 'the end screen closes');
    await screenshot(page, 'replay-desktop-start');

    // Buttons: one action on, one turn on, one action back.
    await press(page, 'replayNext');
    await assertShows(page, 1);
    await press(page, 'replayNextTurn');
    const turnOn = (await state(page)).replay.shown;
    assert.ok(turnOn > 1, 'a turn on goes past the first turn\'s actions');
    await assertShows(page, turnOn);
    await press(page, 'replayNext');
    await press(page, 'replayNext');
    await assertShows(page, turnOn + 2);
    await press(page, 'replayPrev');
    await assertShows(page, turnOn + 1);
    await press(page, 'replayPrevTurn');
    await assertShows(page, turnOn);

    // Keys: Right / Left an action, Down / Shift+Right a turn, Up a turn back, End, Home.
    await pressKey(page, 'ArrowRight');
    await assertShows(page, turnOn + 1);
    await pressKey(page, 'ArrowLeft');
    await assertShows(page, turnOn);
    await pressKey(page, 'ArrowDown');
    const nextTurn = (await state(page)).replay.shown;
    assert.ok(nextTurn > turnOn);
    await assertShows(page, nextTurn);
    await pressKey(page, 'ArrowUp');
    await assertShows(page, turnOn);
    await pressKey(page, 'Shift+ArrowRight');
    await assertShows(page, nextTurn);
    await pressKey(page, 'End');
    const end = await assertShows(page, actions.length);
    assert.equal(end.over, true);
    await pressKey(page, 'Home');
    await assertShows(page, 0);

    // The chart: a click in its middle jumps to the turn there.
    const chart = (await state(page)).buttons.scoreChart;
    await clickAt(page, chart.x, chart.y);
    const jumped = await waitFor(page, (s) => s.replay.shown > 0, 'a jump by the chart', 5000);
    const middle = jumped.replay.chartStep / (jumped.replay.chartSteps - 1);
    assert.ok(middle > 0.4 && middle < 0.6, `the chart's middle is the game's middle turn (${middle})`);
    await assertShows(page, jumped.replay.shown);
    await screenshot(page, 'replay-desktop-middle');

    // The slider: a click three quarters along.
    const slider = (await state(page)).buttons.replaySlider;
    await clickAt(page, slider.x - slider.w / 2 + slider.w * 0.75, slider.y);
    const slid = await waitFor(page, (s) => Math.abs(s.replay.shown - actions.length * 0.75) < actions.length * 0.1, 'the slider three quarters along', 5000);
    await assertShows(page, slid.replay.shown);

    // Play and pause (Space too).
    await press(page, 'replayStart');
    await assertShows(page, 0);
    await press(page, 'replayPlay');
    await waitFor(page, (s) => s.replay.playing && s.replay.shown >= 3, 'the replay playing', 20000);
    await pressKey(page, 'Space');
    const paused = await waitFor(page, (s) => !s.replay.playing, 'paused', 5000);
    await page.waitForTimeout(1500);
    await assertShows(page, paused.replay.shown);

    // Play from here, at a turn's start in the middle of the game: a dialog chooses who plays each
    // seat, at first as the seats were played (both human here); Cancel leaves the replay as it was.
    const sliderAgain = (await state(page)).buttons.replaySlider;
    await clickAt(page, sliderAgain.x, sliderAgain.y);
    await waitFor(page, (s) => s.replay.shown > actions.length * 0.4, 'the slider in the middle', 5000);
    await press(page, 'replayNextTurn');
    const from = (await state(page)).replay.shown;
    assert.ok(from > actions.length * 0.4 && from < actions.length * 0.7, `a turn in the middle of the game (${from})`);
    const { active: toMove } = await assertShows(page, from);
    await clickButton(page, 'replayPlayFromHere');
    const dialog = await waitFor(page, (s) => s.playFromHere, 'the Play from here dialog', 5000);
    assert.deepEqual(dialog.playFromHere, ['human', 'human'], 'the seats as they were played');
    await screenshot(page, 'replay-play-from-here-desktop');
    await press(page, 'playFromCancel');
    await waitFor(page, (s) => s.playFromHere === null, 'the dialog closed', 5000);
    await assertShows(page, from);

    // "Me against bots": the seat to move is human, the other the default bot; the new game goes on
    // from exactly that position (its record, the engine's scores), and once the human's turn is
    // played the bot moves.
    await clickButton(page, 'replayPlayFromHere');
    await waitFor(page, (s) => s.playFromHere, 'the dialog again', 5000);
    await press(page, 'playFromVsBots');
    const chosen = await waitFor(page, (s) => s.playFromHere && s.playFromHere.includes('medium'), 'me against bots', 5000);
    assert.deepEqual(chosen.playFromHere, [0, 1].map((seat) => (seat === toMove ? 'human' : 'medium')));
    await press(page, 'playFromStart');
    const playing = await waitFor(page, (s) => s.replay === null && s.phase === 'place', 'the new game', 10000);
    assert.equal(await recordText(page), cut(from), 'the new game starts from the record cut there');
    assert.deepEqual(playing.scores, cliSummary(from).scores, 'the engine\'s scores at that step');
    assert.equal(playing.humans, 1, 'one human, one bot');
    assert.equal(playing.active, toMove, 'the human moves first');
    await playHumanTurns(page, 1, 'replay-from-here');
    await waitFor(page, (s) => s.placed >= playing.placed + 2 && s.botDecisionCount > 0, 'the bot\'s move', 20000);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('from a view=replay link, on a phone; in Romanian; from the Saves dialog', async () => {
  const { browser, page, errors } = await openGame(phone, 2, `index.html#g=${link}&view=replay`);
  try {
    const s = await assertShows(page, 0);
    assert.equal(s.replay.total, actions.length);
    for (let i = 0; i < 5; i++) await press(page, 'replayNext');
    const shown = await assertShows(page, 5);
    for (const name of ['replayStart', 'replayPrevTurn', 'replayPrev', 'replayPlay', 'replayNext', 'replayNextTurn', 'replayEnd', 'replayPlayFromHere', 'replayClose', 'replaySlider']) {
      const b = shown.buttons[name];
      assert.ok(b && b.x - b.w / 2 >= 0 && b.x + b.w / 2 <= phone.width && b.y + b.h / 2 <= phone.height, `${name} on the phone's screen`);
    }
    assert.deepEqual(shown.overflow, [], 'nothing clipped');
    await screenshot(page, 'replay-phone');

    await page.evaluate(() => window.carcassonne.setLanguage('ro'));
    await waitFor(page, (st) => st.language === 'ro', 'Romanian');
    await page.waitForTimeout(300);
    assert.deepEqual((await state(page)).overflow, [], 'nothing clipped in Romanian');
    await screenshot(page, 'replay-phone-ro');
    await clickButton(page, 'replayPlayFromHere');
    await waitFor(page, (st) => st.playFromHere, 'the Play from here dialog', 5000);
    await page.waitForTimeout(300);
    const dialog = await state(page);
    assert.deepEqual(dialog.overflow, [], 'nothing of the dialog clipped on the phone');
    for (const name of ['playFromSeat0', 'playFromSeat1', 'playFromAllHuman', 'playFromVsBots', 'playFromStart', 'playFromCancel']) {
      const b = dialog.buttons[name];
      assert.ok(b && b.x - b.w / 2 >= 0 && b.x + b.w / 2 <= phone.width, `${name} on the phone's screen`);
    }
    await screenshot(page, 'replay-play-from-here-phone-ro');
    await press(page, 'playFromCancel');
    await waitFor(page, (st) => st.playFromHere === null, 'the dialog closed', 5000);

    // Close: back to the game it was opened over (the finished game's end screen).
    await clickButton(page, 'replayClose');
    await waitFor(page, (st) => st.replay === null && st.over && st.resultsShown, 'the end screen again', 5000);

    // The autosave holds the game: the Saves dialog opens it as a replay.
    await clickButton(page, 'viewBoard');
    await clickButton(page, 'saves');
    await page.waitForSelector('#dialog-saves button[data-action="replay"]');
    await page.click('#dialog-saves tr[data-key="carcassonne/v1/autosave"] button[data-action="replay"]');
    await assertShows(page, 0);
    assert.equal(await page.$('#dialog-saves'), null, 'the dialog closes');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// A finger's swipe through the browser's own touch events (CDP), from [x, y] to [x, y] in
// `durationMs` by the events' timestamps: the page dates a touch by when it happened, however long
// this slow headless browser takes to hand each move over (about a frame each).
async function swipe(page, from, to, durationMs = 150, steps = 4) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const at = (share) => ({ x: from[0] + (to[0] - from[0]) * share, y: from[1] + (to[1] - from[1]) * share });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', timestamp: start, touchPoints: [at(0)] });
  for (let i = 1; i <= steps; i++) {
    const timestamp = start + (durationMs / 1000) * (i / (steps + 1));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', timestamp, touchPoints: [at(i / steps)] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', timestamp: start + durationMs / 1000, touchPoints: [] });
  await cdp.detach();
  await page.waitForTimeout(200);
}

test('swipes on a touch phone step the replay, not a game in play', async () => {
  const { browser, page, errors } = await openGame(phone, 2, `index.html?lang=ro#g=${link}&view=replay`, { hasTouch: true });
  try {
    await assertShows(page, 0);
    const y = Math.round((await state(page)).buttons.replayStart.y / 3);  // on the board, above the bar
    // Swipe left: the next step, like turning a page; swipe right: one back.
    await swipe(page, [300, y], [120, y]);
    await assertShows(page, 1);
    await swipe(page, [300, y], [120, y]);
    await assertShows(page, 2);
    await swipe(page, [100, y], [290, y]);
    await assertShows(page, 1);
    await swipe(page, [300, y], [120, y]);
    await assertShows(page, 2);
    await screenshot(page, 'replay-swipe-phone-ro');
    // Too slow (a second from touch to lift), too short, mostly vertical, or on the timeline bar: no step.
    const still = (await state(page)).replayHighlight;
    await swipe(page, [300, y], [120, y], 1000);
    const afterSlow = (await state(page)).replayHighlight;
    assert.equal(afterSlow.x, still.x, 'a finger going sideways does not pan the replay\'s board');
    await swipe(page, [200, y], [170, y]);
    await swipe(page, [200, y - 60], [140, y + 100]);
    const bar = (await state(page)).buttons.replayStart;
    await swipe(page, [300, bar.y - 40], [120, bar.y - 40]);
    await page.waitForTimeout(300);
    await assertShows(page, 2);

    // A game in play (Play from here, all hot-seat): a swipe pans the board and steps nothing.
    await clickButton(page, 'replayPlayFromHere');
    await waitFor(page, (s) => s.playFromHere, 'the Play from here dialog', 5000);
    await press(page, 'playFromAllHuman');
    await press(page, 'playFromStart');
    await waitFor(page, (s) => s.replay === null && s.phase === 'place', 'the new game', 10000);
    const before = await settledCells(page);
    const recordBefore = await recordText(page);
    await swipe(page, [300, y], [120, y]);
    const after = await settledCells(page);
    assert.equal(after.replay, null);
    assert.equal(await recordText(page), recordBefore, 'nothing played or stepped');
    const moved = after.cells[0].x - before.cells.find((c) => c.bx === after.cells[0].bx && c.by === after.cells[0].by).x;
    assert.ok(moved < -100, `the board panned with the finger (${moved} px)`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a romanian desktop replay, and a bad view flag refused', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, `index.html?lang=ro#g=${link}&view=replay`, { hasTouch: true });
  try {
    await assertShows(page, 0);
    await press(page, 'replayNextTurn');
    await press(page, 'replayNextTurn');
    // A touch screen's swipe on a desktop-sized page steps too.
    const twoTurns = (await state(page)).replay.shown;
    await swipe(page, [700, 200], [400, 200]);
    await assertShows(page, twoTurns + 1);
    await screenshot(page, 'replay-swipe-desktop-ro');
    await swipe(page, [400, 200], [700, 200]);
    await assertShows(page, twoTurns);
    assert.deepEqual((await state(page)).overflow, []);
    await screenshot(page, 'replay-desktop-ro');

    // Play from here, all hot-seat: a seat is set to a bot in the dialog's combo, then the quick
    // button makes every seat human again.
    const from = (await state(page)).replay.shown;
    await clickButton(page, 'replayPlayFromHere');
    await waitFor(page, (s) => s.playFromHere, 'the Play from here dialog', 5000);
    await press(page, 'playFromSeat1');
    await press(page, 'playFromSeat1:easy');
    await waitFor(page, (s) => s.playFromHere && s.playFromHere[1] === 'easy', 'seat 2 set to the easy AI', 5000);
    await screenshot(page, 'replay-play-from-here-desktop-ro');
    await press(page, 'playFromAllHuman');
    await waitFor(page, (s) => s.playFromHere && s.playFromHere.every((c) => c === 'human'), 'all hot-seat', 5000);
    await press(page, 'playFromStart');
    const playing = await waitFor(page, (s) => s.replay === null && s.screen === 'play' && s.phase !== 'replay', 'the new game', 10000);
    assert.equal(playing.humans, 2, 'every seat human');
    assert.equal(await recordText(page), cut(from));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
  const bad = await openGame(desktop, 1, `index.html#g=${link}&view=movie`);
  try {
    await bad.page.waitForSelector('#messages .shell-message');
    assert.match(await bad.page.textContent('#messages'), /only "replay" is known, not "movie"/);
    assert.equal((await state(bad.page)).screen, 'setup');
  } finally {
    await bad.browser.close();
  }
});

test('embedded: an iframe of a view=replay link opens the viewer and steps', async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: desktop });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error' && !isOnlineProbeError(m.text())) errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    // The embedding page: a blank one holding the frame (with no icon for the browser to look for).
    const [left, top] = [40, 30];
    await page.setContent(`<head><link rel="icon" href="data:,"><script>window.received = []; ` +
      `addEventListener('message', (e) => { if (e.data && e.data.source === 'carcassonne') received.push(e.data); });</script></head><body style="margin:0"><iframe src="${url}index.html?embed=1#g=${link}&view=replay" width="900" height="640" ` +
      `style="border:0;position:absolute;left:${left}px;top:${top}px" title="Carcassonne"></iframe></body>`);
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen, null, { timeout: 60000, polling: 50 });
    const opened = await waitFor(frame, (s) => s.replay && s.replay.shown === 0, 'the replay in the frame', 10000);
    assert.equal(opened.replay.total, actions.length);
    assert.ok(!opened.buttons.share && !opened.buttons.saves && !opened.buttons.embed, 'embedded: no Share / Saves / Embed');
    const pressInFrame = async (name) => {
      await page.waitForTimeout(150);  // the frames caught up (a dialog settles in its second frame)
      const b = (await waitFor(frame, (s) => s.buttons[name], `button ${name} in the frame`, 5000)).buttons[name];
      await clickAt(page, left + b.x, top + b.y);
    };
    for (let step = 1; step <= 2; step++) {
      await pressInFrame('replayNext');
      await waitFor(frame, (s) => s.replay.shown === step, `step ${step} in the frame`, 5000);
    }
    await pressInFrame('replayEnd');
    const last = await waitFor(frame, (s) => s.replay.shown === actions.length, 'the end in the frame', 5000);
    assert.deepEqual(last.scores, cliSummary(actions.length).scores);
    assert.equal(await frame.evaluate(() => window.carcassonne.recordText()), cut(actions.length));
    await screenshot(page, 'replay-embedded');

    // Play from here in the frame: a game the embedding page hears of, from that position on.
    await pressInFrame('replayStart');
    await waitFor(frame, (s) => s.replay.shown === 0, 'the start in the frame', 5000);
    await pressInFrame('replayNextTurn');
    const from = (await waitFor(frame, (s) => s.replay.shown > 0, 'a turn on in the frame', 5000)).replay.shown;
    await pressInFrame('replayPlayFromHere');
    await waitFor(frame, (s) => s.playFromHere, 'the dialog in the frame', 5000);
    await pressInFrame('playFromStart');
    await waitFor(frame, (s) => s.replay === null && s.phase === 'place', 'the new game in the frame', 10000);
    assert.equal(await frame.evaluate(() => window.carcassonne.recordText()), cut(from));
    const started = await page.waitForFunction((count) => window.received.find((m) => m.type === 'started' && m.actions === count), from, { timeout: 5000 });
    assert.ok(await started.jsonValue(), 'the embedding page hears the new game start');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
