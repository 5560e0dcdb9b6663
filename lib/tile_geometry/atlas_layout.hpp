// Where each picture lies in a tile set's atlas: square cells in rows, first every design (in design
// order), then two symbol sprites per symbol of the set (on land, on water) that the game draws
// upright over the tiles, so symbols stay readable however a tile is turned. Each picture is
// surrounded by a gutter repeating its edge pixels (so filtering never mixes in a neighbour).
// Shared by the generator (tools/tileart) and the browser game, which checks the file's size against it.
// Each atlas also comes at half size (`shrink` 2: cells of 96 pixels, gutters of 1), for a first frame
// and for tiles drawn no larger than that (docs/load-time.md, "The tile art at half size first").
#pragma once

#include <algorithm>

namespace carc::art {

struct AtlasLayout {
    static constexpr int kCell = 192;  // pixels per tile side: crisp at 96 CSS px and devicePixelRatio 2
    static constexpr int kGutter = 2;  // repeated edge pixels around each picture
    static constexpr int kPitch = kCell + 2 * kGutter;
    static_assert(kCell % 2 == 0 && kGutter % 2 == 0, "the half-size atlas halves every length exactly");
    static constexpr int kMaxColumns = 10;  // atlas at most 1960 px wide

    static constexpr float kSpriteRadius = 0.34f;  // a sprite's symbol radius, in cell sides (all of it fits)

    int designs = 0;
    int symbols = 0;
    int shrink = 1;  // 1: the full atlas; 2: the half-size one, every length halved

    int cell() const { return kCell / shrink; }
    int gutter() const { return kGutter / shrink; }
    int pitch() const { return kPitch / shrink; }
    int cells() const { return designs + 2 * symbols; }
    int spriteCell(int symbol, bool onWater) const { return designs + 2 * symbol + (onWater ? 1 : 0); }
    int columns() const { return std::clamp(cells(), 1, kMaxColumns); }
    int rows() const { return (cells() + columns() - 1) / columns(); }
    int width() const { return columns() * pitch(); }
    int height() const { return rows() * pitch(); }
    // Top-left pixel of a cell's picture (inside its gutter).
    int pictureX(int index) const { return (index % columns()) * pitch() + gutter(); }
    int pictureY(int index) const { return (index / columns()) * pitch() + gutter(); }
    // The half-size atlas of this (full) one.
    AtlasLayout halved() const {
        AtlasLayout half = *this;
        half.shrink = 2;
        return half;
    }
};

}  // namespace carc::art
