#!/usr/bin/env bash
# From a fresh machine to the game in the browser: installs what is needed (tools/setup.sh), builds
# the `wasm` preset and serves the repository root (index.html, shell/, build/wasm/, assets/) on
# http://localhost:8080 (PORT=... to change). Ctrl+C stops the server.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PORT="${PORT:-8080}"
JOBS="${JOBS:-2}"
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

tools/setup.sh native wasm
[[ -f tools/wasm-deps.sh ]] && tools/wasm-deps.sh  # setup.sh runs it too; a second run is a no-op
cmake --preset wasm
# carcassonne_version: version.json, so the service worker (sw.js) sees edits of index.html and shell/ too
cmake --build --preset wasm -j "$JOBS" --target carcassonne carcassonne_version

echo "play: serving $ROOT on http://localhost:$PORT (Ctrl+C to stop)"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$ROOT"
