// The tile art: each mode's atlas is fetched only when that mode starts, then the board shows its pictures
// (textured tiles, not the plain ground colours drawn while it loads). The half-size atlas
// (art/NAME.half.rgba.gz) comes first; the full one (art/NAME.rgba.gz) only once tiles are drawn larger
// than the half's 96-pixel cells on screen (zoomed in, or a devicePixelRatio of 2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, screenshot, startGame, state, waitFor } from './helpers.mjs';
import { decodePng } from './png_stats.mjs';

// Distinct colours inside a square of the screenshot (CSS pixels, scaled by the device pixel ratio).
function coloursIn(png, left, top, side, ratio) {
  const { width, channels, pixels } = decodePng(png);
  const seen = new Set();
  for (let y = Math.ceil(top * ratio); y < Math.floor((top + side) * ratio); y++)
    for (let x = Math.ceil(left * ratio); x < Math.floor((left + side) * ratio); x++) {
      const o = (y * width + x) * channels;
      seen.add((pixels[o] << 16) | (pixels[o + 1] << 8) | pixels[o + 2]);
    }
  return seen.size;
}

// Records the tile-art files `page` asks for (with `withIndex`, art/modes.json too).
function artRequests(page, into, withIndex = false) {
  const pattern = withIndex ? /\/art\/([^/]+\.rgba\.gz|modes\.json)$/ : /\/art\/[^/]+\.rgba\.gz$/;
  page.on('request', (r) => { if (pattern.test(r.url())) into.push(r.url().split('/').pop()); });
}

// The start tile's middle on screen (CSS px), from a legal cell's board position and screen place.
function startTileCentre(s) {
  const cell = s.cells[0];
  return { x: cell.x - cell.bx * cell.size, y: cell.y - cell.by * cell.size };
}

test('a mode fetches its own atlas when it starts, and the board shows it', async (t) => {
  const { browser, page, errors } = await openGame({ width: 390, height: 844 }, 2);
  try {
    const fetched = [];
    artRequests(page, fetched);
    await waitFor(page, (s) => s.screen === 'setup' && s.buttons.start, 'the setup screen');
    await page.waitForTimeout(500);
    assert.deepEqual(fetched, [], 'no tile art before a game starts');
    const start = await startGame(page, 'goldrush');
    assert.ok(start.started, `goldrush starts (${start.error})`);
    const loaded = await waitFor(page, (s) => s.artReady === true, 'the tile art', 20000);
    assert.equal(loaded.artReady, true, 'the hook reports the art');
    // 64 CSS px a tile on a phone at devicePixelRatio 2: 128 device pixels, more than the half's cells.
    await waitFor(page, (s) => s.artDetail === 'full', 'the full atlas on a screen of devicePixelRatio 2', 20000);
    assert.deepEqual(fetched, ['goldrush.half.rgba.gz', 'goldrush.rgba.gz'],
      'only the played mode\'s atlases, the half-size one first');
    // Zoom in on the start tile: at this size the picture's details must show.
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    await page.waitForTimeout(800);
    const s = await state(page);
    const png = await screenshot(page, 'tile-art-goldrush-phone');
    // The start tile, found from a legal cell beside it (the camera keeps the legal cells in view, not
    // the start tile in the middle); the plain ground colour drawn while the art loads would be one or two colours.
    const centre = startTileCentre(s);
    const inner = s.tileSize * 0.8;
    const colours = coloursIn(png, centre.x - inner / 2, centre.y - inner / 2, inner, 2);
    t.diagnostic(`start tile: ${colours} colours at ${s.tileSize} CSS px`);
    assert.ok(colours > 200, `the start tile shows its picture (${colours} colours in ${s.tileSize} px)`);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

test('a seed link builds the geometry of the designs it draws only, and the board shows their art', async (t) => {
  // The Discovery has 67 designs; the first frame shows the start tile and the tile in hand.
  const fetched = [];
  const { browser, page, errors } = await openGame({ width: 1280, height: 800 }, 1,
    'index.html?mode=discovery&players=2&seed=8WQ2K&seats=human,medium', {}, (p) => artRequests(p, fetched));
  try {
    const s = await waitFor(page, (st) => st.screen === 'play' && st.artReady === true, 'the board in its art', 20000);
    t.diagnostic(`designs built: ${s.tileArtsBuilt}`);
    assert.ok(s.tileArtsBuilt >= 1 && s.tileArtsBuilt <= 4, `only the drawn designs are built (${s.tileArtsBuilt} of 67)`);
    const boardCentre = startTileCentre(await state(page));
    const inner = s.tileSize * 0.8;
    const colours = coloursIn(await screenshot(page, 'tile-art-discovery-link-desktop'),
      boardCentre.x - inner / 2, boardCentre.y - inner / 2, inner, 1);
    assert.ok(colours > 100, `the start tile shows its picture (${colours} colours)`);
    // The tile in hand is drawn 140 CSS px wide beside the board: the full atlas follows the first frame.
    await waitFor(page, (st) => st.artDetail === 'full', 'the full atlas for the tile in hand', 20000);
    assert.deepEqual(fetched, ['discovery.half.rgba.gz', 'discovery.rgba.gz'], 'the half-size atlas first, each once');
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

// On a phone-sized page at devicePixelRatio 1 every tile is drawn at most 78 px (board 64, hand 78): the
// half-size atlas is all the screen needs until the board is zoomed in past its 96-pixel cells.
test('the half-size atlas is drawn while no tile needs more, the full one once one does', async (t) => {
  const fetched = [];
  const { browser, page, errors } = await openGame({ width: 390, height: 844 }, 1,
    'index.html?mode=discovery&players=2&seed=8WQ2K&seats=human,medium', {}, (p) => artRequests(p, fetched));
  try {
    const s = await waitFor(page, (st) => st.screen === 'play' && st.artReady === true, 'the board in its art', 20000);
    await page.waitForTimeout(1000);
    assert.equal((await state(page)).artDetail, 'half', `drawn from the half-size atlas at ${s.tileSize} px`);
    assert.deepEqual(fetched, ['discovery.half.rgba.gz'], 'the half-size atlas only');
    // Wheel steps in (x1.15 each) over the board until its tiles pass 96 px by more than the 5% the
    // game lets go (web/tile_atlas.cpp).
    const boardHeight = 844 - Math.max(220, 844 * 0.42);
    await page.mouse.move(195, boardHeight / 2);
    let zoomed = s, lastHalf = s.tileSize;
    while (zoomed.tileSize <= 96 * 1.05) {
      assert.equal(zoomed.artDetail, 'half', `still the half-size atlas at ${zoomed.tileSize} px`);
      lastHalf = zoomed.tileSize;
      await page.mouse.wheel(0, -100);
      const before = zoomed.tileSize;
      zoomed = await waitFor(page, (st) => st.tileSize > before, 'a wheel step in');
    }
    const full = await waitFor(page, (st) => st.artDetail === 'full', `the full atlas at ${zoomed.tileSize} px`, 20000);
    t.diagnostic(`half-size atlas up to ${lastHalf} px, the full one at ${full.tileSize} px`);
    assert.deepEqual(fetched, ['discovery.half.rgba.gz', 'discovery.rgba.gz'], 'the full atlas, fetched once');
    const inner = full.tileSize * 0.8;
    const colours = coloursIn(await screenshot(page, 'tile-art-discovery-phone-zoomed'), 195 - inner / 2,
      boardHeight / 2 - inner / 2, inner, 1);
    assert.ok(colours > 100, `the start tile shows its picture from the full atlas (${colours} colours)`);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

// The page's script (build/wasm/shell-bundle.js, early_art.js its first part) asks for a seed link's atlas,
// named by the art index it carries, as it runs: before the game's module is even started. The game takes
// those bytes instead of fetching the file again.
test('a seed link\'s atlas is asked for by the page\'s script before the game starts, and fetched only once', async (t) => {
  const fetched = [];
  const { browser, page, errors } = await openGame({ width: 1280, height: 800 }, 1,
    'index.html?mode=base%2Btunnel&players=2&seed=8WQ2K&seats=human,medium', {}, (p) => artRequests(p, fetched, true));
  try {
    await waitFor(page, (st) => st.screen === 'play' && st.artDetail === 'full', 'the board in its full art', 20000);
    const early = await page.evaluate(() => window.carcShell.earlyTileArt && window.carcShell.earlyTileArt.url);
    assert.match(early ?? '', /\/art\/tunnel\.half\.rgba\.gz$/, 'early_art.js asked for the atlas of base+tunnel');
    assert.deepEqual(fetched, ['tunnel.half.rgba.gz', 'tunnel.rgba.gz'],
      'the mode\'s atlases, each once (the full one for the tile in hand); the index is in the script, not fetched');
    const times = await page.evaluate(() => ({
      atlas: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/art/tunnel.half.rgba.gz')).startTime,
      runtime: performance.getEntriesByName('carc:runtime-initialized')[0].startTime,
    }));
    t.diagnostic(`atlas asked for at ${times.atlas.toFixed(0)} ms, the runtime up at ${times.runtime.toFixed(0)} ms`);
    assert.ok(times.atlas < times.runtime, 'asked for before the game\'s runtime is up');
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

// The art index in the script may not know the link's mode (an index of another build, served with
// ?build=), or name another atlas than the engine does: the shell then fetches the atlas the engine names.
test('when the script\'s art index lacks the mode or names another atlas, the shell fetches the engine\'s', async () => {
  const cases = [
    { index: '{"modes":{}}', expected: ['goldrush.half.rgba.gz', 'goldrush.rgba.gz'], early: null },
    { index: '{"modes":{"goldrush":"base"}}', expected: ['base.half.rgba.gz', 'goldrush.half.rgba.gz', 'goldrush.rgba.gz'],
      early: 'base.half.rgba.gz' },
  ];
  for (const c of cases) {
    const fetched = [];
    const { browser, page, errors } = await openGame({ width: 1280, height: 800 }, 1,
      'index.html?mode=goldrush&players=2&seed=8WQ2K&seats=human,medium', {}, async (p) => {
        await p.route('**/build/wasm/shell-bundle.js', async (route) => {
          const response = await route.fetch();
          const body = (await response.text()).replace(/\.artIndex = \{.*\};\n/, `.artIndex = ${c.index};\n`);
          assert.ok(body.includes(`.artIndex = ${c.index};`), 'the index replaced');
          await route.fulfill({ response, body });
        });
        artRequests(p, fetched, true);
      });
    try {
      await waitFor(page, (st) => st.screen === 'play' && st.artDetail === 'full', 'the board in its full art', 20000);
      const early = await page.evaluate(() => (window.carcShell.earlyTileArt
        ? window.carcShell.earlyTileArt.url.split('/').pop() : null));
      assert.equal(early, c.early, `index ${c.index}: what the script asked for`);
      assert.deepEqual(fetched, c.expected, `index ${c.index}: the shell fetched the atlas the engine named`);
      assert.deepEqual(errors, [], 'no console errors');
    } finally {
      await browser.close();
    }
  }
});
