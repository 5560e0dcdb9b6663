// The AI in the browser and the panels around the board, through real mouse events and the read-only
// test hook (window.carcassonne.testState()).
// - A human plays against the hard AI (base, goldrush): the AI's wall-clock time per decision and per
//   turn, and that frames keep coming while it thinks (the hook's frame counter). Figures are printed,
//   not asserted: they depend on the machine.
// - The setup screen's colour choice; Gold Rush token values (own ones shown, a bot's hidden, all at
//   the end, hot-seat viewer); The Discovery's remove preview; New World's scoring-order dialog and
//   surveyor columns. Positions come from records with a `deck` line loaded through the page's
//   startRecord (shell/README.md), the same scenarios as the engine's tests.
// Started by tests/browser/run.sh, which serves the repository and sets CARC_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickAt, clickButton, openGame as openPage, screenshot as checkedScreenshot, settledCells, startRecord, state, waitFor } from './helpers.mjs';
import { newWorldBeforeBluesTile } from './scenarios.mjs';

const desktop = { viewport: { width: 1280, height: 800 }, scale: 1 };
const phone = { viewport: { width: 390, height: 844 }, scale: 2 };

const openGame = (screen = desktop) => openPage(screen.viewport, screen.scale);

// Opens a combo (or popup) by its button, then clicks one of its entries.
async function choose(page, opener, entry) {
  for (let attempt = 0; attempt < 4; attempt++) {
    if (!(await state(page)).buttons[entry]) {
      await clickButton(page, opener);
      await page.waitForTimeout(250);
    }
    const open = await state(page);
    if (open.buttons[entry]) {
      await clickAt(page, open.buttons[entry].x, open.buttons[entry].y);
      await page.waitForTimeout(250);
      return;
    }
  }
  throw new Error(`${entry} never showed after clicking ${opener}`);
}

// A click outside closes an open popup (the click goes nowhere else).
async function closePopup(page) {
  await clickAt(page, 3, page.viewportSize().height - 3);
  await page.waitForTimeout(200);
}

// Lets a popup or dialog opened by the last click draw before the picture is taken.
async function screenshot(page, name) {
  await page.waitForTimeout(150);
  await checkedScreenshot(page, name);
}

async function selectMode(page, modeId) {
  await waitFor(page, (s) => s.screen === 'setup' && s.buttons.start, 'the setup screen');
  if ((await state(page)).mode !== modeId) await choose(page, 'mode', `mode:${modeId}`);
  await waitFor(page, (s) => s.mode === modeId, `mode ${modeId} selected`, 10000);
}

// Clicks Start (again if the first click only closed a popup).
async function startFromSetup(page) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await clickButton(page, 'start');
    try {
      return await waitFor(page, (s) => s.screen === 'play', 'the game', 3000);
    } catch {
      // still on the setup screen: try once more
    }
  }
  return waitFor(page, (s) => s.screen === 'play', 'the game', 1000);
}

// One human turn through the mouse: a legal cell (first visible one), then pass or confirm.
async function playHumanTurn(page) {
  for (let steps = 0; steps < 12; steps++) {
    const s = await waitFor(page, (st) => ['place', 'act', 'choose', 'confirm', 'over'].includes(st.phase), 'a human step');
    if (s.phase === 'over') return false;
    if (s.phase === 'place') {
      const view = page.viewportSize();
      const visible = (await settledCells(page)).cells.filter((c) => c.x > 10 && c.y > 10 && c.x < view.width - 400 && c.y < view.height - 120);
      if (!visible.length) {
        await page.mouse.move(40, 40);
        await page.keyboard.press('f');
        await page.waitForTimeout(1200);
        continue;
      }
      const cell = visible[0];
      await page.mouse.move(cell.x, cell.y);
      await page.waitForTimeout(100);
      await clickAt(page, cell.x, cell.y);
      await waitFor(page, (st) => st.placed === s.placed + 1, 'the tile to be placed', 10000);
    } else if (s.phase === 'act' || s.phase === 'choose') {
      if (s.buttons.pass) await clickButton(page, 'pass');
      else if (s.spots.length) await clickAt(page, s.spots[0].x, s.spots[0].y);
      else {
        const ui = ['rotate', 'undo', 'takeover', 'newGame', 'confirm', 'showResults', 'share', 'saves', 'embed'];
        const action = Object.keys(s.buttons).find((b) => !ui.includes(b) && !b.startsWith('order:'));
        await clickButton(page, action ?? Object.keys(s.buttons).find((b) => b.startsWith('order:')));
      }
      await page.waitForTimeout(100);
    } else if (s.phase === 'confirm') {
      await clickButton(page, 'confirm');
      await waitFor(page, (st) => st.phase !== 'confirm', 'the turn to end', 10000);
      return true;
    }
  }
  throw new Error('a human turn did not end within 12 steps');
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : 0; };

for (const modeId of ['base', 'goldrush']) {
  test(`${modeId}: a human against the hard AI; the AI's time per move and the page's frames meanwhile`, async (t) => {
    const { browser, page, errors } = await openGame();
    try {
      await selectMode(page, modeId);
      await choose(page, 'seat1', 'seat1:hard');
      await waitFor(page, (s) => s.seatControllers[1] === 'hard', 'seat 2 played by the hard AI', 10000);
      await startFromSetup(page);
      // Bot speed "instant": no pacing pause, so the wall clock measures the thinking alone.
      await page.mouse.move(40, 40);
      for (let i = 0; i < 3; i++) await page.keyboard.press(']');
      // For comparison, the frame rate while the page waits for the human.
      const idle0 = await waitFor(page, (st) => st.phase === 'place', 'the human to move');
      const idleStart = Date.now();
      await page.waitForTimeout(1000);
      const idleFps = ((await state(page)).frame - idle0.frame) / ((Date.now() - idleStart) / 1000);
      // While the AI thinks, sample the frame counter: the page must keep drawing.
      const thinkingFrames = [];
      let humanTurns = 0;
      for (let turn = 0; turn < 5; turn++) {
        if (!(await playHumanTurn(page))) break;
        humanTurns++;
        const before = await waitFor(page, (s) => s.phase !== 'bot' || s.botThinking, 'the AI to start', 10000);
        const t0 = Date.now();
        const after = await waitFor(page, (s) => s.phase !== 'bot', 'the AI to finish its turn', 30000);
        if (before.phase === 'bot') thinkingFrames.push({ frames: after.frame - before.frame, ms: Date.now() - t0 });
      }
      await screenshot(page, `ai-${modeId}-human-vs-hard`);
      const s = await state(page);
      const decisions = s.botDecisions.filter((d) => d.player === 1);
      assert.ok(humanTurns >= 3, `the human played turns (${humanTurns})`);
      assert.ok(decisions.length >= humanTurns, `the hard AI answered every turn (${decisions.length} decisions)`);
      const perTurn = new Map();
      for (const d of decisions) perTurn.set(d.turn, (perTurn.get(d.turn) ?? 0) + d.ms);
      const turns = [...perTurn.values()];
      const ms = decisions.map((d) => d.ms);
      const thinkingMs = (d) => (d.worker ? d.workerMs : d.thinkingMs);
      t.diagnostic(`${modeId} hard AI: ${decisions.length} decisions in ${turns.length} turns; per decision median ${median(ms).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; per turn median ${median(turns).toFixed(0)} ms, max ${Math.max(...turns).toFixed(0)} ms; of which thinking (in the AI worker, else on the page) per decision median ${median(decisions.map(thinkingMs)).toFixed(0)} ms, max ${Math.max(...decisions.map(thinkingMs)).toFixed(0)} ms; frames per decision median ${median(decisions.map((d) => d.slices))}`);
      t.diagnostic(`${modeId}: frames per second while the AI plays its turn: ${thinkingFrames.map((f) => (f.frames * 1000 / f.ms).toFixed(1)).join(', ')} (${idleFps.toFixed(1)} while waiting for the human); frame CPU ${Number(s.frameMs).toFixed(2)} ms`);
      assert.ok(thinkingFrames.length > 0, 'the AI was seen thinking at least once');
      // The thinking is spread over frames: a turn the page waited for drew frames meanwhile.
      assert.ok(thinkingFrames.every((f) => f.ms < 500 || f.frames >= 2), `frames keep coming while the AI thinks (${JSON.stringify(thinkingFrames)})`);
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  });
}

test('setup: each seat picks a colour (with its shape); a colour another seat plays is not offered', async () => {
  for (const screen of [desktop, phone]) {
    const { browser, page, errors } = await openGame(screen);
    try {
      const first = await waitFor(page, (s) => s.screen === 'setup' && s.seatColours, 'the setup screen');
      assert.deepEqual(first.seatColours, ['orange', 'blue']);
      await choose(page, 'seat0:colour', 'colour:green');
      await waitFor(page, (s) => s.seatColours[0] === 'green', 'seat 1 plays green');
      // Seat 2 tries green: taken, so nothing changes; then it takes orange, now free.
      await choose(page, 'seat1:colour', 'colour:green');
      await closePopup(page);
      assert.deepEqual((await state(page)).seatColours, ['green', 'blue']);
      await choose(page, 'seat1:colour', 'colour:orange');
      await waitFor(page, (s) => s.seatColours[1] === 'orange', 'seat 2 plays orange');
      await clickButton(page, 'addPlayer');
      const three = await waitFor(page, (s) => s.seatColours.length === 3, 'a third seat');
      assert.equal(new Set(three.seatColours).size, 3, `three different colours (${three.seatColours})`);
      await clickButton(page, 'seat2:colour');
      await screenshot(page, `ai-setup-colours-${screen.viewport.width}`);
      await closePopup(page);
      const play = await startFromSetup(page);
      assert.deepEqual(play.seatColours, three.seatColours, 'the game keeps the chosen colours');
      await screenshot(page, `ai-play-colours-${screen.viewport.width}`);
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  }
});

// Gold Rush, from the engine's token tests: BLUE mined two tokens and then took two more from a
// completed mountain, RED took one. Values follow from the seed (the supply is shuffled).
const goldRushRecord = `carcassonne 1
mode goldrush
players 2
seed 1
names BLUE,RED
deck 01 01 42 08 52 26 26 26 26 26 42 12 47 47 47 47
place 01 -1,0 r0
pass
place 01 1,0 r0
pass
place 42 -1,1 r0
follower 0
place 08 1,1 r3
follower 0
place 52 -2,1 r1
tent -2,1 0
place 26 2,0 r0
pass
place 26 -2,0 r0
mine
place 26 3,0 r0
pass
place 26 -3,0 r0
mine
place 26 4,0 r0
pass
place 42 0,1 r0
pass
`;

test('goldrush: the human sees their own token values, never the bot\'s until the end', async () => {
  for (const screen of [desktop, phone]) {
    const { browser, page, errors } = await openGame(screen);
    try {
      await startRecord(page, goldRushRecord, 'human,hard');
      // RED (the hard AI) is to move; BLUE, the human, is the one looking.
      const s = await waitFor(page, (st) => st.tokenValuesShown && st.viewer === 0, 'the panel');
      assert.equal(s.tokenValuesShown[0].length, 4, 'BLUE holds 4 tokens');
      assert.ok(s.tokenValuesShown[0].every((v) => v >= 0), `BLUE sees their values (${s.tokenValuesShown[0]})`);
      assert.equal(s.tokenValuesShown[1].length, 1, 'RED holds 1 token');
      assert.deepEqual(s.tokenValuesShown[1], [-1], 'RED\'s value is hidden');
      await screenshot(page, `ai-goldrush-tokens-${screen.viewport.width}`);
      assert.deepEqual(errors, [], 'no console errors');
      if (screen !== desktop) continue;  // (the panel's buttons are further down on a phone)
      await clickButton(page, 'takeover');
      await page.mouse.move(40, 40);
      for (let i = 0; i < 3; i++) await page.keyboard.press(']');
      const end = await waitFor(page, (st) => st.over, 'the end', 120000);
      await clickButton(page, 'viewBoard');
      await screenshot(page, 'ai-goldrush-tokens-end');
      assert.ok(end.tokenValuesShown.flat().every((v) => v >= 0), `every value shows at the end (${JSON.stringify(end.tokenValuesShown)})`);
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  }
});

test('goldrush hot seat: after the hand-over, the new human sees their own values and not the other\'s', async () => {
  const { browser, page, errors } = await openGame();
  try {
    await startRecord(page, goldRushRecord, 'human,human');
    await waitFor(page, (s) => s.phase === 'handover', 'the hand-over screen');
    await clickButton(page, 'handoverReady');
    const s = await waitFor(page, (st) => st.phase === 'place' && st.viewer === 1, 'RED at the device');
    assert.deepEqual(s.tokenValuesShown[0], [-1, -1, -1, -1], 'BLUE\'s values are hidden from RED');
    assert.ok(s.tokenValuesShown[1].every((v) => v >= 0), 'RED sees their own value');
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

// The Discovery, the seed example of the engine's meadow test: Red's explorer on the start meadow,
// which three more meadow tiles make 4 tiles, still open: taking it back scores 4.
const discoveryRecord = `carcassonne 1
mode discovery
players 2
seed 1
deck 15 15 15 14 14 13 13 19 19
place 15 0,1 r0
follower 0
place 15 -1,0 r0
place 15 0,2 r0
`;

test('discovery: a remove spot previews its value, and the confirm step shows it before it counts', async () => {
  for (const screen of [desktop, phone]) {
    const { browser, page, errors } = await openGame(screen);
    try {
      await startRecord(page, discoveryRecord, 'human,hard');
      const s = await waitFor(page, (st) => st.phase === 'act' && st.spots.some((sp) => sp.action === 'remove 0,1 0'), 'the remove spot');
      const spot = s.spots.find((sp) => sp.action === 'remove 0,1 0');
      await page.mouse.move(spot.x, spot.y);
      const hovered = await waitFor(page, (st) => st.spotPreview, 'the preview');
      assert.equal(hovered.spotPreviewPoints, 4);
      assert.match(hovered.spotPreview, /^\+4 /);
      await screenshot(page, `ai-discovery-remove-preview-${screen.viewport.width}`);
      await clickAt(page, spot.x, spot.y);
      const confirm = await waitFor(page, (st) => st.phase === 'confirm' && st.turnScored, 'the confirm step');
      assert.deepEqual(confirm.turnScored, [4, 0]);
      assert.equal(confirm.scores[0], 4, 'the view shows the turn in the making');
      await screenshot(page, `ai-discovery-remove-confirm-${screen.viewport.width}`);
      await clickButton(page, 'undo');
      const back = await waitFor(page, (st) => st.phase === 'act', 'the turn taken back');
      assert.equal(back.scores[0], 0, 'taking back undoes the points');
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  }
});

test('discovery, double tile: the human sees their own hand, the AI\'s hand stays face down', async () => {
  const { browser, page, errors } = await openGame();
  try {
    await waitFor(page, (s) => s.screen === 'setup', 'the setup screen');
    const error = await page.evaluate(() => window.carcassonne.startSetup(
      { mode: 'discovery', players: 2, seed: '1', options: 'double-tile:on', seats: 'human,hard' }));
    assert.equal(error, '');
    const mine = await waitFor(page, (s) => s.phase === 'place' && s.handShown, 'the human\'s turn');
    assert.equal(mine.handFaceDown, false);
    assert.equal(mine.handShown.owner, 0);
    assert.equal(mine.handShown.tiles.length, 2, 'a hand of two tiles');
    await playHumanTurn(page);
    const theirs = await waitFor(page, (s) => s.phase === 'bot', 'the AI\'s turn');
    assert.equal(theirs.handFaceDown, true, 'the AI\'s tiles are face down');
    assert.equal(theirs.handShown.owner, 0, 'the panel shows the human\'s own hand meanwhile');
    await screenshot(page, 'ai-discovery-double-tile-bot-turn');
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

// New World, the engine's surveyor scenario: BLUE's last tile completes RED's town, BLUE's own town
// and BLUE's farm; both surveyors stand in column 1 and the order matters.
const newWorldRecord = `${newWorldBeforeBluesTile}place 15 -2,3 r0
follower 1
`;

test('newworld: the scoring-order dialog lists who would score what; surveyor columns on the board', async () => {
  for (const screen of [desktop, phone]) {
    const { browser, page, errors } = await openGame(screen);
    try {
      await startRecord(page, newWorldRecord, 'hard,hard,human');
      const s = await waitFor(page, (st) => st.phase === 'choose' && st.scoringOrder, 'the scoring-order dialog');
      assert.deepEqual(s.surveyorColumns, [1, 1]);
      assert.deepEqual(s.scoringOrder.map((r) => r.action), ['score -2,3 0', 'score -2,3 1', 'score -1,3 0']);
      // Both surveyors stand in column 1: RED's town first gives RED 6 + 2 x 4; BLUE's farm first
      // gives BLUE 9 + 8 (after which RED's town would give only 6 + 4: the engine's test).
      assert.deepEqual(s.scoringOrder[0].points, [14, 0, 0]);
      assert.deepEqual(s.scoringOrder[2].points, [0, 0, 17]);
      // Two towns on tile -2,3: each row names its side of the tile, so the two read differently.
      const labels = s.scoringOrder.map((r) => r.text.slice(0, r.text.indexOf(':')));
      assert.equal(new Set(labels).size, labels.length, `one label per choice: ${labels.join(' | ')}`);
      assert.match(labels[0], /^Town at -2,3 \((north side|east side|south side|west side|middle)\)$/);
      assert.match(labels[2], /^Farm at -1,3$/, 'a label shared with no other choice stays short');
      await screenshot(page, `ai-newworld-order-dialog-${screen.viewport.width}`);
      await clickButton(page, 'order:score -1,3 0');
      const next = await waitFor(page, (st) => st.phase === 'choose' && st.scoringOrder && st.scoringOrder.length === 2
        || st.phase === 'confirm', 'the next choice');
      if (next.phase === 'choose') {
        assert.deepEqual(next.surveyorColumns, [2, 1], 'a surveyor walked west to column 2');
        await clickButton(page, 'order:score -2,3 1');
      }
      const confirm = await waitFor(page, (st) => st.phase === 'confirm' && st.turnScored, 'the confirm step');
      assert.equal(confirm.turnScored[2], 25, 'BLUE: 17 for the farm + 8 for the town');
      await screenshot(page, `ai-newworld-surveyors-${screen.viewport.width}`);
      await clickButton(page, 'confirm');
      await waitFor(page, (st) => st.phase !== 'confirm', 'the turn to end');
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  }
});

test('base+tunnel: the panel counts each player\'s tunnel pairs', async () => {
  const { browser, page, errors } = await openGame();
  try {
    await selectMode(page, 'base+tunnel');
    await startFromSetup(page);
    const s = await waitFor(page, (st) => st.screen === 'play' && st.tunnelPairsLeft, 'the panel');
    assert.equal(s.tunnelPairsLeft.length, 2);
    assert.ok(s.tunnelPairsLeft.every((n) => n > 0), `every player starts with pairs (${s.tunnelPairsLeft})`);
    await screenshot(page, 'ai-tunnel-panel');
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});
