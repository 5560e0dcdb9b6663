// carc: play, replay, inspect and benchmark games from the command line.
#include <iostream>
#include <string>

#include "cli.hpp"

namespace {

const char* kUsage = R"(usage:
  carc play   --mode M --players N --seed S [--bots b1,b2,...] [--option k=v ...] [--names a,b,...] [--record FILE]
  carc replay FILE|- [--log] [--events]
                                check a record action by action, print the summary; --log: the events
                                in English (stderr), --events: the events as JSON lines (docs/events.md)
  carc tiles  --mode M          print and validate the mode's tile set
  carc bench  --mode M --games N [--seed S]
  carc arena  --mode M --bots a,b --games N [--seed S] [--jobs J] [--option k=v ...] [--quiet]
                                bots play N games changing seats; prints wins, margins, times (JSON)
  carc hint   FILE|- [--level L]
                                the turn the AI (default hard) would play for the player to move at the
                                record's end, seeded as the browser game's hint (JSON)
  carc link   encode FILE|-     print the compact link form of a record
  carc link   decode TEXT       print the record a link form holds
  carc modes                    list modes and options (JSON)
  carc batch  FILE|-            run one carc command line per line, each followed by "exit N"
common: --assets DIR (default: $CARC_ASSETS or the source tree's assets/)
modes: base, base+tunnel, newworld, discovery, goldrush; bots: random, greedy, easy, medium, hard
)";

}  // namespace

int main(int argc, char** argv) {
    using namespace carc::cli;
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "help") {
        std::cout << kUsage;
        return argc < 2 ? 2 : 0;
    }
    const std::string command = argv[1];
    Args args;
    if (auto error = parseArgs(argc, argv, 2, {"quiet", "log", "events"}, args); !error.empty()) return fail(error);
    try {
        if (command == "play") return cmdPlay(args);
        if (command == "replay") return cmdReplay(args);
        if (command == "tiles") return cmdTiles(args);
        if (command == "bench") return cmdBench(args);
        if (command == "link") return cmdLink(args);
        if (command == "modes") return cmdModes(args);
        if (command == "batch") return cmdBatch(args);
        if (command == "arena") return cmdArena(args);
        if (command == "hint") return cmdHint(args);
    } catch (const std::exception& e) {
        return fail(std::string("internal error: ") + e.what());
    }
    std::cerr << kUsage;
    return fail("unknown command '" + command + "'");
}
