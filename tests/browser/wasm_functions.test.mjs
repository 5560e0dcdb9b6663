// The game's module has no huge function: Chromium compiles each function whole on its first call, on
// the page's main thread, so one that holds every screen (the frame loop once inlined them all, 212 KB)
// makes the first frame compile what it never runs (docs/load-time.md, "One function of 212 KB";
// web/CMakeLists.txt limits Binaryen's inlining). A size, not a time: the module is what it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionBodies } from '../../tools/wasm-functions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const wasmDir = path.resolve(root, process.env.CARC_WASM_DIR ?? 'build/wasm');
const LARGEST_BYTES = 64 * 1024;  // the largest today is ImGui::Begin, 22.5 KB

test('the game module: no function body over 64 KB', () => {
  const bodies = functionBodies(readFileSync(path.join(wasmDir, 'carcassonne.wasm')));
  assert.ok(bodies.length > 1000, `a whole game module (${bodies.length} functions)`);
  const largest = bodies.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  console.log(`largest function: #${largest.index}, ${largest.bytes} bytes of ${bodies.length} functions`);
  assert.ok(largest.bytes <= LARGEST_BYTES, `function #${largest.index} is ${largest.bytes} bytes`);
});
