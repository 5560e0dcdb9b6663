// Base game scoring during play (RULES.md §1), each as a small scenario with an explicit deck.
// Coordinates: the start tile D lies at 0,0 (city north, road west-east); x grows east, y south.
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(BaseScoring, SmallCityClosedByTheNextTileScoresFourAndReturnsTheKnight) {
    // E turned r2 has its city on the south edge and closes the start tile's city from the north.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck E E
        place E 0,-1 r2
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "city", When::DuringPlay), 4);  // 2 tiles x 2
    EXPECT_EQ(game->supply(0), 7);                                  // the knight came back
}

}  // namespace
}  // namespace carc::test
