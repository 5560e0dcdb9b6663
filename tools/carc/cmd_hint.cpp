// carc hint: the turn an AI level would play for the player to move at the end of a record, seeded
// as the browser game seeds that seat's bot and hint (carc::seatBotSeed): the browser tests compare
// the game's hint with it.
#include <cmath>
#include <iostream>

#include "carc/bots.hpp"
#include "carc/english.hpp"
#include "carc/event_json.hpp"
#include "carc/record.hpp"
#include "carc/turn_advisor.hpp"
#include "cli.hpp"
#include "setup_args.hpp"

namespace carc::cli {

int cmdHint(const Args& args) {
    if (args.positional.size() != 1) return fail("hint takes one record file (or - for standard input)");
    Catalog catalog = makeCatalog(args);
    Replay replay;
    if (int status = replayInput(args.positional[0], catalog, replay)) return status;
    const Game& game = *replay.game;
    if (game.over()) return fail("the game is over: no turn to advise");
    // A dealt record of another seat may not know the tile to play (a face-down hand).
    if (game.waitingForReveal()) return fail("the tile to play is not revealed in this record: no turn to advise");
    const std::string level = args.get("level", "hard");
    const int player = game.activePlayer();
    auto advisor = ai::makeTurnAdvisor(level, seatBotSeed(game.setup().seed, player));
    if (!advisor) return fail("unknown AI level '" + level + "' (easy, medium, hard)");
    advisor->start(game);
    while (!advisor->step(1000)) {
    }
    json::Json actions = json::Json::array();
    for (const Action& a : advisor->actions()) actions.push_back(actionText(a, game.tileSet()));
    std::cout << json::dump(json::Json{{"player", player},
                                       {"turn", game.turnNumber()},
                                       {"level", level},
                                       {"actions", std::move(actions)},
                                       {"lead", std::round(advisor->estimatedLead() * 10) / 10}})
              << '\n';
    return 0;
}

}  // namespace carc::cli
