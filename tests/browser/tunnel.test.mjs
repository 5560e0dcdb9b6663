// The Tunnel in the browser: a token goes on a portal already on the board before the drawn tile is
// placed (RULES.md §2: at any point of the turn), by real clicks on the canvas, at desktop and phone
// size. The position is the engine's scenario (tests/base/tunnel_before_tile_test.cpp): Red's road
// waits for the second token of its pair; linking it completes a road of 6 tiles, scored at the end
// of the turn. Started by tests/browser/run.sh, which serves the repository and sets CARC_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickAt, clickButton, openGame, screenshot, settledCells, startRecord, state, waitFor } from './helpers.mjs';

const redsRoad = `carcassonne 2
mode base+tunnel
players 2
seed 1
names Red,Blue
deck S T1 T3 U X E B U A
place S -1,0 r3
follower 1
place T1 1,0 r0
pass
place T3 1,1 r0
tunnel 1,0 1
pass
place U 2,1 r1
pass
place X 3,1 r0
pass
place E 0,-1 r2
pass
`;

const link = 'tunnel 1,1 0 0.1';

for (const screen of [{ width: 1280, height: 800, scale: 1 }, { width: 390, height: 844, scale: 2 }]) {
  test(`base+tunnel at ${screen.width}x${screen.height}: a tunnel token before the tile, then the tile`, async () => {
    const { browser, page, errors } = await openGame({ width: screen.width, height: screen.height }, screen.scale);
    try {
      await startRecord(page, redsRoad, 'human,hard');
      const before = await waitFor(page, (s) => s.phase === 'place' && s.cells.length > 0 && s.spots.some((sp) => sp.action === link),
        'the tile to place, with the portal spot beside the legal cells');
      // Only tunnel spots before the tile: no follower spot, no pass.
      assert.ok(before.spots.every((sp) => sp.action.startsWith('tunnel ')), JSON.stringify(before.spots));
      assert.equal(before.buttons.pass, undefined);
      await screenshot(page, `tunnel-token-first-${screen.width}`);

      // T3's east portal takes either Red's second token of pair 1 or the first of a new pair: the
      // spot asks which.
      const spot = before.spots.find((sp) => sp.action === link);
      await clickAt(page, spot.x, spot.y);
      await waitFor(page, (s) => s.buttons[`choice:${link}`] && s.buttons['choice:tunnel 1,1 0'], 'the choice of pair');
      await screenshot(page, `tunnel-token-first-choice-${screen.width}`);
      await clickButton(page, `choice:${link}`);
      const linked = await waitFor(page, (s) => s.phase === 'place' && !s.spots.some((sp) => sp.action.startsWith('tunnel ')),
        'the token laid, the tile still to place');
      assert.equal(linked.placed, before.placed, 'no tile placed yet');
      assert.deepEqual(linked.scores, [0, 0], 'the completed road waits for the turn\'s scoring');
      assert.ok(linked.buttons.undo, 'the token can be taken back like any step of the turn');
      await screenshot(page, `tunnel-token-laid-${screen.width}`);

      // The cloister B south of the start tile.
      const cell = (await settledCells(page)).cells.find((c) => c.bx === 0 && c.by === 1);
      assert.ok(cell, 'the cell south of the start tile is legal');
      await clickAt(page, cell.x, cell.y);
      await waitFor(page, (s) => s.phase === 'act' && s.placed === before.placed + 1, 'the follower step');
      await clickButton(page, 'pass');
      const confirm = await waitFor(page, (s) => s.phase === 'confirm' && s.turnScored, 'the confirm step');
      assert.deepEqual(confirm.turnScored, [6, 0], 'the road through the tunnel scores its 6 visible tiles');
      await clickButton(page, 'confirm');
      const after = await waitFor(page, (s) => s.phase !== 'confirm' && s.scores[0] === 6, 'the committed turn');
      assert.ok(after.turn > before.turn, 'the turn is over');
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  });
}
