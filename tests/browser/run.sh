#!/usr/bin/env bash
# Browser tests: serves the repository root on a free localhost port and runs the Playwright tests
# (playwright-core driving Debian's chromium). Needs build/wasm/ built (tools/play.sh or the `wasm`
# preset) and `npm ci` done (this script runs it when node_modules is missing).
# Screenshots go to build/screenshots/ (CARC_SCREENSHOTS to change).
# CARC_WASM_DIR=build/other-wasm tests another wasm build: the page is served from a folder of
# symbolic links in which build/wasm points there.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

WASM_DIR="$(realpath "${CARC_WASM_DIR:-build/wasm}")"
[[ -f "$WASM_DIR/carcassonne.js" ]] || { echo "$WASM_DIR/carcassonne.js missing: build the wasm preset first" >&2; exit 1; }
SERVE_ROOT="$ROOT"
if [[ "$WASM_DIR" != "$ROOT/build/wasm" ]]; then
    SERVE_ROOT="$(mktemp -d "$ROOT/build/serve.XXXXXX")"
    for entry in "$ROOT"/*; do [[ "$(basename "$entry")" == build ]] || ln -s "$entry" "$SERVE_ROOT/"; done
    mkdir "$SERVE_ROOT/build"
    ln -s "$WASM_DIR" "$SERVE_ROOT/build/wasm"
fi
[[ -x /usr/bin/chromium ]] || { echo "chromium missing: apt-get install -y chromium" >&2; exit 1; }
[[ -d node_modules/playwright-core ]] || npm ci --no-audit --no-fund

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$SERVE_ROOT" >"$ROOT/build/browser-test-server-$PORT.log" 2>&1 &
SERVER=$!
CARC_SERVER_TMP=""
trap 'kill "$SERVER" 2>/dev/null || true; [[ "$SERVE_ROOT" == "$ROOT" ]] || rm -rf "$SERVE_ROOT"; [[ -z "$CARC_SERVER_TMP" ]] || rm -rf "$CARC_SERVER_TMP"' EXIT
for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$PORT/index.html" >/dev/null 2>&1 && break
    sleep 0.1
done

# Online play (online.test.mjs) runs game servers of its own, on free ports with databases in a
# temporary folder, serving the same site: carc-server and the carc CLI (whose `replay` reads the
# server's records) come from the native preset. CARC_SERVER=path uses another build of the server.
if [[ -z "${CARC_SERVER:-}" ]]; then
    cmake --preset native >/dev/null
    cmake --build --preset native -j "${JOBS:-2}" --target carc-server carc >/dev/null
    export CARC_SERVER="$ROOT/build/native/server/carc-server"
fi
export CARC_CLI="${CARC_CLI:-$ROOT/build/native/tools/carc/carc}"
export CARC_SITE_ROOT="$SERVE_ROOT"
CARC_SERVER_TMP="$(mktemp -d)"
export CARC_SERVER_TMP

mkdir -p build/screenshots
CARC_URL="http://127.0.0.1:$PORT/" CARC_SCREENSHOTS="${CARC_SCREENSHOTS:-$ROOT/build/screenshots}" \
    node --test --test-concurrency=1 "${@:-tests/browser/}"
