#!/usr/bin/env bash
# From a fresh machine to the game in the browser: installs what is needed (tools/setup.sh), builds
# the `wasm` preset and the game server (carc-server, `native` preset), and serves the repository
# root (index.html, shell/, build/wasm/, assets/) with online play on http://localhost:8080 (PORT=...
# to change). Rooms are kept in build/play.db (PLAY_DB=... to change). Ctrl+C stops the server.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PORT="${PORT:-8080}"
JOBS="${JOBS:-2}"
PLAY_DB="${PLAY_DB:-$ROOT/build/play.db}"
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

tools/setup.sh native wasm server
[[ -f tools/wasm-deps.sh ]] && tools/wasm-deps.sh  # setup.sh runs it too; a second run is a no-op
cmake --preset wasm
# carcassonne_version: version.json, so the service worker (sw.js) sees edits of index.html and shell/ too
cmake --build --preset wasm -j "$JOBS" --target carcassonne carcassonne_version
cmake --preset native >/dev/null
cmake --build --preset native -j "$JOBS" --target carc-server

echo "play: serving $ROOT on http://localhost:$PORT with online play (Ctrl+C to stop)"
exec build/native/server/carc-server --port "$PORT" --db "$PLAY_DB" --static "$ROOT"
