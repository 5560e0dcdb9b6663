// Picking and outlining one segment of a tile (lib/tile_geometry/segment_shape.hpp): the shapes carry
// their segment, a point picks the segment drawn there, and every segment has an outline.
#include <gtest/gtest.h>

#include <algorithm>

#include "carc/modes.hpp"
#include "test_paths.hpp"
#include "tile_geometry/segment_shape.hpp"

namespace {

using namespace carc::art;

std::shared_ptr<const carc::TileSet> tileSet(const char* name) {
    carc::Catalog catalog(carc::folderSource(carc::test::tilesetsDir()));
    std::string error;
    auto tiles = catalog.tileSet(name, error);
    EXPECT_TRUE(tiles) << error;
    return tiles;
}

int designNamed(const carc::TileSet& tiles, const std::string& name) {
    for (size_t d = 0; d < tiles.designs.size(); ++d)
        if (tiles.designs[d].name == name) return static_cast<int>(d);
    return -1;
}

class EverySet : public testing::TestWithParam<const char*> {};

TEST_P(EverySet, ShapesNameASegmentOfTheirKind) {
    const auto tiles = tileSet(GetParam());
    ASSERT_TRUE(tiles);
    const auto arts = buildTileArt(*tiles);
    for (size_t d = 0; d < arts.size(); ++d) {
        const auto& segs = tiles->designs[d].segments;
        const std::string design = tiles->designs[d].name;
        auto kindOf = [&](int s) { return s >= 0 && s < static_cast<int>(segs.size()) ? segs[s].kind : -1; };
        for (const auto& f : arts[d].fills) EXPECT_EQ(kindOf(f.segment), f.kind) << design;
        for (const auto& s : arts[d].strokes) EXPECT_EQ(kindOf(s.segment), s.kind) << design;
        if (arts[d].backgroundKind >= 0) {
            EXPECT_EQ(kindOf(arts[d].backgroundSegment), arts[d].backgroundKind) << design;
        }
        EXPECT_EQ(arts[d].labels.size(), static_cast<size_t>(kLabelGrid * kLabelGrid)) << design;
    }
}

TEST_P(EverySet, EachSpotPicksItsSegmentAndEverySegmentHasAnOutline) {
    const auto tiles = tileSet(GetParam());
    ASSERT_TRUE(tiles);
    const auto arts = buildTileArt(*tiles);
    for (size_t d = 0; d < arts.size(); ++d) {
        for (int s = 0; s < static_cast<int>(arts[d].spots.size()); ++s) {
            const std::string where =
                std::string(GetParam()) + " design " + tiles->designs[d].name + " segment " + std::to_string(s);
            EXPECT_EQ(segmentAt(arts[d], arts[d].spots[s], 0.05f), s) << where;
            const SegmentOutline outline = segmentOutline(arts[d], s);
            EXPECT_FALSE(outline.loops.empty() && outline.lines.empty()) << where;
            for (const auto& loop : outline.loops)
                for (Vec2 p : loop) {
                    EXPECT_GE(p.x, -0.2f) << where;
                    EXPECT_LE(p.x, 1.2f) << where;
                }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(SegmentShape, EverySet,
                         testing::Values("base", "tunnel", "newworld", "discovery", "goldrush"));

// The start tile (D): city north, road west-east, a field between them and the field south.
TEST(SegmentShape, TheStartTilePicksCityRoadAndFields) {
    const auto tiles = tileSet("base");
    ASSERT_TRUE(tiles);
    const auto arts = buildTileArt(*tiles);
    const int d = designNamed(*tiles, "D");
    ASSERT_GE(d, 0);
    const TileArt& art = arts[static_cast<size_t>(d)];
    const float reach = 0.08f;
    EXPECT_EQ(segmentAt(art, Vec2(0.5f, 0.08f), reach), 0);   // the city
    EXPECT_EQ(segmentAt(art, Vec2(0.04f, 0.04f), reach), 0);  // the city's corner
    EXPECT_EQ(segmentAt(art, Vec2(0.25f, 0.52f), reach), 1);  // on the road
    EXPECT_EQ(segmentAt(art, Vec2(0.06f, 0.35f), reach), 2);  // the field between city and road
    EXPECT_EQ(segmentAt(art, Vec2(0.04f, 0.96f), reach), 3);  // the south field's corner
    EXPECT_EQ(segmentAt(art, Vec2(0.1f, 0.62f), reach), 3);   // the south field beside the road
    EXPECT_EQ(art.backgroundSegment, 3);

    // The south field's outline: the south half, below the road.
    const SegmentOutline south = segmentOutline(art, 3);
    ASSERT_EQ(south.loops.size(), 1u);
    float top = 1, bottom = 0;
    for (Vec2 p : south.loops[0]) top = std::min(top, p.y), bottom = std::max(bottom, p.y);
    EXPECT_GT(top, 0.53f);
    EXPECT_LT(top, 0.62f);
    EXPECT_GT(bottom, 0.97f);
    // The road by its line, the city by its polygon.
    EXPECT_EQ(segmentOutline(art, 1).lines.size(), 1u);
    EXPECT_EQ(segmentOutline(art, 0).loops.size(), 1u);
}

TEST(SegmentShape, ACloisterIsPickedAroundItsChurch) {
    const auto tiles = tileSet("base");
    ASSERT_TRUE(tiles);
    const auto arts = buildTileArt(*tiles);
    const int b = designNamed(*tiles, "B");
    ASSERT_GE(b, 0);
    EXPECT_EQ(segmentAt(arts[static_cast<size_t>(b)], Vec2(0.55f, 0.45f), 0.08f), 0);
    EXPECT_EQ(segmentAt(arts[static_cast<size_t>(b)], Vec2(0.05f, 0.05f), 0.08f), 1);
}

}  // namespace
