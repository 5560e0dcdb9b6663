// The feature card (issue 16, web/feature_card.cpp), through real pointer moves and the read-only test
// hook: hovering a follower outlines its feature and shows the engine's report (carc/feature_report.hpp).
// - A record-loaded base game: the city of the rule-page example (2 tiles, 1 pennant) shows 6 if
//   completed and 3 at the end, the numbers tests/base/feature_report_test.cpp checks natively.
// - Every mode: after a few human turns against a bot, hovering each follower on screen opens a card for
//   that follower's kind, naming its player among the holders, with a value at the end.
// - A long press on a phone opens the card only after half a second (Romanian); screenshots of each.
// Started by tests/browser/run.sh (CARC_URL, ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, playHumanTurns, screenshot, settledCells, startRecord, state, waitFor } from './helpers.mjs';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

const cityRecord = `carcassonne 1
mode base
players 2
seed 1
deck M E E E
place M 0,-1 r2
follower 0
`;

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
const newWorldRecord = `carcassonne 1
mode newworld
players 3
seed 1
names RED,GREEN,BLUE
deck 18 16 02 18 18 36 18 17 15
place 18 -1,9 r1
follower 0
place 16 -1,0 r1
follower 0
place 02 -1,3 r0
follower 0
place 18 -1,2 r3
follower 0
place 18 -1,4 r1
follower 0
place 36 -2,2 r2
pass
place 18 -2,4 r0
pass
place 17 -1,5 r3
pass
`;
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
    let s = await waitFor(page, (st) => st.followerSpots && st.followerSpots.length === 5, 'the settlers on screen');
    const farmer = s.followerSpots.find((f) => f.bx === -1 && f.by === 3 && f.segment === 0);
    assert.ok(farmer, JSON.stringify(s.followerSpots));
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
    const error = await page.evaluate((r) => window.carcassonne.startRecord(r, 'human,human'), goldRushRecord);
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
