// Plays the browser game through real mouse and keyboard events on the canvas, using the read-only
// test hook (window.carcassonne.testState(): where the legal cells, spots and buttons are).
// Started by tests/browser/run.sh, which serves the repository and sets CARC_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickButton, finishWithBots, openGame, playHumanTurns, screenshot, startGame, state, waitFor } from './helpers.mjs';

// Every mode the setup screen lists (read from the page, so a new mode is tested without edits).
const modes = ['base', 'base+tunnel', 'newworld', 'discovery', 'goldrush'];

for (const modeId of modes) {
  const name = modeId.replace('+', '-');
  test(`${modeId}: humans and bots play to the end screen`, async (t) => {
    const { browser, page, errors, firstFrameMs } = await openGame();
    try {
      t.diagnostic(`first interactive frame ${firstFrameMs.toFixed(0)} ms after navigation`);
      const listed = (await waitFor(page, (s) => s.screen === 'setup' && s.modes, 'the mode list')).modes;
      assert.ok(listed.includes(modeId), `the setup screen lists ${modeId}`);
      await screenshot(page, `${name}-setup`);
      const start = await startGame(page, modeId);
      if (!start.started) {
        t.skip(`the engine cannot start ${modeId} yet: ${start.error}`);
        return;
      }
      await screenshot(page, `${name}-start`);
      const played = await playHumanTurns(page, 4, name);
      assert.equal(played, 4);
      const s = await state(page);
      assert.ok(s.placed >= 7, `tiles were placed by human and bot (${s.placed})`);
      await screenshot(page, `${name}-midgame`);
      const end = await finishWithBots(page, name);
      assert.equal(end.drawPile, 0);
      assert.ok(end.scores.some((v) => v > 0), 'someone scored');
      assert.ok(end.winners && end.winners.length > 0, 'the end screen names the winner');
      await clickButton(page, 'viewBoard');
      await page.waitForTimeout(1500);
      const board = await state(page);
      t.diagnostic(`frame CPU time with ${board.placed} tiles placed: ${Number(board.frameMs).toFixed(2)} ms`);
      await screenshot(page, `${name}-final-board`);
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  });
}

test('the mode list in this test matches the setup screen', async () => {
  const { browser, page } = await openGame();
  try {
    const listed = (await waitFor(page, (s) => s.screen === 'setup' && s.modes, 'the mode list')).modes;
    assert.deepEqual(listed, modes);
  } finally {
    await browser.close();
  }
});

test('phone-sized viewport at devicePixelRatio 2 lays out and starts; the panel keeps its buttons in view', async () => {
  // Gold Rush has the tallest panel (tents and tokens under each player).
  for (const modeId of [null, 'goldrush']) {
    const { browser, page, errors } = await openGame({ width: 390, height: 844 }, 2);
    const name = modeId ? `phone-${modeId}` : 'phone';
    try {
      await screenshot(page, `${name}-setup`);
      await startGame(page, modeId);
      const s = await waitFor(page, (st) => st.phase === 'place' && st.cells.length > 0, 'the first human step');
      assert.ok(s.cells.every((c) => c.x >= 0 && c.x <= 390 && c.y >= 0 && c.y <= 844), 'legal cells are on screen');
      for (const button of ['takeover', 'newGame', 'share', 'saves', 'embed']) {
        const b = s.buttons[button];
        assert.ok(b && b.y + b.h / 2 <= 844, `${name}: ${button} is in view without scrolling the panel (${JSON.stringify(b)})`);
      }
      await screenshot(page, `${name}-play`);
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  }
});

test('legal cells under the side panel are marked covered, those on the open board are not', async () => {
  const { browser, page, errors } = await openGame();
  try {
    await startGame(page, 'base');
    await waitFor(page, (st) => st.phase === 'place' && st.cells.length > 0, 'the first human step');
    // Drag the board right until the start tile's cells lie under the side panel (x > 900 at 1280 wide).
    await page.mouse.move(300, 300);
    await page.mouse.down();
    for (let x = 300; x <= 1000; x += 50) await page.mouse.move(x, 300);
    await page.mouse.up();
    const s = await waitFor(page, (st) => st.cells.some((c) => c.x > 920), 'legal cells dragged under the side panel');
    const panelLeft = 1280 - 380;
    for (const c of s.cells) {
      if (c.x > panelLeft + 5) assert.equal(c.covered, true, `a cell under the panel is covered: ${JSON.stringify(c)}`);
      else if (c.x < panelLeft - 5 && c.y < 800 - 140) assert.ok(!c.covered, `a cell on the open board is not covered: ${JSON.stringify(c)}`);
    }
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});
