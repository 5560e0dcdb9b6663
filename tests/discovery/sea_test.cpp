// The Discovery, seas (RULES.md §4; the worked examples of seed 001). A sea is worth the port cities on
// its shores; complete, 1 more per tile, except a complete sea of 2 tiles (cities only).
//
// The start tile at 0,0: mountain north, sea east (two port cities on its shore), meadow south and west.
#include <gtest/gtest.h>

#include "discovery_record.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(DiscoverySea, SeedExampleIncompleteSeaScoresItsTwoCities) {
    auto game = play(record(R"(
        deck 57 15 15
        place 57 1,0 r0
        follower 0
        place 15 0,1 r0
        pass
        place 15 -1,0 r0
        remove 1,0 0
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 sea 2"}));
}

TEST(DiscoverySea, SeedExampleCompleteSeaOfFourTilesScoresThreeCitiesPlusFourTiles) {
    // The start sea, 06 and 29 (corners, no port) and 03 (a bay with a port city) close a sea.
    auto game = play(record(R"(
        deck 06 29 03
        place 06 1,0 r0
        follower 1
        place 29 1,1 r1
        pass
        place 03 0,1 r2
        remove 1,0 1
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 sea 7"}));
}

TEST(DiscoverySea, SeedExampleCompleteSeaOfTwoTilesScoresItsCityOnly) {
    // Two bays face each other: 04 (no port) and 03 (one port city).
    auto game = play(record(R"(
        deck 04 03 15
        place 04 0,1 r0
        follower 1
        place 03 -1,1 r2
        pass
        place 15 -1,0 r0
        remove 0,1 1
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 sea 1"}));
}

// Yellow (P1) has a navigator on the start sea (2 cities); red (P0) may put one on the bay of 05
// (2 cities), which is not yet joined to it. Then 29 joins the two seas.
constexpr const char* kJoinedSeas = R"(
    place 15 -1,0 r0
    pass
    place 57 1,0 r0
    follower 0
    place 05 0,1 r2
    follower 1
    place 29 1,1 r1
    pass
)";

TEST(DiscoverySea, SeedExampleRedAndYellowNavigatorsShareASeaAfterAJoinAndEachScoresFour) {
    auto game = play(record("deck 15 57 05 29 15 15\n" + std::string(kJoinedSeas) + R"(
        place 15 -1,1 r0
        remove 0,1 1
        place 15 0,2 r0
        remove 1,0 0
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 sea 4", "P1 sea 4"}));
}

TEST(DiscoverySea, RedsNavigatorWasLegalOnlyBecauseTheSeasWereApart) {
    // Once joined, nobody may put another navigator on that sea from a tile extending it.
    Replay result = replay(record("deck 15 57 05 29 15 57\n" + std::string(kJoinedSeas) + R"(
        place 15 -1,1 r0
        pass
        place 57 2,0 r0
        follower 0
    )"));
    EXPECT_EQ(result.error.code, ProblemCode::FeatureOccupied) << result.error;
}

}  // namespace
}  // namespace carc::test
