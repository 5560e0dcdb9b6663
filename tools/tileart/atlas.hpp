// A tile set's atlas: every design and symbol sprite painted into its cell (atlas_layout.hpp), RGBA,
// 8 bits a channel (tiles opaque, sprites transparent around their symbol).
#pragma once

#include <cstdint>
#include <vector>

#include "carc/tileset.hpp"
#include "tile_geometry/atlas_layout.hpp"

namespace carc::art {

struct AtlasImage {
    AtlasLayout layout;
    std::vector<std::uint8_t> rgba;  // layout.width() x layout.height(), rows top to bottom
};

AtlasImage renderAtlas(const TileSet& tiles);

// The half-size atlas of `full` (layout.halved()): each pixel the mean of the 2x2 it covers, colours
// weighted by their alpha so that a sprite's transparent surround does not darken its symbol's rim.
AtlasImage halveAtlas(const AtlasImage& full);

}  // namespace carc::art
