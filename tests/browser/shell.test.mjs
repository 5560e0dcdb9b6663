// The page around the game (shell/): seed links, play-by-link, autosave and save slots, export and
// import, clear errors for bad input, and embedding from another origin. Each test opens a fresh
// browser (empty storage). Started by tests/browser/run.sh (CARC_URL: the served site).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { clickAt, clickButton, launchBrowser, openGame, screenshot, state, url, waitFor } from './helpers.mjs';

const temporary = mkdtempSync(path.join(os.tmpdir(), 'carc-shell-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

const api = (page, name, ...args) => page.evaluate(([n, a]) => window.carcassonne[n](...a), [name, args]);
const messages = (page) => page.evaluate(() => Array.from(document.querySelectorAll('#messages .shell-message'), (m) => m.textContent));
// Waits for a page that was navigated by the test (not by openGame) to run the game.
const loaded = (page) => page.waitForFunction(() => window.carcassonne && window.carcassonne.testState().screen, null, { timeout: 60000, polling: 50 });
const placedDesigns = (record) => record.split('\n').filter((l) => l.startsWith('place ')).map((l) => l.split(' ')[1]);

// A record cut after its first `count` actions (setup lines kept).
function firstActions(record, count) {
  const lines = record.trim().split('\n');
  const setup = lines.filter((l) => /^(carcassonne|mode|players|seed|option|names|deck) /.test(l));
  return [...setup, ...lines.slice(setup.length, setup.length + count)].join('\n') + '\n';
}

// The position a page shows: enough to tell two positions apart.
async function position(page) {
  const s = await state(page);
  return { turn: s.turn, placed: s.placed, drawPile: s.drawPile, scores: s.scores, active: s.active, record: await api(page, 'recordText') };
}

// A finished bots-only game from a seed link (instant speed).
async function botGame(address) {
  const { browser, page, errors } = await openGame(undefined, 1, address);
  try {
    await waitFor(page, (s) => s.screen === 'play' && s.over, 'the bots to finish', 120000);
    return { record: await api(page, 'recordText'), link: await api(page, 'recordLink'), search: await page.evaluate(() => location.search), errors };
  } finally {
    await browser.close();
  }
}

test('the test hook builds no picture until it is read', async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(url + 'index.html?mode=base&seed=8WQ2K&seats=human,greedy');
    // The board with its art drawn, and some frames after it, before anything reads the hook.
    await page.waitForFunction(() => performance.getEntriesByName('carc:board-art-frame').length > 0, null, { timeout: 60000 });
    await page.waitForTimeout(300);
    assert.deepEqual(await page.evaluate(() => window.carcassonne.testState()), {}, 'nothing recorded before the first read');
    const s = await waitFor(page, (x) => x.screen === 'play', 'the first recorded frame');
    assert.ok(s.frame > 1 && s.buttons && Array.isArray(s.cells), `a whole picture after it: ${JSON.stringify(s).slice(0, 200)}`);
  } finally {
    await browser.close();
  }
});

test('the address\'s game saves and clears the address after its first frame; a later start saves at once', async () => {
  // Both chores read or write outside the game and would hold up its first frame (docs/load-time.md).
  const watch = (page) => page.addInitScript(() => {
    window.chores = [];
    const drawn = () => performance.getEntriesByName('carc:first-frame', 'mark').length > 0;
    const replaceState = History.prototype.replaceState;
    History.prototype.replaceState = function (...args) {
      window.chores.push({ chore: 'address', afterFirstFrame: drawn() });
      return replaceState.apply(this, args);
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key === 'carcassonne/v1/autosave') window.chores.push({ chore: 'autosave', afterFirstFrame: drawn() });
      return setItem.call(this, key, value);
    };
  });
  const { browser, page, errors } = await openGame(undefined, 1, 'index.html?mode=goldrush&seed=GR8D&seats=human,human', {}, watch);
  try {
    await page.waitForFunction(() => window.chores.length >= 2, null, { timeout: 10000 });
    assert.deepEqual(await page.evaluate(() => window.chores), [
      { chore: 'autosave', afterFirstFrame: true }, { chore: 'address', afterFirstFrame: true }]);
    assert.equal(await page.evaluate(() => location.search), '', 'the seed link left the address');
    // The start's event carries the new game's undo and hint counts, so no correction follows in a frame.
    await page.waitForTimeout(300);
    assert.deepEqual(await page.evaluate(() => window.carcassonne.events.map((e) => [e.type, e.lookBack.undos])),
      [['started', [0, 0]]]);
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('carcassonne/v1/autosave')));
    assert.equal(saved.mode, 'goldrush');
    // A game started later (here through the page's interface) is saved before the call returns.
    const later = await page.evaluate(() => {
      const error = window.carcassonne.startSetup({ mode: 'newworld', players: 2, seed: 'N3W', seats: 'human,human' });
      return { error, saved: JSON.parse(localStorage.getItem('carcassonne/v1/autosave')).mode };
    });
    assert.deepEqual(later, { error: '', saved: 'newworld' });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('bad link values give clear messages and start no game', async () => {
  const cases = [
    ['index.html?mode=chess&seed=8WQ2K', /mode: unknown mode "chess" \(base, base\+tunnel/],
    ['index.html?mode=base&players=9&seed=8WQ2K', /players: base is for 2-5 players, not "9"/],
    ['index.html?mode=base%2Btunnel&players=7', /base\+tunnel is for 2-6 players/],
    ['index.html?mode=base&seed=%3Cb%3E!!', /seed: "<b>!!" is not 1-13 base32 digits/],
    ['index.html?mode=goldrush&opt=nofarmers', /option: "nofarmers" does not exist in goldrush \(farmers, remove-cowboy\)/],
    ['index.html?mode=goldrush&opt=farmers:maybe', /option farmers: "maybe" is not one of on, off/],
    ['index.html?mode=base&seats=human,wizard', /seats: unknown controller "wizard"/],
    ['index.html#g=AQAC%3Cimg%3E', /link: the game data is damaged/],
    ['index.html#g=BwAC', /link: /],
    ['index.html?embed=1&origins=javascript:alert(1)', /origins: "javascript:alert\(1\)" is not an origin/],
    // In the page's language, the parameter's name kept as it appears in the address.
    ['index.html?lang=ro&mode=base&players=9', /players: base se joacă în 2-5 jucători, nu „9”/],
    ['index.html?lang=ro&mode=goldrush&opt=farmers:maybe', /option farmers: „maybe” nu este una dintre on, off/],
    ['index.html?lang=nl&mode=base&seed=%3Cb%3E!!', /seed: "<b>!!" is geen reeks van 1-13 base32-cijfers/],
    ['index.html?lang=nl#g=AQAC%3Cimg%3E', /link: de spelgegevens zijn beschadigd/],
  ];
  const { browser, page, errors } = await openGame(undefined, 1, cases[0][0]);
  try {
    for (const [address, expected] of cases) {
      await page.goto('about:blank');
      await page.goto(url + address);
      await loaded(page);
      await page.waitForSelector('#messages .shell-message');
      const shown = (await messages(page)).join('\n');
      assert.match(shown, expected, address);
      assert.equal((await state(page)).screen, 'setup', `${address}: no game started`);
      // Text only: the seed's "<b>" is shown as characters, not as markup.
      assert.equal(await page.evaluate(() => document.querySelector('#messages b, #messages img')), null);
    }
    await screenshot(page, 'shell-bad-link');
    assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
  } finally {
    await browser.close();
  }
});

test('a seed link gives the same first ten tiles twice (and another seed others)', async (t) => {
  const address = 'index.html?mode=goldrush&players=3&seed=8WQ2K&opt=farmers:off&seats=random,greedy,random&speed=3';
  const first = await botGame(address);
  const second = await botGame(address);
  const other = await botGame(address.replace('8WQ2K', '8WQ2M'));
  const tiles = placedDesigns(first.record).slice(0, 10);
  t.diagnostic(`first ten tiles: ${tiles.join(' ')}`);
  assert.equal(tiles.length, 10);
  assert.deepEqual(placedDesigns(second.record).slice(0, 10), tiles);
  assert.equal(second.record, first.record, 'the same bots on the same deal play the same game');
  assert.notDeepEqual(placedDesigns(other.record).slice(0, 10), tiles);
  assert.match(first.record, /^option goldrush.farmers=off$/m);
  assert.equal(first.search, '', 'the address bar drops the game part once it started');
  assert.deepEqual(first.errors, []);
});

test('a play-by-link resumes at the same position and scores, behind the hand-over screen', async (t) => {
  const full = await botGame('index.html?mode=goldrush&players=2&seed=K3Q&seats=greedy,greedy&speed=3');
  t.diagnostic(`full Gold Rush game: ${full.link.length} characters of link data`);
  assert.ok(full.link.length < 2000);
  const { browser, page, errors } = await openGame();
  try {
    const cut = firstActions(full.record, 60);
    assert.equal(await api(page, 'startRecord', cut, ''), '');
    const there = await position(page);
    assert.ok(there.scores.some((v) => v > 0), `someone has scored by then (${there.scores})`);
    const link = await api(page, 'recordLink');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await context.newPage();
    await other.goto(url + 'index.html#g=' + link);
    await loaded(other);
    // Gold Rush hides token values: the opener sees the hand-over screen, not the board.
    await waitFor(other, (s) => s.phase === 'handover', 'the hand-over screen');
    await screenshot(other, 'shell-play-link-handover');
    assert.deepEqual(await position(other), there);
    assert.equal(await other.evaluate(() => location.hash), '', 'the link is no longer in the address bar');
    await clickButton(other, 'handoverReady');
    await waitFor(other, (s) => s.phase !== 'handover', 'the board');
    await screenshot(other, 'shell-play-link-resumed');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('reload resumes the autosave', async () => {
  const full = await botGame('index.html?mode=base%2Btunnel&players=3&seed=T4&seats=greedy,random,greedy&speed=3');
  const { browser, page, errors } = await openGame();
  try {
    // The autosave follows every action, and a game started from a record.
    assert.match(await api(page, 'startRecord', firstActions(full.record, 45), 'human,human,human', 'green,pink,green'),
      /^colours: 'green' is listed twice$/);
    assert.equal(await api(page, 'startRecord', firstActions(full.record, 45), 'human,human,human', 'green,pink,black'), '');
    const before = await position(page);
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('carcassonne/v1/autosave')));
    assert.equal(saved.format, 1);
    assert.equal(saved.mode, 'base+tunnel');
    assert.equal(saved.record, before.record);
    assert.equal(saved.colours, 'green,pink,black', 'the players\' colours are saved beside the record');
    await page.reload();
    await loaded(page);
    const resumed = await waitFor(page, (s) => s.screen === 'play', 'the resumed game');
    assert.deepEqual(await position(page), before);
    assert.deepEqual(resumed.seatColours, ['green', 'pink', 'black'], 'each player keeps their colour');
    await screenshot(page, 'shell-reload-resumed');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('export to a .carc file, then import it, reproduces the game; a bad file is refused with its line', async () => {
  const { browser, page, errors } = await openGame(undefined, 1, 'index.html?mode=discovery&players=2&seed=D1SC&seats=greedy,greedy&speed=3');
  const file = path.join(temporary, 'exported.carc');
  try {
    await waitFor(page, (s) => s.screen === 'play' && s.over, 'the bots to finish');
    const before = await position(page);
    await clickButton(page, 'viewBoard');
    await clickButton(page, 'saves');
    await page.waitForSelector('#dialog-saves');
    await screenshot(page, 'shell-saves-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-current')]);
    assert.match(download.suggestedFilename(), /^discovery-\d{4}-\d\d-\d\d-\d\d-\d\d\.carc$/);
    await download.saveAs(file);
    assert.equal(readFileSync(file, 'utf8'), before.record);

    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await fresh.newPage();
    await other.goto(url + 'index.html');
    await loaded(other);
    await waitFor(other, (s) => s.screen === 'setup' && s.buttons.saves, 'the setup screen');
    await clickButton(other, 'saves');
    const bad = path.join(temporary, 'bad.carc');
    writeFileSync(bad, 'carcassonne 1\nmode base\nplayers 2\nseed 1\nplace Q 5,5 r0\n');
    await other.setInputFiles('#import-file', bad);
    await other.waitForSelector('#messages .shell-message');
    assert.match((await messages(other)).join('\n'), /bad\.carc cannot be imported: line 5: /);
    assert.equal((await state(other)).screen, 'setup');
    await other.setInputFiles('#import-file', file);
    await waitFor(other, (s) => s.screen === 'play', 'the imported game');
    assert.deepEqual(await position(other), before);
    assert.equal(await other.$('#dialog-saves'), null, 'the dialog closes');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a corrupted save shows an error naming it; the other saves still load', async () => {
  const full = await botGame('index.html?mode=newworld&players=2&seed=NW&seats=greedy,greedy&speed=3');
  const { browser, page } = await openGame();
  try {
    const good = { app: 'carcassonne', format: 1, savedAt: '2026-01-02T03:04:05Z', mode: 'newworld', players: 2, turn: 9, seats: 'human,human', record: firstActions(full.record, 20) };
    await page.evaluate((entry) => {
      localStorage.setItem('carcassonne/v1/slot/good one', JSON.stringify(entry));
      localStorage.setItem('carcassonne/v1/slot/broken', '{"app":"carcassonne","format":1,"rec');
      localStorage.setItem('carcassonne/v1/slot/<img src=x>', JSON.stringify({ hello: 'world' }));
      localStorage.setItem('carcassonne/v2/slot/future', JSON.stringify({ app: 'carcassonne', format: 2 }));
      localStorage.setItem('carcassonne/v1/autosave', 'garbage');
      localStorage.setItem('someone-else', 'untouched');
    }, good);
    await page.reload();
    await loaded(page);
    await page.waitForSelector('#messages .shell-message');
    assert.match((await messages(page)).join('\n'), /"Autosave" is damaged and cannot be read/);
    await clickButton(page, 'saves');
    await page.waitForSelector('#dialog-saves');
    const rows = await page.evaluate(() => Array.from(document.querySelectorAll('#dialog-saves tr[data-key]'), (r) => r.textContent));
    assert.ok(rows.some((r) => r.startsWith('broken') && r.includes('is damaged')), rows.join(' | '));
    assert.ok(rows.some((r) => r.startsWith('<img src=x>') && r.includes('was not written by this game')), rows.join(' | '));
    assert.ok(rows.some((r) => r.startsWith('future') && r.includes('newer version')), rows.join(' | '));
    assert.ok(rows.some((r) => r.startsWith('good one') && r.includes('newworld')), rows.join(' | '));
    assert.equal(await page.evaluate(() => document.querySelector('#dialog-saves img')), null, 'names are text');
    await screenshot(page, 'shell-corrupt-save');
    await page.click('#dialog-saves tr[data-key="carcassonne/v1/slot/good one"] button[data-action="load"]');
    await waitFor(page, (s) => s.screen === 'play', 'the good save to load');
    const resumedState = await state(page);
    assert.equal(resumedState.humans, 2, 'the seats come back with the save');
    assert.equal(await api(page, 'recordText'), good.record);
    assert.equal(await page.evaluate(() => localStorage.getItem('carcassonne/v1/slot/broken')), '{"app":"carcassonne","format":1,"rec');
    assert.equal(await page.evaluate(() => localStorage.getItem('someone-else')), 'untouched');
    // Deleting one save leaves the others.
    page.on('dialog', (d) => d.accept());
    await clickButton(page, 'saves');
    await page.click('#dialog-saves tr[data-key="carcassonne/v1/slot/broken"] button[data-action="delete"]');
    await page.waitForFunction(() => !document.querySelector('#dialog-saves tr[data-key="carcassonne/v1/slot/broken"]'));
    assert.ok(await page.evaluate(() => localStorage.getItem('carcassonne/v1/slot/good one') !== null));
  } finally {
    await browser.close();
  }
});

test('save slots: save as a name, list it, load it back', async () => {
  const { browser, page, errors } = await openGame(undefined, 1, 'index.html?mode=base&players=2&seed=5A0T&seats=human,greedy');
  try {
    await waitFor(page, (s) => s.screen === 'play' && s.phase === 'place', 'the game');
    const before = await position(page);
    await clickButton(page, 'saves');
    await page.fill('#save-name', 'Sunday game');
    await page.click('#save-as');
    await page.waitForSelector('#dialog-saves tr[data-key="carcassonne/v1/slot/Sunday game"]');
    const row = await page.textContent('#dialog-saves tr[data-key="carcassonne/v1/slot/Sunday game"]');
    assert.match(row, /^Sunday gamebase2/);
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.carcassonne.startSetup({ mode: 'goldrush', players: 3, seed: '1', options: '', seats: '' }));
    assert.notEqual((await position(page)).record, before.record);
    await clickButton(page, 'saves');
    await page.click('#dialog-saves tr[data-key="carcassonne/v1/slot/Sunday game"] button[data-action="load"]');
    await waitFor(page, (s) => s.drawPile === before.drawPile && s.turn === before.turn, 'the slot to load');
    assert.deepEqual(await position(page), before);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a full storage quota is reported, not silently lost', async () => {
  const { browser, page } = await openGame();
  try {
    // Fill the origin's storage (chromium: about 5 MB) with someone else's data.
    await page.evaluate(() => {
      let chunk = 'x'.repeat(1 << 20);
      for (let i = 0; chunk.length > 16; i++) {
        try {
          localStorage.setItem('filler/' + i, chunk);
        } catch (e) {
          chunk = chunk.slice(0, chunk.length / 2);
        }
      }
    });
    assert.equal(await api(page, 'startSetup', { mode: 'base', players: 2, seed: 'Q0TA', options: '', seats: '' }), '');
    await page.waitForSelector('#messages .shell-message');
    assert.match((await messages(page)).join('\n'), /Not saved.*storage is full: this game was not saved/s);
    await screenshot(page, 'shell-quota');
    // A named save is refused with a message too; once there is room again, saving works.
    await clickButton(page, 'saves');
    await page.fill('#save-name', 'later');
    await page.click('#save-as');
    await page.waitForFunction(() => document.querySelectorAll('#messages .shell-message').length >= 2);
    assert.equal(await page.evaluate(() => localStorage.getItem('carcassonne/v1/slot/later')), null);
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('filler/')).forEach((k) => localStorage.removeItem(k)));
    await page.click('#save-as');
    await page.waitForFunction(() => localStorage.getItem('carcassonne/v1/slot/later') !== null);
  } finally {
    await browser.close();
  }
});

test('Share and Embed give the seed link, the play link and the iframe snippet', async () => {
  const { browser, page, errors } = await openGame(undefined, 1, 'index.html?lang=nl&mode=goldrush&players=2&seed=SH4RE&opt=farmers:off&seats=human,hard');
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await waitFor(page, (s) => s.screen === 'play', 'the game');
    await clickButton(page, 'share');
    await page.waitForSelector('#dialog-share');
    const seedLink = await page.inputValue('#share-seed');
    const playLink = await page.inputValue('#share-play');
    assert.equal(seedLink, url + 'index.html?lang=nl&mode=goldrush&players=2&seed=SH4RE&opt=farmers%3Aoff&seats=human%2Chard');
    assert.match(playLink, /#g=[A-Za-z0-9_-]+$/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), seedLink, 'Share copies the seed link');
    assert.match(await page.textContent('#dialog-share'), /Dit spel delen/);
    await screenshot(page, 'shell-share');
    await page.keyboard.press('Escape');
    await clickButton(page, 'embed');
    await page.fill('#embed-width', '800');
    const snippet = await page.inputValue('#embed-snippet');
    assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/index\.html\?lang=nl&amp;embed=1&amp;mode=goldrush&amp;players=2&amp;seed=SH4RE&amp;opt=farmers%3Aoff&amp;seats=human%2Chard" width="800" height="640"/);
    await screenshot(page, 'shell-embed-dialog');
    // The seed link starts the same deal in a fresh browser.
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(seedLink);
    await loaded(other);
    await waitFor(other, (s) => s.screen === 'play', 'the shared game');
    assert.equal(await api(other, 'recordText'), await api(page, 'recordText'));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('an open dialog shields the canvas: a click beside it closes it and presses nothing behind it', async () => {
  const { browser, page, errors } = await openGame(undefined, 1, 'index.html');
  try {
    const setup = await waitFor(page, (s) => s.screen === 'setup' && s.buttons.addPlayer && s.buttons.saves, 'the setup screen');
    assert.equal(setup.buttons.seat2, undefined, 'two seats to begin with');
    await clickButton(page, 'saves');
    await page.waitForSelector('#dialog-saves');
    const add = setup.buttons.addPlayer;
    const box = await page.locator('#dialog-saves').boundingBox();
    assert.ok(add.x < box.x || add.x > box.x + box.width || add.y < box.y || add.y > box.y + box.height,
      '"Add player" lies beside the dialog');
    await screenshot(page, 'shell-dialog-modal');
    await clickAt(page, add.x, add.y);
    await page.waitForSelector('#dialog-saves', { state: 'detached' });
    await page.waitForTimeout(300);  // a few frames: had the click reached the game, a seat would be added
    assert.equal((await state(page)).buttons.seat2, undefined, 'the click beside the dialog added no player');
    assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.id), 'canvas', 'the game has the keyboard back');
    await clickButton(page, 'addPlayer');
    await waitFor(page, (s) => s.buttons.seat2, '"Add player" works once the dialog is gone');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// A fan site on another origin (localhost vs the game's 127.0.0.1) embeds the game.
test('an iframe on another origin receives ready, turn and gameOver; commands only from listed origins', async (t) => {
  const game = new URL(url);
  const server = http.createServer((request, response) => {
    const src = new URL(request.url, 'http://localhost').searchParams.get('src') || '';
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html><body style="margin:0;background:#eee;font:14px sans-serif">
<p style="margin:6px">A fan site</p>
<iframe id="game" src="${src.replace(/"/g, '&quot;')}" width="720" height="480" style="border:1px solid #888"></iframe>
<script>
window.received = [];
addEventListener('message', (e) => { if (e.data && e.data.source === 'carcassonne') received.push({ origin: e.origin, data: e.data }); });
window.send = (command) => document.getElementById('game').contentWindow.postMessage(command, '${game.origin}');
</script></body></html>`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fanOrigin = `http://localhost:${server.address().port}`;
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 760, height: 560 } });
    const embedUrl = (origins) => `${url}index.html?embed=1&origins=${encodeURIComponent(origins)}`;
    await page.goto(`${fanOrigin}/?src=${encodeURIComponent(embedUrl(fanOrigin))}`);
    const received = (type) => page.evaluate((ty) => window.received.filter((m) => m.data.type === ty), type);
    await page.waitForFunction(() => window.received.some((m) => m.data.type === 'ready'), null, { timeout: 60000 });
    const [ready] = await received('ready');
    assert.equal(ready.origin, game.origin);
    assert.ok(ready.data.modes.includes('goldrush'));
    // A bad command gets an error reply naming the problem.
    await page.evaluate(() => window.send({ source: 'carcassonne', type: 'start', mode: 'base', players: 9 }));
    await page.waitForFunction(() => window.received.some((m) => m.data.type === 'error'));
    assert.match((await received('error'))[0].data.message, /players: base is for 2-5 players/);
    assert.equal((await received('error'))[0].data.problem, null, 'the page refused it, not the engine');
    await page.evaluate(() => window.send({ source: 'carcassonne', type: 'start', mode: 'base', players: 2, seed: '8WQ2K', seats: ['greedy', 'greedy'], speed: 3 }));
    await page.waitForFunction(() => window.received.some((m) => m.data.type === 'gameOver'), null, { timeout: 120000 });
    const [over] = await received('gameOver');
    t.diagnostic(`gameOver: ${JSON.stringify(over.data)}`);
    assert.equal(over.data.scores.length, 2);
    assert.ok(over.data.winners.length >= 1);
    assert.ok((await received('turn')).length >= 1, 'turn events came first');
    // What each turn scored (docs/events.md) adds up to the final scores.
    const totals = [0, 0];
    for (const m of [...await received('turn'), over]) for (const s of m.data.scored) totals[s.player] += s.points;
    assert.deepEqual(totals, over.data.scores, 'the scored entries of turn and gameOver add up to the scores');
    assert.ok(!JSON.stringify(await page.evaluate(() => window.received)).includes('8WQ2K'), 'events carry no seed');
    const frame = page.frames().find((f) => f.url().startsWith(game.origin));
    // The hook records frames from the first time it is read (web/test_hook.hpp): wait for one.
    await frame.waitForFunction(() => window.carcassonne.testState().buttons, null, { timeout: 60000, polling: 50 });
    assert.equal(await frame.evaluate(() => window.carcassonne.testState().buttons.share), undefined, 'no Share button when embedded');
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(process.env.CARC_SCREENSHOTS ?? 'build/screenshots', 'shell-embedded.png') });

    // The same page not listed in origins=: its command is refused, no game starts.
    const stranger = await browser.newPage({ viewport: { width: 760, height: 560 } });
    await stranger.goto(`${fanOrigin}/?src=${encodeURIComponent(embedUrl('https://example.org'))}`);
    const strangerFrame = () => stranger.frames().find((f) => f.url().startsWith(game.origin));
    await stranger.waitForFunction(() => document.getElementById('game'));
    await loaded(strangerFrame());
    await waitFor(strangerFrame(), (s) => s.screen === 'setup', 'the embedded setup screen');
    assert.equal(await stranger.evaluate(() => window.received.length), 0, 'events go to the listed origins only');
    await stranger.evaluate(() => window.send({ source: 'carcassonne', type: 'start', mode: 'base', players: 2, seed: '1', seats: 'random,random', speed: 3 }));
    await stranger.waitForFunction(() => window.received.some((m) => m.data.type === 'error'));
    assert.match((await stranger.evaluate(() => window.received[0].data.message)), /is not listed in the origins= parameter/);
    assert.equal((await state(strangerFrame())).screen, 'setup', 'no game started');
  } finally {
    await browser.close();
    server.close();
  }
});
