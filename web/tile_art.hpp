// The look of each tile design, built once from the tile-set data: filled shapes (triangulated, in
// unit coordinates of the unrotated tile), path and wall strokes, glyphs for single segments and
// symbols, and a follower spot per segment. Everything is derived from segment classes and ports, so
// a new tile set needs no drawing code.
#pragma once

#include <vector>

#include "carc/tileset.hpp"
#include "imgui.h"

namespace web {

struct FillShape {
    int kind = 0;
    std::vector<ImVec2> triangles;  // 3 points per triangle
};

struct Stroke {
    int kind = 0;
    bool wall = false;  // an area's inner border (city wall) rather than a path
    std::vector<ImVec2> points;
};

enum class GlyphType { Single, Symbol, Portal, Junction, Decor };

struct Glyph {
    GlyphType type = GlyphType::Single;
    int kind = 0;   // Single/Decor: segment kind; Symbol: symbol index; Portal/Junction: path kind
    int count = 1;  // Symbol: how many; Portal: its segment number
    ImVec2 at;
    ImVec2 toward;  // Portal: direction to the tile edge
};

struct TileArt {
    int backgroundKind = -1;  // kind filling the tile under everything (-1: plain)
    std::vector<FillShape> fills;
    std::vector<Stroke> strokes;
    std::vector<Glyph> glyphs;
    std::vector<ImVec2> spots;  // per segment: where its follower stands
};

std::vector<TileArt> buildTileArt(const carc::TileSet& tiles);

// Unit-square point of an unrotated tile after `rotation` quarter turns clockwise.
inline ImVec2 rotateUnit(ImVec2 p, int rotation) {
    for (int i = 0; i < (rotation & 3); ++i) p = ImVec2(1.0f - p.y, p.x);
    return p;
}

}  // namespace web
