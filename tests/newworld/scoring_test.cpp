// New World scoring during play (RULES.md §3), the worked examples of rule page seed 000 replayed as
// scenarios. The pictures are not available, so each board is laid out to give the page's numbers.
// Start board (column 0, x = 0): y=0 Plymouth (trail to the sea), 1 Cape Cod (trail), 2-3 plain,
// 4 New York (town), 5 plain, 6 Delaware (trail), 7 plain, 8 Chesapeake (trail), 9 Jamestown (town).
// Tiles lie at x = -1 (column 1), x = -2 (column 2), ...
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace carc::test {
namespace {

constexpr int RED = 0, BLUE = 1;

TEST(NewWorldScoring, RedScoresThreeForATrailOfThreeTilesEndingAtTheSea) {
    // Plymouth's trail ends at the sea; a straight trail, then a crossroads closes it: 3 tiles.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 16 14
        place 16 -1,0 r1
        follower 0
        place 14 -2,0 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 trail 3"}));
    EXPECT_EQ(game->supply(RED), 5);  // the outlaw came back
}

TEST(NewWorldScoring, RedScoresEightForFourTrailTilesAndTwoTradingPosts) {
    // Plymouth (sea) - straight trail with a post - curve with a post - crossroads: 4 + 2 x 2.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 04 12 14
        place 04 -1,0 r1
        follower 0
        place 12 -2,0 r2
        pass
        place 14 -2,-1 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 trail 8"}));
}

TEST(NewWorldScoring, RedScoresEightForAThreeTileTownWithOneFlag) {
    // New York (a coastal town on the start board) - town band with a flag - town end: 3 x 2 + 1 x 2.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 09 18
        place 09 -1,4 r0
        follower 0
        place 18 -2,4 r1
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 town 8"}));
}

TEST(NewWorldScoring, RedScoresEightForAFourTileTownWithoutFlags) {
    // Four town corners close a town of 4 tiles: 4 x 2 (the north-west corner also has a trail).
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 36 36 37 36
        place 36 -1,2 r3
        follower 0
        place 36 -1,3 r0
        pass
        place 37 -2,2 r2
        pass
        place 36 -2,3 r1
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 town 8"}));
}

TEST(NewWorldScoring, RedScoresNineForAFarmSurroundedByFiveTilesAndThreeStartSpaces) {
    // The farm in column 1 has three start spaces east of it; they count as neighbours.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 02 18 18 18 17 18
        place 02 -1,3 r0
        follower 0
        place 18 -1,2 r0
        pass
        place 18 -1,4 r1
        pass
        place 18 -2,2 r3
        pass
        place 17 -2,3 r3
        pass
        place 18 -2,4 r3
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 farm 9"}));
    EXPECT_EQ(game->supply(RED), 5);
}

TEST(NewWorldScoring, RedPlacesASheriffOnTheTownItsTileCompletesAndScoresFourAtOnce) {
    // A town end beside New York closes a 2-tile town; the sheriff scores and returns this turn.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 18 16
        place 18 -1,4 r1
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 town 4"}));
    EXPECT_EQ(game->supply(RED), 5);
    EXPECT_EQ(game->activePlayer(), BLUE);
}

TEST(NewWorldScoring, RedPlacesAnOutlawOnTheTrailItsTileCompletesAndScoresThreeAtOnce) {
    // BLUE closes Jamestown's town with nobody in it (nothing scores); RED's crossroads then closes
    // Plymouth's 3-tile trail and RED puts an outlaw on it in the same turn.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 16 18 14
        place 16 -1,0 r1
        pass
        place 18 -1,9 r1
        pass
        place 14 -2,0 r0
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 trail 3"}));
    EXPECT_EQ(game->supply(RED), 5);
}

TEST(NewWorldScoring, TiedSettlersEachScoreTheFullValue) {
    // Plymouth's and Cape Cod's trails, each with an outlaw, are joined into one U-shaped trail
    // from sea to sea (6 tiles): RED and BLUE tie with one outlaw each and both score 6.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 16 16 11 11
        place 16 -1,0 r1
        follower 0
        place 16 -1,1 r1
        follower 0
        place 11 -2,0 r3
        pass
        place 11 -2,1 r2
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 trail 6", "P1 trail 6"}));
}

}  // namespace
}  // namespace carc::test
