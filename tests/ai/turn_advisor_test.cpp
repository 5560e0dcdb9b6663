// The hint's advisor (carc/turn_advisor.hpp) plans exactly the turn the AI bot of that seat plays:
// same level, same seed (carc::seatBotSeed), decision after decision until the turn passes.
#include <gtest/gtest.h>

#include <cmath>

#include "carc/bots.hpp"
#include "carc/turn_advisor.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

std::unique_ptr<Game> newGame(const std::string& mode, std::uint64_t seed) {
    Setup setup;
    setup.mode = mode;
    setup.players = 2;
    setup.seed = seed;
    Problem problem;
    auto game = catalog().newGame(setup, problem);
    EXPECT_TRUE(game) << problem;
    return game;
}

// The advisor's turn, thought in small slices as the browser does.
std::vector<Action> advise(const Game& game, const std::string& level, double* lead = nullptr) {
    auto advisor = ai::makeTurnAdvisor(level, seatBotSeed(game.setup().seed, game.activePlayer()));
    advisor->start(game);
    int slices = 0;
    while (!advisor->step(20)) EXPECT_LT(++slices, 100000);
    if (lead) *lead = advisor->estimatedLead();
    return advisor->actions();
}

// The seat's bot plays its whole turn on `game`; returns what it played.
std::vector<Action> botPlaysTurn(Game& game, const std::string& level) {
    auto bot = makeBot(level, seatBotSeed(game.setup().seed, game.activePlayer()));
    std::vector<Action> played;
    const int turn = game.turnNumber();
    while (!game.over() && game.turnNumber() == turn) {
        played.push_back(bot->choose(game));
        EXPECT_TRUE(game.apply(played.back()).ok());
    }
    return played;
}

std::vector<std::string> texts(const std::vector<Action>& actions, const Game& game) {
    std::vector<std::string> out;
    for (const Action& a : actions) out.push_back(actionText(a, game.tileSet()));
    return out;
}

TEST(TurnAdvisor, PlansTheTurnTheSeatsBotPlays) {
    for (const std::string mode : {"base", "goldrush"}) {
        auto game = newGame(mode, 11);
        for (int turn = 0; turn < 4 && !game->over(); ++turn) {
            const std::string level = turn < 2 ? "hard" : "medium";
            double lead = 0;
            const auto advised = advise(*game, level, &lead);
            const auto played = botPlaysTurn(*game, level);
            ASSERT_FALSE(advised.empty());
            EXPECT_EQ(advised.front().type, ActionType::Place) << mode;
            EXPECT_EQ(texts(advised, *game), texts(played, *game)) << mode << " turn " << turn << " (" << level << ")";
            // 1/2 + tanh(lead / 12) / 2 kept within [0.005, 0.995]: at most about 32 points either way
            // from the lead at the decision (hard measures from it; with nothing scored yet it is what
            // the followers in supply count, which the estimate leaves out).
            EXPECT_TRUE(std::isfinite(lead));
            EXPECT_LT(std::abs(lead), 32.0);
            // At the start the game is even: hard's followers kept back (3 points each) must not show.
            if (turn == 0) {
                EXPECT_LT(std::abs(lead), 8.0) << mode;
            }
        }
    }
}

TEST(TurnAdvisor, NothingToAdviseOnceTheGameIsOverOrForAnUnknownLevel) {
    EXPECT_EQ(ai::makeTurnAdvisor("wizard", 1), nullptr);
    auto game = newGame("base", 3);
    while (!game->over()) ASSERT_TRUE(game->apply(game->legalActions().front()).ok());
    auto advisor = ai::makeTurnAdvisor("easy", 1);
    advisor->start(*game);
    EXPECT_TRUE(advisor->finished());
    EXPECT_TRUE(advisor->actions().empty());
}

}  // namespace
}  // namespace carc::test
