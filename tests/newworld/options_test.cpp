// New World options (RULES.md §3): the score-track house rule for one surveyor, and the surveyor
// bonus at final scoring. Both off by default.
#include <gtest/gtest.h>

#include "../../core/modes/newworld/newworld_game.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using newworld::NewWorldGame;

const newworld::Surveyors& surveyorsOf(const Game& game) {
    return dynamic_cast<const NewWorldGame&>(game).surveyors();
}

TEST(NewWorldOptions, ModeListsBothOptionsWithTheRuleAsDefault) {
    const ModeInfo* mode = findMode("newworld");
    ASSERT_TRUE(mode);
    ASSERT_EQ(mode->options.size(), 2u);
    EXPECT_EQ(mode->options[0].key, "newworld.final-bonus");
    EXPECT_EQ(mode->options[0].values, (std::vector<std::string>{"off", "on"}));
    EXPECT_EQ(mode->options[1].key, "newworld.surveyor-start");
    EXPECT_EQ(mode->options[1].values, (std::vector<std::string>{"board", "track"}));
    EXPECT_EQ(mode->minPlayers, 2);
    EXPECT_EQ(mode->maxPlayers, 5);
}

// Six quick scorings, each closed by the settler placed with the tile: New York, Jamestown,
// Plymouth, Cape Cod, Delaware, Chesapeake (all in column 1; the last one a trail to a town gate).
constexpr const char* kSixScorings = R"(
    deck 18 18 01 01 14 50
    place 18 -1,4 r1
    follower 0
    place 18 -1,9 r1
    follower 0
    place 01 -1,0 r3
    follower 1
    place 01 -1,1 r3
    follower 1
    place 14 -1,6 r0
    follower 0
    place 50 -1,8 r2
    follower 1
)";

// Version 1 records (written before record version 2) keep the house rule they were played with: the
// waiting surveyor advanced only after a feature that scored a settler.
TEST(NewWorldOptions, TrackHouseRuleDelaysTheSecondSurveyorForFiveScoredFeatures) {
    auto game =
        play(std::string("carcassonne 1\nmode newworld\nplayers 2\nseed 1\noption newworld.surveyor-start=track\n") +
             kSixScorings);
    ASSERT_TRUE(game);
    std::vector<std::string> moves;
    for (const auto& e : game->events())
        if (e.type == EventType::Token) moves.push_back(wording(e, *game));
    EXPECT_EQ(moves, (std::vector<std::string>{
                         "the waiting surveyor advances to space 1 of the score track",
                         "the waiting surveyor advances to space 2 of the score track",
                         "the waiting surveyor advances to space 3 of the score track",
                         "the waiting surveyor advances to space 4 of the score track",
                         "the waiting surveyor enters the start board (column 0)",
                         "a surveyor moves west to column 1",
                     }));
    // Meanwhile the board surveyor stayed in column 0: no settler in column 1 earned a bonus.
    EXPECT_EQ(pointsFor(*game, 0, "surveyor") + pointsFor(*game, 1, "surveyor"), 0);
    EXPECT_EQ(surveyorsOf(*game).trackSpace(), -1);
    EXPECT_EQ(surveyorsOf(*game).easternmost(), 0);
    EXPECT_EQ(surveyorsOf(*game).countInColumn(1), 1);
}

std::vector<std::string> surveyorMoves(const Game& game) {
    std::vector<std::string> moves;
    for (const auto& e : game.events())
        if (e.type == EventType::Token) moves.push_back(wording(e, game));
    return moves;
}

// Seed 000's house rule: "atunci când se finalizează primul traseu, primul orășel sau prima fermă" (when
// the first trail, town or farm is completed): every completed feature counts, scored or not.
TEST(NewWorldOptions, TheWaitingSurveyorAdvancesForAFeatureCompletedWithoutSettlers) {
    const std::string newYorkClosedByNobody = "deck 18 16\nplace 18 -1,4 r1\npass\n";
    auto game = play("carcassonne 2\nmode newworld\nplayers 2\nseed 1\noption newworld.surveyor-start=track\n" +
                     newYorkClosedByNobody);
    ASSERT_TRUE(game);
    EXPECT_TRUE(scoringLog(*game).empty());
    EXPECT_EQ(surveyorMoves(*game),
              (std::vector<std::string>{"the waiting surveyor advances to space 1 of the score track"}));
    EXPECT_EQ(surveyorsOf(*game).trackSpace(), 1);
    EXPECT_EQ(surveyorsOf(*game).column(0), 0);

    // The same game in a version 1 record: the unscored town moved nothing.
    auto old = play("carcassonne 1\nmode newworld\nplayers 2\nseed 1\noption newworld.surveyor-start=track\n" +
                    newYorkClosedByNobody);
    ASSERT_TRUE(old);
    EXPECT_TRUE(surveyorMoves(*old).empty());
    EXPECT_EQ(surveyorsOf(*old).trackSpace(), 0);
}

TEST(NewWorldOptions, OneTileCompletingATrailAndATownAdvancesTheWaitingSurveyorTwice) {
    // The crossroads 14 closes Plymouth's trail with nobody on it (space 1). Then P0's outlaw on the
    // crossroads trail and P1's sheriff in the town are both closed by one town-gate tile in column 3
    // (as in scoring_order_test.cpp): spaces 2 and 3. Meanwhile the board surveyor stays in column 0.
    auto game = play(R"(
        carcassonne 2
        mode newworld
        players 2
        seed 1
        option newworld.surveyor-start=track
        deck 16 16 14 02 02 18 25
        place 16 -1,0 r1
        pass
        place 16 -2,0 r1
        pass
        place 14 -3,0 r0
        follower 1
        place 02 -1,2 r0
        pass
        place 02 -2,2 r0
        pass
        place 18 -3,2 r0
        follower 0
        place 25 -3,1 r2
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P1 town 4", "P0 trail 2"}));
    EXPECT_EQ(surveyorsOf(*game).trackSpace(), 3);
    EXPECT_EQ(surveyorsOf(*game).column(0), 0);
    // The last two completions count when the tile completes them, before either is scored.
    EXPECT_EQ(surveyorMoves(*game), (std::vector<std::string>{
                                        "the waiting surveyor advances to space 1 of the score track",
                                        "the waiting surveyor advances to space 2 of the score track",
                                        "the waiting surveyor advances to space 3 of the score track",
                                    }));
    int lastMove = -1, firstScored = -1;
    for (std::size_t i = 0; i < game->events().size(); ++i) {
        const EventType type = game->events()[i].type;
        if (type == EventType::Token) lastMove = static_cast<int>(i);
        if (type == EventType::Scored && firstScored < 0) firstScored = static_cast<int>(i);
    }
    EXPECT_LT(lastMove, firstScored);
}

TEST(NewWorldOptions, WithoutTheHouseRuleTheSameGameEarnsBonuses) {
    auto game = play(std::string("carcassonne 1\nmode newworld\nplayers 2\nseed 1\n") + kSixScorings);
    ASSERT_TRUE(game);
    // (1,0) after New York; Jamestown +4; Plymouth +8; Cape Cod +8; then nobody moves west of 1.
    EXPECT_EQ(pointsFor(*game, 0, "surveyor") + pointsFor(*game, 1, "surveyor"), 4 + 8 + 8 + 8 + 8);
    EXPECT_EQ(surveyorsOf(*game).column(0), 1);
    EXPECT_EQ(surveyorsOf(*game).column(1), 1);
}

TEST(NewWorldOptions, FinalBonusOptionAddsFourPerSurveyorAtTheEnd) {
    // P1's open trail in column 1 shares the column with the surveyor that New York's scoring moved.
    const std::string moves = R"(
        deck 18 16
        place 18 -1,4 r1
        follower 0
        place 16 -1,0 r1
        follower 0
    )";
    auto off = play("carcassonne 1\nmode newworld\nplayers 2\nseed 1\n" + moves);
    auto on = play("carcassonne 1\nmode newworld\nplayers 2\nseed 1\noption newworld.final-bonus=on\n" + moves);
    ASSERT_TRUE(off && on);
    EXPECT_EQ(scoringLog(*off), (std::vector<std::string>{"P0 town 4", "P1 trail 2 final"}));
    EXPECT_EQ(scoringLog(*on), (std::vector<std::string>{"P0 town 4", "P1 trail 2 final", "P1 surveyor 4 final"}));
    EXPECT_EQ(surveyorsOf(*on).column(0), 1);  // final scoring moved nobody
    EXPECT_EQ(surveyorsOf(*on).column(1), 0);
}

TEST(NewWorldOptions, UnknownValuesAreRefused) {
    Replay bad = replay("carcassonne 1\nmode newworld\nplayers 2\nseed 1\noption newworld.surveyor-start=sea\n");
    ASSERT_EQ(bad.error.code, ProblemCode::OptionValue) << bad.error;
    EXPECT_EQ(std::get<std::vector<std::string>>(*bad.error.find(Param::Values)),
              (std::vector<std::string>{"board", "track"}));
}

}  // namespace
}  // namespace carc::test
