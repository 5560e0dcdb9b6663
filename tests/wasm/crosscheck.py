#!/usr/bin/env python3
"""Native-vs-wasm cross-check of the rules engine.

Seed links are shared between browsers and machines, so a game must come out the same in the wasm
build as in the native one. For every mode of `carc modes` and many seeds (player counts, options
and bots varied with the seed) this:
  1. plays each game natively (`carc play ... --record`),
  2. replays every record and encodes its link with both builds: the summaries and links must be
     identical,
  3. decodes every native link with the wasm build: it must give back the native record exactly,
  4. plays the same games with the wasm build: its records and summaries must be identical.
Both builds run their commands through `carc batch`, so node starts once per batch, not per game.
Modes that cannot be played yet (`carc play` says "not available in this build", or the mode's
title says "not available yet") are skipped with a notice.

usage: crosscheck.py --native build/native/tools/carc/carc --wasm build/wasm/tools/carc/carc.js
                     [--games 100] [--work DIR]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
MASK64 = (1 << 64) - 1


def seed_text(value):
    """The canonical text of a seed, as carc prints it."""
    digits = ""
    while True:
        digits = CROCKFORD[value & 31] + digits
        value >>= 5
        if value == 0:
            return digits


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def game_seeds(count):
    """Small seeds first (the ones people type), then full 64-bit ones."""
    seeds, state = [], 2024
    for i in range(count):
        if i < 10:
            seeds.append(i + 1)
        else:
            state, value = splitmix64(state)
            seeds.append(value)
    return [seed_text(s) for s in seeds]


def game_setups(mode, count):
    """(name, play arguments) for `count` games of a mode, varying players, options and bots."""
    low, high = mode["min_players"], mode["max_players"]
    setups = []
    for i, seed in enumerate(game_seeds(count)):
        players = low + i % (high - low + 1)
        args = ["--mode", mode["id"], "--players", str(players), "--seed", seed]
        for k, option in enumerate(mode["options"]):
            values = option["values"]
            args += ["--option", "%s=%s" % (option["key"], values[(i // 2 + k) % len(values)])]
        bots = ["random", "greedy"][i % 2] if i % 3 else ",".join(["greedy", "random"][p % 2] for p in range(players))
        if i % 25 == 7:  # the AI too: its search must break near-ties alike in both builds
            bots = ",".join(["easy", "medium"][p % 2] for p in range(players))
        if i % 50 == 19:  # hard's evaluation (expected scores, followers kept back) in seat 0
            bots = ",".join(["hard"] + ["easy"] * (players - 1))
        args += ["--bots", bots]
        setups.append(("%s-%03d" % (mode["id"].replace("+", "_"), i), args))
    return setups


class BatchDied(Exception):
    pass


class Carc:
    """One build of carc: the native executable, or the wasm one under node."""

    def __init__(self, name, command):
        self.name, self.command = name, command

    def run(self, args):
        return subprocess.run(self.command + args, capture_output=True, text=True)

    def batch(self, lines, work):
        """Runs command lines in one process; returns [(exit status, stdout lines)], one per line."""
        path = os.path.join(work, "%s.batch" % self.name)
        with open(path, "w") as out:
            out.write("\n".join(" ".join(words) for words in lines) + "\n")
        done = self.run(["batch", path])
        results, current = [], []
        for line in done.stdout.splitlines():
            if line.startswith("exit "):
                results.append((int(line[5:]), current))
                current = []
            else:
                current.append(line)
        if len(results) != len(lines):
            # The process died (crash, abort): name the command it died in.
            raise BatchDied("%s carc died (exit %d) in: carc %s\n%s" %
                            (self.name, done.returncode, " ".join(lines[len(results)]), done.stderr[-2000:]))
        return results


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


class Checker:
    def __init__(self):
        self.failures = []

    def expect(self, same, what, native, wasm):
        if not same:
            self.failures.append("%s\n    native: %s\n    wasm:   %s" % (what, native, wasm))

    def ok(self):
        return not self.failures


def check_mode(mode, games, native, wasm, work, checker):
    setups = game_setups(mode, games)
    probe = native.run(["play"] + setups[0][1])
    # A placeholder mode says so in its title, and may not even have its tile set yet.
    if probe.returncode != 0 and ("not available" in probe.stderr or "not available" in mode["title"]):
        print("  SKIP %-12s %s" % (mode["id"], probe.stderr.strip()), flush=True)
        return 0
    folder = os.path.join(work, setups[0][0].rsplit("-", 1)[0])
    os.makedirs(folder, exist_ok=True)
    native_record = {name: os.path.join(folder, name + ".native.carc") for name, _ in setups}
    wasm_record = {name: os.path.join(folder, name + ".wasm.carc") for name, _ in setups}

    failures_before = len(checker.failures)
    # 1. Native games.
    plays = native.batch([["play"] + args + ["--record", native_record[name]] for name, args in setups], folder)
    for (name, args), (status, out) in zip(setups, plays):
        if status != 0:
            checker.failures.append("native carc play %s failed (exit %d)" % (" ".join(args), status))
    if len(checker.failures) > failures_before:
        return len(setups)

    # 2. Replays and links from both builds.
    def replay_lines(name):
        return [["replay", native_record[name]], ["link", "encode", native_record[name]]]

    native_out = native.batch([line for name, _ in setups for line in replay_lines(name)], folder)
    links = {name: native_out[2 * i + 1][1] for i, (name, _) in enumerate(setups)}
    # 3 and 4. The wasm build also decodes the native links and plays the games itself.
    wasm_lines = []
    for name, args in setups:
        wasm_lines += replay_lines(name)
        wasm_lines.append(["link", "decode", links[name][0] if links[name] else "-"])
        wasm_lines.append(["play"] + args + ["--record", wasm_record[name]])
    wasm_out = wasm.batch(wasm_lines, folder)

    for i, ((name, args), (play_status, play_out)) in enumerate(zip(setups, plays)):
        game = "%s (carc play %s)" % (name, " ".join(args))
        native_replay, native_link = native_out[2 * i], native_out[2 * i + 1]
        wasm_replay, wasm_link, wasm_decode, wasm_play = wasm_out[4 * i: 4 * i + 4]
        checker.expect(native_replay[0] == 0 and native_replay[1] == play_out,
                       "%s: native replay differs from native play" % game, play_out, native_replay)
        checker.expect(wasm_replay == native_replay, "%s: replay summary" % game, native_replay, wasm_replay)
        checker.expect(native_link[0] == 0 and wasm_link == native_link, "%s: link encode" % game,
                       native_link, wasm_link)
        record_text = read(native_record[name])
        decoded = "\n".join(wasm_decode[1]) + "\n"
        checker.expect(wasm_decode[0] == 0 and decoded == record_text, "%s: wasm link decode" % game,
                       repr(record_text[:200]), repr(decoded[:200]))
        checker.expect(wasm_play == (play_status, play_out), "%s: play summary" % game,
                       (play_status, play_out), wasm_play)
        wasm_text = read(wasm_record[name]) if os.path.exists(wasm_record[name]) else "<no record written>"
        checker.expect(wasm_text == record_text, "%s: play record" % game, repr(record_text[:200]),
                       repr(wasm_text[:200]))
    failed = len(checker.failures) - failures_before
    print("  %-4s %-12s %d games: play, replay, link encode/decode%s" %
          ("OK" if failed == 0 else "FAIL", mode["id"], len(setups),
           " identical" if failed == 0 else " - %d differences" % failed), flush=True)
    return len(setups)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--native", required=True, help="native carc executable")
    parser.add_argument("--wasm", required=True, help="wasm carc.js (linked with NODERAWFS)")
    parser.add_argument("--node", default="node")
    parser.add_argument("--games", type=int, default=100, help="games per mode")
    parser.add_argument("--work", help="folder for records (default: a temporary one, removed after)")
    options = parser.parse_args()

    native = Carc("native", [os.path.abspath(options.native)])
    wasm = Carc("wasm", [options.node, os.path.abspath(options.wasm)])
    work = options.work or tempfile.mkdtemp(prefix="carc-crosscheck-")
    os.makedirs(work, exist_ok=True)

    modes = json.loads(native.run(["modes"]).stdout)
    wasm_modes = json.loads(wasm.run(["modes"]).stdout)
    checker = Checker()
    checker.expect(wasm_modes == modes, "carc modes", modes, wasm_modes)
    print("native vs wasm cross-check, %d games per mode:" % options.games, flush=True)
    total = 0
    for mode in modes:
        try:
            total += check_mode(mode, options.games, native, wasm, work, checker)
        except BatchDied as died:
            checker.failures.append(str(died))
            print("  FAIL %-12s %s" % (mode["id"], str(died).splitlines()[0]))

    if not options.work:
        shutil.rmtree(work, ignore_errors=True)
    if not checker.ok():
        print("cross-check FAILED: %d differences (first 10):" % len(checker.failures))
        for failure in checker.failures[:10]:
            print("  " + failure)
        return 1
    if total == 0:
        print("cross-check FAILED: no mode could be played")
        return 1
    print("cross-check passed: %d games, native and wasm identical" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
