// The Gold Rush tile set (RULES.md §5 and "Tile sets"): 72 tiles in the rule page's designs and
// counts, a reconstruction that says so, with every feature and symbol the rules use.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "scenario.hpp"

namespace carc::test {
namespace {

std::shared_ptr<const TileSet> goldRushTiles() {
    std::string error;
    auto tiles = catalog().tileSet("goldrush", error);
    EXPECT_TRUE(tiles) << error;
    return tiles;
}

TEST(GoldRushTileSet, ValidatesWithTheRulePageDesignsAndCounts) {
    auto tiles = goldRushTiles();
    ASSERT_TRUE(tiles);
    EXPECT_TRUE(validateTileSet(*tiles).empty());
    EXPECT_TRUE(tiles->reconstruction);
    EXPECT_FALSE(tiles->notes.empty());
    EXPECT_EQ(tiles->tileCount(), 72);
    const std::map<std::string, int> page = {{"01", 6}, {"12", 5}, {"26", 6}, {"47", 5}, {"33", 5}, {"08", 4},
                                             {"17", 4}, {"27", 4}, {"31", 2}, {"38", 1}, {"39", 3}, {"42", 3},
                                             {"45", 2}, {"52", 2}, {"54", 2}, {"56", 5}, {"61", 2}, {"64", 3},
                                             {"66", 4}, {"69", 1}, {"70", 1}, {"71", 1}, {"72", 1}};
    std::map<std::string, int> ours;
    for (const auto& d : tiles->designs) ours[d.name] = d.count;
    EXPECT_EQ(ours, page);
    ASSERT_EQ(tiles->start.size(), 1u);
    EXPECT_EQ(tiles->designs[tiles->start[0].design].name, "33");
}

TEST(GoldRushTileSet, NuggetSymbolsMatchTheSixtyThreeTokens) {
    auto tiles = goldRushTiles();
    ASSERT_TRUE(tiles);
    const int nugget = tiles->findSymbol("nugget");
    ASSERT_GE(nugget, 0);
    int symbols = 0;
    for (const auto& d : tiles->designs)
        for (const auto& s : d.segments) {
            symbols += d.count * s.symbols[nugget];
            if (s.symbols[nugget]) {
                EXPECT_EQ(tiles->kinds[s.kind].name, "mountain") << d.name;
                EXPECT_LE(s.symbols[nugget], 3) << d.name;
            }
        }
    EXPECT_EQ(symbols, 63);
    // The start tile's mountain gets exactly one token at setup.
    const auto& start = tiles->designs[tiles->start[0].design];
    int startSymbols = 0;
    for (const auto& s : start.segments) startSymbols += s.symbols[nugget];
    EXPECT_EQ(startSymbols, 1);
}

TEST(GoldRushTileSet, HasEveryFeatureTheRulesUse) {
    auto tiles = goldRushTiles();
    ASSERT_TRUE(tiles);
    const int railroad = tiles->findKind("railroad"), city = tiles->findKind("city");
    std::map<std::string, int> symbolTiles;
    int cities3 = 0, cities4 = 0, junctions = 0;
    for (const auto& d : tiles->designs) {
        int railroadEnds = 0;
        for (std::size_t s = 0; s < d.segments.size(); ++s) {
            const auto& seg = d.segments[s];
            for (std::size_t y = 0; y < tiles->symbols.size(); ++y)
                if (seg.symbols[y]) symbolTiles[tiles->symbols[y]] += d.count;
            if (seg.kind == railroad && seg.portCount() == 1) ++railroadEnds;
            if (seg.kind == city) {
                int leaving = 0;
                for (std::size_t r = 0; r < d.segments.size(); ++r)
                    if ((seg.touches & (1u << r)) && d.segments[r].kind == railroad) ++leaving;
                (leaving == 4 ? cities4 : cities3) += d.count;
                EXPECT_TRUE(leaving == 3 || leaving == 4) << d.name;
            }
        }
        const bool hasCity =
            std::any_of(d.segments.begin(), d.segments.end(), [&](const SegmentDef& s) { return s.kind == city; });
        if (!hasCity && railroadEnds >= 3) junctions += d.count;
    }
    EXPECT_GT(cities3, 0);
    EXPECT_GT(cities4, 0);
    EXPECT_GT(junctions, 0);
    for (const char* symbol : {"loco", "nugget", "tipi", "horses"}) EXPECT_GT(symbolTiles[symbol], 0) << symbol;
}

TEST(GoldRushTileSet, RandomGamesRarelyDiscardATile) {
    int discarded = 0, placed = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        carc::Setup setup;
        setup.mode = "goldrush";
        setup.players = 3;
        setup.seed = seed;
        auto played = playRandomGame(setup, seed);
        ASSERT_TRUE(played.game);
        discarded += played.game->tilesDiscarded();
        placed += played.game->tilesPlaced();
    }
    EXPECT_LT(discarded * 100, placed);  // under 1% of the tiles drawn
}

}  // namespace
}  // namespace carc::test
