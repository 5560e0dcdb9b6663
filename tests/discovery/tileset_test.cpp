// The Discovery's tile set (assets/tilesets/discovery.tiles), a reconstruction (RULES.md "Tile sets"):
// 84 tiles of designs 01-66 plus the start tile, with the multiplicities of seed 001 and design 24 x1;
// meadow, mountain and sea in regions of every size; port cities that pair a land and a sea segment.
#include <gtest/gtest.h>

#include <map>

#include "../../core/modes/discovery/port_cities.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

std::shared_ptr<const TileSet> discoveryTiles() {
    std::string error;
    auto set = catalog().tileSet("discovery", error);
    EXPECT_TRUE(set) << error;
    return set;
}

TEST(DiscoveryTiles, EightyFourTilesAndTheyValidate) {
    auto set = discoveryTiles();
    ASSERT_TRUE(set);
    EXPECT_EQ(set->tileCount(), 84);
    EXPECT_EQ(set->designCount(), 67);  // 01-66 and the start tile
    EXPECT_TRUE(set->reconstruction);
    EXPECT_TRUE(validateTileSet(*set).empty());
    ASSERT_EQ(set->start.size(), 1u);
    EXPECT_EQ(set->designs[set->start[0].design].name, "Start");
}

TEST(DiscoveryTiles, MultiplicitiesAreSeed001sWithDesign24Once) {
    // Seed 001: every design once except these; it skips 24, which RULES.md §4 decides exists x1.
    const std::map<std::string, int> moreThanOnce = {
        {"02", 2}, {"03", 2}, {"09", 2}, {"13", 2}, {"14", 2}, {"15", 3}, {"19", 3}, {"20", 2},
        {"21", 2}, {"36", 2}, {"41", 2}, {"42", 2}, {"57", 2}, {"59", 2}, {"60", 2},
    };
    auto set = discoveryTiles();
    ASSERT_TRUE(set);
    for (int n = 1; n <= 66; ++n) {
        const std::string name = (n < 10 ? "0" : "") + std::to_string(n);
        const int d = set->findDesign(name);
        ASSERT_GE(d, 0) << "design " << name << " is missing";
        const auto it = moreThanOnce.find(name);
        EXPECT_EQ(set->designs[d].count, it == moreThanOnce.end() ? 1 : it->second) << "design " << name;
    }
    EXPECT_EQ(set->designs[set->findDesign("Start")].count, 1);
    bool notesDesign24 = false;
    for (const auto& note : set->notes) notesDesign24 = notesDesign24 || note.find("design 24") != std::string::npos;
    EXPECT_TRUE(notesDesign24) << "the set must say what the reconstruction decided";
}

TEST(DiscoveryTiles, EveryPortCityLiesBetweenLandAndSeaOnOneTile) {
    auto set = discoveryTiles();
    ASSERT_TRUE(set);
    EXPECT_EQ(discovery::portCityProblems(*set), std::vector<std::string>{});
    const int city = set->findSymbol("city");
    ASSERT_GE(city, 0);
    int onMeadows = 0, onMountains = 0;
    for (const auto& d : set->designs)
        for (const auto& seg : d.segments) {
            const std::string& kind = set->kinds[seg.kind].name;
            if (kind == "meadow") onMeadows += d.count * seg.symbols[city];
            if (kind == "mountain") onMountains += d.count * seg.symbols[city];
        }
    EXPECT_GT(onMeadows, 20);
    EXPECT_GT(onMountains, 15);
}

std::vector<std::string> pairingProblems(const std::string& designs) {
    const std::string text =
        "tileset t\nkind meadow area\nkind mountain area\nkind sea area\nsymbol city\nstart A 0,0\n" + designs;
    std::string error;
    auto set = loadTileSet(
        "t", [&](std::string_view) { return std::optional<std::string>(text); }, error);
    EXPECT_TRUE(set) << error;
    return set ? discovery::portCityProblems(*set) : std::vector<std::string>{"not loaded"};
}

TEST(DiscoveryTiles, ThePairingCheckCatchesCitiesThatDoNotPairUp) {
    // Fine: a city between the meadow and the bay it touches.
    EXPECT_TRUE(pairingProblems("design A 1\n  meadow N E S city\n  sea W city\n").empty());
    // A city on the meadow with none on the sea.
    EXPECT_EQ(pairingProblems("design A 1\n  meadow N E S city\n  sea W\n").size(), 1u);
    // The meadow north and the sea south do not touch (mountains east and west lie between).
    EXPECT_EQ(pairingProblems("design A 1\n  meadow N city\n  mountain E\n  sea S city\n  mountain W\n").size(), 1u);
    // As many cities on land as on the sea, but the meadow's lies beyond the mountain ridge.
    EXPECT_EQ(pairingProblems("design A 1\n  meadow N city\n  mountain E W city\n  sea S city=2\n").size(), 1u);
    // Two cities that can pair only one way: meadow-east sea, mountain-west sea.
    EXPECT_TRUE(
        pairingProblems("design A 1\n  meadow N city\n  sea E city\n  mountain S city\n  sea W city\n").empty());
}

TEST(DiscoveryTiles, EveryEdgeIsOneTerrainAndEveryTerrainCanOpenCarryAndCloseARegion) {
    auto set = discoveryTiles();
    ASSERT_TRUE(set);
    // Per terrain: tiles where it shows on exactly 1 edge (closing a region), 2 or 3 edges, all 4.
    std::map<std::string, std::map<int, int>> byEdges;
    for (const auto& d : set->designs) {
        std::map<std::string, int> edges;
        for (int e = 0; e < 4; ++e) {
            const int seg = d.segmentAt(0, e * 3 + 1);
            ASSERT_EQ(seg, d.segmentAt(0, e * 3)) << d.name;
            ASSERT_EQ(seg, d.segmentAt(0, e * 3 + 2)) << d.name;
            ++edges[set->kinds[d.segments[seg].kind].name];
        }
        for (const auto& [kind, n] : edges) byEdges[kind][n] += d.count;
    }
    for (const char* kind : {"meadow", "mountain", "sea"})
        for (int n = 1; n <= 4; ++n) EXPECT_GT(byEdges[kind][n], 0) << kind << " on " << n << " edges";
}

}  // namespace
}  // namespace carc::test
