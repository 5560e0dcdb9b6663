// Where the spots of a step are drawn so that each can be hit (by a finger on touch): a tile whose
// spots lie closer together than `gap` gets them on a ring around it, each in the direction of its
// place on the tile (a line joins the two), and spots of neighbouring tiles still too close are pushed
// apart. The tile's picture stays clear of them.
#pragma once

#include <vector>

#include "imgui.h"

namespace web {

struct SpotAnchor {
    ImVec2 at;          // the spot's place on its tile, on screen
    ImVec2 tileCentre;  // the middle of that tile, on screen
    float tileSize = 0;
    int tile = -1;  // spots of one tile fan out together
};

// The screen point of each spot, in the order given.
std::vector<ImVec2> fanOutSpots(const std::vector<SpotAnchor>& spots, float gap);

// How far from a tile's middle a ring of `count` spots `gap` apart lies.
float fanRadius(int count, float tileSize, float gap);

}  // namespace web
