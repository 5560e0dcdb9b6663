// The AI plays only legal actions, in every mode and variant, from every seat: 1,000 whole games per
// mode (300 more per variant that changes the turn). Budgets are tiny so that they fit in the suite (ASan included):
// two iterations without priors, one playout turn; every tenth game also computes the priors (the greedy judgement of
// every option), the costly part. The code paths that pick an action are the same at any budget.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <ostream>

#include "carc/mcts.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

struct Case {
    std::string mode;
    std::vector<std::pair<std::string, std::string>> options;
    int games = 1000;
};

std::vector<Case> cases() {
    std::vector<Case> out;
    for (const auto& mode : allModes()) out.push_back({mode.id, {}});
    out.push_back({"discovery", {{"discovery.double-tile", "on"}}, 300});
    out.push_back({"goldrush", {{"goldrush.remove-cowboy", "on"}}, 300});
    return out;
}

// CARC_AI_LEGAL_GAMES overrides the number of games (e.g. for a quick look).
int gamesFor(const Case& c) {
    const char* text = std::getenv("CARC_AI_LEGAL_GAMES");
    const int games = text ? std::atoi(text) : 0;
    return games > 0 ? games : c.games;
}

std::string caseName(const Case& c) {
    std::string name = c.mode;
    for (const auto& [k, v] : c.options) name += " " + k + "=" + v;
    return name;
}

void PrintTo(const Case& c, std::ostream* out) {
    *out << caseName(c);
}

// One test per mode and variant, so that CTest can run them side by side.
class AiLegalPlay : public ::testing::TestWithParam<Case> {};

TEST_P(AiLegalPlay, EveryActionTheAiChoosesIsLegal) {
    ai::MctsConfig cheap;
    cheap.iterations = 2;
    cheap.playoutTurns = 1;
    cheap.priorVisits = 0;
    ai::MctsConfig withPriors = cheap;
    withPriors.iterations = 4;
    withPriors.priorVisits = 4;
    const Case& c = GetParam();
    const int games = gamesFor(c);
    int decisions = 0;
    for (int g = 0; g < games; ++g) {
        carc::Setup setup;
        setup.mode = c.mode;
        setup.players = 2 + g % 2;  // 2 and 3 players
        setup.seed = 1000 + static_cast<std::uint64_t>(g);
        setup.options = c.options;
        Problem error;
        auto game = catalog().newGame(setup, error);
        ASSERT_TRUE(game) << caseName(c) << ": " << error;
        game->setEventLog(false);
        // The AI holds one seat (turning with g); a random player the others.
        const int aiSeat = g % setup.players;
        ai::Mcts search(g % 10 == 0 ? withPriors : cheap, static_cast<std::uint64_t>(g));
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

INSTANTIATE_TEST_SUITE_P(EveryModeAndVariant, AiLegalPlay, ::testing::ValuesIn(cases()), [](const auto& param) {
    std::string name;
    for (char ch : caseName(param.param)) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    return name;
});

TEST(AiLevels, TheLevelsArePlayableBotsAndThinkInSlices) {
    for (const auto& level : ai::levelNames()) EXPECT_TRUE(makeBot(level, 1)) << level;
    // The hard level before the evaluation stays playable under its own name: docs/ai.md measures against it.
    const auto yardstick = ai::levelConfig("hard-2026-11");
    ASSERT_TRUE(yardstick);
    EXPECT_EQ(yardstick->iterations, 6000);
    EXPECT_EQ(yardstick->playoutTurns, 8);
    EXPECT_DOUBLE_EQ(yardstick->exploration, 0.5);
    EXPECT_FALSE(yardstick->evaluate);
    // Hard as docs/ai.md measures it: the evaluation, the cells that fit, Gold Rush's tokens and tents.
    const auto hard = ai::levelConfig("hard");
    ASSERT_TRUE(hard);
    EXPECT_TRUE(hard->evaluate && hard->evaluation.cellFits);
    EXPECT_DOUBLE_EQ(hard->evaluation.spoilsWeight, 1);
    EXPECT_DOUBLE_EQ(hard->evaluation.reachWeight, 0.5);
    EXPECT_FALSE(makeBot("mcts:0", 1));
    EXPECT_FALSE(makeBot("impossible", 1));

    // Tuning names for `carc arena`: iterations, playout turns, pass percent, then named settings.
    const auto tuned = ai::levelConfig("mcts:300:end:30:c=0.25:prior=8:scale=6.5:worth=0");
    ASSERT_TRUE(tuned);
    EXPECT_EQ(tuned->iterations, 300);
    EXPECT_EQ(tuned->playoutTurns, -1);
    EXPECT_EQ(tuned->playoutPassPercent, 30);
    EXPECT_DOUBLE_EQ(tuned->exploration, 0.25);
    EXPECT_DOUBLE_EQ(tuned->priorVisits, 8);
    EXPECT_DOUBLE_EQ(tuned->leadScale, 6.5);
    EXPECT_DOUBLE_EQ(tuned->followerWorth, 0);
    EXPECT_EQ(ai::levelConfig("mcts:600:c=0.3")->playoutTurns, ai::MctsConfig{}.playoutTurns);
    const auto evaluating = ai::levelConfig(
        "mcts:600:eval=1:side=0.6:tps=4:fade=20:removal=0.2:rprior=15:fits=1:share=0.4:spoils=1.5:tents=0.5");
    ASSERT_TRUE(evaluating);
    EXPECT_DOUBLE_EQ(evaluating->worthFadeTiles, 20);
    EXPECT_TRUE(evaluating->evaluate);
    EXPECT_DOUBLE_EQ(evaluating->evaluation.sideClosed, 0.6);
    EXPECT_DOUBLE_EQ(evaluating->evaluation.tilesPerSide, 4);
    EXPECT_DOUBLE_EQ(evaluating->evaluation.removalStepsPerTile, 0.2);
    EXPECT_DOUBLE_EQ(evaluating->evaluation.removalPriorTiles, 15);
    EXPECT_TRUE(evaluating->evaluation.cellFits);
    EXPECT_DOUBLE_EQ(evaluating->evaluation.drawShare, 0.4);
    EXPECT_DOUBLE_EQ(evaluating->evaluation.spoilsWeight, 1.5);
    EXPECT_DOUBLE_EQ(evaluating->evaluation.reachWeight, 0.5);
    EXPECT_FALSE(ai::levelConfig("mcts:600:eval=1")->evaluation.cellFits);
    EXPECT_FALSE(ai::levelConfig("mcts:600")->evaluate);
    for (const char* bad :
         {"mcts:c=0.3", "mcts:600:4:0:7", "mcts:600:x=1", "mcts:600:c=", "mcts:600:c=.5", "mcts:600:scale=0",
          "mcts:600:4:101", "mcts:600:eval=2", "mcts:600:side=1.5", "mcts:600:rprior=0", "mcts:600:fits=2",
          "mcts:600:share=0", "mcts:600:share=1.5", "mcts:600:spoils=-1", "mcts:600:tents=x"})
        EXPECT_FALSE(ai::levelConfig(bad)) << bad;

    // Stepping in slices ends where one call to choose() ends.
    Problem error;
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
