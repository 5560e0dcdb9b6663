// The game's module has no huge function: Chromium compiles each function whole on its first call, on
// the page's main thread, so one that holds every screen (the frame loop once inlined them all, 212 KB)
// makes the first frame compile what it never runs (docs/load-time.md, "One function of 212 KB";
// web/CMakeLists.txt limits Binaryen's inlining). A size, not a time: the module is what it is. And the
// reader of function bodies (tools/wasm-functions.mjs) on a module written out by hand.
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

// A module of one imported function and two defined ones (bodies of 3 and 6 bytes), their names in a
// "name" section: the reader must skip the import's strings and count it in the index space.
test('tools/wasm-functions.mjs: sizes and names of a small module', () => {
  const section = (id, bytes) => [id, bytes.length, ...bytes];
  const text = (s) => [s.length, ...Buffer.from(s)];
  const module = Buffer.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 0, 0]),                                  // one type: () -> ()
    ...section(2, [1, ...text('env'), ...text('imported_fn'), 0, 0]),  // one function import
    ...section(3, [2, 0, 0]),                                        // two functions of type 0
    ...section(10, [2, 3, 0, 0x01, 0x0b, 6, 0, 0x01, 0x01, 0x01, 0x01, 0x0b]),  // bodies: nop; 4 nops
    ...section(0, [...text('name'), ...section(1, [2, 1, ...text('small'), 2, ...text('larger')])]),
  ]);
  assert.doesNotThrow(() => new WebAssembly.Module(module), 'a valid module');
  assert.deepEqual(functionBodies(module), [
    { index: 1, bytes: 3, name: 'small' },
    { index: 2, bytes: 6, name: 'larger' },
  ]);
  assert.throws(() => functionBodies(Buffer.from('not wasm')), /not a WebAssembly module/);
});
