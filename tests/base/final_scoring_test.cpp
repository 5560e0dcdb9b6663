// Final scoring of the base game (RULES.md §1): incomplete features and fields.
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(BaseFinalScoring, IncompleteCityScoresOnePerTileAndPennantIncompleteRoadOnePerTile) {
    // M r2 (city south+east, pennant) on the start city stays open; U r1 extends the start road.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck M U
        place M 0,-1 r2
        follower 0
        place U 1,0 r1
        follower 0
    )");
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(pointsFor(*game, 0, "city", When::Final), 2 + 1);  // 2 tiles + 1 pennant
    EXPECT_EQ(pointsFor(*game, 1, "road", When::Final), 2);
    EXPECT_EQ(game->scores(), (std::vector<int>{3, 2}));
}

TEST(BaseFinalScoring, IncompleteCloisterScoresOnePlusItsNeighbours) {
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck B B B
        place B 0,1 r0
        follower 0
        place B 1,1 r0
        pass
        place B -1,1 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "cloister", When::Final), 1 + 3);  // start tile and two cloisters
}

TEST(BaseFinalScoring, FarmerScoresThreePerCompletedCityTouchingTheField) {
    // The farmer's field (on E at 0,-1) touches the start city, which E closes, and the city of the
    // second E, which stays open: only the completed one counts.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck E E
        place E 0,-1 r2
        follower 1
        place E 0,-2 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "field", When::Final), 3);
    EXPECT_EQ(game->supply(0), 6);  // farmers never come back
}

TEST(BaseFinalScoring, FarmerCountsEveryCompletedCityOnceEvenWhenTouchedTwice) {
    // As above, then the second city is closed too: two completed cities, 6 points. The start city
    // touches the farmer's field on two tiles' segments yet counts once.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck E E E
        place E 0,-1 r2
        follower 1
        place E 0,-2 r0
        pass
        place E 0,-3 r2
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "field", When::Final), 6);
}

TEST(BaseFinalScoring, FarmersOfTwoFieldsJoinedLaterShareTheField) {
    // P0's farmer in the field north of the closed start city (E at 0,-1); P1's farmer in the field
    // of V at 1,0, which runs along the start tile's north strip. B at 1,-1 joins both fields: tied
    // farmers, both score the completed city.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck E V B
        place E 0,-1 r2
        follower 1
        place V 1,0 r0
        follower 2
        place B 1,-1 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "field", When::Final), 3);
    EXPECT_EQ(pointsFor(*game, 1, "field", When::Final), 3);
}

TEST(BaseFinalScoring, TheGameEndsAfterTheLastTileAndTheHighestScoreWins) {
    auto game = play(R"(
        carcassonne 1
        mode base
        players 3
        seed 1
        deck E
        place E 0,-1 r2
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_TRUE(game->over());
    EXPECT_TRUE(game->legalActions().empty());
    EXPECT_EQ(game->scores(), (std::vector<int>{4, 0, 0}));
    EXPECT_EQ(game->apply(Action::pass()), "the game is over");
}

}  // namespace
}  // namespace carc::test
