// Draws tiles, followers and tokens into an ImGui draw list. A tile is its picture from the mode's
// tile atlas (tile_atlas.hpp) drawn into a screen square (top-left corner + side length), turned
// `rotation` quarter turns clockwise: one textured quad, however busy the picture.
#pragma once

#include <vector>

#include "imgui.h"
#include "palette.hpp"
#include "tile_arts.hpp"
#include "tile_atlas.hpp"
#include "tile_geometry/tile_geometry.hpp"

namespace web {

struct TileLook {
    const carc::TileSet* tiles = nullptr;
    const TileArts* art = nullptr;
    const Palette* palette = nullptr;
    const TileAtlas* atlas = nullptr;
};

// alpha < 1 draws a see-through ghost.
void drawTile(ImDrawList* dl, const TileLook& look, int design, int rotation, ImVec2 topLeft, float size,
              float alpha = 1.0f);

// The same tile in flat feature colours, without texture or symbols: what reads at a few pixels a tile
// (the whole board). Fields are the ground under the areas; paths are plain lines.
void drawSimpleTile(ImDrawList* dl, const TileLook& look, int design, int rotation, ImVec2 topLeft, float size);

// A follower: standing (upright meeple) or lying (a farmer), in the player's colour with the player's
// mark (circle, square, triangle, diamond, cross, star) so colour is never the only cue.
void drawFollower(ImDrawList* dl, ImVec2 centre, float size, int player, bool lying, float alpha = 1.0f);
void drawPlayerMark(ImDrawList* dl, ImVec2 centre, float radius, int player, ImU32 colour);
// The mark shape that goes with colour `colourIndex` of the player colour set (palette.hpp).
void drawColourMark(ImDrawList* dl, ImVec2 centre, float radius, int colourIndex, ImU32 colour);

// A tent (Gold Rush): a dark-edged triangle `radius` high in the player's colour, with the player's mark.
void drawTent(ImDrawList* dl, ImVec2 centre, float radius, int player);

// A tunnel token: a coloured disc with the pair number.
void drawTunnelToken(ImDrawList* dl, ImVec2 centre, float size, int player, int number);

// Screen point of a unit-square point of a tile drawn at topLeft/size with rotation.
inline ImVec2 tilePoint(ImVec2 unit, int rotation, ImVec2 topLeft, float size) {
    const carc::art::Vec2 r = carc::art::rotateUnit(carc::art::Vec2(unit.x, unit.y), rotation);
    return ImVec2(topLeft.x + r.x * size, topLeft.y + r.y * size);
}

}  // namespace web
