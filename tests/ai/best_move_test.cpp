// The AI finds the obvious best move in hand-built positions.
#include <gtest/gtest.h>

#include <algorithm>

#include "carc/bots.hpp"
#include "carc/mcts.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

// The start tile D's city grows north with F (pennant) and G, both turned to run north-south; red
// (player 0) has a knight in it. Blue plays cloisters south of the start. Red now draws E: turned r2
// at 0,-3 it closes the city, 4 tiles and a pennant, 10 points, and the knight comes home.
std::string bigCityRecord(const std::string& deck) {
    return baseRecord(deck, R"(
        place F 0,-1 r1
        follower 0
        place B 0,1 r0
        pass
        place G 0,-2 r1
        pass
        place B 0,2 r0
        pass
    )");
}

TEST(AiBestMove, RedClosesItsBigCityWithTheTileThatCompletesIt) {
    auto game = play(bigCityRecord("F B G B E B A A J K"));
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 0);
    ai::MctsConfig config = *ai::levelConfig("medium");
    ai::Mcts search(config, 3);
    const Action choice = search.choose(*game);
    EXPECT_EQ(actionText(choice, game->tileSet()), "place E 0,-3 r2");
    // The rest of red's turn (the field of E, or nothing), then the city scores.
    ASSERT_EQ(game->apply(choice), "");
    while (game->activePlayer() == 0 && !game->over()) ASSERT_EQ(game->apply(search.choose(*game)), "");
    EXPECT_EQ(pointsFor(*game, 0, "city", When::DuringPlay), 10);
}

TEST(AiBestMove, TheSameSeedAndBudgetGiveTheSameChoice) {
    auto game = play(bigCityRecord("F B G B E B A A J K"));
    ASSERT_TRUE(game);
    for (const char* level : {"medium", "hard"}) {
        ai::MctsConfig config = *ai::levelConfig(level);  // its settings (playout passes included)
        config.iterations = 120;                          // on a small budget
        ai::Mcts a(config, 21), b(config, 21);
        EXPECT_EQ(a.choose(*game), b.choose(*game)) << level;
        const auto optionsA = a.rootOptions(), optionsB = b.rootOptions();
        ASSERT_EQ(optionsA.size(), optionsB.size()) << level;
        for (std::size_t i = 0; i < optionsA.size(); ++i) EXPECT_EQ(optionsA[i].visits, optionsB[i].visits) << level;
    }
}

}  // namespace
}  // namespace carc::test

namespace carc::test {
namespace {

// The lead (own provisional score minus the best opponent's) after an action, passing the rest of
// the turn.
int leadAfter(const Game& game, const Action& action) {
    auto trial = game.clone();
    trial->setEventLog(false);
    const int me = game.activePlayer(), turn = game.turnNumber();
    trial->apply(action);
    std::vector<Action> next;
    while (!trial->over() && trial->turnNumber() == turn) {
        trial->legalActions(next);
        auto pass = std::find(next.begin(), next.end(), Action::pass());
        trial->apply(pass != next.end() ? *pass : next.front());
    }
    const auto scores = provisionalScores(*trial);
    int bestOther = -1000000;
    for (int p = 0; p < game.playerCount(); ++p)
        if (p != me) bestOther = std::max(bestOther, scores[p]);
    return scores[me] - bestOther;
}

// In every mode: play at random until one option gains at least 10 points more than any other (a
// big feature completed with majority, a rich region cashed in, ...): the AI must take it.
TEST(AiBestMove, InEveryModeTheAiTakesAnOptionThatGainsFarMoreThanAnyOther) {
    constexpr int kGap = 10;
    for (const auto& mode : allModes()) {
        int found = 0;
        for (std::uint64_t seed = 1; seed <= 40 && found < 2; ++seed) {
            carc::Setup setup;
            setup.mode = mode.id;
            setup.seed = seed;
            Problem error;
            auto game = catalog().newGame(setup, error);
            ASSERT_TRUE(game) << error;
            game->setEventLog(false);
            Rng choices(seed);
            std::vector<Action> legal;
            while (!game->over() && found < 2) {
                {
                    game->legalActions(legal);
                    int best = -1000000, second = -1000000;
                    Action bestAction;
                    for (const Action& a : legal) {
                        const int lead = leadAfter(*game, a);
                        if (lead > best) {
                            second = best;
                            best = lead;
                            bestAction = a;
                        } else if (lead > second) {
                            second = lead;
                        }
                    }
                    if (legal.size() > 1 && best - second >= kGap) {
                        ++found;
                        ai::Mcts search(*ai::levelConfig("medium"), seed);
                        const Action choice = search.choose(*game);
                        EXPECT_EQ(actionText(choice, game->tileSet()), actionText(bestAction, game->tileSet()))
                            << mode.id << " seed " << seed << " turn " << game->turnNumber() << ": the best gains "
                            << best - second << " more";
                    }
                }
                ASSERT_EQ(game->apply(game->randomLegalAction(choices)), "");
            }
        }
        EXPECT_EQ(found, 2) << mode.id << ": no position with an outstanding option found";
    }
}

}  // namespace
}  // namespace carc::test
