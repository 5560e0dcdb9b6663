// The service worker's click on the your-turn notification (sw.js, notificationclick; the notification
// comes from shell/turn_alert.js): a unit-level check, as no browser lets a test click a system
// notification. sw.js runs in a Node VM with a fake worker scope; the test dispatches the click and
// looks at which tab was focused or opened.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import vm from 'node:vm';

const SCOPE = 'https://carc.example/play/';

function worker(tabs) {
  const handlers = {};
  const calls = [];
  const clients = tabs.map((address) => ({ url: address, focus: async () => { calls.push(['focus', address]); } }));
  const self = {
    registration: { scope: SCOPE },
    addEventListener: (type, handler) => { handlers[type] = handler; },
    clients: {
      matchAll: async (options) => {
        assert.equal(options.type, 'window');
        return clients;
      },
      openWindow: async (address) => { calls.push(['open', address]); },
    },
  };
  vm.runInNewContext(readFileSync(new URL('../../sw.js', import.meta.url), 'utf8'),
    { self, URL, console, setTimeout, clearTimeout, Promise, Map, Set, WeakMap }, { filename: 'sw.js' });
  async function click(data) {
    let closed = false;
    let waited = null;
    handlers.notificationclick({
      notification: { data, close: () => { closed = true; } },
      waitUntil: (promise) => { waited = promise; },
    });
    assert.ok(waited, 'the worker keeps itself alive until the tab is focused');
    await waited;
    assert.ok(closed, 'the notification is closed');
    return calls.splice(0);
  }
  return { click, handlers };
}

test('a click focuses the tab of the notification\'s room, else any game tab', async () => {
  const room = `${SCOPE}index.html#room=AbCdEfGh12345678`;
  const { click } = worker([`${SCOPE}index.html?lang=de`, 'https://carc.example/other.html', room]);
  assert.deepEqual(await click({ url: room }), [['focus', room]]);
  assert.deepEqual(await click({ url: `${SCOPE}index.html#room=SomeOtherRoom00` }), [['focus', `${SCOPE}index.html?lang=de`]]);
  assert.deepEqual(await click(undefined), [['focus', `${SCOPE}index.html?lang=de`]]);
});

test('with no game tab open a click opens one at the room, never an address outside the worker\'s scope', async () => {
  const { click } = worker(['https://carc.example/other.html']);
  const room = `${SCOPE}index.html#room=AbCdEfGh12345678`;
  assert.deepEqual(await click({ url: room }), [['open', room]]);
  assert.deepEqual(await click({ url: 'https://evil.example/phish' }), [['open', SCOPE]]);
  assert.deepEqual(await click({ url: 'javascript:alert(1)' }), [['open', SCOPE]]);
  assert.deepEqual(await click({ url: 42 }), [['open', SCOPE]]);
});
