// Colours of segment kinds, per tile set: every kind gets a fill, an edge colour and a detail colour
// (texture marks). Kinds we know by name get hand-picked colours (a tile set may give a kind its own
// look, e.g. Gold Rush's red-brown mountains); any other kind gets a stable colour from its name and
// class, so a new spin-off shows up without new code.
#pragma once

#include <cstdint>
#include <vector>

#include "carc/tileset.hpp"

namespace carc::art {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
};

struct KindColours {
    Rgb fill;    // area/field fill, single glyph body, path surface
    Rgb edge;    // city walls, path borders, glyph outlines
    Rgb detail;  // texture marks (grass, stones, waves)
};

// By TileSet::kinds index.
std::vector<KindColours> kindColours(const TileSet& tiles);

// The sea around a start space's coast.
constexpr KindColours kCoastSea{{64, 122, 178}, {34, 76, 124}, {120, 170, 218}};

}  // namespace carc::art
