#!/usr/bin/env bash
# Load-time breakdown of the browser game (docs/load-time.md): serves the site on a free localhost port,
# opens the setup screen and a seed link per mode in headless chromium (cold: empty caches; warm:
# service worker and HTTP cache filled) and prints when each start-up step happened, as JSON.
# Needs build/wasm/ built (the `wasm` preset) and `npm ci` done (run here when node_modules is missing).
#
#   tools/bench-load.sh [--runs N] [--pages setup,base,base+tunnel,newworld,discovery,goldrush]
#                       [--kinds cold,warm] [--site DIR] [--build DIR] [--timeline FILE]
#                       [--warm-profile disk|incognito] [--against DIR] [--cpu-throttle N]
#   defaults: 5 runs, every page, both kinds, the warm runs in a browser profile on disk.
#
# Runs under `nice -n 19`. Times depend on the machine's load: the JSON records the load average before
# and after. To compare two builds, give the other's site with --against: their loads alternate.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
[[ -x "${CHROMIUM:-/usr/bin/chromium}" ]] || { echo "chromium missing: tools/setup.sh browser" >&2; exit 1; }
[[ -d node_modules/playwright-core ]] || npm ci --no-audit --no-fund >&2
exec nice -n 19 node tools/bench-load.mjs "$@"
