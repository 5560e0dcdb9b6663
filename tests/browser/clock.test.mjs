// Turn clocks and "Play again" online (issue 47), through real clicks: carc-server runs its clocks
// fast (`--clock-ms-per-second 50`, a documented test aid: a 30 s move time lasts 1.5 s). A desktop
// host (English) creates a base game with a 30 s clock; a German phone joins. Both pages show the
// time left of the player to move; the host lets it run out, the server's bot plays the turn, the
// host's page says so and the host takes the seat back with one click. Then both let their time run
// out and the bots play the game to its end. The phone's tab is dropped, the host presses "Play
// again"; the phone, reopened on the old room (told of the new one by the room alone), is offered it
// and joins with one click: both sit in one new room in their old seats. (The offer to a page in the
// room at the time: table.test.mjs.) Screenshots of the phone: the clock and the prompt.
// Started by tests/browser/run.sh (CARC_SERVER, CARC_SITE_ROOT, CARC_SERVER_TMP, CARC_URL).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clickAt, launchBrowser, screenshot, startCarcServer, state, waitFor } from './helpers.mjs';
import { click, loaded, openPlayer, watch } from './online_pages.mjs';

const temporary = mkdtempSync(path.join(process.env.CARC_SERVER_TMP ?? os.tmpdir(), 'carc-clock-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

test('online clock: a turn runs out, a bot plays it, the seat is taken back; then both play again', { timeout: 900000 }, async () => {
  const server = await startCarcServer({ db: path.join(temporary, 'rooms.db'), args: ['--clock-ms-per-second', '50'] });
  const browser = await launchBrowser();
  try {
    const host = await openPlayer(browser, server.base, 'index.html');
    await waitFor(host.page, (s) => s.screen === 'setup' && s.online.available, 'the game server to answer');
    await click(host.page, 'seat1:human', 'seat1');
    await click(host.page, 'clock:30', 'clockChoice');
    await click(host.page, 'clockBot:easy', 'clockBot');
    await click(host.page, 'playOnline');
    const room = await waitFor(host.page, (s) => s.screen === 'room' && s.online.seats, 'the room');
    const roomId = room.online.room;

    const phone = await openPlayer(browser, server.base, `index.html?lang=de#room=${roomId}`,
      { viewport: { width: 390, height: 844 }, scale: 2, context: { isMobile: true, hasTouch: true, locale: 'de-DE' } });
    await waitFor(phone.page, (s) => s.screen === 'room' && s.online.seats, 'the phone sees the room');
    await click(phone.page, 'takeSeat1');
    await waitFor(host.page, (s) => s.online.seats[1].kind === 'human', 'the phone seated');
    await click(host.page, 'startOnline');

    // Both pages count down the host's turn; it runs out and the bot plays it.
    for (const p of [host, phone]) await waitFor(p.page, (s) => s.screen === 'play' && s.clock && s.clock.seat === 0, 'the clock shown');
    await screenshot(phone.page, 'clock-phone-de');
    await screenshot(host.page, 'clock-desktop');
    const expired = await waitFor(host.page, (s) => s.buttons.takeSeatBack, 'the host told that a bot plays for them', 20000);
    assert.equal(expired.online.seats[0].kind, 'easy', 'the clock\'s bot plays the host\'s seat');
    // One click (again only if a frame moved the button under the pointer); the seat is the host's
    // until its next turn's time runs out too.
    let back = false;
    for (let tries = 0; !back && tries < 100; tries++) {
      const s = await state(host.page);
      back = Boolean(s.online.seats && s.online.seats[0].kind === 'human');  // no seats for a moment while it resumes
      if (!back && s.online.seats && s.buttons.takeSeatBack) {
        await clickAt(host.page, s.buttons.takeSeatBack.x, s.buttons.takeSeatBack.y);
        // The resume under way: its answer before another click (a second click could land elsewhere).
        await waitFor(host.page, (st) => st.screen === 'play' && st.online.seats, 'the game after the take-back', 10000);
      }
      if (!back) await host.page.waitForTimeout(300);
    }
    assert.ok(back, 'the host took the seat back');

    // Nobody moves: each turn runs out and the bots play the game to its end.
    for (const p of [host, phone]) await waitFor(p.page, (s) => s.over && s.buttons.playAgain, 'the end of the game', 600000);
    await screenshot(host.page, 'play-again-desktop');
    // The phone's browser drops its tab (as phones do with a page in the background) before the host
    // presses Play again; reopened on the old room, only the room's `rematch` tells it of the new one.
    await phone.page.close();
    await click(host.page, 'playAgain');
    const moved = await waitFor(host.page, (s) => s.screen === 'room' && s.online.room !== roomId && s.online.seat === 0, 'the host in the new room');
    phone.page = await phone.context.newPage();
    watch(phone, phone.page);
    await phone.page.goto(`${server.base}index.html?lang=de#room=${roomId}`);
    await loaded(phone.page);
    const offer = await waitFor(phone.page, (s) => s.over && s.buttons.joinRematch, 'the phone offered the new game');
    await screenshot(phone.page, 'play-again-phone-de');
    assert.equal(offer.rematchOffer.room, moved.online.room, 'the offer names the host\'s new room');
    // One click: the phone sits in its old seat of the host's new room, and the host sees it there.
    await click(phone.page, 'joinRematch');
    await waitFor(phone.page, (s) => s.screen === 'room' && s.online.room === moved.online.room && s.online.seat === 1,
      'the phone in its seat of the new room', 20000).catch(async (e) => {
      const s = await state(phone.page);
      assert.fail(`${e.message.slice(0, 80)}: screen ${s.screen}, frame ${s.frame}, online ${JSON.stringify(s.online)}, errors ${phone.errors}`);
    });
    await waitFor(host.page, (s) => s.online.seats && s.online.seats[1].kind === 'human' && s.online.seats[1].connected,
      'the host sees the phone seated in the new room', 20000);
    assert.deepEqual([...host.errors, ...phone.errors], []);
  } finally {
    await browser.close();
    await server.kill();
  }
});
