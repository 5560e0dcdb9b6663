// The feature card (issue 16, web/feature_card.cpp), through real pointer moves and the read-only test
// hook: hovering a follower outlines its feature and shows the engine's report (carc/feature_report.hpp).
// - A record-loaded base game: the city of the rule-page example (2 tiles, 1 pennant) shows 6 if
//   completed and 3 at the end, the numbers tests/base/feature_report_test.cpp checks natively.
// - Every mode: after a few human turns against a bot, hovering each follower on screen opens a card for
//   that follower's kind, naming its player among the holders, with a value at the end.
// - Picking and outline by the feature's own shape (web/feature_outline.cpp): on the start tile, a
//   field corner, a point beside the road, the road and the city each pick their own segment (and on
//   the turned tile north of it, its city and field); the screen changes along the hovered city or
//   field only, not around the whole tile.
// - Each mode's own parts: New World's surveyor bonus, Gold Rush's token stack and tent (Romanian); a
//   scoring-log entry under the pointer opens the card of the feature it scored.
// - A long press on a phone opens the card only after half a second (Romanian); screenshots of each.
// Started by tests/browser/run.sh (CARC_URL, ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, playHumanTurns, screenshot, settledCells, startRecord, state, waitFor } from './helpers.mjs';
import { cityRecord, newWorldBeforeBluesTile } from './scenarios.mjs';
import { decodePng } from './png_stats.mjs';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

// Moves the pointer onto a follower and returns the card the page then shows. The camera may still glide
// towards the newest tile: the follower's place is read again before each try.
async function hoverFollower(page, spot) {
  for (let attempt = 0; ; attempt++) {
    const now = (await state(page)).followerSpots.find((f) => f.bx === spot.bx && f.by === spot.by && f.segment === spot.segment) ?? spot;
    await page.mouse.move(now.x, now.y);
    try {
      return (await waitFor(page, (s) => s.featureCard && s.featureCard.x === spot.bx && s.featureCard.y === spot.by, `the card of ${spot.kind} at ${spot.bx},${spot.by}`, 2000)).featureCard;
    } catch (e) {
      if (attempt === 2) throw e;
    }
  }
}

test('the rule page city: 2 tiles and a pennant, 6 if completed, 3 at the end', async () => {
  const { browser, page, errors } = await openGame(desktop);
  try {
    await startRecord(page, cityRecord, 'human,human');
    const s = await waitFor(page, (st) => st.followerSpots && st.followerSpots.length === 1, 'the knight on screen');
    const knight = s.followerSpots[0];
    assert.equal(knight.kind, 'city');
    const card = await hoverFollower(page, knight);
    assert.equal(card.kind, 'city');
    assert.equal(card.tiles, 2);
    assert.equal(card.complete, false);
    assert.equal(card.ifCompleted, 6);
    assert.equal(card.atEnd, 3);
    assert.equal(card.takenBack, null);
    assert.equal(card.places, 2);
    assert.deepEqual(card.holders, [{ player: 0, followers: 1, leads: true }]);
    assert.match(card.title, /^City, 2 tiles$/);
    await screenshot(page, 'feature-card-base-city');
    // Away from the board: no card.
    await page.mouse.move(desktop.width - 20, desktop.height - 20);
    await waitFor(page, (st) => !st.featureCard, 'the card closed', 5000);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// New World, seed 000's example (tests/newworld/surveyors_test.cpp): both surveyors in column 1, so BLUE's
// farm there shows 9 if completed and BLUE's +8 surveyor bonus. Gold Rush: a gold miner's mountain shows
// its stack of 4 mining tokens and the tent on it. Hovering a scoring-log entry outlines the feature it
// scored (the event names its segment).
const newWorldRecord = newWorldBeforeBluesTile;
const goldRushRecord = `carcassonne 2
mode goldrush
players 2
seed 1
names BLUE,RED
deck 38 01 01
place 38 0,-1 r0
follower 0
place 01 1,0 r0
tent 0,0 0
`;

test('the mode\'s own parts: New World\'s surveyor bonus, Gold Rush\'s tokens and tent (Romanian too)', async () => {
  const { browser, page, errors } = await openGame(desktop);
  try {
    await startRecord(page, newWorldRecord, 'human,human,human');
    const farmerOf = (st) => (st.followerSpots ?? []).find((f) => f.bx === -1 && f.by === 3 && f.segment === 0);
    let s = await waitFor(page, (st) => farmerOf(st) && st.logEntries?.length > 0, 'BLUE\'s farmer on screen');
    const farmer = farmerOf(s);
    assert.equal(farmer.player, 2);
    const farm = await hoverFollower(page, farmer);
    assert.equal(farm.kind, 'farm');
    assert.equal(farm.ifCompleted, 9);
    assert.deepEqual(farm.bonusIfCompleted, [{ player: 2, points: 8 }]);
    assert.deepEqual(farm.bonusAtEnd, []);
    await screenshot(page, 'feature-card-newworld-bonus');
    // The scoring log's newest entry (GREEN's surveyor bonus for New York) outlines the town it scored.
    const entry = s.logEntries[0];
    assert.ok(entry && entry.segment >= 0, JSON.stringify(s.logEntries));
    await page.mouse.move(entry.x, entry.y);
    const logged = (await waitFor(page, (st) => st.featureCard && st.featureCard.x === entry.bx && st.featureCard.y === entry.by, 'the logged feature')).featureCard;
    assert.equal(logged.segment, entry.segment);
    assert.equal(logged.kind, 'town');
    await screenshot(page, 'feature-card-newworld-log');

    await page.mouse.move(desktop.width - 20, desktop.height - 20);
    await page.evaluate(() => window.carcassonne.setLanguage('ro'));  // the game's language and the page's
    const error = await page.evaluate((r) => window.carcassonne.startRecord(r, 'human,greedy'), goldRushRecord);
    assert.equal(error, '');
    s = await waitFor(page, (st) => st.followerSpots && st.followerSpots.length === 1 && st.followerSpots[0].kind === 'mountain', 'the gold miner');
    const mountain = await hoverFollower(page, s.followerSpots[0]);
    assert.deepEqual(mountain.pieces, [{ name: 'mining_token', count: 4, player: -1 }, { name: 'tent', count: 1, player: 1 }]);
    await screenshot(page, 'feature-card-goldrush-tokens-ro');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// The knight's spot once the camera has stopped gliding towards the newest tile.
async function settledKnight(page) {
  let last = null;
  for (let i = 0; i < 40; i++) {
    const s = await waitFor(page, (st) => st.followerSpots && st.followerSpots.length === 1, 'the knight on screen');
    const now = s.followerSpots[0];
    if (last && last.x === now.x && last.y === now.y) return now;
    last = now;
    await page.waitForTimeout(100);
  }
  return last;
}

// The start tile's screen square [x, y, size], from the outline of the knight's city (it covers it).
async function startTileSquare(page, knight) {
  const card = await hoverFollower(page, knight);
  assert.equal(card.kind, 'city');
  const outline = (await state(page)).featureOutline;
  const start = outline.find((o) => o.bx === 0 && o.by === 0);
  assert.ok(start, `the city's outline reaches the start tile: ${JSON.stringify(outline)}`);
  return start.tile;
}

// Points at the unit point (u, v) of the tile `square` shows (the start tile, else the one `by` rows
// below it) and returns the card shown there.
async function pointAt(page, square, u, v, by = 0) {
  const [x, y, size] = square;
  await page.mouse.move(x + u * size, y + (v + by) * size);
  return (await waitFor(page, (s) => s.featureCard && s.featureCard.x === 0 && s.featureCard.y === by, `a card at ${u},${v} of tile 0,${by}`, 3000)).featureCard;
}

test('the start tile: field corners, the road and the city each pick their own feature', async () => {
  const { browser, page, errors } = await openGame(desktop);
  try {
    await startRecord(page, cityRecord, 'human,human');
    const square = await startTileSquare(page, await settledKnight(page));
    // Design D, not turned: city north, road west-east through the centre, fields north and south of it.
    const picks = [
      [0.5, 0.08, 'city', 0],
      [0.04, 0.04, 'city', 0],
      [0.25, 0.52, 'road', 1],
      [0.8, 0.49, 'road', 1],
      [0.06, 0.35, 'field', 2],
      [0.04, 0.96, 'field', 3],
      [0.96, 0.96, 'field', 3],
      [0.1, 0.62, 'field', 3], // nearer the road's follower spot than the field's: picked by the shape
    ];
    for (const [u, v, kind, segment] of picks) {
      const card = await pointAt(page, square, u, v);
      assert.equal(card.kind, kind, `${u},${v} picks the ${kind}`);
      assert.equal(card.segment, segment, `${u},${v} picks segment ${segment}`);
    }
    // Tile M north of it, turned twice: its city (north and west) now lies south and east.
    for (const [u, v, kind] of [[0.9, 0.9, 'city'], [0.5, 0.94, 'city'], [0.08, 0.08, 'field']]) {
      const card = await pointAt(page, square, u, v, -1);
      assert.equal(card.kind, kind, `${u},${v} of the turned tile picks the ${kind}`);
    }
    // The south field's outline on the start tile lies below the road, not around the tile.
    await pointAt(page, square, 0.04, 0.96);
    const field = (await state(page)).featureOutline.find((o) => o.bx === 0 && o.by === 0);
    const [x, y, size] = square;
    assert.ok(field.box[1] > y + 0.5 * size, `the field's outline starts below the road: ${JSON.stringify(field)}`);
    assert.ok(field.box[0] < x + 0.1 * size && field.box[2] > x + 0.9 * size, 'and spans the tile');
    await screenshot(page, 'feature-card-base-field');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// Pixels of the start tile that differ between two screenshots, counted in a unit rectangle of it, away
// from the card.
function changedIn(before, after, square, card, [u0, v0, u1, v1]) {
  const a = decodePng(before), b = decodePng(after);
  const [x, y, size] = square;
  let changed = 0, total = 0;
  for (let py = Math.ceil(y + v0 * size); py < y + v1 * size; py++) {
    for (let px = Math.ceil(x + u0 * size); px < x + u1 * size; px++) {
      if (px >= card[0] - 4 && px <= card[0] + card[2] + 4 && py >= card[1] - 4 && py <= card[1] + card[3] + 4) continue;
      const o = (py * a.width + px) * a.channels;
      total++;
      if (Math.max(...[0, 1, 2].map((c) => Math.abs(a.pixels[o + c] - b.pixels[o + c]))) > 12) changed++;
    }
  }
  return { changed, total };
}

test('the outline follows the feature, not the tile', async () => {
  const { browser, page, errors } = await openGame(desktop);
  try {
    await startRecord(page, cityRecord, 'human,human');
    const square = await startTileSquare(page, await settledKnight(page));
    await page.mouse.move(desktop.width - 20, desktop.height - 20);
    await waitFor(page, (st) => !st.featureCard, 'the card closed', 5000);
    const plain = await page.screenshot();
    // The bands lie on the tile's east half: the card, beside the pointer, may cover its west.
    const northBand = [0.55, 0.0, 0.75, 0.15], southBand = [0.55, 0.8, 0.97, 1.0];

    // The city: its ground and wall light up, the south field stays as it was.
    // The card's place is read once it has settled (it sits beside the pointer, placed by its size
    // of the frame before): the pixels it covers are left out of the comparison.
    await pointAt(page, square, 0.5, 0.06);
    await page.waitForTimeout(100);
    const city = (await state(page)).featureCard;
    const cityShot = await screenshot(page, 'feature-card-outline-city');
    const cityNorth = changedIn(plain, cityShot, square, city.card, northBand);
    const citySouth = changedIn(plain, cityShot, square, city.card, southBand);
    assert.ok(cityNorth.changed > cityNorth.total * 0.5, `the city is tinted: ${JSON.stringify(cityNorth)}`);
    assert.ok(citySouth.total > 100 && citySouth.changed < citySouth.total * 0.02, `the south field is untouched: ${JSON.stringify(citySouth)}`);

    // The south field: the other way round.
    await pointAt(page, square, 0.04, 0.96);
    await page.waitForTimeout(100);
    const field = (await state(page)).featureCard;
    const fieldShot = await screenshot(page, 'feature-card-outline-field');
    const fieldNorth = changedIn(plain, fieldShot, square, field.card, northBand);
    const fieldSouth = changedIn(plain, fieldShot, square, field.card, southBand);
    assert.ok(fieldSouth.changed > fieldSouth.total * 0.5, `the field is tinted: ${JSON.stringify(fieldSouth)}`);
    assert.ok(fieldNorth.total > 100 && fieldNorth.changed < fieldNorth.total * 0.02, `the city is untouched: ${JSON.stringify(fieldNorth)}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

for (const mode of ['base+tunnel', 'newworld', 'discovery', 'goldrush']) {
  test(`${mode}: hovering each follower shows its feature and value`, async () => {
    const { browser, page, errors } = await openGame(desktop, 1, `index.html?mode=${mode}&players=2&seed=CARD7&seats=human,greedy&speed=3`);
    try {
      await playHumanTurns(page, 4, `feature-card-${mode.replace('+', '-')}`);
      await waitFor(page, (st) => st.phase === 'place' && !st.botThinking, 'the human to place again', 120000);
      const s = await settledCells(page);
      const visible = (s.followerSpots ?? []).filter((f) => f.x > 10 && f.y > 10 && f.x < desktop.width - 400 && f.y < desktop.height - 120);
      assert.ok(visible.length > 0, `${mode}: a follower on screen (${JSON.stringify(s.followerSpots)})`);
      let shown = 0;
      for (const spot of visible) {
        // A legal cell's ghost or spot takes the pointer first: only followers on placed tiles count.
        const card = await hoverFollower(page, spot).catch(() => null);
        if (!card) continue;
        shown++;
        assert.equal(card.kind, spot.kind, `${mode}: the card names the follower's own feature`);
        assert.ok(card.holders.some((h) => h.player === spot.player && h.followers >= 1), `${mode}: its holder is listed`);
        assert.equal(typeof card.atEnd, 'number', `${mode}: ${card.kind} has a value at the end`);
        assert.ok(card.places >= 1 && card.tiles >= 1);
        if (shown === 1) await screenshot(page, `feature-card-${mode.replace('+', '-')}`);
      }
      assert.ok(shown > 0, `${mode}: some follower showed its card`);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}

test('phone, Romanian: a long press opens the card after half a second', async () => {
  const { browser, page, errors } = await openGame(phone, 2, 'index.html?lang=ro');
  try {
    await startRecord(page, cityRecord, 'human,human');
    const s = await waitFor(page, (st) => st.followerSpots && st.followerSpots.length === 1, 'the knight on screen');
    const knight = s.followerSpots[0];
    await page.mouse.move(knight.x, knight.y);
    await page.mouse.down();
    await page.waitForTimeout(150);
    assert.equal((await state(page)).featureCard, undefined, 'no card during a short press');
    const card = (await waitFor(page, (st) => st.featureCard, 'the card after a long press', 3000)).featureCard;
    assert.equal(card.ifCompleted, 6);
    assert.equal(card.atEnd, 3);
    assert.match(card.title, /^Oraș, 2 piese$/);
    await page.waitForTimeout(200);
    await screenshot(page, 'feature-card-phone-ro');
    await page.mouse.up();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
