// The atlases the game loads: one per tile set, every design painted into its own cell, within the
// download budget, the same on every run.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "atlas.hpp"
#include "carc/modes.hpp"
#include "png_writer.hpp"
#include "test_paths.hpp"

namespace {

using carc::art::AtlasImage;
using carc::art::AtlasLayout;

std::shared_ptr<const carc::TileSet> load(const std::string& name) {
    static carc::Catalog catalog(carc::folderSource(carc::test::tilesetsDir()));
    std::string error;
    auto tiles = catalog.tileSet(name, error);
    EXPECT_TRUE(tiles) << error;
    return tiles;
}

// Painted once per tile set for the tests that only look at it (painting is the slow part under ASan).
const AtlasImage& atlasOf(const std::string& name) {
    static std::map<std::string, AtlasImage> painted;
    auto it = painted.find(name);
    if (it == painted.end()) it = painted.emplace(name, carc::art::renderAtlas(*load(name))).first;
    return it->second;
}

// Distinct colours in design d's cell: a plain or empty cell has very few.
size_t coloursOf(const AtlasImage& image, int d) {
    std::set<unsigned> seen;
    for (int y = 0; y < AtlasLayout::kCell; y += 2)
        for (int x = 0; x < AtlasLayout::kCell; x += 2) {
            const size_t i = (static_cast<size_t>(image.layout.pictureY(d) + y) * image.layout.width() +
                              static_cast<size_t>(image.layout.pictureX(d) + x)) *
                             4;
            seen.insert(image.rgba[i] << 16 | image.rgba[i + 1] << 8 | image.rgba[i + 2]);
        }
    return seen.size();
}

class EveryTileSet : public testing::TestWithParam<const char*> {};

TEST_P(EveryTileSet, EveryDesignIsPaintedInItsCell) {
    const auto tiles = load(GetParam());
    const AtlasImage& image = atlasOf(GetParam());
    ASSERT_EQ(image.layout.designs, static_cast<int>(tiles->designs.size()));
    EXPECT_LE(image.layout.width(), 2048);  // fits every WebGL2 texture limit
    EXPECT_LE(image.layout.height(), 2048);
    for (int d = 0; d < image.layout.designs; ++d)
        EXPECT_GT(coloursOf(image, d), 40u) << "design " << tiles->designs[d].name << " looks blank";
}

TEST_P(EveryTileSet, DesignsWithDifferentSegmentsLookDifferent) {
    const auto tiles = load(GetParam());
    const AtlasImage& image = atlasOf(GetParam());
    auto cell = [&](int d) {
        std::vector<std::uint8_t> out;
        for (int y = 0; y < AtlasLayout::kCell; ++y) {
            const size_t row = (static_cast<size_t>(image.layout.pictureY(d) + y) * image.layout.width() +
                                static_cast<size_t>(image.layout.pictureX(d))) *
                               4;
            out.insert(out.end(), image.rgba.begin() + static_cast<long>(row),
                       image.rgba.begin() + static_cast<long>(row) + AtlasLayout::kCell * 4);
        }
        return out;
    };
    // Designs may share a landscape only if their segments (kinds, ports, symbols) are the same.
    auto signature = [&](int d) {
        std::string s;
        for (const auto& seg : tiles->designs[d].segments) {
            s += std::to_string(seg.kind) + ":" + std::to_string(seg.ports) + ":";
            for (auto n : seg.symbols) s += std::to_string(n) + ",";
            s += std::to_string(seg.flags) + ";";
        }
        return s;
    };
    for (int a = 0; a < image.layout.designs; ++a)
        for (int b = a + 1; b < image.layout.designs; ++b) {
            if (signature(a) == signature(b)) continue;
            EXPECT_NE(cell(a), cell(b)) << tiles->designs[a].name << " and " << tiles->designs[b].name;
        }
}

TEST_P(EveryTileSet, AtlasIsDeterministicAndWithinTheDownloadBudget) {
    const auto tiles = load(GetParam());
    const AtlasImage& first = atlasOf(GetParam());
    const AtlasImage second = carc::art::renderAtlas(*tiles);
    EXPECT_EQ(first.rgba, second.rgba);
    const auto png = carc::art::encodePng(first.rgba, first.layout.width(), first.layout.height());
    // Issue budget: a mode's art at most 1 MB (gzip does not shrink a PNG further).
    EXPECT_LT(png.size(), 1000u * 1000u);
}

// Symbols are sprites the game draws upright: opaque where the symbol is, clear around it.
TEST_P(EveryTileSet, SymbolSpritesAreOpaqueInTheMiddleAndClearAtTheRim) {
    const auto tiles = load(GetParam());
    const AtlasImage& image = atlasOf(GetParam());
    const AtlasLayout& l = image.layout;
    ASSERT_EQ(l.symbols, static_cast<int>(tiles->symbols.size()));
    auto alpha = [&](int cell, int x, int y) {
        return image.rgba[(static_cast<size_t>(l.pictureY(cell) + y) * l.width() + l.pictureX(cell) + x) * 4 + 3];
    };
    for (int s = 0; s < l.symbols; ++s)
        for (bool onWater : {false, true}) {
            const int cell = l.spriteCell(s, onWater);
            // Clear all round the rim: nothing of the symbol is cut off.
            int rimInk = 0;
            for (int i = 0; i < AtlasLayout::kCell; ++i)
                rimInk += alpha(cell, i, 0) + alpha(cell, i, AtlasLayout::kCell - 1) + alpha(cell, 0, i) +
                          alpha(cell, AtlasLayout::kCell - 1, i);
            EXPECT_EQ(rimInk, 0) << tiles->symbols[s] << " is cut off at the sprite's edge";
            int opaque = 0;
            for (int y = AtlasLayout::kCell / 4; y < AtlasLayout::kCell * 3 / 4; ++y)
                for (int x = AtlasLayout::kCell / 4; x < AtlasLayout::kCell * 3 / 4; ++x)
                    opaque += alpha(cell, x, y) == 255 ? 1 : 0;
            EXPECT_GT(opaque, AtlasLayout::kCell * AtlasLayout::kCell / 16) << tiles->symbols[s] << " is faint";
        }
}

INSTANTIATE_TEST_SUITE_P(TileArt, EveryTileSet, testing::Values("base", "tunnel", "newworld", "discovery", "goldrush"));

TEST(AtlasLayout, CellsDoNotOverlapAndGuttersRepeatTheEdge) {
    const AtlasImage& image = atlasOf("base");
    const AtlasLayout& l = image.layout;
    EXPECT_EQ(l.pictureX(1) - l.pictureX(0), AtlasLayout::kPitch);
    EXPECT_EQ(l.pictureY(l.columns()) - l.pictureY(0), AtlasLayout::kPitch);
    auto at = [&](int x, int y, int c) { return image.rgba[(static_cast<size_t>(y) * l.width() + x) * 4 + c]; };
    const int x = l.pictureX(3), y = l.pictureY(3) + 50;
    for (int c = 0; c < 3; ++c) EXPECT_EQ(at(x - 1, y, c), at(x, y, c));
}

}  // namespace

namespace {

// The half-size atlas (what the game draws first): every length halved, each pixel the alpha-weighted
// mean of the four it covers, so a cell's picture and its gutter land where the halved layout says.
TEST(HalfAtlas, IsTheFullAtlasHalvedCellByCell) {
    const AtlasImage& full = atlasOf("goldrush");
    const AtlasImage half = carc::art::halveAtlas(full);
    const AtlasLayout& f = full.layout;
    const AtlasLayout& h = half.layout;
    ASSERT_EQ(h.width() * 2, f.width());
    ASSERT_EQ(h.height() * 2, f.height());
    ASSERT_EQ(half.rgba.size(), static_cast<size_t>(h.width()) * h.height() * 4);
    EXPECT_EQ(h.cell(), AtlasLayout::kCell / 2);
    EXPECT_EQ(h.pictureX(5) * 2, f.pictureX(5));
    EXPECT_EQ(h.pictureY(h.columns() + 1) * 2, f.pictureY(f.columns() + 1));
    auto fullAt = [&](int x, int y, int c) { return full.rgba[(static_cast<size_t>(y) * f.width() + x) * 4 + c]; };
    auto halfAt = [&](int x, int y, int c) { return half.rgba[(static_cast<size_t>(y) * h.width() + x) * 4 + c]; };
    // An opaque design: the plain mean of the 2x2, at a few points of its picture.
    for (int cell : {0, 3, h.designs - 1})
        for (int at : {0, 17, h.cell() - 1}) {
            const int x = h.pictureX(cell) + at, y = h.pictureY(cell) + (h.cell() - 1 - at);
            for (int c = 0; c < 4; ++c) {
                const int sum = fullAt(2 * x, 2 * y, c) + fullAt(2 * x + 1, 2 * y, c) + fullAt(2 * x, 2 * y + 1, c) +
                                fullAt(2 * x + 1, 2 * y + 1, c);
                EXPECT_NEAR(halfAt(x, y, c), sum / 4.0, 0.51) << "cell " << cell << " at " << at << " channel " << c;
            }
        }
    // A symbol sprite: where all four are transparent, so is the half; on its rim, a colour is the mean
    // weighted by alpha, not darkened towards the transparent black around the symbol.
    const int sprite = h.spriteCell(0, false);
    int rims = 0;
    for (int y = h.pictureY(sprite); y < h.pictureY(sprite) + h.cell(); ++y)
        for (int x = h.pictureX(sprite); x < h.pictureX(sprite) + h.cell(); ++x) {
            double alphaSum = 0, weighted[3] = {0, 0, 0}, plain[3] = {0, 0, 0};
            for (int d = 0; d < 4; ++d) {
                const int fx = 2 * x + d % 2, fy = 2 * y + d / 2, a = fullAt(fx, fy, 3);
                alphaSum += a;
                for (int c = 0; c < 3; ++c) weighted[c] += fullAt(fx, fy, c) * a, plain[c] += fullAt(fx, fy, c) / 4.0;
            }
            EXPECT_NEAR(halfAt(x, y, 3), alphaSum / 4, 0.51);
            if (alphaSum == 0) continue;
            bool differs = false;
            for (int c = 0; c < 3; ++c) {
                EXPECT_NEAR(halfAt(x, y, c), weighted[c] / alphaSum, 0.51) << "sprite at " << x << "," << y;
                differs = differs || std::abs(weighted[c] / alphaSum - plain[c]) > 8;
            }
            rims += differs ? 1 : 0;
        }
    EXPECT_GT(rims, 0) << "the sprite has rim pixels where the weighting matters";
}

}  // namespace
