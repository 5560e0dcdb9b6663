// Issue 47's "done when", end to end through real clicks and taps: a desktop (English) and a phone
// (touch, 390x844, German) play a clocked Gold Rush game with table talk both ways. The phone, in a
// background tab (visibility emulated), is told when its turn comes (title, favicon, the tone started)
// and everything clears when it is looked at again. The host closes their tab: after the server's
// replaceAfter the host role passes to the phone, the host's clock runs out and a bot plays that turn,
// and the phone carries on. The host comes back; both let their time run out, the bots finish the
// game, and with one click each both move to the new game of "Play again".
// carc-server runs fast for this: --clock-ms-per-second 200 (a 5 min move time lasts 60 s: a turn played through clicks fits on a
// busy machine; each seat's time runs out once or twice, then its bot plays on at once) and
// --replace-after 2. Screenshots: build/screenshots/table-*.png.
// Started by tests/browser/run.sh (CARC_SERVER, CARC_SITE_ROOT, CARC_SERVER_TMP, CARC_URL).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isOnlineProbeError, launchBrowser, screenshot, startCarcServer, state, waitFor } from './helpers.mjs';
import { alertSpies, click, favicon, loaded, openPlayer, playOwnTurn, say, setHidden, tap, tapAt, waitForChatLine, watch } from './online_pages.mjs';

const temporary = mkdtempSync(path.join(process.env.CARC_SERVER_TMP ?? os.tmpdir(), 'carc-table-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

const phoneOptions = { viewport: { width: 390, height: 844 }, scale: 2, context: { hasTouch: true, isMobile: true, locale: 'de-DE' } };
async function showMovesAtOnce(page) {
  // The keys go to the game, not to the chat's field that may have the focus.
  await page.evaluate(() => { if (document.activeElement) document.activeElement.blur(); document.getElementById('canvas').focus(); });
  await page.mouse.move(20, 20);
  for (let i = 0; i < 3; i++) await page.keyboard.press(']');
  await waitFor(page, (s) => s.botSpeed === 3, 'the others\' moves shown at once', 5000);
}
const ownTurn = (s) => s.screen === 'play' && s.active === s.online.seat && s.phase === 'place' && !s.online.submitted;

test('the online table: a clocked Gold Rush game, desktop and phone, talk, a hidden tab, the host walks away, play again', { timeout: 900000 }, async () => {
  const server = await startCarcServer({ db: path.join(temporary, 'table.db'), args: ['--clock-ms-per-second', '200', '--replace-after', '2'] });
  const browser = await launchBrowser();
  try {
    // The host: Gold Rush for two people, 5 minutes a move, an easy bot for a turn whose time runs out.
    const host = await openPlayer(browser, server.base, 'index.html?lang=en');
    await waitFor(host.page, (s) => s.screen === 'setup' && s.online.available, 'the game server to answer');
    await click(host.page, 'mode:goldrush', 'mode');
    await waitFor(host.page, (s) => s.mode === 'goldrush', 'Gold Rush chosen');
    await click(host.page, 'seat1:human', 'seat1');
    await click(host.page, 'clock:300', 'clockChoice');
    await click(host.page, 'clockBot:easy', 'clockBot');
    await click(host.page, 'playOnline');
    const roomId = (await waitFor(host.page, (s) => s.screen === 'room' && s.online.seats && s.online.seat === 0, 'the room')).online.room;

    // The phone comes in by the invitation link and takes the second seat with a tap.
    const phone = await openPlayer(browser, server.base, `index.html?lang=de#room=${roomId}`, { ...phoneOptions, init: alertSpies });
    const seen = await waitFor(phone.page, (s) => s.screen === 'room' && s.online.seats && s.buttons.takeSeat1, 'the phone sees the room');
    assert.equal(seen.language, 'de');
    await tapAt(phone.page, 'takeSeat1');
    await waitFor(host.page, (s) => s.online.seats[1].kind === 'human', 'the phone seated', 10000);

    // Talk both ways: the desktop types, the phone taps its field (a DOM input: the keyboard opens) and sends.
    await host.page.waitForSelector('#chat-toggle', { timeout: 10000 });
    if (!(await host.page.locator('#chat.open').count())) await host.page.locator('#chat-toggle').click();
    const hello = 'Good luck! Viel Glück 🍀';
    await say(host.page, hello);
    await phone.page.waitForSelector('#chat-toggle', { timeout: 10000 });
    if (!(await phone.page.locator('#chat.open').count())) await tap(phone.page, '#chat-toggle');
    await waitForChatLine(phone.page, hello, 'the phone reads the desktop');
    await tap(phone.page, '#chat-input');
    assert.equal(await phone.page.evaluate(() => document.activeElement && document.activeElement.id), 'chat-input', 'the phone\'s field is focused');
    await phone.page.keyboard.type('Danke, gleichfalls! Grüße 👋');
    await screenshot(phone.page, 'table-chat-phone-keyboard');
    await phone.page.keyboard.press('Enter');
    await waitForChatLine(host.page, 'Danke, gleichfalls! Grüße 👋', 'the desktop reads the phone');
    await tap(phone.page, '#chat-toggle');  // closed again: the board in view

    // The game: both show the clock of the player to move.
    await click(host.page, 'startOnline');
    for (const p of [host, phone]) await waitFor(p.page, (s) => s.screen === 'play' && s.clock && s.clock.seat === 0, 'the clock shown');
    await screenshot(host.page, 'table-clock-desktop');
    await screenshot(phone.page, 'table-clock-phone-de');
    const desk = await state(host.page);
    assert.match(desk.keysHint, /\[ \]: speed of the others' moves/, 'online, [ ] pace the other seats\' moves');
    assert.doesNotMatch(desk.keysHint, /bot speed/);
    // The others' moves shown at once ("]" three times): the clock of a turn runs while a page paces them.
    for (const p of [host, phone]) await showMovesAtOnce(p.page);

    // The phone goes to another tab; the desktop plays its turn; the phone is told.
    await setHidden(phone.page, true);
    await waitFor(host.page, ownTurn, 'the host to move first');
    await playOwnTurn(host.page, 0, 'the host\'s first turn').catch((e) => assert.fail(`${e.message}\nsent ${(host.sent ?? []).slice(-4).join('\n')}\nreceived ${host.frames.slice(-6).map((f) => f.slice(0, 300)).join('\n')}`));
    await phone.page.waitForFunction(() => document.title === '● Du bist dran · Carcassonne', null, { timeout: 20000 }).catch(async (e) => {
      const g = await state(phone.page);
      assert.fail(`${e.message}: title ${await phone.page.title()}, phase ${g.phase}, active ${g.active}, online ${JSON.stringify(g.online)}, errors ${phone.errors}`);
    });
    assert.match(await favicon(phone.page), /^data:image\/png/, 'the favicon has its mark');
    assert.ok((await phone.page.evaluate(() => window.spied.tones)) >= 1, 'a tone started');
    assert.equal(await host.page.title(), 'Carcassonne', 'the desktop, looking, is not alerted');
    // Looked at again: everything clears, and the phone plays its turn with taps' worth of clicks.
    await setHidden(phone.page, false);
    await phone.page.waitForFunction(() => document.title === 'Carcassonne', null, { timeout: 5000 });
    assert.match(await favicon(phone.page), /icon\.svg$/, 'the favicon without its mark');
    await playOwnTurn(phone.page, 1, 'the phone\'s first turn');

    // The host closes their tab. After replaceAfter the phone is the host; the host's time runs out,
    // a bot plays that turn, and the phone carries on with its own.
    await host.page.close();
    const handed = await waitFor(phone.page, (s) => s.online.host && !s.online.seats[0].connected, 'the host role passed to the phone', 30000);
    assert.equal(handed.online.seat, 1);
    await waitFor(phone.page, (s) => s.online.seats[0].kind === 'easy', 'a bot plays the gone host\'s turn', 120000);
    await waitFor(phone.page, ownTurn, 'the phone\'s turn again', 30000);
    await playOwnTurn(phone.page, 2, 'the phone carries on');
    await screenshot(phone.page, 'table-phone-carries-on');

    // The host comes back in a new tab (the same browser: its seat's secret) and sits in their seat again.
    host.page = await host.context.newPage();
    watch(host, host.page);
    await host.page.goto(`${server.base}index.html?lang=en#room=${roomId}`);
    await loaded(host.page);
    await waitFor(host.page, (s) => s.screen === 'play' && s.online.seat === 0, 'the host back in the game', 30000);
    await waitFor(phone.page, (s) => s.online.seats[0].connected, 'the phone sees the host back', 30000);

    // Nobody moves any more: each clock runs out once, the bots play the game to its end.
    await showMovesAtOnce(host.page);
    for (const p of [host, phone]) await waitFor(p.page, (s) => s.over && s.buttons.playAgain, 'the end of the game', 600000);
    await screenshot(host.page, 'table-play-again-desktop');
    await click(host.page, 'playAgain');
    const moved = await waitFor(host.page, (s) => s.screen === 'room' && s.online.room !== roomId && s.online.seat === 0, 'the host in the new room', 20000);
    const offer = await waitFor(phone.page, (s) => s.buttons.joinRematch, 'the phone offered the new game', 20000);
    assert.equal(offer.rematchOffer.room, moved.online.room, 'the offer names the new room');
    await screenshot(phone.page, 'table-play-again-phone-de');
    await tapAt(phone.page, 'joinRematch');
    await waitFor(phone.page, (s) => s.screen === 'room' && s.online.room === moved.online.room && s.online.seat === 1,
      'the phone in its seat of the new room', 20000);
    await waitFor(host.page, (s) => s.online.seats[1].kind === 'human' && s.online.seats[1].connected, 'the desktop sees the phone there', 20000);
    await screenshot(phone.page, 'table-new-room-phone-de');
    for (const p of [host, phone]) assert.deepEqual(p.errors.filter((e) => !isOnlineProbeError(e)), [], 'no console errors');
  } finally {
    await browser.close();
    await server.kill();
  }
});
