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
