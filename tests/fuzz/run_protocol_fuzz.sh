#!/usr/bin/env bash
# Runs protocol_fuzz for a bounded time from the example messages of docs/online-protocol.md
# (protocol_seeds/); on a finding it prints the input.
#
#   run_protocol_fuzz.sh FUZZER DICTIONARY SEEDS WORK_DIR [SECONDS]
set -euo pipefail
fuzzer="$1" dictionary="$2" seeds="$3" work="$4" seconds="${5:-30}"
corpus="$work/corpus" artifacts="$work/artifacts"
rm -rf "$artifacts"
mkdir -p "$corpus" "$artifacts"
echo "protocol_fuzz: fuzzing for ${seconds}s"
status=0
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=20000 -print_final_stats=1 \
    -dict="$dictionary" -artifact_prefix="$artifacts/" "$corpus" "$seeds" || status=$?
for finding in "$artifacts"/*; do
    [[ -e "$finding" ]] || continue
    if [[ $status -eq 0 ]]; then status=1; fi
    echo "===== finding $(basename "$finding") ($(stat -c %s "$finding") bytes), as base64:"
    head -c 4000 "$finding" | base64 -w 0
    echo
    echo "===== reproduce: $fuzzer $finding"
done
exit "$status"
