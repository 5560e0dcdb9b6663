// The Discovery, mountains (RULES.md §4; the worked examples of seed 001). A mountain is worth its
// cities: those on its own shore and those anywhere on a meadow that touches it. Complete: 2 per city,
// but a complete mountain of 2 tiles only 1 per city.
//
// The start tile at 0,0: mountain north (one port city), sea east, meadow south and west (one port city).
// Its meadow touches its mountain, so any mountain joined to the start tile already counts 2 cities.
#include <gtest/gtest.h>

#include "discovery_record.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(DiscoveryMountain, SeedExampleIncompleteMountainScoresOneCityOnItAndThreeOnItsMeadows) {
    // Red's brigand on an all-mountain tile joined to the start mountain (1 city on its shore). The
    // start meadow touches it: its own city, then 03 and 07 add one each: 3 on the meadow.
    auto game = play(record(R"(
        deck 23 03 07
        place 23 0,-1 r0
        follower 0
        place 03 -1,0 r0
        pass
        place 07 0,1 r0
        remove 0,-1 0
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 mountain 4"}));
}

// A complete mountain of three tiles: the start mountain, 01 (mountain south and west) north of it and
// 02 (mountain east only) west of that. Counting cities: 1 on the start mountain; 2 on the meadow of
// the start tile, 02 and 03; 1 on the meadow of 01 and 07. The fifth city, on 52's meadow east of
// the start's sea, is on a meadow that does not touch the mountain.
constexpr const char* kCompleteMountain = R"(
    deck 01 02 03 07 52 05 15
    place 01 0,-1 r0
    follower 1
    place 02 -1,-1 r2
    pass
    place 03 -1,0 r0
    pass
    place 07 1,-1 r3
    pass
    place 52 1,0 r3
)";

TEST(DiscoveryMountain, SeedExampleCompleteMountainScoresTwoPerCityOnItAndItsMeadowsOnly) {
    auto game = play(record(std::string(kCompleteMountain) + "remove 0,-1 1\n"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 mountain 8"}));
}

TEST(DiscoveryMountain, ACompleteMountainStillGainsValueFromNewCitiesOnItsMeadows) {
    // After the mountain closed, 05 (two port cities) joins the start meadow from the south: 6 cities.
    auto game = play(record(std::string(kCompleteMountain) + R"(
        pass
        place 05 0,1 r0
        pass
        place 15 0,2 r0
        remove 0,-1 1
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 mountain 12"}));
}

TEST(DiscoveryMountain, FinalScoringCountsACompleteMountainAsIncomplete) {
    auto game = play(record(std::string(kCompleteMountain) + R"(
        pass
        place 05 0,1 r0
        pass
        place 15 0,2 r0
        pass
    )"));
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 mountain 6 final"}));
}

TEST(DiscoveryMountain, SeedExampleCompleteMountainOfTwoTilesScoresOnePerCityHoweverFarTheCity) {
    // 02 turned r3 closes the start mountain from the north: 2 tiles. Cities: the start mountain's,
    // the start meadow's, and 05's two, two tiles away along 02's meadow (through 04, no port).
    auto game = play(record(R"(
        deck 02 04 05
        place 02 0,-1 r3
        follower 1
        place 04 0,-2 r0
        pass
        place 05 0,-3 r0
        remove 0,-1 1
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 mountain 4"}));
}

}  // namespace
}  // namespace carc::test
