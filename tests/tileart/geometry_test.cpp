// The tile geometry the art and the game share: follower spots sit on their own segment.
#include <gtest/gtest.h>

#include <cmath>

#include "canvas.hpp"
#include "carc/modes.hpp"
#include "test_paths.hpp"
#include "tile_geometry/tile_geometry.hpp"

namespace {

using namespace carc::art;

TEST(TileGeometry, RotationTurnsClockwise) {
    const Vec2 north = rotateUnit(Vec2(0.5f, 0.1f), 1);  // a quarter turn: north goes east
    EXPECT_FLOAT_EQ(north.x, 0.9f);
    EXPECT_FLOAT_EQ(north.y, 0.5f);
    const Vec2 back = rotateUnit(north, 3);
    EXPECT_FLOAT_EQ(back.x, 0.5f);
    EXPECT_FLOAT_EQ(back.y, 0.1f);
}

// The game builds each design's art when first drawn (web/tile_arts.*) and colours a tile's ground
// from groundOf before that: both must give what the painter's whole-set build gives.
TEST(TileGeometry, OneDesignAndItsGroundMatchTheWholeSet) {
    carc::Catalog catalog(carc::folderSource(carc::test::tilesetsDir()));
    for (const char* name : {"base", "discovery", "goldrush", "newworld"}) {
        std::string error;
        const auto tiles = catalog.tileSet(name, error);
        ASSERT_TRUE(tiles) << error;
        const auto arts = buildTileArt(*tiles);
        for (size_t d = 0; d < arts.size(); ++d) {
            const TileArt one = buildDesignArt(*tiles, static_cast<int>(d));
            EXPECT_EQ(one.labels, arts[d].labels) << name << " design " << d;
            EXPECT_EQ(one.fills.size(), arts[d].fills.size()) << name << " design " << d;
            EXPECT_EQ(one.strokes.size(), arts[d].strokes.size()) << name << " design " << d;
            EXPECT_EQ(one.glyphs.size(), arts[d].glyphs.size()) << name << " design " << d;
            ASSERT_EQ(one.spots.size(), arts[d].spots.size()) << name << " design " << d;
            for (size_t s = 0; s < one.spots.size(); ++s) {
                EXPECT_EQ(one.spots[s].x, arts[d].spots[s].x);
                EXPECT_EQ(one.spots[s].y, arts[d].spots[s].y);
            }
            const TileGround ground = groundOf(*tiles, tiles->designs[d]);
            EXPECT_EQ(ground.backgroundKind, arts[d].backgroundKind) << name << " design " << d;
            EXPECT_EQ(ground.backgroundSegment, arts[d].backgroundSegment) << name << " design " << d;
            EXPECT_EQ(ground.coast, arts[d].coast) << name << " design " << d;
        }
    }
}

TEST(TileGeometry, AreaSpotsLieInsideTheirArea) {
    carc::Catalog catalog(carc::folderSource(carc::test::tilesetsDir()));
    for (const char* name : {"base", "discovery", "goldrush", "newworld"}) {
        std::string error;
        const auto tiles = catalog.tileSet(name, error);
        ASSERT_TRUE(tiles) << error;
        const auto arts = buildTileArt(*tiles);
        for (size_t d = 0; d < arts.size(); ++d) {
            for (const auto& fill : arts[d].fills) {
                // The fill's segment: the one of its kind whose spot is inside the shape, if any.
                Canvas mask(100, 100, Rgb{0, 0, 0});
                std::vector<Vec2> outline;
                for (auto p : fill.outline) outline.push_back(Vec2(p.x * 100, p.y * 100));
                mask.fillPolygon(outline, Rgb{255, 255, 255});
                bool found = false;
                const auto& segs = tiles->designs[d].segments;
                for (size_t s = 0; s < segs.size(); ++s) {
                    if (segs[s].kind != fill.kind) continue;
                    const Vec2 spot = arts[d].spots[s];
                    const int x = std::clamp(static_cast<int>(spot.x * 100), 0, 99);
                    const int y = std::clamp(static_cast<int>(spot.y * 100), 0, 99);
                    if (mask.pixel(x, y).r > 128) found = true;
                }
                EXPECT_TRUE(found) << name << " design " << tiles->designs[d].name << ": no spot in a "
                                   << tiles->kinds[fill.kind].name << " area";
            }
        }
    }
}

}  // namespace

namespace {

// Two symbols of a tile (Gold Rush's tipi camp and wild horses on one prairie) must not cover each
// other, nor the follower standing on their segment.
TEST(TileGeometry, SymbolsKeepClearOfEachOtherAndOfTheFollower) {
    carc::Catalog catalog(carc::folderSource(carc::test::tilesetsDir()));
    for (const char* name : {"base", "discovery", "goldrush", "newworld"}) {
        std::string error;
        const auto tiles = catalog.tileSet(name, error);
        ASSERT_TRUE(tiles) << error;
        const auto arts = carc::art::buildTileArt(*tiles);
        for (size_t d = 0; d < arts.size(); ++d) {
            std::vector<carc::art::Vec2> symbols;
            for (const auto& g : arts[d].glyphs)
                if (g.type == carc::art::GlyphType::Symbol) {
                    symbols.push_back(g.at);
                    const auto spot = arts[d].spots[g.segment];
                    EXPECT_GT(std::hypot(g.at.x - spot.x, g.at.y - spot.y), 0.12f)
                        << name << " design " << tiles->designs[d].name << ": symbol on the follower";
                }
            for (size_t a = 0; a < symbols.size(); ++a)
                for (size_t b = a + 1; b < symbols.size(); ++b)
                    EXPECT_GT(std::hypot(symbols[a].x - symbols[b].x, symbols[a].y - symbols[b].y), 0.15f)
                        << name << " design " << tiles->designs[d].name << ": symbols overlap";
        }
    }
}

}  // namespace
