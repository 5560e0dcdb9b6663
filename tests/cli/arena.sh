#!/usr/bin/env bash
# `carc arena`: the JSON it prints holds every bot's wins, draws, losses, margin, score and times; the
# games alternate seats (as many wins for each seat order); --jobs changes nothing but the wall time;
# bad options give one clear message. Usage: arena.sh CARC (CARC_ARENA_GAMES: games an arena, even; 8)
set -u
carc=$1
games=${CARC_ARENA_GAMES:-8}
half=$((games / 2))
source "$(dirname "$0")/expect.sh"
# The figures that must not depend on threads: everything but the times.
outcome() { grep -o '"bot":"[^"]*","wins":[0-9]*,"draws":[0-9]*,"losses":[0-9]*,"win_rate":[0-9.]*,"avg_margin":[-0-9.]*,"avg_score":[-0-9.]*' <<<"$1"; }

for mode in base goldrush; do
    one=$("$carc" arena --mode "$mode" --bots easy,greedy --games "$games" --seed 4 --quiet) || fail "$mode: arena failed"
    three=$("$carc" arena --mode "$mode" --bots easy,greedy --games "$games" --seed 4 --quiet --jobs 3) || fail "$mode: arena --jobs 3 failed"
    [ "$(outcome "$one" | wc -l)" -eq 2 ] || fail "$mode: expected two bots in $one"
    [ "$(outcome "$one")" = "$(outcome "$three")" ] || fail "$mode: --jobs 3 gave $(outcome "$three"), --jobs 1 $(outcome "$one")"
    for field in ms_per_move cpu_ms_per_move ms_per_decision max_ms_per_move max_cpu_ms_per_move; do
        [ "$(grep -o "\"$field\":[0-9.]*" <<<"$one" | wc -l)" -eq 2 ] || fail "$mode: $field missing in $one"
    done
    # Every game is reported, and each deal is played from both seats.
    lines=$("$carc" arena --mode "$mode" --bots easy,greedy --games "$games" --seed 4 --jobs 2 2>&1 >/dev/null)
    [ "$(grep -c '^game [0-9]*/'"$games"' seed ' <<<"$lines")" -eq "$games" ] || fail "$mode: expected $games game lines in: $lines"
    [ "$(grep -c '^game [0-9]*/'"$games"' seed [^:]*: easy ' <<<"$lines")" -eq "$half" ] || fail "$mode: easy should sit first in $half games: $lines"
    echo "$mode: arena figures alike with 1 and 3 threads"
done

expect_error "--jobs must be a number of threads" arena --mode base --bots greedy,random --games 2 --jobs 0
expect_error "--jobs must be a number of threads" arena --mode base --bots greedy,random --games 2 --jobs many
expect_error "--games must be a number" arena --mode base --bots greedy,random --games ten
expect_error "unknown bot 'wizard'" arena --mode base --bots greedy,wizard --games 2
expect_error "--bots needs at least two bots" arena --mode base --bots greedy --games 2

[ "$failures" -eq 0 ] || { echo "$failures failures"; exit 1; }
echo "arena: all checks passed"
