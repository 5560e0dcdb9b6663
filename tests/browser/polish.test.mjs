// Issue 48's smaller things, each through the read-only test hook and real clicks (screenshots at
// 1280x800 and 390x844):
// - the replay of a finished Gold Rush game shows every player's token values at every step (an
//   unfinished game's replay still hides the others');
// - the setup screen offers the AI levels (random and greedy only for a seat a link named), medium by
//   default, each combo as wide as its label; "Let bots finish" hands seats to that default level;
// - the hint's estimate in a player's words; "Undo turn" hidden while a bot is to move and in a
//   finished game a link opened; the side panel shows the placed tile until Confirm and keeps the
//   player who plays highlighted;
// - the end screen: places (ties share one), in the side panel's place (the board's middle and the
//   action bar uncovered), its buttons on a phone's screen without scrolling;
// - New World's surveyor labels in one row, clear of the board's top edge, not overlapping;
// - embedded at 960x560: nothing of the side panel clipped, the title clear of the language menu, and
//   `ready` reaches the embedding page before `started`.
// Started by tests/browser/run.sh (CARC_URL, CARC_CLI, CARC_SERVER_TMP).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clickAt, clickButton, isOnlineProbeError, launchBrowser, openGame, screenshot, settledCells, state, url, waitFor } from './helpers.mjs';
import { decodePng } from './png_stats.mjs';

const cli = process.env.CARC_CLI;
const temporary = mkdtempSync(path.join(process.env.CARC_SERVER_TMP ?? os.tmpdir(), 'carc-polish-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const isAction = (l) => /^(place|follower|tent|pass|mine|tunnel|remove|score|choose)\b/.test(l);

// A game the CLI plays to the end: its record's lines, and the link of the record cut after `count`
// actions (all of them by default).
function cliGame(mode, seed, bots) {
  const file = path.join(temporary, `${mode}-${seed}.carc`);
  execFileSync(cli, ['play', '--mode', mode, '--players', String(bots.length), '--seed', seed, '--bots', bots.join(','), '--record', file]);
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const first = lines.findIndex(isAction);
  const header = lines.slice(0, first), actions = lines.slice(first);
  const record = (count = actions.length) => [...header, ...actions.slice(0, count)].join('\n') + '\n';
  const link = (count = actions.length) => {
    const cut = path.join(temporary, `${mode}-${seed}-${count}.carc`);
    writeFileSync(cut, record(count));
    return execFileSync(cli, ['link', 'encode', cut], { encoding: 'utf8' }).trim();
  };
  return { actions, record, link };
}

let goldRush, base, newWorld;
before(() => {
  goldRush = cliGame('goldrush', 'REP1AY', ['greedy', 'greedy']);
  base = cliGame('base', '16', ['greedy', 'greedy', 'random']);  // ends in a tie for first: 64, 64, 16
  newWorld = cliGame('newworld', 'NW1', ['greedy', 'greedy']);
});

const inside = (r, x, y) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

// Distinct colours of a square of a screenshot (a tile's art has many, an empty box a few).
function colours(png, cx, cy, size) {
  const { width, channels, pixels } = decodePng(png);
  const seen = new Set();
  for (let y = Math.round(cy - size / 2); y < cy + size / 2; y++)
    for (let x = Math.round(cx - size / 2); x < cx + size / 2; x++) {
      const i = (y * width + x) * channels;
      seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    }
  return seen.size;
}

test('the replay of a finished Gold Rush game shows every token value; an unfinished one\'s does not', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, `index.html#g=${goldRush.link()}&view=replay`);
  try {
    let s = await waitFor(page, (st) => st.replay && st.replay.shown === 0, 'the replay');
    for (let i = 0; i < 80 && !(s.tokenValuesShown && s.tokenValuesShown.every((v) => v.length >= 2)); i++) {
      await clickButton(page, 'replayNextTurn');
      const before = s.replay.shown;
      s = await waitFor(page, (st) => st.replay.shown > before, 'a turn on');
    }
    assert.ok(s.tokenValuesShown.every((v) => v.length >= 2), `both players hold tokens (${JSON.stringify(s.tokenValuesShown)})`);
    assert.ok(s.replay.shown < goldRush.actions.length, 'a step before the end');
    assert.ok(s.tokenValuesShown.flat().every((v) => v >= 0), `every value shows: ${JSON.stringify(s.tokenValuesShown)}`);
    await screenshot(page, 'polish-replay-tokens-desktop');
    await page.setViewportSize(phone);
    await page.waitForTimeout(400);
    await screenshot(page, 'polish-replay-tokens-phone');

    // The record cut before its end: that replay keeps the others' values hidden.
    await page.goto(`${url}index.html?lang=en#g=${goldRush.link(goldRush.actions.length - 8)}&view=replay`);
    await page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen, null, { timeout: 60000, polling: 10 });
    await clickButton(page, 'replayEnd');
    const cut = await waitFor(page, (st) => st.replay && st.replay.shown === goldRush.actions.length - 8, 'the cut replay\'s end');
    assert.ok(cut.tokenValuesShown.flat().includes(-1), `values stay hidden: ${JSON.stringify(cut.tokenValuesShown)}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('setup: the AI levels offered, medium by default, labels whole; Let bots finish plays medium', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, 'index.html');
  try {
    const labelFits = (b) => b.label + b.h + 2 * 8 <= b.w + 0.5;  // text, arrow (a square) and padding
    const setup = await waitFor(page, (s) => s.screen === 'setup' && s.buttons.seat1, 'the setup screen');
    assert.equal(setup.seatControllers[1], 'medium', 'a newcomer plays the medium AI');
    await clickButton(page, 'seat1');
    const open = await waitFor(page, (s) => s.buttons['seat1:hard'], 'the seat\'s list');
    for (const entry of ['human', 'easy', 'medium', 'hard']) assert.ok(open.buttons[`seat1:${entry}`], `${entry} offered`);
    for (const entry of ['random', 'greedy']) assert.equal(open.buttons[`seat1:${entry}`], undefined, `${entry} not offered`);
    await screenshot(page, 'polish-setup-list-desktop');
    await page.keyboard.press('Escape');
    assert.ok(labelFits(open.buttons.seat1), `"AI: medium" fits its combo: ${JSON.stringify(open.buttons.seat1)}`);

    // An old link naming greedy still works, and its label fits on a phone (in Dutch, the longest).
    await page.setViewportSize(phone);
    await page.goto(`${url}index.html?lang=nl&mode=base&seats=human,greedy,easy&players=3&seed=71NK`);
    await page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen === 'play', null, { timeout: 60000, polling: 10 });
    await clickButton(page, 'newGame');  // the setup screen, with the linked game's seats
    const linked = await waitFor(page, (s) => s.screen === 'setup' && s.buttons.seat2 && s.language === 'nl', 'the linked setup');
    assert.deepEqual(linked.seatControllers, ['human', 'greedy', 'easy']);
    for (const name of ['seat0', 'seat1', 'seat2']) {
      const b = linked.buttons[name];
      assert.ok(labelFits(b), `${name}'s label fits: ${JSON.stringify(b)}`);
      assert.ok(b.x + b.w / 2 <= phone.width, `${name} on the phone's screen: ${JSON.stringify(b)}`);
    }
    assert.deepEqual(linked.overflow, [], 'nothing clipped');
    await screenshot(page, 'polish-setup-phone-nl');
    await clickButton(page, 'seat1');
    const list = await waitFor(page, (s) => s.buttons['seat1:hard'], 'the list');
    assert.ok(list.buttons['seat1:greedy'], 'the seat\'s own greedy stays choosable');
    assert.equal(list.buttons['seat1:random'], undefined);
    await page.keyboard.press('Escape');

    // Let bots finish: every human seat goes to the default AI level.
    await page.setViewportSize(desktop);
    await page.goto(`${url}index.html?mode=base&seats=human,human&seed=T4KE0&speed=0`);
    await page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen, null, { timeout: 60000, polling: 10 });
    await waitFor(page, (s) => s.screen === 'play' && s.buttons.takeover, 'the game');
    await clickButton(page, 'takeover');
    const taken = await waitFor(page, (s) => s.humans === 0, 'the bots playing');
    assert.deepEqual(taken.seatControllers, ['medium', 'medium']);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('hint in words, the placed tile and the player who plays in the panel, no Undo while a bot moves', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, 'index.html?mode=base&players=2&seats=human,medium&seed=H1NT&speed=1');
  try {
    await waitFor(page, (s) => s.phase === 'place' && s.buttons.hint, 'the first turn');
    await page.mouse.move(5, 5);
    await clickButton(page, 'hint');
    const hinted = await waitFor(page, (s) => s.hintText, 'the hint', 60000);
    assert.match(hinted.hintText, /points? ahead of your closest rival|points? behind the leader|level with the leader/);
    assert.doesNotMatch(hinted.hintText, /estimate|lead\)|[+-]\d+\.\d/, hinted.hintText);

    // Place on a legal cell: the hand area shows that tile, not an empty box.
    const cells = (await settledCells(page)).cells.filter((c) => !c.covered);
    await clickAt(page, cells[0].x, cells[0].y);
    const placed = await waitFor(page, (s) => s.phase !== 'place' && s.handArea, 'the tile placed');
    const png = await screenshot(page, 'polish-placed-desktop');
    const box = placed.handArea;
    assert.ok(colours(png, box.x, box.y, box.size * 0.8) > 40, 'the placed tile is drawn in the hand area');
    // Pass the follower: until Confirm the player who plays stays highlighted.
    if (placed.phase !== 'confirm') await clickButton(page, 'pass');
    const confirming = await waitFor(page, (s) => s.phase === 'confirm', 'the turn awaiting Confirm');
    assert.equal(confirming.highlightedSeat, 0, 'the player who plays, not the next one');
    // (A click a loaded machine's slow frame missed is tried again.)
    for (let i = 0; i < 4 && (await state(page)).phase === 'confirm'; i++) {
      await clickButton(page, 'confirm');
      await page.waitForTimeout(300);
    }

    // While the bot moves, no Undo turn; back on the human's turn, there it is.
    const seen = [];
    const back = await waitFor(page, (s) => { seen.push(s); return s.phase === 'place' && s.turn > confirming.turn && s.active === 0; }, 'the human again', 120000);
    const botFrames = seen.filter((s) => s.phase === 'bot');
    assert.ok(botFrames.length > 0, 'the bot was seen moving');
    assert.ok(botFrames.every((s) => !s.buttons.undoTurn), 'no Undo turn while the bot moves');
    assert.ok(back.buttons.undoTurn, 'Undo turn on the human\'s own turn');
    assert.equal(back.highlightedSeat, 0);
    await page.setViewportSize(phone);
    await page.waitForTimeout(400);
    await screenshot(page, 'polish-hint-phone');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a finished game from a link: places on the end screen beside the board, no Undo, phone buttons whole', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, `index.html#g=${base.link()}`);
  try {
    for (const [screen, name] of [[desktop, 'desktop'], [phone, 'phone']]) {
      await page.setViewportSize(screen);
      await page.waitForTimeout(400);
      const s = await waitFor(page, (st) => st.over && st.resultsShown && st.endScreen && st.ranks, 'the end screen');
      const expected = s.scores.map((v) => 1 + s.scores.filter((o) => o > v).length);
      assert.deepEqual(s.ranks, expected, `places by score ${s.scores}`);
      assert.deepEqual(s.ranks, [1, 1, 3], 'the tie shares first place');
      assert.equal(s.buttons.undoTurn, undefined, 'no Undo turn in a game that came finished');
      const area = s.boardArea;
      assert.ok(!inside(s.endScreen, area.x + area.w / 2, area.y + area.h / 2), `the board's middle stays in view: ${JSON.stringify(s.endScreen)}`);
      assert.ok(!overlap(s.endScreen, s.actionBar), `the action bar is not under it: ${JSON.stringify([s.endScreen, s.actionBar])}`);
      for (const b of ['newGameEnd', 'viewBoard', 'replay'].map((k) => s.buttons[k])) {
        assert.ok(b && inside(s.endScreen, b.x - b.w / 2, b.y - b.h / 2) && inside(s.endScreen, b.x + b.w / 2, b.y + b.h / 2),
          `a button inside the end screen without scrolling: ${JSON.stringify(b)}`);
        assert.ok(b.y + b.h / 2 <= screen.height && b.x + b.w / 2 <= screen.width);
      }
      assert.deepEqual(s.overflow, [], 'nothing clipped');
      await screenshot(page, `polish-end-${name}`);
    }
    await page.evaluate(() => window.carcassonne.setLanguage('de'));
    await waitFor(page, (st) => st.language === 'de', 'German');
    await page.waitForTimeout(300);
    await screenshot(page, 'polish-end-phone-de');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('New World: surveyor labels in one row below the top edge, apart; embedded at 960x560', async () => {
  const { browser, page, errors } = await openGame(desktop, 1, 'index.html');
  try {
    // Step through the record until the two surveyors stand in neighbouring columns.
    let labelled = null;
    for (let count = 2; count < newWorld.actions.length && !labelled; count += 2) {
      await waitFor(page, (s) => s.screen === 'setup' || s.screen === 'play', 'a screen');
      assert.equal(await page.evaluate((r) => window.carcassonne.startRecord(r, 'human,human'), newWorld.record(count)), '');
      const s = await waitFor(page, (st) => st.screen === 'play' && st.surveyorLabels, 'the New World game');
      if (s.surveyorLabels.length === 2) labelled = s;
    }
    assert.ok(labelled, 'a position with two surveyor columns');
    await page.keyboard.press('f');  // the whole board: columns narrower than their labels
    await page.waitForTimeout(600);
    const s = await state(page);
    const [a, b] = s.surveyorLabels;
    assert.equal(a.y, b.y, `one row: ${JSON.stringify(s.surveyorLabels)}`);
    assert.ok(a.y >= s.boardArea.y + 4, `clear of the top edge: ${a.y}`);
    assert.ok(!overlap(a, b), `apart: ${JSON.stringify(s.surveyorLabels)}`);
    for (const l of s.surveyorLabels) assert.ok(l.x >= s.boardArea.x && l.x + l.w <= s.boardArea.x + s.boardArea.w);
    await screenshot(page, 'polish-surveyors-desktop');
    await page.setViewportSize(phone);
    await page.keyboard.press('f');
    await page.waitForTimeout(600);
    const p = await state(page);
    assert.equal(p.surveyorLabels[0].y, p.surveyorLabels.at(-1).y);
    await screenshot(page, 'polish-surveyors-phone');

    // Embedded at 960x560: the events in order, the panel whole.
    // (A blank page of its own, as an embedding site's.)
    const host = await browser.newPage({ viewport: { width: 1000, height: 600 } });
    host.on('pageerror', (e) => errors.push(String(e)));
    await host.setContent(`<head><link rel="icon" href="data:,"><script>window.received = []; ` +
      `addEventListener('message', (e) => { if (e.data && e.data.source === 'carcassonne') received.push(e.data.type); });</script></head>` +
      `<body style="margin:0"><iframe src="${url}index.html?embed=1&mode=goldrush&players=2&seats=human,greedy&seed=EMB3D" width="960" height="560" ` +
      `style="border:0" title="Carcassonne"></iframe></body>`);
    const frame = await (await host.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen === 'play', null, { timeout: 60000, polling: 50 });
    const inFrame = await waitFor(frame, (st) => st.phase === 'place' && st.buttons.panelTitle && st.buttons.language, 'the game in the frame');
    await host.waitForFunction(() => window.received.includes('started'), null, { timeout: 10000 });
    const received = await host.evaluate(() => window.received);
    assert.deepEqual(received.slice(0, 2), ['ready', 'started'], `ready first: ${received}`);
    await screenshot(host, 'polish-embedded-960');
    assert.deepEqual(inFrame.overflow, [], 'nothing of the panel clipped');
    const title = inFrame.buttons.panelTitle, menu = inFrame.buttons.language;
    assert.ok(!overlap({ ...title, x: title.x - title.w / 2, y: title.y - title.h / 2 }, { ...menu, x: menu.x - menu.w / 2, y: menu.y - menu.h / 2 }),
      `the title clear of the language menu: ${JSON.stringify([title, menu])}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
