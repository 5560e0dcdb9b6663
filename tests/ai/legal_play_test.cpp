// The AI plays only legal actions, in every mode and variant, from every seat. Budgets are tiny so
// that many whole games fit in the suite; the search code paths are the same at any budget.
#include <gtest/gtest.h>

#include <cstdlib>

#include "carc/mcts.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

// 100 games per mode and variant keep the suite fast (ASan included); CARC_AI_LEGAL_GAMES=1000 runs
// the full check of the issue.
int gamesPerSetup() {
    const char* text = std::getenv("CARC_AI_LEGAL_GAMES");
    const int games = text ? std::atoi(text) : 0;
    return games > 0 ? games : 100;
}

struct Case {
    std::string mode;
    std::vector<std::pair<std::string, std::string>> options;
};

std::vector<Case> cases() {
    std::vector<Case> out;
    for (const auto& mode : allModes()) out.push_back({mode.id, {}});
    out.push_back({"discovery", {{"discovery.double-tile", "on"}}});
    out.push_back({"goldrush", {{"goldrush.remove-cowboy", "on"}}});
    return out;
}

std::string caseName(const Case& c) {
    std::string name = c.mode;
    for (const auto& [k, v] : c.options) name += " " + k + "=" + v;
    return name;
}

TEST(AiLegalPlay, EveryActionTheAiChoosesIsLegalInEveryMode) {
    ai::MctsConfig config;
    config.iterations = 4;
    config.playoutTurns = 1;
    const int games = gamesPerSetup();
    for (const Case& c : cases()) {
        int decisions = 0;
        for (int g = 0; g < games; ++g) {
            carc::Setup setup;
            setup.mode = c.mode;
            setup.players = 2 + g % 2;  // 2 and 3 players
            setup.seed = 1000 + static_cast<std::uint64_t>(g);
            setup.options = c.options;
            std::string error;
            auto game = catalog().newGame(setup, error);
            ASSERT_TRUE(game) << caseName(c) << ": " << error;
            game->setEventLog(false);
            // The AI holds one seat (turning with g); a random player the others.
            const int aiSeat = g % setup.players;
            ai::Mcts search(config, static_cast<std::uint64_t>(g));
            Rng others(static_cast<std::uint64_t>(g) + 77);
            while (!game->over()) {
                Action action;
                if (game->activePlayer() == aiSeat) {
                    action = search.choose(*game);
                    ++decisions;
                    ASSERT_EQ(game->whyIllegal(action), "")
                        << caseName(c) << " game " << g << ": " << actionText(action, game->tileSet());
                } else {
                    action = game->randomLegalAction(others);
                }
                ASSERT_EQ(game->apply(action), "");
            }
        }
        EXPECT_GT(decisions, games * 10) << caseName(c);
    }
}

TEST(AiLegalPlay, TheLevelsArePlayableBotsAndThinkInSlices) {
    for (const auto& level : ai::levelNames()) EXPECT_TRUE(makeBot(level, 1)) << level;
    EXPECT_FALSE(makeBot("mcts:0", 1));
    EXPECT_FALSE(makeBot("impossible", 1));

    // Stepping in slices ends where one call to choose() ends.
    std::string error;
    carc::Setup setup;
    setup.mode = "base";
    setup.seed = 5;
    auto game = catalog().newGame(setup, error);
    ASSERT_TRUE(game);
    ai::MctsConfig config;
    config.iterations = 40;
    ai::Mcts whole(config, 9), sliced(config, 9);
    EXPECT_EQ(sliced.bestAction(), Action::pass());  // nothing to think about yet
    const Action once = whole.choose(*game);
    sliced.start(*game);
    int steps = 0;
    while (!sliced.finished()) {
        EXPECT_LE(sliced.step(7), 7);
        ++steps;
    }
    EXPECT_EQ(steps, 6);  // 40 iterations in slices of 7
    EXPECT_EQ(sliced.iterationsDone(), 40);
    EXPECT_EQ(sliced.bestAction(), once);
    EXPECT_EQ(game->whyIllegal(once), "");
}

}  // namespace
}  // namespace carc::test
