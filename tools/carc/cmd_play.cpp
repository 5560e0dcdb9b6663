// carc play: a whole game between built-in bots; writes the record, prints the JSON summary.
#include <fstream>
#include <iostream>

#include "carc/bots.hpp"
#include "carc/english.hpp"
#include "carc/record.hpp"
#include "cli.hpp"
#include "setup_args.hpp"

namespace carc::cli {

int cmdPlay(const Args& args) {
    Setup setup;
    if (auto error = setupFromArgs(args, setup); !error.empty()) return fail(error);
    Catalog catalog = makeCatalog(args);
    Problem error;
    auto game = catalog.newGame(setup, error);
    if (!game) return fail(error);

    std::vector<std::string> botList;
    for (auto name : splitList(args.get("bots", "random"))) botList.push_back(name);
    // assign() may not copy from an element of the vector itself: libc++ (wasm) clears it first.
    if (botList.size() == 1) botList.assign(setup.players, std::string(botList.front()));
    if (static_cast<int>(botList.size()) != setup.players)
        return fail("--bots lists " + std::to_string(botList.size()) + " bots for " + std::to_string(setup.players) +
                    " players");
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < setup.players; ++p) {
        bots.push_back(makeBot(botList[p], deriveSeed(setup.seed, 100 + p)));
        if (!bots.back()) {
            std::string known;
            for (const auto& name : botNames()) known += (known.empty() ? "" : ", ") + name;
            return fail("unknown bot '" + botList[p] + "' (bots: " + known + ")");
        }
    }

    Record record{game->setup(), {}, {}};
    const bool logEvents = args.has("log");
    game->setEventLog(logEvents);
    while (!game->over()) {
        const Action action = bots[game->activePlayer()]->choose(*game);
        if (auto problem = game->apply(action))
            return fail("bot chose an illegal action: " + english::describe(problem));
        record.actions.push_back(action);
    }
    if (logEvents) printEvents(*game, std::cerr);
    if (args.has("record")) {
        std::ofstream out(args.get("record"), std::ios::binary);
        out << formatRecord(record, game->tileSet());
        if (!out) return fail("cannot write " + args.get("record"));
    }
    std::cout << summaryJson(*game) << '\n';
    return 0;
}

}  // namespace carc::cli
