#!/usr/bin/env bash
# The figures of docs/deployment.md, "Several processes on PostgreSQL": carc-loadtest at each room
# count on SQLite (one process), PostgreSQL with one process and PostgreSQL with two, one after the
# other (alternating, so a shared machine's load falls on all three alike), each PostgreSQL run on a
# fresh database of a throwaway cluster (tests/server/pg_cluster.sh). Prints each run's JSON line
# (and its readable report) and the machine's load before it.
#
#   tools/loadtest/compare_stores.sh [SECONDS] [ROOMS...]      (default: 60 s, 100 and 1000 rooms)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tool="${CARC_LOADTEST:-$root/build/native/tools/loadtest/carc-loadtest}"
seconds=${1:-60}
shift || true
rooms=("$@")
[[ ${#rooms[@]} -eq 0 ]] && rooms=(100 1000)

cluster=$(mktemp -d /tmp/carc-loadtest-pg.XXXXXX)
trap '"$root/tests/server/pg_cluster.sh" stop "$cluster"; rm -rf "$cluster"' EXIT
"$root/tests/server/pg_cluster.sh" start "$cluster"
uri=$(cat "$cluster/uri")
# A database per run (named by the run: this runs in a subshell).
fresh_database() {
    local name="carc_load_$1_$2"
    psql -X -q "$uri" -c "CREATE DATABASE $name" >/dev/null
    echo "${uri%/*}/$name"
}

for count in "${rooms[@]}"; do
    for run in sqlite postgresql:1 postgresql:2; do
        echo "## $count rooms, $run; $(uptime)"
        case $run in
            sqlite) args=() ;;
            postgresql:*) args=(--processes "${run#postgresql:}" --db "$(fresh_database "$count" "${run#postgresql:}")") ;;
        esac
        "$tool" --rooms "$count" --seconds "$seconds" "${args[@]}" || true
    done
done
