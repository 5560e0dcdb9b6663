// Tile sets as data: the parsed form of an assets/tilesets/*.tiles file (format: docs/tileset-format.md).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/geometry.hpp"

namespace carc {

// How a kind of segment lies on a tile; this decides which ports it may use.
enum class KindClass : std::uint8_t {
    Path,    // roads, trails, railroads: edge centres
    Area,    // cities, towns, mountains, seas, meadows: whole edges or parts of them
    Field,   // fields, plains, prairies: the thirds beside paths and whole edges
    Single,  // cloisters, farms, Gold Rush cities: on one tile, no ports
};

constexpr int kMaxSymbols = 8;
constexpr int kMaxSegments = 16;
constexpr int kBorderCode = 15;       // port code of a start space's coast: matches nothing
constexpr int kTabulatedClasses = 8;  // up to this many edge classes, fits are tabulated per design

struct KindDef {
    std::string name;
    KindClass cls = KindClass::Area;
};

struct SegmentDef {
    int kind = 0;                                     // index into TileSet::kinds
    std::uint16_t ports = 0;                          // bit p set: port p (unrotated) belongs to this segment
    std::array<std::uint8_t, kMaxSymbols> symbols{};  // count per TileSet::symbols index
    std::uint32_t flags = 0;                          // bit i: TileSet::flags[i] (e.g. "portal")
    std::uint16_t touches = 0;                        // bit j: touches segment j of the same tile
    int portCount() const { return portTotal; }
    std::uint8_t portTotal = 0;  // derived: how many ports it has
};

struct Design {
    std::string name;
    std::string description;  // English; front ends show the catalogue's "tile.<origin>.<name>"
    std::string origin;       // the tile set whose file defines it: "base" for The Tunnel's A..X
    int count = 0;            // copies in the box (start tiles included)
    bool boardSpace = false;  // a printed start space (New World), not a tile
    std::vector<SegmentDef> segments;

    // Derived at load time, per clockwise quarter turn r:
    std::array<std::array<std::int8_t, kPorts>, 4> portSegment{};  // rotated port -> segment, -1 none
    std::uint8_t distinctRotations = 0xF;  // bit r: rotation r is not a repeat of an earlier one
    // Edges by class (TileSet::edgeClasses): what a neighbour across side d of rotation r must show,
    // and, per class c and side d, the rotations (bit r) that show class c on side d.
    std::array<std::array<std::uint8_t, 4>, 4> facingClass{};
    std::vector<std::uint8_t> rotationsShowing;  // [c * 4 + d]; class 0 ("no neighbour") fits all
    // When the tile set has at most kTabulatedClasses edge classes: for every combination of a cell's
    // four needs (FrontierCell::needKey), the distinct rotations that fit it; empty otherwise.
    std::vector<std::uint8_t> fitsByNeed;
    std::vector<std::uint8_t> fitCountByNeed;  // the number of rotations in fitsByNeed, alike
    int segmentAt(int rotation, int port) const { return portSegment[rotation][port]; }
};

struct StartPlacement {
    int design = 0;
    Pos pos;
    int rotation = 0;
};

struct TileSet {
    std::string name;
    std::string title;
    bool reconstruction = false;
    std::vector<KindDef> kinds;
    std::vector<std::string> symbols;
    std::vector<std::string> flags;
    std::vector<Design> designs;
    std::vector<StartPlacement> start;
    std::vector<std::string> notes;  // "note" lines, shown by `carc tiles`
    int edgeClasses = 1;             // distinct edge codes + 1 (class 0: no constraint)
    int expectedTiles = -1;          // "expect tiles=N designs=M": checked by the validator
    int expectedDesigns = -1;

    int findDesign(std::string_view name) const;
    int findKind(std::string_view name) const;
    int findSymbol(std::string_view name) const;  // -1 when the set has no such symbol
    int findFlag(std::string_view name) const;
    int tileCount() const;                // tiles in the box (start tiles included, board spaces not)
    int designCount() const;              // designs that are tiles
    std::vector<int> deckCounts() const;  // copies of each design left for the draw pile
};

// Reads the text of a tile set. `include` resolves "extends NAME" lines. The result is validated
// (see validateTileSet); any problem is reported as "FILE:LINE: reason" in `error`.
using TileSetSource = std::function<std::optional<std::string>(std::string_view name)>;
std::shared_ptr<const TileSet> loadTileSet(std::string_view name, const TileSetSource& source, std::string& error);

// Checks counts, port coverage, edge consistency and that every design can meet some neighbour on
// every side. Returns the list of problems (empty: valid).
std::vector<std::string> validateTileSet(const TileSet& set);

// Edge code of one edge (0..3) of a rotated design, as the neighbour across that edge must show it.
std::uint16_t edgeCode(const Design& design, int rotation, int edge);
std::uint16_t reversedEdgeCode(std::uint16_t code);

}  // namespace carc
