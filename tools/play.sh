#!/usr/bin/env bash
# From a fresh machine to the game in the browser: installs what is needed (tools/setup.sh), builds
# the `wasm` preset's site folder (build/site: only the files the page loads, web/site.cmake) and the
# game server (carc-server, `native` preset), and serves that folder, and nothing else, with online
# play on http://localhost:8080 (PORT=... to change). Rooms are kept in build/play.db, beside the site
# folder and never inside it (PLAY_DB=... to change; carc-server refuses a database inside --static).
# Ctrl+C stops the server.
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
# carcassonne_site: the game, version.json (so the service worker, sw.js, sees edits of index.html and
# shell/ too) and the site folder made from them.
cmake --build --preset wasm -j "$JOBS" --target carcassonne_site
cmake --preset native >/dev/null
cmake --build --preset native -j "$JOBS" --target carc-server

SITE="$ROOT/build/site"
echo "play: serving $SITE on http://localhost:$PORT with online play (Ctrl+C to stop)"
# The bots read the tile sets from the source tree (the site holds only what the page loads).
exec build/native/server/carc-server --port "$PORT" --db "$PLAY_DB" --static "$SITE" --assets "$ROOT/assets"
