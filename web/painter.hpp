// Draws tiles, followers and tokens into an ImGui draw list. A tile is drawn from its TileArt into a
// screen square (top-left corner + side length), turned `rotation` quarter turns clockwise.
#pragma once

#include <vector>

#include "imgui.h"
#include "palette.hpp"
#include "tile_art.hpp"

namespace web {

struct TileLook {
    const carc::TileSet* tiles = nullptr;
    const std::vector<TileArt>* art = nullptr;
    const Palette* palette = nullptr;
};

// alpha < 1 draws a see-through ghost.
void drawTile(ImDrawList* dl, const TileLook& look, int design, int rotation, ImVec2 topLeft, float size,
              float alpha = 1.0f);

// A follower: standing (upright meeple) or lying (a farmer), in the player's colour with the player's
// mark (circle, square, triangle, diamond, cross, star) so colour is never the only cue.
void drawFollower(ImDrawList* dl, ImVec2 centre, float size, int player, bool lying, float alpha = 1.0f);
void drawPlayerMark(ImDrawList* dl, ImVec2 centre, float radius, int player, ImU32 colour);

// A tunnel token: a coloured disc with the pair number.
void drawTunnelToken(ImDrawList* dl, ImVec2 centre, float size, int player, int number);

// Screen point of a unit-square point of a tile drawn at topLeft/size with rotation.
inline ImVec2 tilePoint(ImVec2 unit, int rotation, ImVec2 topLeft, float size) {
    const ImVec2 r = rotateUnit(unit, rotation);
    return ImVec2(topLeft.x + r.x * size, topLeft.y + r.y * size);
}

}  // namespace web
