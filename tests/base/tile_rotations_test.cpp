// Which of a tile's four rotations are distinct (Design::distinctRotations): a rotation that shows
// exactly what an earlier one shows is not offered as a placement of its own. Read from the base
// tiles' pictures (assets/tilesets/base.tiles), and counted over every tile set.
#include <gtest/gtest.h>

#include <bit>
#include <map>

#include "scenario.hpp"

namespace carc::test {
namespace {

std::uint8_t distinctRotationsOf(const TileSet& set, const char* design) {
    const int d = set.findDesign(design);
    EXPECT_GE(d, 0) << design;
    return d < 0 ? 0 : set.designs[d].distinctRotations;
}

TEST(TileRotations, TheBaseTilesSymmetriesAsTheirPicturesShowThem) {
    std::string error;
    const auto set = catalog().tileSet("base", error);
    ASSERT_TRUE(set) << error;
    // The same from every side: one placement.
    EXPECT_EQ(distinctRotationsOf(*set, "B"), 0b0001) << "cloister in a field";
    EXPECT_EQ(distinctRotationsOf(*set, "C"), 0b0001) << "city on all four sides";
    EXPECT_EQ(distinctRotationsOf(*set, "X"), 0b0001) << "crossroads";
    // The same after a half turn: two.
    EXPECT_EQ(distinctRotationsOf(*set, "U"), 0b0011) << "straight road";
    EXPECT_EQ(distinctRotationsOf(*set, "G"), 0b0011) << "city band";
    EXPECT_EQ(distinctRotationsOf(*set, "F"), 0b0011) << "city band with its pennant";
    EXPECT_EQ(distinctRotationsOf(*set, "H"), 0b0011) << "two cities facing each other";
    // No symmetry: four.
    for (const char* design : {"A", "D", "E", "I", "J", "K", "L", "V", "W"})
        EXPECT_EQ(distinctRotationsOf(*set, design), 0b1111) << design;
}

// Placements offered per tile set (a design's distinct rotations, summed over its designs), as the
// engine counted them when this test was written: a change to how rotations are compared must not
// change a count.
TEST(TileRotations, EveryTileSetsCountOfDistinctRotationsStaysAsItWas) {
    const std::map<std::string, int> expected = {
        {"base", 79}, {"tunnel", 95}, {"newworld", 217}, {"discovery", 231}, {"goldrush", 77}};
    for (const auto& [name, count] : expected) {
        std::string error;
        const auto set = catalog().tileSet(name, error);
        ASSERT_TRUE(set) << name << ": " << error;
        int total = 0;
        for (const auto& design : set->designs) total += std::popcount(design.distinctRotations);
        EXPECT_EQ(total, count) << name;
    }
}

}  // namespace
}  // namespace carc::test
