// Touch play and the free area of the board (issue 48), through real taps (Playwright's touchscreen on
// an emulated phone) and real mouse events, read through the test hook:
// - On a touch phone a first tap on a legal cell shows the tile there as a ghost in a legal rotation,
//   Rotate turns it through that cell's legal rotations, a tap on another legal cell moves it, and a
//   second tap on its cell or the Place button places it, in the ghost's rotation; the texts say "tap"
//   and name no keys. On a desktop a click places at once and the texts name clicks and keys.
// - The camera keeps every legal cell of the step, and the tile just placed with its spots, inside the
//   free area (the canvas that no side panel or action bar covers), and F fits the board into it.
// - The feature card on a phone stays inside the free area.
// Screenshots: touch-phone-*, touch-desktop-*. Started by tests/browser/run.sh (CARC_URL, ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickAt, clickButton, openGame, screenshot, settledCells, startRecord, state, waitFor } from './helpers.mjs';
import { cityRecord } from './scenarios.mjs';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const touchPhone = { hasTouch: true, isMobile: true };

// Ten turns of two greedy bots (carc play --mode base --players 2 --seed 8WQ2K --bots greedy,greedy):
// the board spans 5 x 6 tiles, its legal cells 7 x 8, more than a phone shows at its usual zoom.
const spreadRecord = `carcassonne 2
mode base
players 2
seed 8WQ2K
place B 0,1 r0
follower 0
place E 0,-1 r2
follower 0
place D 1,0 r2
follower 3
place K -1,-1 r0
follower 3
place I 0,2 r2
follower 0
place I -1,-2 r1
follower 1
place O -1,0 r3
follower 1
place X 2,0 r0
follower 0
place G -1,2 r0
follower 0
place R 0,-2 r0
follower 0
`;

const recordText = (page) => page.evaluate(() => window.carcassonne.recordText());

async function tap(page, x, y) {
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(150);
}

// A button where it stays: the action bar fits its size to a new step a frame late, and a tap has no
// hover before it to catch up.
async function tapButton(page, name) {
  let last = null;
  for (let i = 0; i < 40; i++) {
    const b = (await waitFor(page, (st) => st.buttons && st.buttons[name], `button ${name}`, 10000)).buttons[name];
    if (last && b.x === last.x && b.y === last.y) break;
    last = b;
    await page.waitForTimeout(60);
  }
  await tap(page, last.x, last.y);
}

const inside = (r, area, what) => assert.ok(r.x >= area.x - 0.5 && r.y >= area.y - 0.5 && r.x + r.w <= area.x + area.w + 0.5 &&
  r.y + r.h <= area.y + area.h + 0.5, `${what} ${JSON.stringify(r)} lies inside the free area ${JSON.stringify(area)}`);
const apart = (a, b, what) => assert.ok(a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5,
  `${what}: ${JSON.stringify(a)} and ${JSON.stringify(b)} do not overlap`);
const cellRect = (c) => ({ x: c.x - c.size / 2, y: c.y - c.size / 2, w: c.size, h: c.size });

// The free area lies beside the side panel (desktop) or above it (phone) and above the action bar; every
// legal cell of the step lies inside it.
function assertCellsInFreeArea(s, viewport, what) {
  const area = s.freeArea;
  apart(area, s.actionBar, `${what}: the free area and the action bar`);
  const panel = viewport.width < 720 ? { x: 0, y: viewport.height * 0.58, w: viewport.width, h: viewport.height * 0.42 }
    : { x: viewport.width - 380, y: 0, w: 380, h: viewport.height };
  apart(area, panel, `${what}: the free area and the side panel`);
  assert.ok(s.cells.length > 0, `${what}: legal cells`);
  for (const c of s.cells) {
    inside(cellRect(c), area, `${what}: legal cell ${c.bx},${c.by}`);
    assert.ok(!c.covered, `${what}: legal cell ${c.bx},${c.by} is not under a window`);
  }
}

// The spots of the tile just placed (its followers' places) inside the free area.
function assertSpotsInFreeArea(s, what) {
  for (const spot of s.spots) inside({ x: spot.x - 1, y: spot.y - 1, w: 2, h: 2 }, s.freeArea, `${what}: spot ${spot.action}`);
}

// Spots a finger can tell apart: at least `gap` CSS px between any two; each names what it is.
function assertSpotsApart(s, gap, what) {
  for (let i = 0; i < s.spots.length; i++) {
    const a = s.spots[i];
    assert.ok(a.label, `${what}: spot ${a.action} has a name`);
    for (let j = i + 1; j < s.spots.length; j++) {
      const b = s.spots[j], d = Math.hypot(a.x - b.x, a.y - b.y);
      assert.ok(d >= gap, `${what}: spots ${a.action} and ${b.action} ${d.toFixed(1)} px apart (${gap} at least)`);
    }
  }
}

// The state once neither the legal cells nor the spots move any more (the camera glides for a moment).
async function settled(page) {
  const where = (st) => JSON.stringify([st.cells, (st.spots ?? []).map((sp) => [sp.x, sp.y])]);
  let last = await state(page);
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(100);
    const now = await state(page);
    if (where(now) === where(last)) return now;
    last = now;
  }
  return last;
}

// Gold Rush: design 31 (a western city with four railroads and four prairies) beside the start tile.
const fourRailroadCity = `carcassonne 2
mode goldrush
players 2
seed 1
deck 31 01
place 31 1,0 r0
`;

const nextLegal = (mask, from) => {
  for (let step = 1; step <= 4; step++) if (mask & (1 << ((from + step) & 3))) return (from + step) & 3;
  return from;
};

test('phone with touch: a tap shows the ghost, Rotate turns it, a second tap or Place places it; the action stays in the free area', async () => {
  const { browser, page, errors } = await openGame(phone, 2, 'index.html', touchPhone);
  try {
    await startRecord(page, spreadRecord, 'human,greedy');
    for (let turn = 0; turn < 2; turn++) {
      const s = await settledCells(page);
      assert.equal(s.phase, 'place');
      assertCellsInFreeArea(s, phone, `phone, turn ${turn}`);
      if (turn === 0) await screenshot(page, 'touch-phone-cells');
      assert.equal(s.touchGhost, undefined, 'no ghost before a tap');
      // The first tap on a cell shows the ghost there, in a legal rotation; nothing is placed.
      const [first, second] = [s.cells[turn], s.cells.find((c) => c !== s.cells[turn] && c.rotations !== 0)];
      await tap(page, first.x, first.y);
      let ghost = (await waitFor(page, (st) => st.touchGhost, 'the ghost after a tap', 5000)).touchGhost;
      assert.deepEqual([ghost.bx, ghost.by], [first.bx, first.by], 'the ghost shows on the tapped cell');
      assert.ok(first.rotations & (1 << ghost.rotation), `a legal rotation (${ghost.rotation} of mask ${first.rotations})`);
      const now = await state(page);
      assert.equal(now.placed, s.placed, 'a first tap places nothing');
      assert.equal(now.touch, true, 'the page knows it is touched');
      assert.match(now.placeHint, /tap/i, `the hint says tap: ${now.placeHint}`);
      assert.doesNotMatch(`${now.placeHint} ${now.rotateLabel} ${now.keysHint}`, /click|\(R\)|Enter|Wheel/i, 'no click nor key names on touch');
      // A tap on another legal cell moves the ghost there; Rotate turns it through that cell's legal rotations.
      await tap(page, second.x, second.y);
      ghost = (await waitFor(page, (st) => st.touchGhost && st.touchGhost.bx === second.bx && st.touchGhost.by === second.by, 'the ghost moved', 5000)).touchGhost;
      for (let i = 0; i < 2; i++) {
        const expected = nextLegal(second.rotations, ghost.rotation);
        await tapButton(page, 'rotate');
        ghost = (await waitFor(page, (st) => st.touchGhost && st.touchGhost.rotation === expected, `the ghost turned to ${expected}`, 5000)).touchGhost;
      }
      assert.equal((await state(page)).placed, s.placed, 'rotating places nothing');
      if (turn === 0) await screenshot(page, 'touch-phone-ghost');
      // Turn 0: a second tap on the ghost's cell places it; turn 1: the Place button.
      const at = (await settledCells(page)).cells.find((c) => c.bx === second.bx && c.by === second.by);
      if (turn === 0) await tap(page, at.x, at.y);
      else await tapButton(page, 'placeGhost');
      await waitFor(page, (st) => st.placed === s.placed + 1, 'the tile placed', 5000);
      // The tile just placed and its spots in the free area; pass, confirm, and the record holds the ghost's rotation.
      const act = await settledCells(page);
      assertSpotsInFreeArea(act, `phone, turn ${turn}`);
      if (turn === 0) await screenshot(page, 'touch-phone-spots');
      if (act.phase === 'act') await tapButton(page, 'pass');
      await waitFor(page, (st) => st.phase === 'confirm', 'the confirm step', 5000);
      await tapButton(page, 'confirm');
      await waitFor(page, (st) => st.phase !== 'confirm', 'the turn to end', 5000);
      const placeLines = (await recordText(page)).split('\n').filter((l) => l.startsWith('place '));
      const mine = placeLines[10 + 2 * turn];  // after the record's ten and the bot's answers
      assert.match(mine, new RegExp(` ${second.bx},${second.by} r${ghost.rotation}$`), `placed as the ghost showed: ${mine}`);
      await waitFor(page, (st) => st.phase === 'place', 'the bot to play and the next human step', 30000);
    }
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

test('desktop: a click places at once; the legal cells stay in the free area, and F fits the board there', async () => {
  const { browser, page, errors } = await openGame(desktop);
  try {
    await startRecord(page, spreadRecord, 'human,greedy');
    for (let turn = 0; turn < 2; turn++) {
      await page.mouse.move(3, 3);  // off the tiles: no feature card over the cells
      const s = await settledCells(page);
      assert.equal(s.phase, 'place');
      assertCellsInFreeArea(s, desktop, `desktop, turn ${turn}`);
      assert.equal(s.touch, false, 'a desktop plays by mouse');
      assert.match(s.placeHint, /click/i, `the desktop hint names a click: ${s.placeHint}`);
      assert.match(s.rotateLabel, /\(R\)/, 'the desktop Rotate names its key');
      assert.match(s.keysHint, /Enter/, 'the desktop names its keys');
      if (turn === 0) await screenshot(page, 'touch-desktop-cells');
      // Hover shows the ghost, a click places it: no ghost step with a mouse.
      const cell = s.cells[turn];
      await clickAt(page, cell.x, cell.y);
      await waitFor(page, (st) => st.placed === s.placed + 1, 'the tile placed by one click', 5000);
      const act = await settledCells(page);
      assertSpotsInFreeArea(act, `desktop, turn ${turn}`);
      assertSpotsApart(act, 30, `desktop, turn ${turn}`);
      if (turn === 0) {  // hovering a spot names it
        const spot = act.spots[0];
        await page.mouse.move(spot.x, spot.y);
        const named = await waitFor(page, (st) => st.spotShownLabel, 'the hovered spot\'s name', 5000);
        assert.equal(named.spotShownLabel, spot.label);
        assert.match(spot.label, /^Follower on (Road|City|Field|Cloister)$/);
        await screenshot(page, 'touch-desktop-spot-hover');
      }
      if (act.phase === 'act') await clickButton(page, 'pass');
      await clickButton(page, 'confirm');
      await waitFor(page, (st) => st.phase === 'place' && st.placed === s.placed + 2, 'the bot to play and the next human step', 30000);
    }
    // Drag the board away, then F: the whole board with its legal cells in the free area.
    await page.mouse.move(300, 300);
    await page.mouse.down();
    for (let x = 300; x <= 900; x += 60) await page.mouse.move(x, 300 + (x - 300) / 2);
    await page.mouse.up();
    await page.mouse.move(3, 3);
    await page.keyboard.press('f');
    const fitted = await settledCells(page);
    assertCellsInFreeArea(fitted, desktop, 'desktop, after F');
    await screenshot(page, 'touch-desktop-fitted');
    assert.equal(fitted.boardDrawing, 'art', `tiles of ${fitted.cells[0].size} px show their pictures`);
    // Zoomed out below 40 px a tile: the board in flat colours, the followers still 18 px at least.
    let small = fitted;
    for (let i = 0; i < 12 && small.cells[0].size >= 40; i++) {
      await page.keyboard.press('-');
      small = await settledCells(page);
    }
    assert.equal(small.boardDrawing, 'simple', `tiles of ${small.cells[0].size} px drawn simply`);
    assert.ok(small.followerPx >= 18, `followers ${small.followerPx} px`);
    await screenshot(page, 'touch-desktop-small-zoom');
    // Gold Rush's city with four railroads, just placed: nine spots and the start tile's tent spot,
    // fanned out around the tile at the usual zoom, each a piece's badge with its name on hover.
    assert.equal(await page.evaluate((r) => window.carcassonne.startRecord(r, 'human,human'), fourRailroadCity), '');
    const city = await waitFor(page, (st) => st.phase === 'act' && st.spots.length >= 10, 'the city\'s spots');
    const spots = (await settled(page)).spots;
    assertSpotsInFreeArea({ ...city, spots }, 'the four-railroad city');
    assertSpotsApart({ spots }, 30, 'the four-railroad city');
    const tent = spots.find((sp) => sp.action.startsWith('tent'));
    assert.ok(tent, 'a tent spot on the start tile\'s mountain');
    await page.mouse.move(tent.x, tent.y);
    const named = await waitFor(page, (st) => st.spotShownLabel === 'Tent on Mountain', 'the tent spot named', 5000);
    assert.match(named.spots.find((sp) => sp.action === 'follower 0').label, /^Cowboy on City$/);
    await screenshot(page, 'touch-desktop-goldrush-city');
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

test('phone with touch: the feature card of a long press stays inside the free area', async () => {
  const { browser, page, errors } = await openGame(phone, 2, 'index.html?lang=de', touchPhone);
  try {
    await startRecord(page, cityRecord, 'human,human');
    const s = await waitFor(page, (st) => st.followerSpots && st.followerSpots.length === 1 && st.freeArea, 'the knight on screen');
    // A finger drags the knight to the lower right of the free area, by the action bar and the edge.
    const cdp = await page.context().newCDPSession(page);
    const from = s.followerSpots[0];
    const to = { x: s.freeArea.x + s.freeArea.w - 40, y: s.freeArea.y + s.freeArea.h - 30 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + (to.x - from.x) * i / 6, y: from.y + (to.y - from.y) * i / 6 }] });
      await page.waitForTimeout(40);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(300);
    const knight = (await state(page)).followerSpots[0];
    assert.ok(Math.abs(knight.x - to.x) < 30 && Math.abs(knight.y - to.y) < 30, `the board followed the finger: ${JSON.stringify(knight)}`);
    // A long press on it: the card.
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: knight.x, y: knight.y }] });
    const open = await waitFor(page, (st) => st.featureCard, 'the card after a long press', 3000);
    await page.waitForTimeout(200);
    const now = await state(page);
    const [x, y, w, h] = now.featureCard.card;
    inside({ x, y, w, h }, now.freeArea, 'the feature card');
    apart({ x, y, w, h }, now.actionBar, 'the feature card and the action bar');
    assert.equal(open.featureCard.kind, 'city');
    await screenshot(page, 'touch-phone-feature-card');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

// The done-when of issue 48: a whole Gold Rush game (2 players, the game's own setup, against the greedy
// bot) on a phone, by taps alone: a first tap on a cell shows the ghost, a second tap or Place places
// it; a first tap on a spot picks it and names it, a second tap or Take takes it. At every step every
// legal cell and spot lies in the free area, spots 40 px apart at least. At the end the whole board
// is drawn simply, followers still readable. Screenshots: tap-goldrush-*.
const goldRushStart = `carcassonne 2
mode goldrush
players 2
seed 48
`;

test('phone with touch: a whole Gold Rush game by taps, with the ghost step and the spot step', async (t) => {
  const started = Date.now();
  // One device pixel per CSS pixel: a quarter of the pixels to draw in software, frame after frame.
  const { browser, page, errors } = await openGame(phone, 1, 'index.html', touchPhone);
  try {
    await startRecord(page, goldRushStart, 'human,greedy');
    // A tap at the Bot speed slider's right end: the bot answers at once.
    const speed = (await waitFor(page, (st) => st.buttons.speed, 'the Bot speed slider')).buttons.speed;
    await tap(page, speed.x + speed.w / 2 - 4, speed.y);
    await waitFor(page, (st) => st.botSpeed === 3, 'the bot at instant speed', 5000);
    let turns = 0, taken = 0, crowded = 0, shotSpots = false;
    for (let step = 0; step < 1500; step++) {
      const s = await waitFor(page, (st) => ['place', 'act', 'choose', 'confirm', 'over'].includes(st.phase), 'a human step');
      if (s.phase === 'over') break;
      if (s.phase === 'place') {
        const c = await settled(page);
        assertCellsInFreeArea(c, phone, `turn ${turns}`);
        if (turns === 0) await screenshot(page, 'tap-goldrush-cells');
        const open = c.cells.filter((x) => !x.covered);
        const cell = open[turns % open.length];
        await tap(page, cell.x, cell.y);
        await waitFor(page, (st) => st.touchGhost && st.touchGhost.bx === cell.bx && st.touchGhost.by === cell.by, 'the ghost', 5000);
        assert.equal((await state(page)).placed, c.placed, 'a first tap on a cell places nothing');
        if (turns % 2 === 0) {
          const at = (await settled(page)).cells.find((x) => x.bx === cell.bx && x.by === cell.by);
          await tap(page, at.x, at.y);
        } else {
          await tapButton(page, 'placeGhost');
        }
        await waitFor(page, (st) => st.placed === c.placed + 1, 'the tile placed', 5000);
        turns++;
      } else if (s.phase === 'act' || s.phase === 'choose') {
        const choice = Object.keys(s.buttons).find((b) => b.startsWith('choice:'));
        if (choice) {  // a spot with several actions (a cowboy or the tent on one mountain): the list
          await tapButton(page, choice);
          await waitFor(page, (st) => !Object.keys(st.buttons).some((b) => b.startsWith('choice:')), 'the choice taken', 5000);
          continue;
        }
        const a = await settled(page);
        assertSpotsInFreeArea(a, `turn ${turns}`);
        assertSpotsApart(a, 40, `turn ${turns}`);
        for (const sp of a.spots) assert.match(sp.label, /^(Cowboy|Tent) on [A-Z]/, `spot ${sp.action} says what it is`);
        const open = a.spots.filter((sp) => !sp.covered);
        if (open.length > 2) crowded++;
        if (open.length > 0 && (turns % 3 !== 0 || !a.buttons.pass)) {
          const spot = open[turns % open.length];
          await tap(page, spot.x, spot.y);
          const picked = await waitFor(page, (st) => st.spots.some((sp) => sp.picked && sp.action === spot.action), `${spot.action} picked`, 5000);
          assert.equal(picked.phase, a.phase, 'a first tap on a spot takes nothing');
          assert.equal(picked.spotShownLabel, spot.label, 'the picked spot shows its name');
          if (!shotSpots && open.length > 2) {
            await screenshot(page, 'tap-goldrush-spot-picked');
            shotSpots = true;
          }
          if (taken++ % 2 === 0) {
            const again = picked.spots.find((sp) => sp.action === spot.action);
            await tap(page, again.x, again.y);
          } else {
            await tapButton(page, 'takeSpot');
          }
          await waitFor(page, (st) => st.phase !== a.phase || !st.spots.some((sp) => sp.picked), 'the spot taken', 5000);
        } else {
          const button = ['pass', 'mine'].find((b) => a.buttons[b]);
          assert.ok(button, `a step without spots offers pass or mine: ${Object.keys(a.buttons)}`);
          await tapButton(page, button);
          await waitFor(page, (st) => st.phase !== a.phase || st.placed !== a.placed, `${button} taken`, 5000);
        }
      } else if (s.phase === 'confirm') {
        await tapButton(page, 'confirm');
        await waitFor(page, (st) => st.phase !== 'confirm', 'the turn confirmed', 5000);
      }
    }
    const end = await waitFor(page, (st) => st.over, 'the end');
    assert.equal(end.drawPile, 0, 'the whole game was played');
    assert.ok(turns >= 30, `${turns} turns by taps`);
    assert.ok(taken >= 10 && crowded > 0, `spots taken: ${taken}; steps with more than two spots: ${crowded}`);
    const board = await settled(page);
    await screenshot(page, 'tap-goldrush-end');
    assert.equal(board.boardDrawing, 'simple', 'the whole board at the end, in flat colours');
    assert.ok(board.followerPx >= 18, `followers ${board.followerPx} px on the whole board`);
    t.diagnostic(`${turns} turns, ${taken} spots taken by taps; the test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});
