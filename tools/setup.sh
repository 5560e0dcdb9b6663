#!/usr/bin/env bash
# Installs what building and testing need, on Debian 12 (shared/TOOLCHAIN.md has the facts).
# Skips whatever is already there, so a second run takes a second.
#
#   tools/setup.sh                     # native, wasm and browser
#   tools/setup.sh native wasm         # just these groups
#
# Groups:
#   native   compilers, CMake/Ninja, GoogleTest/GoogleMock/Google Benchmark, clang + libFuzzer, stb (tools/tileart),
#            nlohmann-json (header-only: JSON in tools/carc, vocabulary/, lib/i18n and web/) + ICU (lib/i18n and its
#            tests), the UI font + fonttools (tests/i18n checks the font covers every catalogue), libdeflate
#            (tests/web reads the tile art as the game does), ccache (compiler output kept across builds and clones)
#   wasm     Debian's emscripten and node, stb, nlohmann-json, the UI font + fonttools to subset it, libdeflate-gzip
#            (packs the tile art); then
#            tools/wasm-deps.sh (SDL2, ImGui, libdeflate)
#   browser  chromium, node, npm and curl, a colour emoji font (the chat's screenshots); then the npm packages of package.json
#   server   carc-server's libraries: Boost (Beast, Asio), nlohmann-json, SQLite (and the sqlite3 shell for backups),
#            OpenSSL's libcrypto (the seat secrets' hashes), PostgreSQL 15 (libpq-dev for the PostgreSQL store; the
#            server binaries for the tests' throwaway cluster, tests/server/pg_cluster.sh: the "main" cluster
#            Debian's package makes is left alone and unused), HAProxy (deploy/haproxy.cfg, which the server suite
#            runs two processes behind)
#   measure  valgrind, for counting instructions under callgrind (docs/ai.md, "Engine speed"); not installed unless named
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export DEBIAN_FRONTEND=noninteractive

say() { printf 'setup: %s\n' "$*"; }

packages_for() {
    case "$1" in
        native) echo cmake ninja-build g++ clang libclang-rt-14-dev libgtest-dev libgmock-dev libbenchmark-dev libstb-dev \
                     clang-format python3 nlohmann-json3-dev libicu-dev pkg-config fonts-dejavu-core python3-fonttools \
                     libdeflate-dev ccache ;;
        # dpkg-dev: `apt-get source`, which tools/wasm-deps.sh uses for SDL2's, ImGui's and libdeflate's sources.
        # libdeflate-tools: libdeflate-gzip packs the tile art (web/CMakeLists.txt).
        wasm) echo emscripten nodejs libstb-dev nlohmann-json3-dev fonts-dejavu-core python3-fonttools dpkg-dev \
                   libdeflate-tools ;;
        # curl: tests/browser/run.sh waits for its local server with it.
        browser) echo chromium nodejs npm curl fonts-noto-color-emoji ;;
        server) echo libboost-dev nlohmann-json3-dev libsqlite3-dev sqlite3 libssl-dev postgresql libpq-dev haproxy ;;
        measure) echo valgrind ;;
        *) say "unknown group '$1' (groups: native wasm browser server measure)" >&2; return 1 ;;
    esac
}

# Installed per dpkg. npm also counts when the command exists: NodeSource's nodejs package carries
# its own npm and conflicts with Debian's npm package.
is_present() {
    local status
    status="$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null || true)"
    [[ "$status" == ii* ]] && return 0
    [[ "$1" == npm ]] && command -v npm >/dev/null && return 0
    return 1
}

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo -n "$@"
    else
        say "need root (or sudo) to run: $*" >&2
        return 1
    fi
}

install_missing() {
    local missing=()
    for package in "$@"; do
        is_present "$package" || missing+=("$package")
    done
    [[ ${#missing[@]} -eq 0 ]] && return 0
    say "installing ${missing[*]}"
    # Other apt users (a developer's own apt run) hold the lock for a while: wait for it.
    local apt=(apt-get -q -y -o DPkg::Lock::Timeout=600)
    as_root "${apt[@]}" update
    as_root "${apt[@]}" install "${missing[@]}"
}

npm_packages() {
    [[ -f "$ROOT/package.json" ]] || return 0
    local stamp="$ROOT/node_modules/.package-lock.json"
    # npm writes node_modules/.package-lock.json on every install: newer than both files = up to date.
    if [[ -f "$stamp" && "$stamp" -nt "$ROOT/package.json" && ( ! -f "$ROOT/package-lock.json" || "$stamp" -nt "$ROOT/package-lock.json" ) ]]; then
        return 0
    fi
    say "installing the npm packages of package.json"
    if [[ -f "$ROOT/package-lock.json" ]]; then
        (cd "$ROOT" && npm ci --no-audit --no-fund)
    else
        (cd "$ROOT" && npm install --no-audit --no-fund)
    fi
}

groups=("$@")
[[ ${#groups[@]} -eq 0 ]] && groups=(native wasm browser server)

wanted=()
for group in "${groups[@]}"; do
    list="$(packages_for "$group")" || exit 2
    read -r -a names <<<"$list"
    wanted+=("${names[@]}")
done
install_missing "${wanted[@]}"

for group in "${groups[@]}"; do
    case "$group" in
        wasm)
            if [[ -f "$ROOT/tools/wasm-deps.sh" ]]; then
                bash "$ROOT/tools/wasm-deps.sh"
            fi
            ;;
        browser) npm_packages ;;
    esac
done
say "ready: ${groups[*]}"
