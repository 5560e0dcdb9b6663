// New World invariants over many random games (besides the generic ones every mode passes):
// tiles stay west of the coast, settlers never stand on start spaces, the surveyors keep to their
// rules, the scoring-order decision comes up and only when it can matter, and records with options
// replay identically.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "../../core/modes/newworld/newworld_game.hpp"
#include "carc/record.hpp"
#include "carc/rng.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using newworld::columnOf;
using newworld::NewWorldGame;

const NewWorldGame& asNewWorld(const Game& game) {
    return dynamic_cast<const NewWorldGame&>(game);
}

void checkSurveyors(const NewWorldGame& game) {
    const auto& s = game.surveyors();
    if (s.onBoard(0) && s.onBoard(1)) {
        ASSERT_LE(std::abs(s.column(0) - s.column(1)), 1) << "surveyors drifted apart";
    }
    for (int i = 0; i < 2; ++i) ASSERT_LE(s.column(i), game.westernmostColumn()) << "surveyor west of every tile";
}

void checkBoard(const Game& game) {
    for (const auto& t : game.board().tiles()) {
        const bool space = game.tileSet().designs[t.design].boardSpace;
        ASSERT_EQ(space, columnOf(t.pos) == 0) << "tile in column 0 or start space elsewhere at " << posText(t.pos);
        ASSERT_GE(columnOf(t.pos), 0);
    }
    for (const auto& f : game.followers())
        ASSERT_GE(columnOf(game.board().tiles()[game.features().segment(f.segment).tile].pos), 1)
            << "settler on a start space";
}

// Every way to finish the scoring from a Phase::Choose position, as whole-state texts.
void outcomesOfEveryOrder(const Game& game, std::set<std::string>& outcomes) {
    if (game.phase() != Phase::Choose) {
        outcomes.insert(game.stateText());
        return;
    }
    for (const auto& action : game.legalActions()) {
        auto copy = game.clone();
        copy->setEventLog(false);
        ASSERT_EQ(copy->apply(action), "");
        outcomesOfEveryOrder(*copy, outcomes);
    }
}

TEST(NewWorldRandomGames, ThousandGamesKeepTheNewWorldRules) {
    Rng seeds(0x5EA);
    int choices = 0, discards = 0, tiles = 0, movesSeen = 0;
    for (int g = 0; g < 1000; ++g) {
        carc::Setup setup;
        setup.mode = "newworld";
        setup.players = 2 + static_cast<int>(seeds.below(4));
        setup.seed = seeds.next();
        if (g % 3 == 1) setup.options = {{"newworld.surveyor-start", "track"}};
        if (g % 5 == 2) setup.options.push_back({"newworld.final-bonus", "on"});
        std::sort(setup.options.begin(), setup.options.end());
        newworld::Surveyors before;
        auto played = playRandomGame(setup, seeds.next(), [&](const Game& game, const Action& chosen) {
            const auto& nw = asNewWorld(game);
            checkBoard(game);
            checkSurveyors(nw);
            // Right after any surveyor move, no standing settler is east of the easternmost one.
            if (!(nw.surveyors() == before) && nw.surveyors().easternmost() >= 0 && nw.surveyors().trackSpace() < 0 &&
                game.phase() == Phase::PlaceTile) {
                for (const auto& f : game.followers()) {
                    if (game.kindName(f.segment) == "plain") continue;
                    ASSERT_GE(columnOf(game.board().tiles()[game.features().segment(f.segment).tile].pos),
                              nw.surveyors().easternmost())
                        << "a settler was not left behind";
                }
            }
            if (!(nw.surveyors() == before)) ++movesSeen;
            before = nw.surveyors();
            if (game.phase() == Phase::Choose) {
                ++choices;
                const auto legal = game.legalActions();
                ASSERT_GE(legal.size(), 2u);
                for (const auto& a : legal) ASSERT_EQ(a.type, ActionType::Score);
                ASSERT_EQ(chosen.type, ActionType::Score);
                // Asked only when it matters: the real engine reaches different ends.
                std::set<std::string> outcomes;
                outcomesOfEveryOrder(game, outcomes);
                ASSERT_GE(outcomes.size(), 2u) << "the scoring order was asked but cannot change anything";
            }
        });
        ASSERT_TRUE(played.game);
        ASSERT_TRUE(played.game->over());
        checkBoard(*played.game);
        for (const auto& e : played.game->events())
            if (e.type == EventType::Scored && played.game->scoreCategories()[e.category] == "surveyor") {
                ASSERT_EQ(e.points % 4, 0);
            }
        discards += played.game->tilesDiscarded();
        tiles += played.game->deckSize();
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(choices, 20) << "the scoring-order decision should come up in random play";
    EXPECT_GT(movesSeen, 1000);
    EXPECT_LT(discards * 100, tiles) << "more than 1% of the tiles were discarded";
}

TEST(NewWorldRandomGames, TwoHundredRecordsWithOptionsReplayIdentically) {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        carc::Setup setup;
        setup.mode = "newworld";
        setup.players = 2 + static_cast<int>(seed % 4);
        setup.seed = seed;
        if (seed % 2) setup.options.push_back({"newworld.final-bonus", "on"});
        if (seed % 3 == 0) setup.options.push_back({"newworld.surveyor-start", "track"});
        auto played = playRandomGame(setup, seed * 104729);
        ASSERT_TRUE(played.game);
        const std::string text = formatRecord(played.record, played.game->tileSet());
        Replay again = replay(text);
        ASSERT_EQ(again.error, "") << text;
        EXPECT_EQ(again.game->stateText(), played.game->stateText()) << "seed " << seed;
        EXPECT_EQ(again.game->scores(), played.game->scores());
        if (HasFailure()) return;
    }
}

}  // namespace
}  // namespace carc::test
