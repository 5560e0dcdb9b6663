// Pages of the online tests (online, table, several_processes): a player per browser context (own
// localStorage, so own seat secrets), named buttons clicked or tapped, one step of a human turn through
// the mouse, a page made hidden as if in a background tab with spies on its alerts, and table talk.
// Started by tests/browser/run.sh (through the test files).
import assert from 'node:assert/strict';
import path from 'node:path';
import { clickAt, settledCells, shots, state, waitFor } from './helpers.mjs';

// ---- pages
// Each player has a browser context of their own (own localStorage, so own seat secrets).
// `context`: more of Playwright's context options ({hasTouch, isMobile, locale}); `init`: a script run
// in the page before its own (spies).
export async function openPlayer(browser, base, address, { viewport = { width: 1280, height: 800 }, scale = 1, context: options = {}, init = null } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: scale, ...options });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const player = { context, page, errors: [], frames: [], logs: [] };
  watch(player, page);
  await page.goto(base + address);
  await loaded(page);
  return player;
}

// Console errors, and every WebSocket frame the page receives (what the server told it).
export function watch(player, page) {
  page.on('console', (m) => {
    if (m.type() === 'error') player.errors.push(m.text());
    else if (m.text().startsWith('online:')) player.logs.push(m.text());  // the game's notes (web/online_play.cpp)
  });
  page.on('pageerror', (e) => player.errors.push(String(e)));
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => player.frames.push(String(f.payload)));
    ws.on('framesent', (f) => (player.sent ??= []).push(String(f.payload)));
  });
}

export const loaded = (page) => page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen, null,
  { timeout: 60000, polling: 50 });

export async function reload(player) {
  await player.page.reload();
  await loaded(player.page);
}

// Clicks a named button of the test hook (opening `opener` first when it is a combo's entry).
export async function click(page, name, opener) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const s = await state(page);
    const b = s.buttons[name];
    if (b) {
      await clickAt(page, b.x, b.y);
      return;
    }
    if (opener && s.buttons[opener]) await clickAt(page, s.buttons[opener].x, s.buttons[opener].y);
    await page.waitForTimeout(250);
  }
  throw new Error(`button ${name} never showed`);
}

export const gameState = (page) => page.evaluate(() => window.carcassonne.state());

// ---- playing
// One step of a human turn through the mouse: a legal cell, then mine, a tent, a follower or pass
// (varied by the turn number), then Confirm. Returns 'sent' once a turn went to the server.
// The part of the page where the board shows (the side panel takes the right, or the bottom on a phone).
export function boardArea(view) {
  return view.width < 720 ? { right: view.width, bottom: view.height * 0.58 - 60 } : { right: view.width - 400, bottom: view.height - 120 };
}

const missedClicks = new Map();  // page -> clicks in a row that placed no tile

export async function step(page, s, turnNumber, { passFirst = false } = {}) {
  if (s.phase === 'place') {
    const panel = boardArea(page.viewportSize());
    const cells = (await settledCells(page)).cells.filter((c) => !c.covered && c.x > 10 && c.y > 10 && c.x < panel.right && c.y < panel.bottom);
    if (!cells.length) {
      await page.mouse.move(40, 40);
      await page.keyboard.press('f');
      await page.waitForTimeout(800);
      return 'moved';
    }
    // A cell under something drawn over the board (a notice, a button) takes no click: after a
    // miss the next try takes another cell; five misses in a row fail the test.
    const miss = missedClicks.get(page) ?? 0;
    const cell = cells[(turnNumber + miss) % cells.length];
    await page.mouse.move(cell.x, cell.y);
    await page.waitForTimeout(100);
    await clickAt(page, cell.x, cell.y);
    try {
      await waitFor(page, (st) => st.placed === s.placed + 1 || st.phase !== 'place', 'the tile to be placed', 10000);
    } catch (e) {
      await page.screenshot({ path: path.join(shots, `online-missed-click-${miss}.png`) }).catch(() => {});
      if (miss + 1 >= 5) throw e;
      missedClicks.set(page, miss + 1);
      return 'missed';
    }
    missedClicks.delete(page);
    return 'placed';
  }
  if (s.phase === 'act' || s.phase === 'choose') {
    // A spot holding several actions opens a popup: take its first entry.
    const choice = Object.keys(s.buttons).find((b) => b.startsWith('choice:'));
    if (choice) {
      await click(page, choice);
      return 'acted';
    }
    // Only spots on the visible board: one under the side panel or the action bar cannot be clicked
    // (a click there would press the bar's Undo and start the turn over, again and again).
    const panel = boardArea(page.viewportSize());
    const spots = s.spots.filter((sp) => !sp.covered && sp.y > 40 && sp.y < panel.bottom && sp.x > 20 && sp.x < panel.right - 10);
    const tent = spots.find((sp) => sp.action.startsWith('tent'));
    const follower = spots.find((sp) => sp.action.startsWith('follower'));
    if (passFirst && s.buttons.pass) await click(page, 'pass');
    else if (s.buttons.mine) await click(page, 'mine');
    else if (tent && turnNumber % 2 === 0) await clickAt(page, tent.x, tent.y);
    else if (follower && turnNumber % 3 === 0) await clickAt(page, follower.x, follower.y);
    else if (s.buttons.pass) await click(page, 'pass');
    else if (spots.length) await clickAt(page, spots[0].x, spots[0].y);
    await page.waitForTimeout(100);
    return 'acted';
  }
  if (s.phase === 'confirm') {
    await click(page, 'confirm');
    await waitFor(page, (st) => st.phase !== 'confirm', 'the turn to go', 10000);
    return 'sent';
  }
  return 'waiting';
}

// Spies in the phone's page: the tones started and the notifications shown (and closed).
export const alertSpies = () => {
  window.spied = { tones: 0, shown: [], closed: 0 };
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.spied.tones++;
    return start.apply(this, args);
  };
  const Real = window.Notification;
  window.Notification = class {
    constructor(title, options) { window.spied.shown.push({ title, body: options && options.body }); }
    close() { window.spied.closed++; }
    static get permission() { return Real.permission; }
    static requestPermission(callback) { return Real.requestPermission(callback); }
  };
};

// The page as if in a background tab (or back in front): what the browser says, and its event.
export async function setHidden(page, hidden) {
  await page.evaluate((h) => {
    for (const [name, value] of [['hidden', h], ['visibilityState', h ? 'hidden' : 'visible']])
      Object.defineProperty(document, name, { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

export const favicon = (page) => page.evaluate(() => document.querySelector('link[rel~="icon"]').href);

export async function tapAt(page, name) {
  const b = (await waitFor(page, (s) => s.buttons && s.buttons[name], `button ${name}`, 10000)).buttons[name];
  await page.touchscreen.tap(b.x, b.y);
  await page.waitForTimeout(150);
  return b;
}

// Plays this page's own turn through the mouse, once it has come (step above, until the turn is sent):
// the tile, then Pass where it is offered. Call it once the turn has come (the phases of another
// seat's turn are "remote").
export async function playOwnTurn(page, turnNumber, what, timeout = 60000) {
  const start = Date.now();
  const steps = [];
  for (;;) {
    const s = await state(page);
    // (Not `active`: a turn in the making that awaits Confirm shows the next player as active.)
    if (s.screen === 'play' && ['place', 'act', 'choose', 'confirm'].includes(s.phase)) {
      const done = await step(page, s, turnNumber, { passFirst: true });
      steps.push(`${s.phase}:${done}@${Math.round((Date.now() - start) / 100) / 10}s`);
      if (done === 'sent') return;
    } else {
      await page.waitForTimeout(50);
    }
    if (Date.now() - start > timeout) {
      await page.screenshot({ path: path.join(shots, `${what.replace(/\W+/g, '-')}-stuck.png`) }).catch(() => {});
      throw new Error(`${what}: the turn was not played (steps ${steps.join(' ')}); now phase ${s.phase}, active ${s.active}, seats ${s.seatControllers}, errors ${s.online.error} / ${s.online.lastError}`);
    }
  }
}

// ---- table talk (shell/chat.js)
// A tap on a DOM element's middle (a phone has no mouse).
export async function tap(page, selector) {
  const box = await page.locator(selector).boundingBox();
  assert.ok(box, `${selector} is on the page`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(100);
}

// The chat log as the page shows it: [mark, colour, name, text] per line.
export const chatLines = (page) => page.$$eval('#chat-log .chat-line', (items) => items.map((li) => [
  li.querySelector('.chat-mark').textContent, li.querySelector('.chat-mark').dataset.colour || '',
  li.querySelector('.chat-name').textContent, li.querySelector('.chat-text').textContent]));

export async function waitForChatLine(page, text, what) {
  await page.waitForFunction((t) => Array.from(document.querySelectorAll('#chat-log .chat-text')).some((n) => n.textContent === t),
    text, { timeout: 10000 }).catch(async (e) => assert.fail(`${what}: ${e.message}; log ${JSON.stringify(await chatLines(page))}`));
}

// Says `text` through the chat's field (a desktop: the field filled, Enter).
export async function say(page, text) {
  await page.locator('#chat-input').fill(text);
  await page.locator('#chat-input').press('Enter');
}
