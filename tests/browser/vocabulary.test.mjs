// The engine's vocabulary reaches the page as data (docs/events.md): a refused record, link or setup
// leaves its code and parameters in lastProblem(), and the game's `action` events list what was scored
// (rule and parts); the game words both in the page's language from the catalogues. Started by
// tests/browser/run.sh (CARC_URL: the served site). Screenshots: build/screenshots/vocabulary-ro-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickButton, openGame, screenshot, waitFor } from './helpers.mjs';

const api = (page, name, ...args) => page.evaluate(([n, a]) => window.carcassonne[n](...a), [name, args]);

test('a refused record, link or setup gives its problem as a code with parameters', async () => {
  const { browser, page, errors } = await openGame();
  try {
    const header = 'carcassonne 1\nmode base\nplayers 2\nseed 1\ndeck E\n';
    assert.equal(await api(page, 'startRecord', header + 'place E 0,-1 r0\n', ''),
      'line 6: its south edge does not match the neighbouring tile');
    assert.deepEqual(await api(page, 'lastProblem'), {
      code: 'tile_edge_mismatch', params: { edge: 'south' }, line: 6,
      message: 'line 6: its south edge does not match the neighbouring tile',
    });

    assert.equal(await api(page, 'startRecord', header.replace('players 2', 'players 9'), ''),
      'line 3: base is for 2-5 players, not 9');
    assert.deepEqual((await api(page, 'lastProblem')).params, { mode: 'base', min: 2, max: 5, players: 9 });

    assert.equal(await api(page, 'startLink', 'not a link!', ''), 'link: link data is not valid base64url');
    assert.equal((await api(page, 'lastProblem')).code, 'link_not_base64');

    // The page's own values (seats as written) are not the engine's problems.
    assert.match(await api(page, 'startRecord', header, 'human,wizard'), /^seats: unknown controller/);
    assert.equal(await api(page, 'lastProblem'), null);

    assert.equal(await api(page, 'startRecord', header + 'place E 0,-1 r2\n', ''), '');
    assert.equal(await api(page, 'lastProblem'), null, 'a game that starts clears the last problem');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('action events list the scoring as rules and parts that add up to the scores', async (t) => {
  const { browser, page, errors } = await openGame();
  try {
    assert.equal(await api(page, 'startSetup', { mode: 'discovery', players: 2, seed: '8WQ2K', seats: 'greedy,greedy', speed: 3 }), '');
    await page.waitForFunction(() => window.carcassonne.events.some((e) => e.type === 'gameOver'), null, { timeout: 120000 });
    const events = await page.evaluate(() => window.carcassonne.events);
    assert.equal(events[0].type, 'started', 'every event since the start is still kept');
    const over = events.find((e) => e.type === 'gameOver');
    const scored = events.filter((e) => e.type === 'action' || e.type === 'gameOver').flatMap((e) => e.scored);
    const total = over.scores.map(() => 0);
    for (const s of scored) {
      assert.equal(s.type, 'scored');
      assert.match(s.rule, /^[a-z_]+$/);
      assert.ok(['meadow', 'mountain', 'sea'].includes(s.category), s.category);
      assert.equal(s.parts.reduce((sum, p) => sum + p.points, 0), s.points, JSON.stringify(s));
      for (const p of s.parts) assert.equal(p.count * p.each, p.points, JSON.stringify(p));
      total[s.player] += s.points;
    }
    t.diagnostic(`${scored.length} scorings, e.g. ${JSON.stringify(scored.find((s) => s.final))}`);
    assert.ok(scored.some((s) => s.final) && scored.some((s) => !s.final), 'scoring during play and at the end');
    assert.deepEqual(total, over.scores, 'the scored entries add up to the final scores');
    assert.equal(events[0].scored, undefined, 'started lists no scoring');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// Romanian words the engine's codes from ro.json: a refusal, and the scoring log (three plural forms).
for (const screen of [{ width: 1280, height: 800, scale: 1, name: 'desktop' }, { width: 390, height: 844, scale: 2, name: 'phone' }]) {
  test(`refusals and score breakdowns in Romanian at ${screen.name} size`, async () => {
    const { browser, page, errors } = await openGame({ width: screen.width, height: screen.height }, screen.scale, 'index.html?lang=ro');
    try {
      await waitFor(page, (s) => s.screen === 'setup' && s.language === 'ro', 'the setup screen in Romanian');
      const header = 'carcassonne 1\nmode base\nplayers 2\nseed 1\ndeck E\n';
      assert.equal(await api(page, 'startRecord', header + 'place E 0,-1 r0\n', ''),
        'rândul 6: latura de sud nu se potrivește cu piesa vecină');
      assert.equal((await api(page, 'lastProblem')).code, 'tile_edge_mismatch');
      assert.equal(await api(page, 'startRecord', header.replace('players 2', 'players 9'), ''),
        'rândul 3: base se joacă în 2-5 jucători, nu 9');

      assert.equal(await api(page, 'startSetup', { mode: 'base', players: 2, seed: 'R0M4N', seats: 'greedy,greedy', speed: 3 }), '');
      await page.waitForFunction(() => window.carcassonne.events.some((e) => e.type === 'gameOver'), null, { timeout: 120000 });
      await waitFor(page, (s) => s.buttons.viewBoard, 'the results');
      await clickButton(page, 'viewBoard');
      const s = await waitFor(page, (st) => st.lastScoring, 'the scoring log');
      assert.match(s.lastScoring, /piese|piesă|mănăstire|oraș|stem|vecin/, s.lastScoring);
      assert.doesNotMatch(s.lastScoring, /\b(tiles?|pennants?|neighbours?|completed|cloister)\b/, s.lastScoring);
      // On a phone the log lies below the players in the scrolling panel.
      await page.mouse.move(screen.width / 2, screen.height * 0.8);
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(400);
      await screenshot(page, `vocabulary-ro-scoring-${screen.name}`);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
