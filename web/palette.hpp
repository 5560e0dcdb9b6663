// Colours of the board around the tile pictures, and of the players. The tiles' own colours are part
// of their art (lib/tile_geometry/kind_colours.hpp).
#pragma once

#include <string>
#include <vector>

#include "carc/tileset.hpp"
#include "imgui.h"
#include "tile_geometry/tile_geometry.hpp"

namespace web {

struct Palette {
    ImU32 table = 0;            // behind the board
    ImU32 grid = 0;             // legal-cell highlight
    std::vector<ImU32> ground;  // per design: its ground colour, shown while the tile art loads
    std::vector<ImU32> kinds;   // per segment kind: its flat colour (small tiles, painter.cpp)
};

Palette paletteFor(const carc::TileSet& tiles);

// Player colours, told apart by shape as well (colour-blind safe). The set has kMaxSeats colours,
// each paired with its own mark shape; every seat plays one of them (chosen on the setup screen).
constexpr int kMaxSeats = 6;
// Seat -> colour index (no two seats alike); seats not listed play the colour of their number.
void setSeatColours(const std::vector<int>& colourOfSeat);
int seatColour(int player);
ImU32 colourOf(int colourIndex);
ImU32 inkOf(int colourIndex);  // readable mark on top of colourOf
const char* colourKey(int colourIndex);
// The same, for a seat's colour.
ImU32 playerColour(int player);
ImU32 playerInk(int player);  // readable mark on top of playerColour
const char* playerColourKey(int player);

}  // namespace web
