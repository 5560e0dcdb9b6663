#!/usr/bin/env bash
# Sets up, builds and runs every test of the project; exits non-zero if anything fails.
#
#   tools/test.sh
#
# Stages (each one's output, ctest's included, goes to standard output):
#   native       `native` preset: Release build, every GoogleTest suite through CTest
#   native-asan  the same under AddressSanitizer + UndefinedBehaviorSanitizer
#   fuzz         `fuzz` preset (clang): record_fuzz for FUZZ_SECONDS as a CTest test
#   wasm-carc    `wasm` preset: the carc CLI built with emscripten
#   crosscheck   tests/wasm: the same games, natively and in wasm under node, must agree exactly
#   wasm-game    `wasm` preset: everything else (the browser game)
#   browser      tests/browser/run.sh, when it exists
# Knobs: JOBS (2), FUZZ_SECONDS (60), CROSSCHECK_GAMES (per mode, 100).
set -euo pipefail
exec 2>&1  # one ordered log on standard output

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
JOBS="${JOBS:-2}"
FUZZ_SECONDS="${FUZZ_SECONDS:-60}"
CROSSCHECK_GAMES="${CROSSCHECK_GAMES:-100}"

# Debian's emscripten needs node modules (acorn) from Debian's own folder.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
# Any sanitizer report fails the test that made it.
export ASAN_OPTIONS="abort_on_error=1:halt_on_error=1:detect_leaks=1:strict_init_order=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export CTEST_OUTPUT_ON_FAILURE=1

started=$SECONDS
NOTES="$ROOT/build/test-notes"
rm -rf "$NOTES"
mkdir -p "$NOTES"
summary=()
failed=0
declare -A passed=()

# run_stage NAME COMMAND...: runs the command with errexit in a subshell, records the result.
run_stage() {
    local name="$1"
    shift
    local begin=$SECONDS status
    printf '\n======== %s\n' "$name"
    set +e
    (set -euo pipefail; "$@")
    status=$?
    set -e
    local took=$((SECONDS - begin)) tests=""
    [[ -f "$NOTES/$name.log" ]] && tests="$(grep -E 'tests passed|No tests were found|^cross-check' "$NOTES/$name.log" | tail -1)"
    if [[ $status -eq 0 ]]; then
        passed[$name]=1
        summary+=("$(printf 'PASS  %-12s %4ds  %s' "$name" "$took" "$tests")")
    else
        failed=1
        summary+=("$(printf 'FAIL  %-12s %4ds  (exit %d) %s' "$name" "$took" "$status" "$tests")")
    fi
}

skip_stage() {
    summary+=("$(printf 'SKIP  %-12s        %s' "$1" "$2")")
    printf '\n======== %s skipped: %s\n' "$1" "$2"
}

# Fails (so the summary says FAIL) when a stage this one needs did not pass.
needs() {
    local name="$1"
    shift
    for before in "$@"; do
        if [[ -z "${passed[$before]:-}" ]]; then
            summary+=("$(printf 'FAIL  %-12s        not run: %s failed' "$name" "$before")")
            failed=1
            printf '\n======== %s not run: %s failed\n' "$name" "$before"
            return 1
        fi
    done
}

ctest_preset() {
    cmake --preset "$1" "${@:2}"
    cmake --build --preset "$1" -j "$JOBS"
    # The summary repeats ctest's "N% tests passed" line.
    ctest --preset "$1" -j "$JOBS" --no-tests=error | tee "$NOTES/$1.log"
}

stage_fuzz() {
    ctest_preset fuzz -DCARC_FUZZ_SECONDS="$FUZZ_SECONDS"
}

stage_wasm_carc() {
    cmake --preset wasm
    cmake --build --preset wasm -j "$JOBS" --target carc
}

stage_crosscheck() {
    python3 tests/wasm/crosscheck.py --native build/native/tools/carc/carc --wasm build/wasm/tools/carc/carc.js \
        --games "$CROSSCHECK_GAMES" | tee "$NOTES/crosscheck.log"
}

stage_wasm_game() {
    cmake --build --preset wasm -j "$JOBS"
}

printf '======== setup\n'
tools/setup.sh native wasm browser server

run_stage native ctest_preset native
run_stage native-asan ctest_preset native-asan
if command -v clang++ >/dev/null; then
    run_stage fuzz stage_fuzz
else
    skip_stage fuzz "no clang++"
fi
run_stage wasm-carc stage_wasm_carc
if needs crosscheck native wasm-carc; then
    run_stage crosscheck stage_crosscheck
fi
run_stage wasm-game stage_wasm_game
if [[ -f tests/browser/run.sh ]]; then
    if needs browser wasm-game; then
        run_stage browser bash tests/browser/run.sh
    fi
else
    skip_stage browser "tests/browser/run.sh does not exist yet"
fi

printf '\n======== summary (%d s in all)\n' $((SECONDS - started))
printf '%s\n' "${summary[@]}"
if [[ $failed -ne 0 ]]; then
    printf 'tools/test.sh: FAILED\n'
    exit 1
fi
printf 'tools/test.sh: all passed\n'
