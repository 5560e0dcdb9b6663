#!/usr/bin/env bash
# Browser tests: serves the repository root on a free localhost port and runs the Playwright tests
# (playwright-core driving Debian's chromium). Needs build/wasm/ built (tools/play.sh or the `wasm`
# preset) and `npm ci` done (this script runs it when node_modules is missing).
# Screenshots go to build/screenshots/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

[[ -f build/wasm/carcassonne.js ]] || { echo "build/wasm/carcassonne.js missing: build the wasm preset first" >&2; exit 1; }
[[ -x /usr/bin/chromium ]] || { echo "chromium missing: apt-get install -y chromium" >&2; exit 1; }
[[ -d node_modules/playwright-core ]] || npm ci --no-audit --no-fund

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$ROOT" >"$ROOT/build/browser-test-server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$PORT/index.html" >/dev/null 2>&1 && break
    sleep 0.1
done

mkdir -p build/screenshots
CARC_URL="http://127.0.0.1:$PORT/" CARC_SCREENSHOTS="$ROOT/build/screenshots" \
    node --test --test-concurrency=1 tests/browser/
