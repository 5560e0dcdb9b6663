// The tile geometry of a tile set's designs (lib/tile_geometry), each built the first time something
// asks for it: a game starts without building every design's (0.1-0.2 s in the large sets of New World
// and The Discovery, docs/load-time.md), and a frame builds only the designs it draws.
#pragma once

#include <optional>
#include <vector>

#include "carc/tileset.hpp"
#include "tile_geometry/tile_geometry.hpp"

namespace web {

class TileArts {
public:
    TileArts() = default;
    explicit TileArts(const carc::TileSet& tiles) : tiles_(&tiles), built_(tiles.designs.size()) {}
    const carc::art::TileArt& operator[](size_t design) const;
    int builtCount() const;  // designs built so far (the test hook reports it)

private:
    const carc::TileSet* tiles_ = nullptr;
    mutable std::vector<std::optional<carc::art::TileArt>> built_;  // sized once: references stay valid
};

}  // namespace web
