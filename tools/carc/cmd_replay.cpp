// carc replay: checks a record action by action and prints the summary, or "line N: reason".
#include <iostream>

#include "carc/english.hpp"
#include "carc/event_json.hpp"
#include "carc/record.hpp"
#include "cli.hpp"
#include "setup_args.hpp"

namespace carc::cli {

int cmdReplay(const Args& args) {
    if (args.positional.size() != 1) return fail("replay takes one record file (or - for standard input)");
    Catalog catalog = makeCatalog(args);
    Replay replay;
    if (int status = replayInput(args.positional[0], catalog, replay)) return status;
    if (args.has("log")) printEvents(*replay.game, std::cerr);
    if (args.has("state")) std::cout << replay.game->stateText();
    if (args.has("events"))
        for (const Event& e : replay.game->events()) std::cout << json::dump(json::event(e, *replay.game)) << '\n';
    std::cout << summaryJson(*replay.game) << '\n';
    return 0;
}

int cmdLink(const Args& args) {
    if (args.positional.size() != 2) return fail("link takes 'encode FILE' or 'decode TEXT'");
    Catalog catalog = makeCatalog(args);
    if (args.positional[0] == "encode") {
        Replay replay;
        if (int status = replayInput(args.positional[1], catalog, replay)) return status;
        std::cout << encodeRecord(replay.record, replay.game->tileSet()) << '\n';
        return 0;
    }
    if (args.positional[0] == "decode") {
        Record record;
        Problem error;
        if (!decodeRecord(args.positional[1], catalog, record, error)) return fail(error);
        Replay replay = replayRecord(record, catalog);
        if (replay.error) {
            std::cerr << english::describe(replay.error) << '\n';
            return 1;
        }
        std::cout << formatRecord(replay.record, replay.game->tileSet());
        return 0;
    }
    return fail("link takes 'encode FILE' or 'decode TEXT'");
}

}  // namespace carc::cli
