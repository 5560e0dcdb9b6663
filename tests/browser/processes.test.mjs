// Issue 46's browser test: two carc-server processes on one PostgreSQL database (a throwaway cluster,
// tests/server/pg_cluster.sh) serve one room; two pages, each connected to a different process, play
// a Gold Rush game. Mid-game the first page's process is SIGKILLed: that page goes on through the
// other process (the page's list of servers, shell/README.md "Online play": same-origin first, then
// the others in order), and both pages carry on playing, showing the same position.
// The site is served by both processes from a copy whose index.html lists both servers (and lets the
// page connect to them, connect-src); each process accepts the other's page origin (--allow-origin).
// Started by tests/browser/run.sh (CARC_SERVER, CARC_SITE_ROOT, CARC_SERVER_TMP, CARC_URL).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isOnlineProbeError, launchBrowser, screenshot, startCarcServer, state, waitFor } from './helpers.mjs';
import { click, openPlayer, playOwnTurn } from './online_pages.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const pgCluster = path.join(root, 'tests/server/pg_cluster.sh');
const temporary = mkdtempSync(path.join(process.env.CARC_SERVER_TMP ?? os.tmpdir(), 'carc-processes-'));
const clusterDir = path.join(temporary, 'postgres');
let clusterStarted = false;
after(() => {
  if (clusterStarted) execFileSync('bash', [pgCluster, 'stop', clusterDir], { stdio: 'inherit' });
  rmSync(temporary, { recursive: true, force: true });
});

// A port nobody listens on now (the servers' addresses must be in the page before they start).
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// The site with an index.html that lists both servers, the page's own first.
function siteListing(ports) {
  const site = path.join(temporary, 'site');
  cpSync(process.env.CARC_SITE_ROOT ?? path.join(root, 'build/site'), site, { recursive: true, dereference: true });
  const addresses = ports.map((p) => `ws://127.0.0.1:${p}/ws`);
  let index = readFileSync(path.join(site, 'index.html'), 'utf8');
  const meta = '<meta name="carcassonne-server" content="same-origin">';
  assert.ok(index.includes(meta) && index.includes("connect-src 'self'"), 'index.html names its server as the test expects');
  index = index.replace(meta, `<meta name="carcassonne-server" content="same-origin ${addresses.join(' ')}">`)
    .replace("connect-src 'self'", `connect-src 'self' ${addresses.join(' ')}`);
  writeFileSync(path.join(site, 'index.html'), index);
  return site;
}

const serverOf = (page) => page.evaluate(() => window.carcShell.online.server());
const ownTurn = (s) => s.screen === 'play' && s.active === s.online.seat && s.phase === 'place' && !s.online.submitted;

// The page whose turn it is plays it; `turns` turns in all.
async function playTurns(players, turns, first) {
  for (let n = first; n < first + turns; n++) {
    const start = Date.now();
    let mover = null;
    while (!mover) {
      for (const p of players) if (!mover && ownTurn(await state(p.page))) mover = p;
      if (!mover && Date.now() - start > 60000) assert.fail(`turn ${n}: no page came to move`);
      if (!mover) await players[0].page.waitForTimeout(100);
    }
    await playOwnTurn(mover.page, n, `turn ${n}`);
  }
}

test('two processes on one PostgreSQL database: two pages on different processes play Gold Rush; one process is killed mid-game', { timeout: 900000 }, async () => {
  execFileSync('bash', [pgCluster, 'start', clusterDir], { stdio: 'inherit' });
  clusterStarted = true;
  const db = readFileSync(path.join(clusterDir, 'uri'), 'utf8').trim();
  const ports = [await freePort(), await freePort()];
  const site = siteListing(ports);
  // (replaceAfter stays at its 60 s: presence is still per process, docs/deployment.md, so each process
  // counts the other's player as away.)
  const options = (other) => ['--allow-origin', `http://127.0.0.1:${other}`];
  const servers = [await startCarcServer({ db, port: ports[0], site, args: options(ports[1]) })];
  servers.push(await startCarcServer({ db, port: ports[1], site, args: options(ports[0]) }));
  const browser = await launchBrowser();
  try {
    // The host's page comes from process A and talks to it; the guest's from process B.
    const host = await openPlayer(browser, servers[0].base, 'index.html?lang=en');
    await waitFor(host.page, (s) => s.screen === 'setup' && s.online.available, 'process A to answer');
    assert.equal(await serverOf(host.page), `ws://127.0.0.1:${ports[0]}/ws`);
    await click(host.page, 'mode:goldrush', 'mode');
    await waitFor(host.page, (s) => s.mode === 'goldrush', 'Gold Rush chosen');
    await click(host.page, 'seat1:human', 'seat1');
    await click(host.page, 'playOnline');
    const roomId = (await waitFor(host.page, (s) => s.screen === 'room' && s.online.seat === 0, 'the room on process A')).online.room;

    const guest = await openPlayer(browser, servers[1].base, `index.html?lang=en#room=${roomId}`);
    await waitFor(guest.page, (s) => s.screen === 'room' && s.buttons.takeSeat1, 'process B loads the room');
    assert.equal(await serverOf(guest.page), `ws://127.0.0.1:${ports[1]}/ws`);
    await click(guest.page, 'takeSeat1');
    await waitFor(host.page, (s) => s.online.seats[1].kind === 'human', 'process A hears of the guest on B', 20000);
    await click(host.page, 'startOnline');
    for (const p of [host, guest]) await waitFor(p.page, (s) => s.screen === 'play', 'the game');
    const players = [host, guest];
    for (const p of players) {  // the others' moves shown at once ("]" three times): the clock runs meanwhile
      await p.page.mouse.move(20, 20);
      for (let i = 0; i < 3; i++) await p.page.keyboard.press(']');
    }
    await playTurns(players, 4, 0);

    // Process A dies: the host's page goes on through B, its seat resumed; the game goes on.
    const before = (await state(host.page)).placed;
    await servers[0].kill();
    await waitFor(host.page, (s) => s.online.link === 2 && s.online.seat === 0 && s.screen === 'play', 'the host back through process B', 60000);
    assert.equal(await serverOf(host.page), `ws://127.0.0.1:${ports[1]}/ws`, 'the next server of the list');
    assert.ok((await state(host.page)).placed >= before, 'no tile lost');
    await screenshot(host.page, 'processes-host-after-kill');
    await playTurns(players, 4, 4);

    // Both pages show one position, the turns played before and after the kill.
    const seen = [];
    for (const p of players) seen.push(await waitFor(p.page, (st) => st.screen === 'play' && st.online.incoming === 0 && !st.online.submitted, 'the page caught up', 30000));
    await waitFor(guest.page, (st) => st.placed === seen[0].placed, 'the guest at the host\'s position', 30000);
    const [a, b] = [await state(host.page), await state(guest.page)];
    assert.deepEqual([b.placed, b.scores, b.active], [a.placed, a.scores, a.active], 'both pages show the same position');
    assert.ok(a.placed >= 8, `eight turns played, four after the kill (${a.placed} tiles placed)`);
    await screenshot(guest.page, 'processes-guest-after-kill');
    for (const p of players) assert.deepEqual(p.errors.filter((e) => !isOnlineProbeError(e)), [], 'no console errors');
  } finally {
    await browser.close();
    for (const s of servers) await s.kill();
  }
});
