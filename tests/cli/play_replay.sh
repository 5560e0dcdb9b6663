#!/usr/bin/env bash
# `carc play` and `carc replay` agree (seeds 1-200 per mode; CARC_CLI_SEEDS to change), and bad input gives one clear message and
# a non-zero exit, never a crash. Usage: play_replay.sh CARC MODE [MODE...]
set -u
carc=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/expect.sh"

for mode in "$@"; do
    for seed in $(seq 1 "${CARC_CLI_SEEDS:-200}"); do
        players=$((2 + seed % 4))
        bots=random
        [ $((seed % 10)) -eq 0 ] && bots=greedy
        if ! played=$("$carc" play --mode "$mode" --players "$players" --seed "$seed" --bots "$bots" --record "$work/game.carc"); then
            fail "$mode seed $seed: play failed"
            continue
        fi
        replayed=$("$carc" replay "$work/game.carc") || fail "$mode seed $seed: replay failed"
        [ "$played" = "$replayed" ] || fail "$mode seed $seed: play says $played, replay says $replayed"
    done
    echo "$mode: 200 seeds played and replayed"
done

# --events: one JSON event per line, then the summary; what was scored adds up to the scores.
for mode in "$@"; do
    "$carc" play --mode "$mode" --players 3 --seed 7 --record "$work/events.carc" >/dev/null || fail "$mode: play failed"
    "$carc" replay "$work/events.carc" --events >"$work/events.jsonl" || fail "$mode: replay --events failed"
    python3 - "$work/events.jsonl" <<'PY' || fail "$mode: replay --events: the scored events do not add up to the scores"
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
summary, events = lines[-1], lines[:-1]
totals = [0] * summary["players"]
for e in events:
    if e["type"] == "scored":
        assert sum(p["points"] for p in e["parts"]) == e["points"] and e["rule"], e
        totals[e["player"]] += e["points"]
assert events and events[-1]["type"] == "game_over", events[-1:]
assert totals == summary["scores"], (totals, summary["scores"])
PY
done

expect_error "unknown mode 'chess'" play --mode chess --players 2 --seed 1
expect_error "2-5 players, not 9" play --mode base --players 9 --seed 1
expect_error "bad seed 'hello!'" play --mode base --players 2 --seed 'hello!'
expect_error "unknown option 'speed'" play --mode base --players 2 --seed 1 --option speed=3
expect_error "cannot read" replay "$work/missing.carc"
printf 'carcassonne 1\nmode base\nplayers 2\nseed 1\nplace Z 0,1 r0\n' >"$work/bad.carc"
expect_error "line 5: unknown tile 'Z'" replay "$work/bad.carc"
printf 'carcassonne 1\nmode base\nplayers 2\nseed 1\ndeck E\nplace E 0,-1 r0\n' >"$work/illegal.carc"
expect_error "line 6: its south edge does not match" replay "$work/illegal.carc"
expect_error "not valid base64url" link decode 'not a link'

# carc hint: the hard AI's turn for the player to move at a record's end (JSON), its first action a
# tile; a finished game or an unknown level is a clean error.
"$carc" play --mode base --players 2 --seed 41NT --bots random --record "$work/hint_full.carc" >/dev/null
head -n 8 "$work/hint_full.carc" >"$work/hint.carc"
hint=$("$carc" hint "$work/hint.carc") || fail "carc hint failed"
python3 - "$hint" <<'PY' || fail "carc hint: unexpected answer $hint"
import json, sys
h = json.loads(sys.argv[1])
assert h["level"] == "hard" and h["player"] == 0 and h["actions"][0].startswith("place "), h
assert isinstance(h["lead"], (int, float)), h
PY
[ "$hint" = "$("$carc" hint "$work/hint.carc")" ] || fail "carc hint: not the same twice"
expect_error "the game is over" hint "$work/hint_full.carc"
expect_error "unknown AI level 'wizard'" hint "$work/hint.carc" --level wizard

echo "$failures failed"
[ "$failures" -eq 0 ]
