// carc bench: random playouts per second (one core), and carc modes: the modes as JSON.
#include <chrono>
#include <iostream>

#include "carc/event_json.hpp"
#include "carc/rng.hpp"
#include "cli.hpp"
#include "setup_args.hpp"

namespace carc::cli {

int cmdBench(const Args& args) {
    Setup setup;
    Args withDefaults = args;
    if (!withDefaults.has("players")) withDefaults.named["players"] = {"2"};
    if (auto error = setupFromArgs(withDefaults, setup); !error.empty()) return fail(error);
    const std::string gamesText = args.get("games", "1000");
    if (gamesText.empty() || gamesText.size() > 8 || gamesText.find_first_not_of("0123456789") != std::string::npos)
        return fail("--games must be a positive number");
    const int games = std::max(1, std::stoi(gamesText));
    Catalog catalog = makeCatalog(args);
    Problem error;
    auto prototype = catalog.newGame(setup, error);
    if (!prototype) return fail(error);

    Rng rng(setup.seed);
    long long turns = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int g = 0; g < games; ++g) {
        Setup s = prototype->setup();
        s.seed = rng.next();
        auto game = catalog.newGame(s, error);
        game->setEventLog(false);
        while (!game->over()) {
            game->apply(game->randomLegalAction(rng));
            ++turns;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << json::dump(json::Json{{"mode", setup.mode},
                                       {"players", setup.players},
                                       {"games", games},
                                       {"actions", turns},
                                       {"seconds", seconds},
                                       {"games_per_second", games / seconds}})
              << '\n';
    return 0;
}

int cmdModes(const Args&) {
    json::Json modes = json::Json::array();
    for (const auto& m : allModes()) {
        json::Json options = json::Json::array();
        for (const auto& o : m.options)
            options.push_back(json::Json{{"key", o.key}, {"values", o.values}, {"description", o.description}});
        modes.push_back(json::Json{{"id", m.id},
                                   {"title", m.title},
                                   {"min_players", m.minPlayers},
                                   {"max_players", m.maxPlayers},
                                   {"options", std::move(options)}});
    }
    std::cout << json::dump(modes) << '\n';
    return 0;
}

}  // namespace carc::cli
