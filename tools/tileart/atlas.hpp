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

}  // namespace carc::art
