// The tile art: each mode's PNG atlas is fetched only when that mode starts, then the board shows
// its pictures (textured tiles, not the plain ground colours drawn while it loads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
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

async function artRequests(page, into) {
  page.on('request', (r) => { if (/\/art\/[^/]+\.png$/.test(r.url())) into.push(r.url().split('/').pop()); });
}

test('a mode fetches its own atlas when it starts, and the board shows it', async (t) => {
  const { browser, page, errors } = await openGame({ width: 390, height: 844 }, 2);
  try {
    const fetched = [];
    await artRequests(page, fetched);
    await waitFor(page, (s) => s.screen === 'setup' && s.buttons.start, 'the setup screen');
    await page.waitForTimeout(500);
    assert.deepEqual(fetched, [], 'no tile art before a game starts');
    const start = await startGame(page, 'goldrush');
    assert.ok(start.started, `goldrush starts (${start.error})`);
    const loaded = await waitFor(page, (s) => s.artReady === true, 'the tile art', 20000);
    assert.equal(loaded.artReady, true, 'the hook reports the art');
    assert.deepEqual(fetched, ['goldrush.png'], 'only the played mode\'s atlas is fetched');
    // Zoom in on the start tile: at this size the picture's details must show.
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    await page.waitForTimeout(800);
    const s = await state(page);
    const png = await screenshot(page, 'tile-art-goldrush-phone');
    // The start tile sits in the middle of the board (the phone layout puts the panel under it); the
    // plain ground colour drawn while the art loads would be one or two colours.
    const boardHeight = 844 - Math.max(220, 844 * 0.38);
    const inner = s.tileSize * 0.8;
    const colours = coloursIn(png, 195 - inner / 2, boardHeight / 2 - inner / 2, inner, 2);
    t.diagnostic(`start tile: ${colours} colours at ${s.tileSize} CSS px`);
    assert.ok(colours > 200, `the start tile shows its picture (${colours} colours in ${s.tileSize} px)`);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});

// web/tile_atlas.cpp has the browser decode the atlas (createImageBitmap, no premultiplied alpha, no
// colour conversion) and uploads it to WebGL: the texture must hold the PNG's stored values exactly,
// sprites' transparent edges included. Read back here through the same calls, against our own decode.
test('the browser decodes an atlas to its exact stored pixels', async () => {
  const { browser, page } = await openGame();
  try {
    for (const name of ['goldrush', 'tunnel']) {
      const address = `build/wasm/art/${name}.png`;
      const read = await page.evaluate(async (url) => {
        const blob = await (await fetch(url)).blob();
        const picture = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
        const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
        const texture = gl.createTexture();
        gl.bindTexture(gl.TEXTURE_2D, texture);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, picture);
        gl.bindFramebuffer(gl.FRAMEBUFFER, gl.createFramebuffer());
        gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
        const pixels = new Uint8Array(picture.width * picture.height * 4);
        gl.readPixels(0, 0, picture.width, picture.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', pixels));
        return { width: picture.width, height: picture.height, sha256: Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('') };
      }, address);
      const response = await page.request.get(new URL(address, page.url()).href);
      const png = decodePng(await response.body());
      assert.equal(png.channels, 4, `${name}: an RGBA atlas`);
      assert.deepEqual([read.width, read.height], [png.width, png.height], `${name}: size`);
      let translucent = 0;
      for (let i = 3; i < png.pixels.length; i += 4) if (png.pixels[i] > 0 && png.pixels[i] < 255) translucent++;
      assert.ok(translucent > 0, `${name}: the atlas has translucent pixels to check`);
      // readPixels gives the texture's rows in the order uploaded (an ImageBitmap is never flipped).
      assert.equal(read.sha256, createHash('sha256').update(png.pixels).digest('hex'), `${name}: the texture holds the PNG's values`);
    }
  } finally {
    await browser.close();
  }
});
