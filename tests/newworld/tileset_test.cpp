// The New World tile set (assets/tilesets/newworld.tiles): a reconstruction that keeps seed 000's
// 50 designs and their multiplicities (95 tiles), validates, and holds every feature and symbol the
// rules use. A change to the data that breaks any of this fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "scenario.hpp"

namespace carc::test {
namespace {

std::shared_ptr<const TileSet> newWorldTiles() {
    std::string error;
    auto set = catalog().tileSet("newworld", error);
    EXPECT_TRUE(set) << error;
    return set;
}

TEST(NewWorldTileSet, NinetyFiveTilesInFiftyDesignsWithTheRulePagesMultiplicities) {
    auto set = newWorldTiles();
    ASSERT_TRUE(set);
    EXPECT_TRUE(validateTileSet(*set).empty());
    EXPECT_TRUE(set->reconstruction);
    EXPECT_FALSE(set->notes.empty());
    EXPECT_EQ(set->tileCount(), 95);
    EXPECT_EQ(set->designCount(), 50);
    // Seed 000, "NewW tile-01 x2 ... tile-50 x1".
    const int counts[50] = {2, 3, 3, 2, 1, 1, 1, 3, 2, 1, 4, 3, 1, 3, 2, 3, 4, 4, 1, 1, 3, 1, 1, 1, 1,
                            3, 2, 1, 2, 2, 1, 1, 2, 3, 1, 3, 3, 1, 3, 2, 1, 1, 1, 1, 1, 3, 1, 2, 1, 1};
    for (int n = 1; n <= 50; ++n) {
        const std::string name = (n < 10 ? "0" : "") + std::to_string(n);
        const int d = set->findDesign(name);
        ASSERT_GE(d, 0) << name;
        EXPECT_EQ(set->designs[d].count, counts[n - 1]) << "design " << name;
        EXPECT_FALSE(set->designs[d].boardSpace);
    }
}

TEST(NewWorldTileSet, StartBoardHasTwoCoastalTownsAndTrailsEndingAtTheSea) {
    auto set = newWorldTiles();
    ASSERT_TRUE(set);
    ASSERT_EQ(set->start.size(), 10u);
    const int trail = set->findKind("trail"), town = set->findKind("town");
    int seaTrails = 0;
    std::vector<std::string> towns;
    for (int y = 0; y < 10; ++y) {
        const auto& s = set->start[y];
        EXPECT_EQ(s.pos, (Pos{0, y}));
        const Design& space = set->designs[s.design];
        EXPECT_TRUE(space.boardSpace);
        for (const auto& seg : space.segments) {
            // Only the west edge is land: ports W.s W W.n (9, 10, 11).
            EXPECT_EQ(seg.ports & ~0xE00u, 0u) << space.name;
            if (seg.kind == trail) {
                EXPECT_EQ(seg.portCount(), 1) << space.name;  // one end only: the other is the sea
                ++seaTrails;
            }
            if (seg.kind == town) towns.push_back(space.name);
        }
    }
    EXPECT_GE(seaTrails, 2);
    EXPECT_EQ(towns, (std::vector<std::string>{"NewYork", "Jamestown"}));
    EXPECT_EQ(set->designs[set->start.front().design].name, "Plymouth");
    EXPECT_EQ(set->designs[set->start.back().design].name, "Jamestown");
}

TEST(NewWorldTileSet, EveryFeatureAndSymbolOfTheRulesAppearsInPlausibleAmounts) {
    auto set = newWorldTiles();
    ASSERT_TRUE(set);
    std::map<std::string, int> symbols;
    int farmTiles = 0, crossroadsTiles = 0, trailTiles = 0, townTiles = 0;
    for (const auto& d : set->designs) {
        if (d.boardSpace) continue;
        int trailEnds = 0;
        bool hasTrail = false, hasTown = false;
        for (const auto& seg : d.segments) {
            const std::string& kind = set->kinds[seg.kind].name;
            if (kind == "farm") farmTiles += d.count;
            if (kind == "trail") {
                hasTrail = true;
                if (seg.portCount() == 1) ++trailEnds;
            }
            if (kind == "town") hasTown = true;
            for (std::size_t s = 0; s < set->symbols.size(); ++s) symbols[set->symbols[s]] += seg.symbols[s] * d.count;
        }
        const auto farms = std::count_if(d.segments.begin(), d.segments.end(),
                                         [&](const SegmentDef& s) { return set->kinds[s.kind].name == "farm"; });
        EXPECT_LE(farms, 1) << "design " << d.name << ": one farmhouse per tile (the engine relies on it)";
        const bool hasFarm = farms > 0;
        if (trailEnds >= 3 && !hasFarm) crossroadsTiles += d.count;
        trailTiles += hasTrail ? d.count : 0;
        townTiles += hasTown ? d.count : 0;
    }
    // The numbers the data file's note states.
    EXPECT_EQ(symbols["post"], 18);
    EXPECT_EQ(symbols["flag"], 16);
    EXPECT_EQ(symbols["animal"], 53);
    EXPECT_EQ(farmTiles, 8);
    EXPECT_EQ(crossroadsTiles, 13);
    EXPECT_GE(trailTiles, 40);
    EXPECT_GE(townTiles, 40);
}

}  // namespace
}  // namespace carc::test
