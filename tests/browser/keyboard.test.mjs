// Keyboard play and a screen reader's view (web/key_focus.*, web/board_keys.cpp, web/announcer.*): a
// Gold Rush game set up and played to the end with keys alone on a desktop, the live region read at
// every turn, and Chromium's accessibility tree checked for the canvas's label and the region.
// Started by tests/browser/run.sh, which serves the repository and sets CARC_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, screenshot, startGame, state, waitFor } from './helpers.mjs';

const lines = (page) => page.evaluate(() => [...document.querySelectorAll('#announcer p')].map((p) => p.textContent));

const inside = (focus, button) => focus && button && Math.abs(focus.x - button.x) <= button.w / 2 && Math.abs(focus.y - button.y) <= button.h / 2;

// Presses Tab until the keyboard's focus is drawn on the named button (the ring's order is the order drawn).
async function tabTo(page, name, limit = 40) {
  for (let i = 0; i < limit; i++) {
    const s = await state(page);
    if (inside(s.keyFocus, s.buttons[name])) return s;
    await press(page, 'Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

// A key held for a few frames, as a hand does: ImGui 1.86 reads keys as up or down once per frame, so a
// press and release inside one frame would be missed.
async function press(page, key) {
  await page.keyboard.down(key);
  await page.waitForTimeout(60);
  await page.keyboard.up(key);
  await page.waitForTimeout(30);
}

// Presses a key until the state shows its effect: on a machine busy enough for a frame to outlast the
// key's press, that press is not seen.
async function pressUntil(page, key, predicate, what) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await press(page, key);
    try {
      return await waitFor(page, predicate, what, 1500);
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

test('keyboard alone: setup and a whole Gold Rush game, the live region telling every turn', async (t) => {
  const started = Date.now();
  const { browser, page, errors } = await openGame();
  try {
    await waitFor(page, (s) => s.screen === 'setup' && s.buttons.start && s.seatNames, 'the setup screen');
    const setupSaid = (await lines(page)).join('\n');
    assert.match(setupSaid, /New game: .*Players: Player 1 \(Human\), Player 2 \(/, 'the live region describes the setup');

    // Tab reaches a name field without editing it: Space then starts editing, types nothing, and Tab leaves.
    await tabTo(page, 'seatName1');
    assert.equal((await state(page)).textInput, false, 'Tab only focuses the name field');
    await press(page, 'Space');
    await press(page, 'Tab');
    await page.waitForTimeout(100);
    assert.deepEqual((await state(page)).seatNames, ['Player 1', 'Player 2'], 'Tab + Space left the names as they were');

    // The mode combo: Enter opens it, Tab cycles its entries, Enter takes one.
    await tabTo(page, 'mode');
    await press(page, 'Enter');
    await waitFor(page, (s) => s.buttons['mode:goldrush'], 'the open mode list', 5000);
    await tabTo(page, 'mode:goldrush');
    await press(page, 'Enter');
    await waitFor(page, (s) => s.mode === 'goldrush', 'Gold Rush chosen', 5000);
    await tabTo(page, 'start');
    await screenshot(page, 'keys-setup-focus');
    await press(page, 'Enter');
    await waitFor(page, (s) => s.screen === 'play' && s.keysOnBoard, 'the game, the board taking the keys');

    // The Bot speed slider takes the focus without becoming a text field: the shortcuts still work.
    const slider = await tabTo(page, 'speed');
    assert.equal(slider.textInput, false, 'Tab leaves the Bot speed slider a slider');
    await press(page, 'Enter');
    await page.waitForTimeout(100);
    assert.equal((await state(page)).textInput, false, 'Enter on the slider makes no text field of it either');
    await press(page, ']');
    await press(page, ']');
    await press(page, ']');
    assert.equal((await state(page)).botSpeed, 3, '] still raises the bot speed with the slider focused');
    await screenshot(page, 'keys-slider-focus');
    // Escape leaves the slider's adjusting (Enter started it), a second one gives the keys back to the board.
    await press(page, 'Escape');
    await press(page, 'Escape');
    await waitFor(page, (s) => s.keysOnBoard, 'Escape gives the keys back to the board', 5000);

    let humanTurns = 0, rotated = false, followers = 0, shotCursor = false, shotSpot = false;
    const heard = new Set();  // every line the region held at some point (it keeps the latest 40)
    for (let step = 0; step < 2000; step++) {
      const s = await waitFor(page, (st) => ['place', 'act', 'choose', 'confirm', 'over'].includes(st.phase), 'a human step');
      if (s.phase === 'over') break;
      if (s.phase === 'place') {
        humanTurns++;
        // The turn and the tile drawn were told before the player acts.
        const said = await lines(page);
        for (const l of said) heard.add(l);
        const turnLine = said.filter((l) => l.startsWith('Turn of ')).pop();
        assert.match(turnLine, /^Turn of Player 1\. Tile drawn: .+/, `turn ${s.turn} is told (${said.slice(-3).join(' | ')})`);
        let c = await pressUntil(page, 'ArrowRight', (st) => st.keyCursor && st.keyCursor.bx !== undefined, 'the cell cursor');
        const cell = c.cells.find((x) => x.bx === c.keyCursor.bx && x.by === c.keyCursor.by);
        assert.ok(cell, 'the cursor is on a legal cell');
        if (!rotated && (cell.rotations & (cell.rotations - 1))) {  // two legal rotations or more: R turns the ghost
          const before = c.keyCursor.rotation;
          c = await pressUntil(page, 'r', (st) => st.keyCursor && st.keyCursor.rotation !== before, 'R turning the ghost');
          assert.ok(cell.rotations & (1 << c.keyCursor.rotation), 'R turns to a legal rotation');
          rotated = true;
        }
        if (!shotCursor) {
          await page.waitForTimeout(400);
          await screenshot(page, 'keys-cell-cursor');
          shotCursor = true;
        }
        await pressUntil(page, 'Enter', (st) => st.phase !== 'place' || st.placed > s.placed, 'the tile placed');
      } else if (s.phase === 'act' || s.phase === 'choose') {
        const choices = Object.keys(s.buttons).filter((b) => b.startsWith('choice:'));
        if (choices.length > 0) {  // a spot with several actions: its list, in a popup of its own Tab ring
          await tabTo(page, choices[0]);
          await press(page, 'Enter');
          await page.waitForTimeout(100);
          continue;
        }
        const c = await pressUntil(page, 'ArrowRight', (st) => st.keyCursor && st.keyCursor.action, 'the spot cursor');
        if (!shotSpot && s.spots.length > 0) {
          await page.waitForTimeout(300);
          await screenshot(page, 'keys-spot-cursor');
          shotSpot = true;
        }
        if (c.keyCursor.action.startsWith('follower')) followers++;
        await press(page, 'Enter');
        await page.waitForTimeout(60);
      } else if (s.phase === 'confirm') {
        await pressUntil(page, 'Enter', (st) => st.phase !== 'confirm', 'the turn confirmed');
      }
    }
    const end = await waitFor(page, (s) => s.over, 'the end');
    assert.equal(end.drawPile, 0, 'the whole game was played');
    assert.ok(humanTurns >= 10, `the keyboard played ${humanTurns} turns`);
    assert.ok(rotated, 'R was tried on a cell with several rotations');
    for (const l of await lines(page)) heard.add(l);
    const said = [...heard];
    assert.ok(said.some((l) => / places .+ at -?\d+, -?\d+$/.test(l)), 'placements are told');
    if (followers > 0) assert.ok(said.some((l) => / places a follower on: /.test(l)), 'followers are told');
    assert.ok(said.some((l) => /^Game over\. .*(wins!|Shared victory)/.test(l)), `the end is told (${said.slice(-2).join(' | ')})`);
    await page.waitForTimeout(500);
    await screenshot(page, 'keys-end');

    // Chromium's accessibility tree: the canvas's name and role, the live region.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const canvas = nodes.find((n) => n.role && n.role.value === 'application');
    assert.ok(canvas && /^Game board\. Arrow keys/.test(canvas.name.value), 'the canvas is an application named in words');
    const live = nodes.find((n) => (n.properties || []).some((p) => p.name === 'live' && p.value.value === 'polite') &&
      n.childIds && n.childIds.length > 0);
    assert.ok(live, 'a polite live region with lines is in the tree');
    t.diagnostic(`${humanTurns} human turns by keyboard; ${followers} followers; the test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

test('phone, in German: the page with the live region still lays out, starts a game and tells it in German', async () => {
  const { browser, page, errors } = await openGame({ width: 390, height: 844 }, 2, '', { hasTouch: true, isMobile: true, locale: 'de-DE' });
  try {
    const start = await startGame(page, 'goldrush');
    assert.ok(start.started);
    await waitFor(page, (s) => s.language === 'de', 'German', 5000);
    await page.waitForTimeout(800);
    await screenshot(page, 'keys-phone-start');
    const said = await lines(page);
    assert.ok(said.some((l) => / ist am Zug\. Gezogene Karte: .+/.test(l)), `the live region tells the first turn in German (${said.join(' | ')})`);
    const label = await page.evaluate(() => document.getElementById('canvas').getAttribute('aria-label'));
    assert.match(label, /^Spielplan\. Die Pfeiltasten/, 'the canvas is labelled in German');
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});
