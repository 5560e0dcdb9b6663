#!/usr/bin/env bash
# Browser tests: serves the built site folder (build/site: web/site.cmake, what tools/play.sh serves) on
# a free localhost port and runs the Playwright tests (playwright-core driving Debian's chromium). Needs
# build/wasm/ built (tools/play.sh or the `wasm` preset) and `npm ci` done (this script runs it when
# node_modules is missing). The site folder is made again from build/wasm/ first (only changed files
# are copied), so it is the build's even when only some of the wasm preset's targets were built.
# Screenshots go to build/screenshots/ (CARC_SCREENSHOTS to change).
# CARC_WASM_DIR=build/other-wasm tests another wasm build: its site is made in a temporary folder.
# CARC_BROWSER_CONCURRENCY=2 runs two test files at once (each file starts its own browser and servers on
# free ports). Default 1: on a loaded 2-core machine (load 10) two at once failed five tests that wait for
# bot levels and replays (2026-12-02), which pass one at a time under the same load.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

WASM_DIR="$(realpath "${CARC_WASM_DIR:-build/wasm}")"
[[ -f "$WASM_DIR/carcassonne.js" ]] || { echo "$WASM_DIR/carcassonne.js missing: build the wasm preset first" >&2; exit 1; }
SERVE_ROOT="$ROOT/build/site"
TEMP_SITE=""
if [[ "$WASM_DIR" != "$ROOT/build/wasm" ]]; then
    TEMP_SITE="$(mktemp -d "$ROOT/build/site.XXXXXX")"
    SERVE_ROOT="$TEMP_SITE"
fi
cmake -DSOURCE_DIR="$ROOT" -DBUILD_DIR="$WASM_DIR" -DSITE_DIR="$SERVE_ROOT" -P web/site.cmake
[[ -x /usr/bin/chromium ]] || { echo "chromium missing: apt-get install -y chromium" >&2; exit 1; }
[[ -d node_modules/playwright-core ]] || npm ci --no-audit --no-fund

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$SERVE_ROOT" >"$ROOT/build/browser-test-server-$PORT.log" 2>&1 &
SERVER=$!
CARC_SERVER_TMP=""
trap 'kill "$SERVER" 2>/dev/null || true; [[ -z "$TEMP_SITE" ]] || rm -rf "$TEMP_SITE"; [[ -z "$CARC_SERVER_TMP" ]] || rm -rf "$CARC_SERVER_TMP"' EXIT
for _ in $(seq 50); do
    curl -fs "http://127.0.0.1:$PORT/index.html" >/dev/null 2>&1 && break
    sleep 0.1
done

# Online play (online.test.mjs) runs game servers of its own, on free ports with databases in a
# temporary folder, serving the same site folder (site.test.mjs: as tools/play.sh does): carc-server and the carc CLI (whose `replay` reads the
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
    node --test --test-concurrency="${CARC_BROWSER_CONCURRENCY:-1}" "${@:-tests/browser/}"
