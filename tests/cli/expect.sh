# Shared by the CLI test scripts (sourced): `fail` counts a failure; `expect_error "fragment" args...`
# runs "$carc" args and expects a clean error: a non-zero exit (not a crash), one line, naming fragment.
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

expect_error() {
    local fragment=$1
    shift
    local out status
    out=$("$carc" "$@" 2>&1 >/dev/null)
    status=$?
    if [ "$status" -eq 0 ] || [ "$status" -ge 128 ]; then
        fail "carc $* exited $status (expected a clean error)"
    elif [[ "$out" != *"$fragment"* ]]; then
        fail "carc $*: '$out' does not mention '$fragment'"
    elif [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ]; then
        fail "carc $*: more than one line of error: $out"
    fi
}
