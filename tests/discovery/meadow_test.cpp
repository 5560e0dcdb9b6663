// The Discovery, meadows (RULES.md §4; the worked examples of seed 001). A follower scores its meadow
// when it leaves it: 1 per tile; complete 2 per tile, but a complete meadow of 2 tiles is worth 2.
//
// The start tile at 0,0: mountain north, sea east, meadow south and west.
#include <gtest/gtest.h>

#include "discovery_record.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(DiscoveryMeadow, SeedExampleIncompleteMeadowOfFourTilesScoresFour) {
    // Red's explorer on the start meadow; three all-meadow tiles make it 4 tiles, still open.
    auto game = play(record(R"(
        deck 15 15 15
        place 15 0,1 r0
        follower 0
        place 15 -1,0 r0
        place 15 0,2 r0
        remove 0,1 0
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 meadow 4"}));
    EXPECT_EQ(game->supply(0), 4);  // the explorer came back
}

TEST(DiscoveryMeadow, SeedExampleCompleteMeadowOfTwoTilesScoresOnlyTwo) {
    // A valley among mountains (16) meets a cape in the sea (17): closed on both sides, 2 tiles.
    auto game = play(record(R"(
        deck 16 17 15
        place 16 0,-1 r0
        follower 1
        place 17 -1,-1 r2
        pass
        place 15 0,1 r0
        remove 0,-1 1
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 meadow 2"}));
}

// A meadow band of five tiles west-east north of the start tile, closed at both ends by mountains
// (16 at 2,-1) and the sea (17 at -2,-1).
constexpr const char* kFiveTileMeadow = R"(
    place 09 0,-1 r1
    follower 0
    place 09 1,-1 r1
    pass
    place 16 2,-1 r0
    pass
    place 12 -1,-1 r1
    pass
    place 17 -2,-1 r2
)";

TEST(DiscoveryMeadow, SeedExampleCompleteMeadowOfFiveTilesScoresTen) {
    auto game = play(record("deck 09 09 16 12 17\n" + std::string(kFiveTileMeadow) + "remove 0,-1 0\n"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 meadow 10"}));
}

TEST(DiscoveryMeadow, FinalScoringTreatsACompleteMeadowAsIncomplete) {
    // The same complete meadow, but the explorer is still on it when the last tile is played.
    auto game = play(record("deck 09 09 16 12 17\n" + std::string(kFiveTileMeadow) + "pass\n"));
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 meadow 5 final"}));
}

TEST(DiscoveryMeadow, CitiesDoNotCountForAMeadow) {
    // 05 brings two port cities to the start meadow: still 1 per tile.
    auto game = play(record(R"(
        deck 05 15
        place 05 0,1 r0
        follower 0
        place 15 -1,0 r0
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 meadow 3 final"}));
}

}  // namespace
}  // namespace carc::test
