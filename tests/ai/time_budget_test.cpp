// A time budget (MctsConfig::budgetMs) stops a decision early, through the clock the caller supplies:
// here a fake one, so the test does not depend on the machine's speed. Without a clock, or while the
// iterations run out first, the search decides exactly as it does without a budget.
#include <gtest/gtest.h>

#include <algorithm>

#include "carc/bots.hpp"
#include "carc/mcts.hpp"
#include "carc/turn_advisor.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

std::unique_ptr<Game> gameAfter(int actions) {
    Setup setup;
    setup.mode = "base";
    setup.players = 2;
    setup.seed = 23;
    Problem problem;
    auto game = catalog().newGame(setup, problem);
    EXPECT_TRUE(game) << problem;
    Rng rng(5);
    for (int i = 0; i < actions && !game->over(); ++i) EXPECT_TRUE(game->apply(game->randomLegalAction(rng)).ok());
    return game;
}

// A clock that moves `stepMs` each time it is read.
ai::Clock fakeClock(double stepMs) {
    return [now = 0.0, stepMs]() mutable { return now += stepMs; };
}

bool legal(const Game& game, const Action& action) {
    const auto actions = game.legalActions();
    return std::find(actions.begin(), actions.end(), action) != actions.end();
}

TEST(AiTimeBudget, ASlowClockStopsTheSearchEarlyWithALegalAction) {
    const auto game = gameAfter(6);
    ai::Mcts search(*ai::levelConfig("hard"), 41);
    search.setClock(fakeClock(100));  // hard's 600 ms are gone after 6 reads, 96 iterations
    search.start(*game);
    while (!search.finished()) search.step(20);
    EXPECT_TRUE(search.stoppedByTime());
    EXPECT_EQ(search.iterationsDone(), 6 * ai::Mcts::kClockEvery);
    EXPECT_LT(search.iterationsDone(), search.budget());
    EXPECT_TRUE(legal(*game, search.bestAction()));
}

TEST(AiTimeBudget, ALaterDecisionOfTheTurnGetsAQuarterOfTheTime) {
    // A Tunnel turn has up to three decisions: 600 + 150 + 150 ms keeps hard's turn within a second.
    const auto game = gameAfter(7);
    ASSERT_EQ(game->actionsThisTurn(), 1);
    ASSERT_GT(game->legalActions().size(), 1u);
    const auto config = *ai::levelConfig("hard");
    ai::Mcts search(config, 41);
    search.setClock(fakeClock(10));
    search.start(*game);
    while (!search.finished()) search.step(20);
    EXPECT_TRUE(search.stoppedByTime());
    const int reads = static_cast<int>(config.budgetMs / 4 / 10);  // 15 reads of 10 ms
    EXPECT_EQ(search.iterationsDone(), reads * ai::Mcts::kClockEvery);
    EXPECT_EQ(search.budget(), config.iterations / 2);  // the iteration cap is still half
}

TEST(AiTimeBudget, WhileTheIterationsRunOutFirstTheChoiceIsTodays) {
    for (int actions : {0, 6, 13}) {
        const auto game = gameAfter(actions);
        ai::Mcts plain(*ai::levelConfig("hard"), 41), timed(*ai::levelConfig("hard"), 41);
        timed.setClock(fakeClock(0.001));  // a fast device: 6000 iterations in well under 600 ms
        const Action expected = plain.choose(*game);
        EXPECT_EQ(timed.choose(*game), expected) << "after " << actions << " actions";
        EXPECT_FALSE(timed.stoppedByTime());
        EXPECT_EQ(timed.iterationsDone(), timed.budget());
    }
}

TEST(AiTimeBudget, NoBudgetOrNoClockMeansNoTimeLimit) {
    const auto game = gameAfter(6);
    ai::MctsConfig unlimited = *ai::levelConfig("medium");
    unlimited.budgetMs = 0;
    ai::Mcts plain(*ai::levelConfig("medium"), 8), clocked(unlimited, 8), unclocked(*ai::levelConfig("medium"), 8);
    clocked.setClock(fakeClock(1000));
    const Action expected = plain.choose(*game);
    EXPECT_EQ(clocked.choose(*game), expected);
    EXPECT_EQ(unclocked.choose(*game), expected);
    EXPECT_FALSE(clocked.stoppedByTime());
    EXPECT_EQ(clocked.iterationsDone(), clocked.budget());
}

TEST(AiTimeBudget, TheHintsAdvisorStopsEarlyToo) {
    const auto game = gameAfter(6);
    auto advisor = ai::makeTurnAdvisor("hard", seatBotSeed(game->setup().seed, game->activePlayer()));
    advisor->setClock(fakeClock(100));
    advisor->start(*game);
    while (!advisor->step(20)) {
    }
    EXPECT_TRUE(advisor->stoppedByTime());
    ASSERT_FALSE(advisor->actions().empty());
    auto state = game->clone();
    for (const Action& action : advisor->actions()) EXPECT_TRUE(state->apply(action).ok());
    EXPECT_LT(advisor->iterations(), 6000);
}

}  // namespace
}  // namespace carc::test
