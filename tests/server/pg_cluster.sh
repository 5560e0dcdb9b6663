#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the server tests (never Debian's "main" cluster).
#
#   tests/server/pg_cluster.sh start DIR    initdb in a fresh temp folder, serve on 127.0.0.1 and a free port,
#                                           trust authentication; writes the URI to DIR/uri
#   tests/server/pg_cluster.sh stop DIR     stop it and remove its data
#   tests/server/pg_cluster.sh halt DIR     stop the server, keep the data (an outage)
#   tests/server/pg_cluster.sh resume DIR   start a halted server again on the same port
#   tests/server/pg_cluster.sh restart DIR  pg_ctl restart
#
# Runs the binaries as the postgres user when started as root (initdb refuses root). Fails loudly when the
# binaries are missing: tools/setup.sh's server group installs them.
set -euo pipefail

bin=/usr/lib/postgresql/15/bin
command=${1:-}
dir=${2:-}
[[ -n $command && -n $dir ]] || { echo "usage: $0 start|stop|halt|resume|restart DIR" >&2; exit 2; }
if [[ ! -x $bin/initdb || ! -x $bin/pg_ctl ]]; then
    echo "pg_cluster.sh: no PostgreSQL 15 in $bin (run tools/setup.sh server)" >&2
    exit 1
fi

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The data folder lives in /tmp (the postgres user may not be able to reach DIR); DIR/data names it.
data_of() { cat "$dir/data" 2>/dev/null || true; }

stop_server() {
    local data
    data=$(data_of)
    if [[ -n $data && -f $data/postmaster.pid ]]; then as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null; fi
}

start_server() {
    local data port
    data=$(data_of)
    port=$(cat "$dir/port")
    # fsync off: the cluster is thrown away after the tests, and a database per test is cheap without it.
    as_owner "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$data -c fsync=off" \
        -o "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null
}

case $command in
    start)
        mkdir -p "$dir"
        stop_server
        old=$(data_of)
        [[ -n $old ]] && rm -rf "$old"
        data=$(mktemp -d /tmp/carc-pg.XXXXXX)
        [[ $(id -u) -eq 0 ]] && chown postgres: "$data"
        echo "$data" >"$dir/data"
        as_owner "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log"
        python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' \
            >"$dir/port"
        start_server
        port=$(cat "$dir/port")
        as_owner "$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CREATE DATABASE carc_test"
        echo "postgresql://postgres@127.0.0.1:$port/carc_test" >"$dir/uri"
        ;;
    stop)
        stop_server
        old=$(data_of)
        [[ -n $old ]] && rm -rf "$old"
        rm -f "$dir/data" "$dir/uri" "$dir/port" "$dir/initdb.log"
        ;;
    halt) stop_server ;;
    resume) start_server ;;
    restart) as_owner "$bin/pg_ctl" -D "$(data_of)" -m fast -w restart >/dev/null ;;
    *) echo "usage: $0 start|stop|halt|resume|restart DIR" >&2; exit 2 ;;
esac
