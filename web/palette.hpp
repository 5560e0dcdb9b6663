// Colours of the board, per game mode: every segment kind gets a fill, an edge colour and (for paths)
// a surface colour. Kinds we know by name get hand-picked colours; any other kind (a spin-off that
// lands later) gets a colour from its class, so it shows up without new code.
#pragma once

#include <string>
#include <vector>

#include "carc/tileset.hpp"
#include "imgui.h"

namespace web {

struct KindLook {
    ImU32 fill = 0;    // area/field fill, single glyph body, path surface
    ImU32 edge = 0;    // city walls, path borders, glyph outlines
    ImU32 detail = 0;  // texture marks (grass tufts, roof tiles, waves)
};

struct Palette {
    ImU32 table = 0;   // behind the board
    ImU32 grid = 0;    // legal-cell highlight
    ImU32 symbol = 0;  // pennants and other symbols
    ImU32 symbolMark = 0;
    std::vector<KindLook> kinds;  // by TileSet::kinds index
};

Palette paletteFor(const carc::TileSet& tiles);

// Player colours, told apart by shape as well (colour-blind safe).
constexpr int kMaxSeats = 6;
ImU32 playerColour(int player);
ImU32 playerInk(int player);  // readable mark on top of playerColour
const char* playerColourKey(int player);

}  // namespace web
