#!/usr/bin/env bash
# Runs dealt_ai_fuzz for a bounded time. Its seeds are made here, one input per variant and seat kind
# (the spectator, the seat to move, another seat) a good way into the game, unaltered; on a finding it
# prints the input.
#
#   run_dealt_fuzz.sh FUZZER WORK_DIR [SECONDS]
set -euo pipefail
fuzzer="$1" work="$2" seconds="${3:-30}"
seeds="$work/seeds" corpus="$work/corpus" artifacts="$work/artifacts"
rm -rf "$seeds" "$artifacts"
mkdir -p "$seeds" "$corpus" "$artifacts"
# Bytes: variant, players, seed (2), length (2), seat, viewer, level; then alterations, 3-5 bytes each
# (kind, which reveal, a value): none in the first seed of a variant, a dropped and a moved reveal in
# the second, another value and one reveal more in the third.
hex() { printf '\\x%02x' "$@"; }
for variant in 0 1 2 3 4 5 6 7 8 9; do
    for seat in 0 1 2; do
        head="$(hex "$variant" 1 $((variant + 7)) 0 80 0 "$seat" 1 "$seat")"
        case $seat in
            0) tail="" ;;
            1) tail="$(hex 0 5 0 3 9 0 40 0)" ;;
            2) tail="$(hex 1 2 0 17 0 4 1 33 0 2 0 60)" ;;
        esac
        printf "$head$tail" >"$seeds/v$variant-s$seat"
    done
done
echo "dealt_ai_fuzz: fuzzing for ${seconds}s"
status=0
"$fuzzer" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=96 -len_control=0 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$corpus" "$seeds" || status=$?
for finding in "$artifacts"/*; do
    [[ -e "$finding" ]] || continue
    if [[ $status -eq 0 ]]; then status=1; fi
    echo "===== finding $(basename "$finding") ($(stat -c %s "$finding") bytes), as base64:"
    base64 -w 0 "$finding"
    echo
    echo "===== reproduce: $fuzzer $finding"
done
exit "$status"
