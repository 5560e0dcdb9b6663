// Table talk in an online room (shell/chat.js, docs/online-protocol.md "chat"), end to end through a
// real carc-server: a host on an English desktop and a guest on a German touch phone talk both ways
// (diacritics, emoji), send a reaction (each page words it in its language), a spectator talks too, the
// host mutes the guest and then the spectators, hostile texts show as plain text (the DOM gains no
// element from them), a reload shows the history again, and the talk goes on in the game itself.
// On the phone the panel starts closed with an unread count, a tap on its field focuses a real DOM
// input and Enter sends. Screenshots: build/screenshots/chat-*.png.
// Started by tests/browser/run.sh (CARC_SERVER, CARC_SITE_ROOT, CARC_SERVER_TMP, CARC_URL).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, screenshot, startCarcServer, state, waitFor } from './helpers.mjs';
import { chatLines as logLines, click, loaded, openPlayer, say, tap, tapAt, waitForChatLine as waitForLine } from './online_pages.mjs';

const temporary = mkdtempSync(path.join(process.env.CARC_SERVER_TMP ?? os.tmpdir(), 'carc-chat-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

// The game's buttons (test hook) whose middle lies under the chat panel.
async function coveredButtons(page) {
  const box = await page.locator('#chat').boundingBox();
  const { buttons } = await state(page);
  return Object.entries(buttons).filter(([, b]) => b.x >= box.x && b.x <= box.x + box.width && b.y >= box.y && b.y <= box.y + box.height)
    .map(([name]) => name);
}

const elementCount = (page) => page.evaluate(() => document.getElementsByTagName('*').length);

test('online chat: both ways with diacritics and emoji, reactions, a spectator, mutes, hostile texts, a reload, a phone', { timeout: 400000 }, async () => {
  const server = await startCarcServer({ db: path.join(temporary, 'chat.db') });
  const browser = await launchBrowser();
  try {
    // The host opens a room for two people on an English desktop: the chat opens with the room.
    const host = await openPlayer(browser, server.base, 'index.html?lang=en');
    await waitFor(host.page, (s) => s.screen === 'setup' && s.online.available, 'the game server to answer');
    await click(host.page, 'seat1:human', 'seat1');
    await click(host.page, 'playOnline');
    const room = (await waitFor(host.page, (s) => s.screen === 'room' && s.online.seats && s.online.seat === 0, 'the room')).online.room;
    // A room without talk yet: the panel is one button (with the unread count) until opened.
    await host.page.waitForSelector('#chat-toggle', { timeout: 10000 });
    assert.equal(await host.page.locator('#chat-body').isVisible(), false);
    await host.page.locator('#chat-toggle').click();
    await host.page.waitForSelector('#chat.open #chat-input', { timeout: 10000 });
    assert.equal(await host.page.textContent('#chat .chat-empty'), 'No messages yet.');
    assert.deepEqual(await coveredButtons(host.page), [], 'the open chat covers none of the room screen\'s buttons');

    // The guest: a German touch phone, where the panel starts closed so the room stays in view.
    const guest = await openPlayer(browser, server.base, `index.html#room=${room}`,
      { viewport: { width: 390, height: 844 }, scale: 2, context: { hasTouch: true, isMobile: true, locale: 'de-DE' } });
    await waitFor(guest.page, (s) => s.screen === 'room' && s.online.seats && s.buttons.takeSeat1, 'the guest sees the room');
    await tapAt(guest.page, 'takeSeat1');
    await waitFor(host.page, (s) => s.online.seats[1].kind === 'human', 'the guest seated', 10000);
    await guest.page.waitForSelector('#chat-toggle', { timeout: 10000 });
    assert.equal(await guest.page.locator('#chat').getAttribute('class'), 'chat', 'closed on a phone');
    assert.equal(await guest.page.locator('#chat-body').isVisible(), false);
    assert.deepEqual(await coveredButtons(guest.page), [], 'the closed chat covers none of the phone\'s room buttons');

    // Host -> guest: diacritics and emoji, with the sender's colour and shape; the phone counts it unread.
    const greeting = 'Grüß Gott, Ștefan! Ça va? 🎲👍🏽 مرحبا';
    await say(host.page, greeting);
    await waitForLine(host.page, greeting, 'the host sees its own line');
    await guest.page.waitForFunction(() => document.getElementById('chat-unread').textContent === '1' && !document.getElementById('chat-unread').hidden,
      null, { timeout: 10000 });
    assert.match(await guest.page.locator('#chat-toggle').getAttribute('aria-label'), /1 neue Nachricht/);
    await screenshot(guest.page, 'chat-phone-closed-unread');
    await tap(guest.page, '#chat-toggle');
    await guest.page.waitForSelector('#chat.open #chat-log', { timeout: 5000 });
    assert.deepEqual((await logLines(guest.page)).at(-1), ['●', 'orange', 'Player 1', greeting]);
    assert.equal(await guest.page.locator('#chat-unread').isHidden(), true, 'read once open');

    // Guest -> host, typed on the phone: a tap focuses the DOM input, Enter sends.
    await tap(guest.page, '#chat-input');
    assert.equal(await guest.page.evaluate(() => document.activeElement && document.activeElement.id), 'chat-input');
    assert.ok(await guest.page.evaluate(() => parseFloat(getComputedStyle(document.activeElement).fontSize) >= 16), '16 px: no zoom on iOS');
    await guest.page.keyboard.type('Schön, danke! Äpfel für alle ☀️');
    const cdp = await guest.context.newCDPSession(guest.page);
    await cdp.send('Input.imeSetComposition', { text: ' ș', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.insertText', { text: ' ță' });
    await screenshot(guest.page, 'chat-phone-typing');
    await guest.page.keyboard.press('Enter');
    const reply = 'Schön, danke! Äpfel für alle ☀️ ță';
    await waitForLine(host.page, reply, 'the host hears the phone');
    const guestName = (await logLines(host.page)).at(-1)[2];
    assert.deepEqual((await logLines(host.page)).at(-1), ['■', 'blue', guestName, reply]);
    assert.equal(await guest.page.inputValue('#chat-input'), '', 'the field is empty again');
    assert.deepEqual(await guest.page.evaluate(() => [window.scrollX, window.scrollY, visualViewport.scale]), [0, 0, 1], 'no jump, no zoom');

    // A reaction: a code on the wire, worded by each page in its own language.
    await tap(guest.page, '.chat-reaction[data-reaction="well_played"]');
    await waitForLine(host.page, 'Well played', 'the host sees the reaction in English');
    await waitForLine(guest.page, 'Gut gespielt', 'the phone sees it in German');

    // Hostile texts: shown as text, the DOM gains exactly the line's own four elements each.
    const before = await elementCount(guest.page);
    const hostile = ['<img src=x onerror="window.pwned=1">', '<b>bold</b><script>window.pwned=2</script>', '&lt;i&gt; \u202Eevil.exe \u2066x'];
    for (const text of hostile) await say(host.page, text);
    await waitForLine(guest.page, '&lt;i&gt; evil.exe x', 'the bidi override and isolate cleaned away');
    await waitForLine(guest.page, hostile[1], 'markup as text');
    assert.equal(await elementCount(guest.page), before + 4 * hostile.length, 'no element from a chat text');
    assert.equal(await guest.page.evaluate(() => document.querySelectorAll('#chat-log img, #chat-log b, #chat-log script, #chat-log i').length), 0);
    assert.equal(await guest.page.evaluate(() => window.pwned), undefined);

    // A spectator (a third page on the link, without a seat) talks too.
    const watcher = await openPlayer(browser, server.base, `index.html?lang=en#room=${room}`);
    await watcher.page.waitForSelector('#chat.open #chat-input', { timeout: 20000 });
    assert.equal((await logLines(watcher.page)).length, 6, 'the history so far');
    await say(watcher.page, 'Hello from the rail');
    await waitForLine(host.page, 'Hello from the rail', 'the host hears the spectator');
    assert.deepEqual((await logLines(guest.page)).at(-1).slice(2), ['Zuschauer 1', 'Hello from the rail'], 'spectators are numbered');

    // The host mutes the guest: the phone's field and reactions go quiet, saying why in German.
    await host.page.locator('#chat-mutes summary').click();
    await host.page.locator('#chat-mutes input[data-mute="1"]').check();
    await guest.page.waitForFunction(() => document.getElementById('chat-input').disabled, null, { timeout: 10000 });
    assert.match(await guest.page.textContent('#chat-status'), /stummgeschaltet/);
    assert.equal(await guest.page.locator('.chat-reaction').first().isDisabled(), true);
    // (The server refuses a muted seat's line whatever a page does: tests/server/chat_test.cpp.)
    // ... and the spectators.
    await host.page.locator('#chat-mutes input[data-mute="spectators"]').check();
    await watcher.page.waitForFunction(() => document.getElementById('chat-input').disabled, null, { timeout: 10000 });
    assert.match(await watcher.page.textContent('#chat-status'), /muted/);
    await screenshot(host.page, 'chat-desktop-room-host');
    await host.page.locator('#chat-mutes input[data-mute="1"]').uncheck();
    await guest.page.waitForFunction(() => !document.getElementById('chat-input').disabled, null, { timeout: 10000 });

    // A reload keeps the history (the server's last 100 lines), on the phone too.
    const lines = await logLines(guest.page);
    await guest.page.reload();
    await loaded(guest.page);
    await guest.page.waitForFunction((n) => document.querySelectorAll('#chat-log .chat-line').length === n, lines.length, { timeout: 20000 });
    assert.deepEqual(await logLines(guest.page), lines);

    // In the game itself the talk goes on.
    await click(host.page, 'startOnline');
    for (const p of [host, guest]) await waitFor(p.page, (s) => s.screen === 'play' && s.phase !== undefined, 'the game');
    await say(host.page, 'Viel Glück 🍀');
    await waitForLine(guest.page, 'Viel Glück 🍀', 'talk during the game');
    await host.page.waitForTimeout(500);
    assert.deepEqual(await coveredButtons(host.page), [], 'the open chat covers none of the game\'s buttons (Rotate, the panel)');
    await screenshot(host.page, 'chat-desktop-game');
    if (!(await guest.page.locator('#chat.open').count())) await tap(guest.page, '#chat-toggle');
    await tap(guest.page, '#chat-input');
    await screenshot(guest.page, 'chat-phone-game-open');
    await tap(guest.page, '#chat-toggle');
    await guest.page.waitForTimeout(300);
    assert.deepEqual(await coveredButtons(guest.page), [], 'the closed chat covers none of the phone\'s game buttons');
    await screenshot(guest.page, 'chat-phone-game-closed');
    for (const p of [host, guest, watcher]) assert.deepEqual(p.errors, [], 'no console errors');
  } finally {
    await browser.close();
    await server.kill();
  }
});
