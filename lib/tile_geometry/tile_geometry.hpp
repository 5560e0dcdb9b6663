// The geometry of each tile design, built once from the tile-set data: filled shapes (triangulated,
// in unit coordinates of the unrotated tile), path and wall strokes, glyphs for single segments and
// symbols, and a follower spot per segment. Everything is derived from segment classes and ports, so
// a new tile set needs no drawing code. The art generator (tools/tileart) paints it into PNG atlases;
// the browser game uses the same spots and glyph places to put followers and tokens on the pictures.
#pragma once

#include <vector>

#include "carc/tileset.hpp"

namespace carc::art {

struct Vec2 {
    float x = 0, y = 0;
    constexpr Vec2() = default;
    constexpr Vec2(float px, float py) : x(px), y(py) {}
};

struct FillShape {
    int kind = 0;
    std::vector<Vec2> triangles;  // 3 points per triangle
    std::vector<Vec2> outline;    // the same shape as one polygon
    int segment = -1;             // the segment it shows
};

struct Stroke {
    int kind = 0;
    bool wall = false;  // an area's inner border (city wall, shore) rather than a path
    std::vector<Vec2> points;
    int segment = -1;  // the segment it belongs to (a path's own, a wall's area)
};

enum class GlyphType { Single, Symbol, Portal, Junction, Decor };

struct Glyph {
    GlyphType type = GlyphType::Single;
    int kind = 0;      // Single/Decor: segment kind; Symbol: symbol index; Portal/Junction: path kind
    int count = 1;     // Symbol: how many; Portal: its segment number
    int segment = -1;  // the segment it belongs to (-1: the tile)
    Vec2 at;
    Vec2 toward;           // Portal: direction to the tile edge
    bool onWater = false;  // Symbol: on a sea segment (a port city's harbour side)
};

// Where the copies of a symbol glyph go: a row of up to three, smaller as they crowd.
struct SymbolPlace {
    Vec2 at;
    float radius = 0;
};
std::vector<SymbolPlace> symbolPlaces(const Glyph& symbol);

// The side of the grid over the tile that tells which segment each cell shows.
constexpr int kLabelGrid = 40;

struct TileArt {
    int backgroundKind = -1;     // kind filling the tile under everything (-1: none)
    int backgroundSegment = -1;  // the segment whose ground that is (-1: none)
    bool coast = false;          // ports no segment covers (a start space's coast): open sea under the land
    std::vector<FillShape> fills;
    std::vector<Stroke> strokes;
    std::vector<Glyph> glyphs;
    std::vector<Vec2> spots;  // per segment: where its follower stands
    // kLabelGrid x kLabelGrid cells, row by row from the north-west: the segment each cell's centre
    // shows (-1: none). Fields have no shape of their own: this is where each one lies.
    std::vector<int> labels;
};

std::vector<TileArt> buildTileArt(const TileSet& tiles);
// One design's art (what buildTileArt gives for it): the game builds each design's when first drawn.
TileArt buildDesignArt(const TileSet& tiles, int design);

// A design's ground, the first three fields of its TileArt, without the rest of its geometry.
struct TileGround {
    int backgroundKind = -1;
    int backgroundSegment = -1;
    bool coast = false;
};
TileGround groundOf(const TileSet& tiles, const Design& design);

// Whether p lies in one of the triangles (3 points each).
bool inTriangles(const std::vector<Vec2>& triangles, Vec2 p);
// How far p is from the nearest point of the polyline.
float distToPolyline(const std::vector<Vec2>& line, Vec2 p);

// Unit-square point of an unrotated tile after `rotation` quarter turns clockwise.
inline Vec2 rotateUnit(Vec2 p, int rotation) {
    for (int i = 0; i < (rotation & 3); ++i) p = Vec2(1.0f - p.y, p.x);
    return p;
}

}  // namespace carc::art
