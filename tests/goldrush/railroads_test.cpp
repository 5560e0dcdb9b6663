// Gold Rush railroads and cities (seed 003, "Cale ferată finalizată" and "Oraș finalizat"), each a
// scenario with an explicit deck. The start tile 33 lies at 0,0: mountain north, railroad west-east.
// Tile segments used here: 39 (junction) 0 = railroad E, 1 = S, 2 = W; 01/27 0 = railroad,
// 1 = north prairie; 45 (city) 0 = the city.
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(GoldRushRailroads, FourTilesBetweenTwoJunctionsScoreFour) {
    auto game = play(R"(
        carcassonne 1
        mode goldrush
        players 2
        seed 1
        names BLUE,RED
        deck 39 01 39
        place 39 1,0 r0
        follower 2
        place 01 -1,0 r0
        pass
        place 39 -2,0 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 railroad 4"}));
    EXPECT_EQ(game->supply(0), 4);  // the railwayman came home
}

TEST(GoldRushRailroads, ThreeTilesScoreThree) {
    auto game = play(R"(
        carcassonne 1
        mode goldrush
        players 2
        seed 1
        names BLUE,RED
        deck 39 39 01
        place 39 1,0 r0
        follower 2
        place 39 -1,0 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "railroad", When::DuringPlay), 3);
}

TEST(GoldRushRailroads, ExactlyOneLocomotiveDoublesFourTilesToEight) {
    auto game = play(R"(
        carcassonne 1
        mode goldrush
        players 2
        seed 1
        names BLUE,RED
        deck 39 27 39 01
        place 39 1,0 r0
        follower 2
        place 27 -1,0 r0
        pass
        place 39 -2,0 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "railroad", When::DuringPlay), 8);
}

TEST(GoldRushRailroads, TwoLocomotivesDoNotDoubleSixTiles) {
    auto game = play(R"(
        carcassonne 1
        mode goldrush
        players 2
        seed 1
        names BLUE,RED
        deck 39 27 27 01 39 01
        place 39 1,0 r0
        follower 2
        place 27 -1,0 r0
        pass
        place 27 -2,0 r0
        pass
        place 01 -3,0 r0
        pass
        place 39 -4,0 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "railroad", When::DuringPlay), 6);
}

TEST(GoldRushRailroads, JoiningTwoOccupiedRailroadsScoresFiveForEachTiedPlayer) {
    // BLUE's railroad runs west from the start tile to a junction; YELLOW's ends at a junction two
    // cells east. The tile between joins them into one complete railroad of 5 tiles.
    auto game = play(R"(
        carcassonne 1
        mode goldrush
        players 2
        seed 1
        names BLUE,YELLOW
        deck 01 01 01 01 39 39 01 01
        place 01 -1,0 r0
        follower 0
        place 01 0,1 r0
        pass
        place 01 1,1 r0
        pass
        place 01 2,1 r0
        pass
        place 39 -2,0 r0
        pass
        place 39 2,0 r2
        follower 0
        place 01 1,0 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "railroad", When::DuringPlay), 5);
    EXPECT_EQ(pointsFor(*game, 1, "railroad", When::DuringPlay), 5);
    EXPECT_EQ(game->supply(0), 4);
    EXPECT_EQ(game->supply(1), 4);
}

TEST(GoldRushRailroads, ReturnedCowboyPlacedOnTheRailroadItsTileCompletesScoresThree) {
    auto game = play(R"(
        carcassonne 1
        mode goldrush
        players 2
        seed 1
        names RED,BLUE
        deck 39 39 01
        place 39 1,0 r0
        pass
        place 39 -1,0 r0
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 1, "railroad", When::DuringPlay), 3);
    EXPECT_EQ(game->supply(1), 4);  // placed and back in the same turn
}

// The city 45 east of the start tile: its east and south railroads form one loop through three
// curves; its west railroad runs over the start tile to a junction.
std::string cityWithLoop(const std::string& deck, const std::string& moreMoves = "") {
    return "carcassonne 1\nmode goldrush\nplayers 2\nseed 1\nnames BLUE,RED\ndeck " + deck +
           "\n"
           "place 45 1,0 r0\nfollower 0\n"  // BLUE's merchant
           "place 56 2,0 r0\npass\n"
           "place 56 2,1 r1\npass\n"
           "place 56 1,1 r2\npass\n" +  // the loop from the city's east railroad to its south one
           moreMoves;
}

TEST(GoldRushCities, MerchantOfACompletedCityWithALoopAndOneMoreRailroadScoresSix) {
    auto game = play(cityWithLoop("45 56 56 56 39 01", "place 39 -1,0 r0\npass\n"));
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "city", When::DuringPlay), 6);  // 2 complete railroads x3
    EXPECT_EQ(game->supply(0), 4);
}

TEST(GoldRushCities, ALoopBackToTheSameCityCountsOnceAtTheEnd) {
    // The west railroad stays open: the incomplete city counts only its loop, once: 3 points.
    auto game = play(cityWithLoop("45 56 56 56"));
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(pointsFor(*game, 0, "city", When::DuringPlay), 0);
    EXPECT_EQ(pointsFor(*game, 0, "city", When::Final), 3);
}

}  // namespace
}  // namespace carc::test
