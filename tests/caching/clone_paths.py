#!/usr/bin/env python3
"""Fails when a compile command other than the allowed files defines a macro naming the clone's path.

Compiler output is cached across clones (ccache, base_dir = the source tree): a command line whose -D
holds an absolute path of this clone differs in every clone, so its file misses the cache in every fresh
clone (a server test costs seconds, under ASan more). The paths reach the code through
lib/source_tree/source_tree.cpp and tests/support/test_paths.cpp, and the load test's small main names
the server it starts.

    clone_paths.py BUILD_DIR SOURCE_DIR
"""
import json
import shlex
import sys
from pathlib import Path

ALLOWED = {"lib/source_tree/source_tree.cpp", "tests/support/test_paths.cpp", "tools/loadtest/loadtest.cpp"}


def definitions(command):
    args = shlex.split(command)
    for i, arg in enumerate(args):
        if arg == "-D" and i + 1 < len(args):
            yield args[i + 1]
        elif arg.startswith("-D"):
            yield arg[2:]


def main():
    build, source = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    entries = json.loads((build / "compile_commands.json").read_text())
    found = []
    for entry in entries:
        file = Path(entry["file"]).resolve()
        relative = file.relative_to(source).as_posix() if file.is_relative_to(source) else str(file)
        if relative in ALLOWED:
            continue
        command = entry.get("command") or shlex.join(entry["arguments"])
        for definition in definitions(command):
            if str(source) in definition or str(build) in definition:
                found.append(f"{relative}: -D{definition}")
    if found:
        print("macros naming the clone's path (read it through carc::source_tree or carc::test instead):")
        print("\n".join(found))
        return 1
    print(f"{len(entries)} compile commands, none with the clone's path in a macro but {sorted(ALLOWED)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
