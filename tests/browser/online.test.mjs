// Online play end to end, through real clicks: carc-server (started here on a free port, with its
// own database) serves the game; a host and a guest, each in a browser of their own, play a whole
// Gold Rush game in one room (an AI on the third seat, run by the server), a spectator who found the
// room in the lobby watches. Mid-game the guest reloads, leaves for long enough that the host hands
// their seat to an AI and comes back to it, and the server is killed (SIGKILL) and restarted on the
// same database. At several points the pages' test hooks and the server's own record (replayed with
// the carc CLI) must show the same position; the spectator never receives a mining token's value.
// The table around it (issue 47): a German phone (touch) types its name through the DOM input laid
// over the field (an umlaut, an IME's composition), and in a hidden tab is told its turn (title, favicon,
// tone, notification) until it is looked at again; a hot-seat game never alerts; default names follow a
// language switch; an online panel has no bot speed, Share or Embed; the online save is said without a box.
// A page served without a game server shows no online play and says so for a room link.
// Started by tests/browser/run.sh (CARC_SERVER, CARC_CLI, CARC_SITE_ROOT, CARC_SERVER_TMP, CARC_URL).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isOnlineProbeError, launchBrowser, playHumanTurns, screenshot, shots, startCarcServer, state, url as staticUrl, waitFor } from './helpers.mjs';
import { alertSpies, click, favicon, gameState, loaded, openPlayer, reload, setHidden, step, tapAt, watch } from './online_pages.mjs';

const serverBinary = process.env.CARC_SERVER;
const cli = process.env.CARC_CLI;
const siteRoot = process.env.CARC_SITE_ROOT ?? path.resolve('.');
const temporary = mkdtempSync(path.join(process.env.CARC_SERVER_TMP ?? os.tmpdir(), 'carc-online-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

// ---- the game server
let serverLog = () => '';
async function startServer(db, port = 0) {
  const server = await startCarcServer({ db, port, site: siteRoot, args: ['--replace-after', '2'] });
  serverLog = server.log;
  return server;
}




// Plays until `until` (a predicate on the host's state) holds or the game is over; the page whose
// turn it is plays. Returns the human turns played.
async function playUntil(players, until, counter) {
  let lastProgress = Date.now();
  let lastActions = -1;
  for (;;) {
    const host = await state(players[0].page);
    if (host.over || (await until(host, counter.turns))) return;
    const actions = (await gameState(players[0].page)).actions;
    if (actions !== lastActions) [lastActions, lastProgress] = [actions, Date.now()];
    if (Date.now() - lastProgress > 90000) {
      const states = [];
      for (const [i, p] of players.entries()) {
        const s = await state(p.page);
        await p.page.screenshot({ path: path.join(shots, `online-stuck-${i}.png`) }).catch(() => {});
        states.push({ logs: p.logs, frames: p.frames.slice(-4).map((f) => f.slice(0, 1500)), phase: s.phase, active: s.active, turn: s.turn, placed: s.placed, online: s.online, buttons: Object.keys(s.buttons), spots: s.spots, cells: s.cells.length });
      }
      assert.fail(`the game stopped at ${actions} actions: ${JSON.stringify(states)}\nserver log: ${serverLog().slice(-3000)}`);
    }
    let moved = false;
    for (const player of players) {
      const s = await state(player.page);
      if (s.screen !== 'play' || !['place', 'act', 'choose', 'confirm'].includes(s.phase)) continue;
      if ((await step(player.page, s, counter.turns)) === 'sent') counter.turns++;
      moved = true;
      break;
    }
    if (!moved) await players[0].page.waitForTimeout(100);
  }
}

// The position a page shows once it has applied every line it was sent.
async function settled(page, actions) {
  await waitFor(page, (s) => s.screen === 'play' && s.online.incoming === 0 && !s.online.submitted, 'the page to catch up', 30000);
  if (actions !== undefined) await page.waitForFunction((n) => window.carcassonne.state().actions === n, actions, { timeout: 30000, polling: 100 });
  const s = await state(page);
  const g = await gameState(page);
  return { actions: g.actions, turn: s.turn, placed: s.placed, drawPile: s.drawPile, scores: s.scores, active: s.active, over: s.over };
}

// The game as the server keeps it: a fresh spectator connection (from a page of the server's origin)
// gets the public record, which the carc CLI replays.
async function serverPosition(probe, room) {
  const record = await probe.evaluate((id) => new Promise((resolve, reject) => {
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
    const timer = setTimeout(() => reject(new Error('no game record from the server')), 10000);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'watch', room: id }));
    ws.onmessage = (event) => {
      const m = JSON.parse(event.data);
      if (m.type === 'game') {
        clearTimeout(timer);
        ws.close();
        resolve(m.record);
      }
    };
  }), room);
  const file = path.join(temporary, 'server-view.carc');
  writeFileSync(file, record);
  const summary = JSON.parse(execFileSync(cli, ['replay', file], { encoding: 'utf8' }));
  const actions = record.split('\n').filter((l) => l && !/^(carcassonne|mode|players|dealt|seed|option|names|reveal|#)/.test(l)).length;
  return { actions, scores: summary.scores, summary, record };
}

// Every page shows the same position, and so does the server.
const startedAt = Date.now();
async function samePosition(t, players, probe, room, label) {
  // A human's turn (or the end): nothing moves until the test clicks.
  await waitFor(players[0].page, (s) => s.over || (s.active <= 1 && s.online.incoming === 0), 'a human to move', 60000);
  const host = await settled(players[0].page);
  const others = await Promise.all(players.slice(1).map((p) => settled(p.page, host.actions)));
  for (const [i, other] of others.entries()) assert.deepEqual(other, host, `${label}: page ${i + 1} shows the host's position`);
  // The spectator's game was told no token value; its panel shows every held token face down.
  const watcher = await state(players[players.length - 1].page);
  if (!host.over) {
    assert.equal(watcher.online.tokensKnown, 0, `${label}: the spectator knows no token value`);
    assert.ok(watcher.tokenValuesShown.flat().every((v) => v === -1), `${label}: the spectator sees no token value`);
  }
  const server = await serverPosition(probe, room);
  assert.equal(server.actions, host.actions, `${label}: the server holds as many actions as the pages`);
  assert.deepEqual(server.scores, host.scores, `${label}: the server's scores are the pages'`);
  t.diagnostic(`${label} (${Math.round((Date.now() - startedAt) / 1000)} s): ${host.actions} actions, ${host.placed} tiles placed, scores ${host.scores.join('-')}, the same on every page and on the server`);
  return host;
}

// No frame the spectator received before the end holds a token's value or the seed. (The move that
// ends the game reveals every value to everyone, and `over` brings the full record.)
function spectatorSawNoSecret(frames, label) {
  const last = frames.map((f) => f.includes('"type":"moved"')).lastIndexOf(true);
  assert.ok(last > 0, `${label}: moves were received`);
  const before = frames.slice(0, last);
  const leaks = before.filter((f) => /reveal token|seed /.test(f));
  assert.deepEqual(leaks, [], `${label}: the spectator received no token value and no seed`);
}

test('online: two players and a spectator play a whole Gold Rush game; reload, absence, server restart', { timeout: 1500000 }, async (t) => {
  assert.ok(serverBinary, 'CARC_SERVER names the carc-server binary (tests/browser/run.sh)');
  const db = path.join(temporary, 'rooms.db');
  let server = await startServer(db);
  const browser = await launchBrowser();
  try {
    // The host opens the game, picks Gold Rush with three seats (the third an AI) and plays online.
    const host = await openPlayer(browser, server.base, 'index.html');
    await waitFor(host.page, (s) => s.screen === 'setup' && s.online.available, 'the game server to answer');
    await click(host.page, 'mode:goldrush', 'mode');
    await waitFor(host.page, (s) => s.mode === 'goldrush', 'Gold Rush chosen');
    await click(host.page, 'seat1:human', 'seat1');
    await click(host.page, 'addPlayer');
    await click(host.page, 'addPlayer');
    await click(host.page, 'seat2:easy', 'seat2');
    await click(host.page, 'seat3:easy', 'seat3');
    await waitFor(host.page, (s) => JSON.stringify(s.seatControllers) === '["human","human","easy","easy"]', 'the seats chosen');
    await screenshot(host.page, 'online-setup');
    await click(host.page, 'playOnline');
    const room = await waitFor(host.page, (s) => s.screen === 'room' && s.online.seats && s.online.seats[3] && s.online.seats[3].kind === 'easy', 'the room with the AIs seated');
    const roomId = room.online.room;
    assert.match(room.inviteLink, new RegExp(`^${server.base}index.html#room=${roomId}$`), 'the invitation link');
    assert.match(await host.page.evaluate(() => location.hash), new RegExp(`#room=${roomId}`), 'the room is in the address bar');
    assert.deepEqual(room.online.seats.map((s) => s.kind), ['human', 'open', 'easy', 'easy']);
    await click(host.page, 'listed');
    await waitFor(host.page, (s) => s.online.listed, 'the room listed in the lobby');
    await screenshot(host.page, 'online-room-host');

    // The guest opens the invitation link on a phone, in Romanian, and takes the free seat.
    const guest = await openPlayer(browser, server.base, `index.html?lang=ro#room=${roomId}`,
      { viewport: { width: 390, height: 844 }, scale: 2 });
    const seen = await waitFor(guest.page, (s) => s.screen === 'room' && s.online.seats, 'the guest sees the room');
    assert.equal(seen.online.seat, -1, 'the guest watches until taking a seat');
    await click(guest.page, 'joinName');
    await guest.page.keyboard.press('Control+A');
    await guest.page.keyboard.type('Ioana');
    await click(guest.page, 'joinColour:green');
    await screenshot(guest.page, 'online-room-guest-phone-ro');
    await click(guest.page, 'takeSeat1');
    await waitFor(host.page, (s) => s.online.seats[1].kind === 'human' && s.online.seats[1].name === 'Ioana', 'the host sees Ioana seated');
    await waitFor(guest.page, (s) => s.online.seat === 1, 'the guest holds seat 1');

    // A stranger finds the room in the lobby and watches.
    const spectator = await openPlayer(browser, server.base, 'index.html');
    await waitFor(spectator.page, (s) => s.screen === 'setup' && s.online.lobby > 0, 'the lobby lists the room');
    await screenshot(spectator.page, 'online-lobby');
    await click(spectator.page, 'lobby0');
    await waitFor(spectator.page, (s) => s.screen === 'room' && s.online.room === roomId && s.online.seat === -1, 'the spectator in the room');
    await waitFor(host.page, (s) => s.online.spectators >= 1, 'the host sees a spectator');

    // The host starts; everyone plays on the same board.
    await click(host.page, 'startOnline');
    const players = [host, guest, spectator];
    for (const p of players) await waitFor(p.page, (s) => s.screen === 'play', 'the game on every page');
    const probe = await (await browser.newContext()).newPage();
    await probe.goto(server.base + 'assets/icons/icon.svg');
    const first = await state(host.page);
    assert.deepEqual(first.seatColours.slice(0, 2), ['orange', 'green'], 'the colours chosen in the room');
    assert.equal(first.viewer, 0);
    assert.equal((await state(guest.page)).viewer, 1);
    assert.equal((await state(spectator.page)).viewer, -1);
    // The AIs' seats are named in each page's language (the server's record calls them "Easy bot").
    assert.deepEqual(first.seatNames, ['Player 1', 'Ioana', 'Player 3', 'Player 4'], 'the host names the AIs\' seats in English');
    assert.deepEqual((await state(guest.page)).seatNames, ['Player 1', 'Ioana', 'Jucător 3', 'Jucător 4'], 'the guest names them in Romanian');
    await screenshot(host.page, 'online-play-start');
    const counter = { turns: 0 };
    const humans = [host, guest];
    await playUntil(humans, (s, turns) => turns >= 4, counter);
    await samePosition(t, players, probe, roomId, 'after 4 human turns');
    await screenshot(guest.page, 'online-play-guest-phone-ro');
    await screenshot(spectator.page, 'online-spectator');

    // Faster from here: every page shows others' moves at once.
    for (const p of players) {
      await p.page.mouse.move(40, 40);
      for (let i = 0; i < 3; i++) await p.page.keyboard.press(']');
    }

    // The guest reloads in the middle of the game and comes back to the same seat and position.
    await playUntil(humans, (s, turns) => turns >= 8, counter);
    const beforeReload = await settled(guest.page);
    await reload(guest);
    const afterReload = await waitFor(guest.page, (s) => s.screen === 'play' && s.online.seat === 1, 'the guest back in the game', 30000);
    assert.equal(afterReload.online.room, roomId);
    assert.deepEqual(await settled(guest.page, beforeReload.actions), beforeReload, 'the same position after the reload');
    for (let i = 0; i < 3; i++) await guest.page.keyboard.press(']');

    // The guest goes away on their turn; after the server's replace time the host hands the seat to
    // an AI, which plays on; the guest comes back and has the seat again.
    // (The guest's own page must show the turn untouched: a turn the guest already sent may not have
    // reached the host's page yet.)
    const guestToMove = async () => {
      const g = await state(guest.page);
      return g.active === 1 && g.phase === 'place' && !g.online.submitted;
    };
    await playUntil(humans, async (s, turns) => turns >= 12 && s.active === 1 && s.phase === 'remote' && (await guestToMove()), counter);
    const guestUrl = guest.page.url();
    await guest.page.close();
    await waitFor(host.page, (s) => s.online.seats[1].connected === false, 'the host sees the guest gone');
    await waitFor(host.page, (s) => s.buttons['replace:easy'], 'the host may hand the seat to an AI', 30000)
      .catch(async (e) => {
        await screenshot(host.page, 'online-no-replace');
        const s = await state(host.page);
        assert.fail(`${e.message}\nhost: phase ${s.phase}, active ${s.active}, online ${JSON.stringify(s.online)}, buttons ${Object.keys(s.buttons)}`);
      });
    await click(host.page, 'replace:easy');
    const replaced = await waitFor(host.page, (s) => s.online.seats[1].kind !== 'human' || s.online.error, 'the seat handed to an AI', 10000)
      .catch((e) => assert.fail(`${e.message}\nhost received: ${host.frames.slice(-6).join('\n')}`));
    assert.equal(replaced.online.error, '', 'the server hands the seat to an AI');
    assert.equal(replaced.seatNames[1], 'Ioana', 'a seat handed to an AI keeps its player\'s name');
    await waitFor(host.page, (s) => s.active !== 1, 'the AI plays the guest\'s turn', 60000);
    await screenshot(host.page, 'online-guest-replaced');
    guest.page = await guest.context.newPage();
    watch(guest, guest.page);
    await guest.page.goto(guestUrl);
    await loaded(guest.page);
    await waitFor(guest.page, (s) => s.screen === 'play' && s.online.seat === 1, 'the guest back');
    await waitFor(host.page, (s) => s.online.seats[1].kind === 'human' && s.online.seats[1].connected, 'the seat is the guest\'s again');
    for (let i = 0; i < 3; i++) await guest.page.keyboard.press(']');
    await samePosition(t, players, probe, roomId, 'after the guest came back');

    // The server dies (SIGKILL) and comes back on the same database and port: the pages reconnect
    // by themselves and go on from the same position.
    await playUntil(humans, (s, turns) => turns >= 18, counter);
    const beforeKill = await samePosition(t, players, probe, roomId, 'before the server is killed');
    await server.kill();
    await waitFor(host.page, (s) => s.online.link !== 2, 'the host notices the lost connection', 10000);
    await screenshot(host.page, 'online-connection-lost');
    server = await startServer(db, server.port);
    for (const p of players) await waitFor(p.page, (s) => s.online.link === 2, 'reconnected', 60000);
    const afterRestart = await samePosition(t, players, probe, roomId, 'after the server restart');
    assert.deepEqual(afterRestart, beforeKill, 'nothing played was lost');

    // To the end. (Every message box the host's page shows from here is noted: an info box goes by itself.)
    await host.page.evaluate(() => {
      window.messageBoxes = [];
      new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => window.messageBoxes.push(n.textContent))))
        .observe(document.getElementById('messages'), { childList: true });
    });
    await playUntil(humans, () => false, counter);
    for (const p of players) await waitFor(p.page, (s) => s.over && s.resultsShown, 'the end screen', 120000);
    const end = await samePosition(t, players, probe, roomId, 'at the end');
    t.diagnostic(`${counter.turns} human turns through clicks; final scores ${end.scores.join('-')}`);
    await screenshot(host.page, 'online-end');
    await screenshot(guest.page, 'online-end-guest-phone-ro');
    await screenshot(spectator.page, 'online-end-spectator');

    // What each page was told: the spectator never a token's value; the players a token value only
    // for themselves (their own page shows their own values, others' stay hidden); nobody the seed
    // before the end. At the end everything is shown.
    spectatorSawNoSecret(spectator.frames, 'spectator');
    for (const [name, p] of [['host', host], ['guest', guest]]) {
      const overAt = p.frames.findIndex((f) => f.includes('"type":"over"'));
      assert.ok(overAt > 0, `${name} received the full record at the end`);
      assert.ok(!p.frames.slice(0, overAt).some((f) => /\\nseed |"seed"/.test(f)), `${name}: no seed before the end`);
    }
    const finalSpectator = await state(spectator.page);
    assert.ok(finalSpectator.tokenValuesShown.flat().every((v) => v >= 0), 'every token value shows at the end');

    // The page says where it saved the finished game on the end screen, with no box over the panel.
    const saidSaved = await waitFor(host.page, (s) => s.online.savedAs !== '', 'the end screen to name the save', 10000);
    assert.match(saidSaved.online.savedAs, /^Online goldrush /, 'the save\'s name on the end screen');
    assert.deepEqual(await host.page.evaluate(() => window.messageBoxes), [], 'no message box about the save');
    assert.match(await host.page.locator('#announcer').innerText(), /Saved as "Online goldrush /, 'the live region says it');

    // The finished game is in the host's saves with its full record (seed included) and replays.
    const saved = await host.page.evaluate(() => {
      const keys = Object.keys(localStorage).filter((k) => k.startsWith('carcassonne/v1/slot/'));
      return keys.map((k) => JSON.parse(localStorage.getItem(k)));
    });
    assert.equal(saved.length, 1, 'one save of the online game');
    assert.match(saved[0].record, /\nseed [0-9A-Z]+\n/, 'the saved record has its seed');
    const file = path.join(temporary, 'final.carc');
    writeFileSync(file, saved[0].record);
    const replayed = JSON.parse(execFileSync(cli, ['replay', file], { encoding: 'utf8' }));
    assert.deepEqual(replayed.scores, end.scores, 'the saved record replays to the same scores');
    const error = await host.page.evaluate((s) => window.carcassonne.startRecord(s.record, s.seats, s.colours), saved[0]);
    assert.equal(error, '', 'the save loads like any other');
    assert.deepEqual((await state(host.page)).scores, end.scores);

    for (const p of players) assert.deepEqual(p.errors.filter((e) => !isOnlineProbeError(e)), [], 'no console errors');
  } finally {
    await browser.close();
    await server.kill();
  }
});

// ---- the table around an online game (issue 47): your-turn alerts, typing on a phone, the panel

test('online table: a phone in another tab is told its turn; names typed on a phone; no bot speed, Share or Embed online', { timeout: 300000 }, async () => {
  const server = await startServer(path.join(temporary, 'table.db'));
  const browser = await launchBrowser();
  try {
    const host = await openPlayer(browser, server.base, 'index.html');
    await waitFor(host.page, (s) => s.screen === 'setup' && s.online.available, 'the game server to answer');
    // Default names follow the language (a switch to German renames them, a typed name stays).
    assert.deepEqual((await state(host.page)).seatNames, ['Player 1', 'Player 2']);
    await host.page.evaluate(() => window.carcassonne.setLanguage('de'));
    await waitFor(host.page, (s) => JSON.stringify(s.seatNames) === '["Spieler 1","Spieler 2"]', 'German default names', 5000);
    await host.page.evaluate(() => window.carcassonne.setLanguage('en'));
    await waitFor(host.page, (s) => JSON.stringify(s.seatNames) === '["Player 1","Player 2"]', 'English default names again', 5000);

    // A hot-seat game in a hidden page: its turns never alert.
    await setHidden(host.page, true);
    assert.equal(await host.page.evaluate(() => window.carcassonne.startSetup({ mode: 'base', players: 2, seed: '8WQ2K', seats: 'human,human' })), '');
    await waitFor(host.page, (s) => s.screen === 'play' && s.phase === 'place', 'the hot-seat game');
    await playHumanTurns(host.page, 1, 'table-hotseat');
    await waitFor(host.page, (s) => s.active === 1 && s.phase === 'place', 'the second player\'s turn');
    await host.page.waitForTimeout(300);
    assert.equal(await host.page.title(), 'Carcassonne', 'a hot-seat turn changes no title');
    assert.match(await favicon(host.page), /icon\.svg$/, 'nor the favicon');
    await setHidden(host.page, false);
    await click(host.page, 'newGame');

    // The host opens a room for two people.
    await waitFor(host.page, (s) => s.screen === 'setup', 'the setup screen');
    await click(host.page, 'seat1:human', 'seat1');
    await click(host.page, 'playOnline');
    const room = await waitFor(host.page, (s) => s.screen === 'room' && s.online.seats && s.online.seat === 0, 'the room');
    // The host mutes the sound; the switch is remembered over a reload.
    assert.equal(room.online.alerts.sound, true, 'sound on by default');
    await click(host.page, 'alertSound');
    await waitFor(host.page, (s) => s.online.alerts.sound === false, 'the sound muted');
    await reload(host);
    await waitFor(host.page, (s) => s.screen === 'room' && s.online.seat === 0, 'the host back in the room');
    assert.equal((await state(host.page)).online.alerts.sound, false, 'still muted after a reload');

    // The guest: a German phone, notifications allowed by the browser.
    const guest = await openPlayer(browser, server.base, `index.html#room=${room.online.room}`,
      { viewport: { width: 390, height: 844 }, scale: 2, context: { hasTouch: true, isMobile: true, locale: 'de-DE' }, init: alertSpies });
    await guest.context.grantPermissions(['notifications'], { origin: server.base.replace(/\/$/, '') });
    const seen = await waitFor(guest.page, (s) => s.screen === 'room' && s.online.seats && s.buttons.takeSeat1, 'the guest sees the room');
    assert.equal(seen.language, 'de');
    // Name and colour come first, then the seat to take.
    assert.ok(seen.buttons.joinName.y < seen.buttons.takeSeat1.y && seen.buttons['joinColour:green'].y < seen.buttons.takeSeat1.y,
      'name and colour above "take this seat"');

    // A tap on the name field puts a DOM input over it, focused; typing (an umlaut, an IME's
    // composition of Romanian letters) reaches the game; Enter ends it.
    const field = await tapAt(guest.page, 'joinName');
    await guest.page.waitForFunction(() => document.activeElement && document.activeElement.id === 'touch-text', null, { timeout: 5000 });
    const box = await guest.page.evaluate(() => {
      const r = document.activeElement.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, font: parseFloat(getComputedStyle(document.activeElement).fontSize) };
    });
    assert.ok(Math.abs(box.x - field.x) < 3 && Math.abs(box.y - field.y) < 3 && Math.abs(box.w - field.w) < 3, `the input lies over the field (${JSON.stringify(box)} ${JSON.stringify(field)})`);
    assert.ok(box.font >= 16, 'a 16 px font at least: iOS does not zoom');
    assert.equal((await state(guest.page)).textEditing, 'joinName');
    await guest.page.keyboard.type('Jörg ');
    const cdp = await guest.context.newCDPSession(guest.page);
    await cdp.send('Input.imeSetComposition', { text: 'Ștef', selectionStart: 4, selectionEnd: 4 });
    await cdp.send('Input.insertText', { text: 'Ștefan' });
    await screenshot(guest.page, 'online-table-phone-typing');
    await guest.page.keyboard.press('Enter');
    await guest.page.waitForFunction(() => !document.getElementById('touch-text'), null, { timeout: 5000 });
    await waitFor(guest.page, (s) => s.textEditing === '', 'the game to end the editing', 5000);
    assert.deepEqual(await guest.page.evaluate(() => [window.scrollX, window.scrollY, visualViewport.scale]), [0, 0, 1], 'the page neither jumps nor zooms');
    await tapAt(guest.page, 'takeSeat1');
    await waitFor(host.page, (s) => s.online.seats[1].kind === 'human' && s.online.seats[1].name === 'Jörg Ștefan', 'the host sees the typed name', 10000);

    // The guest opts in to notifications; the switch is kept.
    await tapAt(guest.page, 'alertNotify');
    await waitFor(guest.page, (s) => s.online.alerts.notify === true, 'notifications on');
    assert.deepEqual(await guest.page.evaluate(() => JSON.parse(localStorage.getItem('carcassonne/v1/alerts'))), { sound: true, notify: true });
    await screenshot(guest.page, 'online-table-room-phone-de');

    // The game: no bot speed, Share or Embed in an online game's panel; Saves stays.
    await click(host.page, 'startOnline');
    for (const p of [host, guest]) await waitFor(p.page, (s) => s.screen === 'play' && s.phase !== undefined, 'the game');
    for (const p of [host, guest]) {
      const s = await waitFor(p.page, (st) => st.buttons.newGame, 'the panel');
      for (const name of ['speed', 'share', 'embed']) assert.equal(s.buttons[name], undefined, `no ${name} online`);
      assert.ok(s.buttons.saves && s.buttons.alertSound, 'Saves and the alerts\' switches');
    }
    assert.ok((await state(guest.page)).buttons.alertNotify, 'the notification switch on the phone');
    await screenshot(host.page, 'online-table-desktop');

    // The phone goes to another tab; when the host's turn is over its turn comes, and it is told.
    await setHidden(guest.page, true);
    assert.equal((await state(host.page)).active, 0, 'the host moves first');
    await playUntil([host], (s) => s.active === 1 && s.phase === 'remote', { turns: 0 });
    await guest.page.waitForFunction(() => document.title === '● Du bist dran · Carcassonne', null, { timeout: 15000 }).catch(async (e) => {
      const g = await state(guest.page);
      assert.fail(`${e.message}: title ${await guest.page.title()}, phase ${g.phase}, active ${g.active}, online ${JSON.stringify(g.online)}, logs ${guest.logs}, errors ${guest.errors}`);
    });
    assert.match(await favicon(guest.page), /^data:image\/png/, 'the favicon has its mark');
    const spied = await guest.page.evaluate(() => window.spied);
    assert.ok(spied.tones >= 1, 'a tone started');
    assert.deepEqual(spied.shown, [{ title: '● Du bist dran · Carcassonne', body: 'Im Online-Spiel bist du am Zug.' }], 'one notification');
    assert.equal(await host.page.title(), 'Carcassonne', 'the host, looking, is not alerted');
    assert.ok((await state(guest.page)).online.yourTurn);
    // Back in front: everything clears.
    await setHidden(guest.page, false);
    await guest.page.waitForFunction(() => document.title === 'Carcassonne', null, { timeout: 5000 });
    assert.match(await favicon(guest.page), /icon\.svg$/, 'the favicon without its mark');
    assert.equal(await guest.page.evaluate(() => window.spied.closed), 1, 'the notification closed');
    await screenshot(guest.page, 'online-table-phone-turn');
    for (const p of [host, guest]) assert.deepEqual(p.errors.filter((e) => !isOnlineProbeError(e)), [], 'no console errors');
  } finally {
    await browser.close();
    await server.kill();
  }
});

test('online: a page without a game server offers no online play; a room link says why', async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(staticUrl + 'index.html');
    await loaded(page);
    const s = await waitFor(page, (st) => st.screen === 'setup' && st.online.link === 4, 'the probe to fail');
    assert.equal(s.online.available, false);
    assert.equal(s.buttons.playOnline, undefined, 'no Play online button');
    await page.goto(staticUrl + 'index.html#room=Q2x7r1b0eY3ZkqU8h5mN0w');
    await loaded(page);
    await waitFor(page, (st) => st.screen === 'room' && st.online.link === 4, 'the room screen with the reason');
    await screenshot(page, 'online-no-server');
    assert.ok(errors.length > 0 && errors.every(isOnlineProbeError), `only the failed connection is reported (${errors})`);
  } finally {
    await browser.close();
  }
});
