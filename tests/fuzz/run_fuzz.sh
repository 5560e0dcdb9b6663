#!/usr/bin/env bash
# Runs record_fuzz for a bounded time, seeded with records (and their links) that `carc play`
# writes now, so the seeds always follow today's record format, and with the past findings in
# regressions/. On a finding it prints the input.
#
#   run_fuzz.sh FUZZER CARC DICTIONARY WORK_DIR [SECONDS]
set -euo pipefail
fuzzer="$1" carc="$2" dictionary="$3" work="$4" seconds="${5:-60}"
seeds="$work/seeds" corpus="$work/corpus" artifacts="$work/artifacts"
# Inputs that once broke a property: every run replays them first.
regressions="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/regressions"
rm -rf "$seeds" "$artifacts"
mkdir -p "$seeds" "$corpus" "$artifacts"

# A few games per mode that can be played in this build, with every player count from 2 to 4.
modes=$("$carc" modes | grep -o '"id":"[^"]*"' | cut -d'"' -f4)
count=0
for mode in $modes; do
    for seed in 1 2 3 4 5 6; do
        players=$((2 + seed % 3))
        bots=$([[ $((seed % 2)) == 0 ]] && echo greedy || echo random)
        name="$seeds/${mode//+/_}-$seed"
        "$carc" play --mode "$mode" --players "$players" --seed "$seed" --bots "$bots" \
            --record "$name.carc" >/dev/null 2>&1 || continue
        "$carc" link encode "$name.carc" >"$name.link"
        count=$((count + 1))
    done
done
echo "record_fuzz: $count seed games, fuzzing for ${seconds}s"
[[ $count -gt 0 ]] || { echo "record_fuzz: carc play made no seed game"; exit 1; }

status=0
"$fuzzer" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1 \
    -dict="$dictionary" -artifact_prefix="$artifacts/" "$corpus" "$seeds" "$regressions" || status=$?

for finding in "$artifacts"/*; do
    [[ -e "$finding" ]] || continue
    if [[ $status -eq 0 ]]; then status=1; fi
    echo "===== finding $(basename "$finding") ($(stat -c %s "$finding") bytes), as text:"
    head -c 4000 "$finding" | cat -v
    echo
    echo "===== as base64:"
    head -c 4000 "$finding" | base64 -w 0
    echo
    echo "===== reproduce: $fuzzer $finding"
done
exit "$status"
