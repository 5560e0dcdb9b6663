// The function bodies of a WebAssembly module, largest first, with their names when the module has a
// name section (link with --profiling-funcs to keep them). Chromium compiles a function whole, on the
// page's main thread, the first time it is called, so one huge function costs the first frame that
// calls it however little of it runs (docs/load-time.md, "One function of 212 KB").
//
//   node tools/wasm-functions.mjs build/wasm/carcassonne.wasm [how many: 20]
//
// Prints JSON: {functions, codeBytes, largest: [{index, bytes, name}]}.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Every defined function of `bytes` (a module's binary): [{index, bytes, name}] in index order.
// Throws on a binary that is not a module.
export function functionBodies(bytes) {
  const view = Buffer.from(bytes);
  if (view.readUInt32LE(0) !== 0x6d736100) throw new Error('not a WebAssembly module');
  let at = 8;
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = view[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  };
  const skipLimits = () => {
    const flags = leb();
    leb();
    if (flags & 1) leb();
  };
  let imported = 0;  // imported functions come first in the index space
  const sizes = [];
  const names = new Map();
  while (at < view.length) {
    const id = view[at++];
    const length = leb();
    const end = at + length;
    if (id === 2) {  // imports: count the functions
      for (let count = leb(); count > 0; --count) {
        for (let part = 0; part < 2; ++part) {  // module and field names
          const length = leb();
          at += length;
        }
        const kind = view[at++];
        if (kind === 0) {
          leb();
          ++imported;
        } else if (kind === 1) {
          ++at;
          skipLimits();
        } else if (kind === 2) {
          skipLimits();
        } else if (kind === 3) {
          at += 2;
        }
      }
    } else if (id === 10) {  // code: one body per defined function
      for (let count = leb(); count > 0; --count) {
        const size = leb();
        sizes.push(size);
        at += size;
      }
    } else if (id === 0) {  // custom: the "name" section's function names
      const nameLength = leb();
      const name = view.subarray(at, at + nameLength).toString();
      at += nameLength;
      while (name === 'name' && at < end) {
        const kind = view[at++];
        const subLength = leb();
        const subEnd = at + subLength;
        if (kind === 1) {
          for (let count = leb(); count > 0; --count) {
            const index = leb();
            const length = leb();
            names.set(index, view.subarray(at, at + length).toString());
            at += length;
          }
        }
        at = subEnd;
      }
    }
    at = end;
  }
  return sizes.map((size, i) => ({ index: imported + i, bytes: size, name: names.get(imported + i) ?? null }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, count = '20'] = process.argv.slice(2);
  if (!file) throw new Error('usage: node tools/wasm-functions.mjs MODULE.wasm [how many]');
  const bodies = functionBodies(readFileSync(file));
  const largest = [...bodies].sort((a, b) => b.bytes - a.bytes).slice(0, Number(count));
  console.log(JSON.stringify({ functions: bodies.length, codeBytes: bodies.reduce((sum, f) => sum + f.bytes, 0), largest }, null, 1));
}
