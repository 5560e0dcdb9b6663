// ImGui's OpenGL3 back end saves and restores the GL state around every frame it draws. The scissor box
// and the blend factors and equations are answered in the page (web/gl_state_shadow.cpp) rather than by
// the GPU process, whose answer waits for every command queued before it: on the first frame, the tile
// art's upload (docs/load-time.md, "ImGui's state queries"). These tests count the queries that still
// reach the browser and check that the page's answers are always the context's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame } from './helpers.mjs';

const SEED_LINK = '?mode=base&players=2&seed=8WQ2K&seats=human,medium';
const KEPT = { SCISSOR_BOX: 0x0c10, BLEND_SRC_RGB: 0x80c9, BLEND_DST_RGB: 0x80c8, BLEND_SRC_ALPHA: 0x80cb,
  BLEND_DST_ALPHA: 0x80ca, BLEND_EQUATION_RGB: 0x8009, BLEND_EQUATION_ALPHA: 0x883d };
const VIEWPORT = 0x0ba2;  // asked by the back end every frame and not kept: counts the frames

// Counts, per parameter, the getParameter calls that reach the browser's WebGL 2 context, and gives the
// page `__glCopyMismatches(gl, after)`: each kept value where the page's copy and the context differ.
// Just before the game's first frame it compares them once (the copy starts from WebGL's defaults, never
// asked: a wrong default would be restored by ImGui and never differ later).
function watchGlState(page) {
  return page.addInitScript((kept) => {
    const counts = (window.__glQueries = {});
    const real = WebGL2RenderingContext.prototype.getParameter;
    WebGL2RenderingContext.prototype.getParameter = function (name) {
      counts[name] = (counts[name] ?? 0) + 1;
      return real.call(this, name);
    };
    const text = (value) => (ArrayBuffer.isView(value) ? Array.from(value).join(',') : String(value));
    window.__glCopyMismatches = (gl, after) => Object.entries(kept)
      .filter(([, value]) => text(gl.getParameter(value)) !== text(real.call(gl, value)))
      .map(([name, value]) => `${after}: ${name} ${text(gl.getParameter(value))}, the context ${text(real.call(gl, value))}`);
    const contexts = [];
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (...args) {
      const context = getContext.apply(this, args);
      if (context instanceof WebGL2RenderingContext && !contexts.includes(context)) contexts.push(context);
      return context;
    };
    const requestFrame = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => requestFrame.call(window, (time) => {
      const gl = contexts.find((c) => c.carcStateShadow);
      if (gl && !window.__glAtFirstFrame) window.__glAtFirstFrame = window.__glCopyMismatches(gl, 'at the first frame');
      callback(time);
    });
  }, KEPT);
}

async function queriesStayInThePage(viewport, ratio) {
  const { browser, page, errors } = await openGame(viewport, ratio, SEED_LINK, {}, watchGlState);
  try {
    await page.waitForFunction(() => performance.getEntriesByName('carc:board-art-frame').length > 0, null,
      { timeout: 30000 });
    await page.waitForFunction((viewport) => (window.__glQueries[viewport] ?? 0) >= 20, VIEWPORT, { timeout: 30000 });
    assert.deepEqual(await page.evaluate(() => window.__glAtFirstFrame), [], 'the copy at the first frame');
    const counts = await page.evaluate(() => window.__glQueries);
    const frames = counts[VIEWPORT];
    for (const [name, value] of Object.entries(KEPT))
      assert.equal(counts[value] ?? 0, 0, `${name} asked of the context ${counts[value]} times in ${frames} frames`);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
}

test('the back end\'s per-frame state queries do not reach the GPU process (a desktop)',
  () => queriesStayInThePage({ width: 1280, height: 800 }, 1));
test('the back end\'s per-frame state queries do not reach the GPU process (a phone, devicePixelRatio 2)',
  () => queriesStayInThePage({ width: 390, height: 844 }, 2));

test('the page\'s copy answers what the context has, also after calls it refuses', async () => {
  const { browser, page, errors } = await openGame(undefined, 1, SEED_LINK, {}, watchGlState);
  try {
    await page.waitForFunction(() => performance.getEntriesByName('carc:board-art-frame').length > 0, null,
      { timeout: 30000 });
    // One synchronous script: no frame of the game's runs between a call and its check.
    const mismatches = await page.evaluate(() => {
      const gl = document.getElementById('canvas').getContext('webgl2');
      const found = [];
      const compare = (after) => found.push(...window.__glCopyMismatches(gl, after));
      compare('after the game\'s frames');
      const calls = [
        ['blendFuncSeparate', gl.SRC_COLOR, gl.DST_ALPHA, gl.ONE_MINUS_CONSTANT_ALPHA, gl.SRC_ALPHA],
        ['blendFunc', gl.CONSTANT_COLOR, gl.CONSTANT_ALPHA],  // refused: colour against alpha
        ['blendFunc', gl.SRC_ALPHA_SATURATE, gl.ONE],
        ['blendFunc', gl.ONE, 0x1234],  // refused: not a factor
        ['blendFunc', 0x1234, gl.ONE],  // refused
        ['blendFuncSeparate', gl.ONE, gl.ONE, 0x1234, gl.ONE],  // refused
        ['blendFuncSeparate', gl.ONE_MINUS_CONSTANT_ALPHA, gl.CONSTANT_COLOR, gl.ONE, gl.ZERO],  // refused
        ['blendFuncSeparate', gl.ONE, gl.SRC_ALPHA_SATURATE, gl.ONE, gl.ONE],
        ['blendEquation', gl.MAX],
        ['blendEquation', 0x1234],  // refused
        ['blendEquationSeparate', gl.FUNC_SUBTRACT, gl.MIN],
        ['blendEquationSeparate', gl.FUNC_ADD, 0x1234],  // refused
        ['scissor', 3, 4, 50, 60],
        ['scissor', 1, 2, -5, 6],  // refused: negative width
        ['scissor', 7.9, -8, 2 ** 32 + 9, 10],  // GLint conversion
        ['blendFunc', gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA],
      ];
      for (const [method, ...args] of calls) {
        gl[method](...args);
        compare(`${method}(${args.join(', ')})`);
      }
      while (gl.getError() !== gl.NO_ERROR);  // the refused calls' errors, before the game's next frame
      return found;
    });
    assert.deepEqual(mismatches, []);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});
