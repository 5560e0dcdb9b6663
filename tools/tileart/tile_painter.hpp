// Paints one tile design into a canvas, from its geometry (tile_geometry.hpp) and its tile set's
// kind colours: landscape fills with textures (grass, stone, waves, rock), walls and shores, paths
// (roads, trails, railroads with sleepers) and buildings. Symbols are separate sprites, drawn by name
// (pennant, nugget, tipi, horses, locomotive, flag, trading post, animal, port city), which the game
// puts upright over the tiles; a symbol the painter does not know shows as a round badge, so a new
// tile set still shows where its symbols are.
#pragma once

#include <string>

#include "canvas.hpp"
#include "tile_geometry/kind_colours.hpp"
#include "tile_geometry/tile_geometry.hpp"

namespace carc::art {

// Paints design `design` unrotated over the whole (square) canvas.
void paintTile(Canvas& canvas, const TileSet& tiles, const std::vector<KindColours>& colours, const TileArt& art,
               int design);

// Paints symbol `name` centred on the (square) canvas, `radius` cell sides large, on a black or white
// ground (the atlas derives the sprite's transparency from the two).
void paintSymbol(Canvas& canvas, const std::string& name, bool onWater, float radius);

}  // namespace carc::art
