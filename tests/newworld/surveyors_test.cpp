// The surveyors (RULES.md §3): bonus, moves, settlers left behind, and their edge cases; the
// seed 000 examples of YELLOW's trail and BLUE's farm and town (RED's town never scored).
// Start board and columns as in scoring_test.cpp: column = -x.
#include <gtest/gtest.h>

#include "carc/feature_report.hpp"

#include "../../core/modes/newworld/newworld_game.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using newworld::NewWorldGame;

std::pair<int, int> surveyorColumns(const Game& game) {
    const auto& s = dynamic_cast<const NewWorldGame&>(game).surveyors();
    return {s.column(0), s.column(1)};
}

std::vector<std::string> tokenDetails(const Game& game) {
    std::vector<std::string> out;
    for (const auto& e : game.events())
        if (e.type == EventType::Token) out.push_back(wording(e, game));
    return out;
}

TEST(NewWorldSurveyors, YellowScoresTenForFourTilesATradingPostAndOneSurveyor) {
    // RED closes Plymouth's 2-tile trail with a farm tile: 2 points, the northern surveyor moves to
    // column 1. YELLOW then closes Cape Cod's trail (Cape Cod, post, curve, farm end: 4 tiles) with
    // her outlaw in column 1, where that surveyor stands: 4 + 2 + 4 = 10; then the southern one moves.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 01 01 11 04
        place 01 -1,0 r3
        follower 1
        place 01 -2,0 r0
        pass
        place 11 -2,1 r2
        pass
        place 04 -1,1 r1
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 trail 2", "P1 trail 6", "P1 surveyor 4"}));
    EXPECT_EQ(game->scores()[1], 10);
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(1, 1));
}

// Three players: RED, GREEN, BLUE. Two early scorings bring both surveyors to column 1. BLUE's
// farm lies in column 1 (start spaces east of it); RED's town runs from column 1 into column 2;
// GREEN has an outlaw in column 1. BLUE's last tile (two separate towns) completes RED's town, his
// own small town (with his sheriff, column 2) and his farm.
constexpr const char* kBlueCompletesThree = R"(
    carcassonne 1
    mode newworld
    players 3
    seed 1
    deck 18 16 02 18 18 36 18 17 15
    place 18 -1,9 r1
    follower 0
    place 16 -1,0 r1
    follower 0
    place 02 -1,3 r0
    follower 0
    place 18 -1,2 r3
    follower 0
    place 18 -1,4 r1
    follower 0
    place 36 -2,2 r2
    pass
    place 18 -2,4 r0
    pass
    place 17 -1,5 r3
    pass
    place 15 -2,3 r0
    follower 1
)";

TEST(NewWorldSurveyors, BlueChoosesTheOrderWhenOneTileCompletesThreeFeatures) {
    auto game = play(kBlueCompletesThree);
    ASSERT_TRUE(game);
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(1, 1));
    ASSERT_EQ(game->phase(), Phase::Choose);
    EXPECT_EQ(game->activePlayer(), 2);
    // RED's town and BLUE's town (named by the new tile's segments 0 and 1), BLUE's farm.
    EXPECT_EQ(game->legalActions(),
              (std::vector<Action>{Action::at(ActionType::Score, {-2, 3}, 0), Action::at(ActionType::Score, {-2, 3}, 1),
                                   Action::at(ActionType::Score, {-1, 3}, 0)}));
    EXPECT_NE(game->whyIllegal(Action::pass()), "");
}

// The feature card (carc/feature_report.hpp) names each bonus with the surveyors where they stand before
// BLUE chooses: both in column 1, so BLUE's farm (column 1) would bring 9 + 2 x 4 and RED's town (a
// settler in column 1) 6 + 2 x 4 if it came first (scored after the farm, one surveyor has gone west:
// 6 + 4 below), while BLUE's small town (his sheriff in column 2) earns no bonus now.
TEST(NewWorldSurveyors, TheFeatureCardNamesTheBonusWithTheSurveyorsWhereTheyStandNow) {
    auto game = play(kBlueCompletesThree);
    ASSERT_TRUE(game);
    const auto farm = reportFeature(*game, {-1, 3}, 0);
    ASSERT_TRUE(farm);
    EXPECT_EQ(farm->ifCompleted.points(), 9);
    ASSERT_EQ(farm->bonusIfCompleted.size(), 1u);
    EXPECT_EQ(farm->bonusIfCompleted[0].player, 2);
    EXPECT_EQ(farm->bonusIfCompleted[0].breakdown.rule, ScoreRule::SurveyorBonus);
    EXPECT_EQ(farm->bonusIfCompleted[0].breakdown.points(), 8);
    EXPECT_TRUE(farm->bonusAtEnd.empty());  // no bonus at the end without its option
    const auto redsTown = reportFeature(*game, {-2, 3}, 0);
    ASSERT_TRUE(redsTown);
    EXPECT_EQ(redsTown->ifCompleted.points(), 6);
    ASSERT_EQ(redsTown->bonusIfCompleted.size(), 1u);
    EXPECT_EQ(redsTown->bonusIfCompleted[0].player, 0);
    EXPECT_EQ(redsTown->bonusIfCompleted[0].breakdown.points(), 8);
    const auto bluesTown = reportFeature(*game, {-2, 3}, 1);
    ASSERT_TRUE(bluesTown);
    EXPECT_EQ(bluesTown->majority, 1u << 2);
    EXPECT_TRUE(bluesTown->bonusIfCompleted.empty());
}

TEST(NewWorldSurveyors, BlueScoresFarmSeventeenThenTownEightAndRedsTownIsNeverScored) {
    auto game = play(std::string(kBlueCompletesThree) + R"(
        score -1,3 0
        score -2,3 1
    )");
    ASSERT_TRUE(game);
    const auto log = scoringLog(*game);
    // Before: RED's Jamestown town (4), GREEN's New York town (4 + 4, a surveyor in column 1).
    EXPECT_EQ(log, (std::vector<std::string>{"P0 town 4", "P1 town 4", "P1 surveyor 4", "P2 farm 9", "P2 surveyor 8",
                                             "P2 town 4", "P2 surveyor 4"}));
    EXPECT_EQ(game->scores()[2], 25);  // 17 for the farm + 8 for the town
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(2, 2));
    EXPECT_EQ(pointsFor(*game, 0, "town"), 4);  // RED's northern town: never scored
    EXPECT_EQ(game->supply(0), 5);              // RED's sheriff left column 1 unscored
    EXPECT_EQ(game->supply(1), 5);              // so did GREEN's outlaw
    EXPECT_EQ(game->followers().size(), 0u);
    EXPECT_EQ(game->activePlayer(), 0);  // the turn ended by itself
    const auto tokens = tokenDetails(*game);
    EXPECT_NE(std::find(tokens.begin(), tokens.end(),
                        "settler in column 1 left behind east of the surveyors (column 2): returned without scoring"),
              tokens.end());
}

TEST(NewWorldSurveyors, ScoringRedsTownFirstWouldHaveGivenRedTenAndBlueMore) {
    // The same position, another order: the order is a real decision.
    auto game = play(std::string(kBlueCompletesThree) + R"(
        score -1,3 0
        score -2,3 0
    )");
    ASSERT_TRUE(game);
    const auto log = scoringLog(*game);
    // RED's town: 3 tiles x 2 + a surveyor in column 1; then BLUE's sheriff (column 2) has both.
    EXPECT_EQ(std::vector<std::string>(log.end() - 4, log.end()),
              (std::vector<std::string>{"P0 town 6", "P0 surveyor 4", "P2 town 4", "P2 surveyor 8"}));
}

TEST(NewWorldSurveyors, AWaitingFeatureMayBeNamedByAnyOfItsSegments) {
    // RED's town named through RED's own tile at -1,2 (or 36 at -2,2) instead of the tile just placed:
    // the same feature, the same scoring (docs/record-format.md, `score X,Y S`).
    auto canonical = play(std::string(kBlueCompletesThree) + "score -1,3 0\nscore -2,3 0\n");
    auto byRedsTile = play(std::string(kBlueCompletesThree) + "score -1,3 0\nscore -1,2 0\n");
    auto byTheMiddleTile = play(std::string(kBlueCompletesThree) + "score -1,3 0\nscore -2,2 0\n");
    ASSERT_TRUE(canonical && byRedsTile && byTheMiddleTile);
    EXPECT_EQ(scoringLog(*byRedsTile), scoringLog(*canonical));
    EXPECT_EQ(byRedsTile->stateText(), canonical->stateText());
    EXPECT_EQ(byTheMiddleTile->stateText(), canonical->stateText());

    auto waiting = play(kBlueCompletesThree);
    ASSERT_TRUE(waiting);
    EXPECT_EQ(waiting->whyIllegal(Action::at(ActionType::Score, {-1, 2}, 0)), "");
    // The choices offered stay one segment per feature, on the tile just placed (and the farm's tile).
    EXPECT_EQ(waiting->legalActions().size(), 3u);
    // A segment of a feature that is not waiting (GREEN's trail in column 1) is refused.
    EXPECT_EQ(waiting->whyIllegal(Action::at(ActionType::Score, {-1, 0}, 0)),
              "segment 0 at -1,0 is not one of the completed features waiting to be scored");
}

TEST(NewWorldSurveyors, AFeatureCompletedWithoutSettlersMovesNothing) {
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 18 16
        place 18 -1,4 r1
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_TRUE(scoringLog(*game).empty());
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(0, 0));
    EXPECT_TRUE(tokenDetails(*game).empty());
}

TEST(NewWorldSurveyors, BothInOneColumnGiveEightAndOnlyOneMoves) {
    // New York and Jamestown scorings bring both surveyors to column 1; then Plymouth's trail is
    // closed by an outlaw in column 1: 2 + 2 x 4. Only column 1 holds tiles: nobody moves.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 18 18 01 16 01
        place 18 -1,4 r1
        follower 0
        place 18 -1,9 r1
        follower 0
        place 01 -1,0 r3
        follower 1
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game),
              (std::vector<std::string>{"P0 town 4", "P1 town 4", "P1 surveyor 4", "P0 trail 2", "P0 surveyor 8"}));
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(1, 1));
    EXPECT_EQ(tokenDetails(*game).back(), "the surveyors stay: no tile lies west of column 1");
}

TEST(NewWorldSurveyors, SurveyorsInTheWesternmostColumnWaitForATileFurtherWest) {
    // As above, then a tile in column 2 lets the next scoring move one surveyor there.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 18 18 01 16 01
        place 18 -1,4 r1
        follower 0
        place 18 -1,9 r1
        follower 0
        place 01 -1,0 r3
        follower 1
        place 16 -2,4 r0
        pass
        place 01 -1,1 r3
        follower 1
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game).back(), "P0 surveyor 8");  // Cape Cod's trail: both still in column 1
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(2, 1));
    EXPECT_EQ(tokenDetails(*game).back(), "a surveyor moves west to column 2");
}

// Four quick scorings (New York, Jamestown, Plymouth, Cape Cod) with tiles out to column 3 bring
// the surveyors to column 2.
constexpr const char* kSurveyorsInColumnTwo = R"(
    carcassonne 1
    mode newworld
    players 2
    seed 1
    deck 18 18 16 16 01 01 14 16 25
    place 18 -1,4 r1
    follower 0
    place 18 -1,9 r1
    follower 0
    place 16 -2,4 r0
    pass
    place 16 -3,4 r0
    pass
    place 01 -1,0 r3
    follower 1
    place 01 -1,1 r3
    follower 1
)";

TEST(NewWorldSurveyors, ASettlerPlacedEastOfTheSurveyorsScoresWhenItCompletesItsFeature) {
    auto game = play(std::string(kSurveyorsInColumnTwo) + R"(
        place 14 -1,6 r0
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 town 4", "P1 town 4", "P1 surveyor 4", "P0 trail 2",
                                                           "P0 surveyor 8", "P1 trail 2", "P1 surveyor 4",
                                                           "P0 trail 2"}));  // Delaware's trail, column 1: no bonus
    EXPECT_EQ(game->supply(0), 5);                                           // scored and returned, not left behind
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(3, 2));
}

TEST(NewWorldSurveyors, StandingSettlersEastOfTheEasternmostSurveyorLeaveWhenItMoves) {
    // P1's outlaw in column 2 is safe while a surveyor stands in column 2. P0 then closes a trail in
    // column 1 (east of the surveyors, scored at once); the column-2 surveyor moves to column 3 and
    // P1's outlaw is left behind without scoring.
    auto game = play(std::string(kSurveyorsInColumnTwo) + R"(
        place 14 -1,6 r0
        follower 0
        place 16 -2,6 r1
        follower 0
        place 25 -1,7 r2
        follower 1
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game).back(), "P0 trail 2");
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(3, 3));
    EXPECT_EQ(game->supply(1), 5);
    EXPECT_TRUE(game->followers().empty());
    EXPECT_EQ(tokenDetails(*game).back(),
              "settler in column 2 left behind east of the surveyors (column 3): returned without scoring");
}

TEST(NewWorldSurveyors, TrappersLyingDownStayWhenTheSurveyorsPass) {
    // P0's trapper lies on a plain in column 1; four scorings bring both surveyors to column 2,
    // which leaves behind every standing settler of column 1, but not the trapper.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 03 18 16 01 18 14
        place 03 -1,0 r1
        follower 1
        place 18 -1,9 r1
        follower 0
        place 16 -2,0 r1
        pass
        place 01 -1,1 r3
        follower 1
        place 18 -1,4 r1
        follower 0
        place 14 -1,6 r0
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(surveyorColumns(*game), std::make_pair(2, 2));
    ASSERT_EQ(game->followers().size(), 1u);
    EXPECT_EQ(game->kindName(game->followers()[0].segment), "plain");
    EXPECT_EQ(game->supply(0), 4);
}

// For the AI (Game::removalStepsLeft / removalStepsTaken): how many surveyor moves a settler can still wait. RED's
// sheriff in column 1 with both surveyors on the coast goes at the 4th move (both must pass column 1); BLUE's trapper
// never goes. RED then closes Plymouth's trail with a settler on it: a surveyor moves to column 1 and the sheriff has 3
// moves left.
constexpr const char* kSheriffAndTrapper = R"(
    carcassonne 1
    mode newworld
    players 2
    seed 1
    deck 17 02 01 04
    place 17 -1,2 r0
    follower 0
    place 02 -2,2 r0
    follower 1
)";

TEST(NewWorldSurveyors, ASettlerGoesOnceBothSurveyorsHavePassedItsColumn) {
    auto game = play(kSheriffAndTrapper);
    ASSERT_TRUE(game);
    ASSERT_EQ(game->followers().size(), 2u);
    const Follower sheriff = game->followers()[0];
    const Follower trapper = game->followers()[1];
    EXPECT_EQ(game->removalStepsLeft(sheriff), 4);
    EXPECT_EQ(game->removalStepsTaken(), 0);
    EXPECT_EQ(game->removalStepsLeft(trapper), -1);

    auto later = play(std::string(kSheriffAndTrapper) + "place 01 -1,0 r3\nfollower 1\n");
    ASSERT_TRUE(later);
    EXPECT_EQ(surveyorColumns(*later), std::make_pair(1, 0));
    EXPECT_EQ(later->removalStepsLeft(sheriff), 3);
    EXPECT_EQ(later->removalStepsTaken(), 1);
}

}  // namespace
}  // namespace carc::test
