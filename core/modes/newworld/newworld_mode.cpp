// Placeholder until the newworld mode lands: listed, but starting a game reports that it is missing.
#include "newworld_mode.hpp"

namespace carc::newworld {

ModeInfo modeInfo() {
    ModeInfo mode;
    mode.id = "newworld";
    mode.title = "newworld (not available yet)";
    mode.tileset = "newworld";
    mode.create = [](const Setup&, std::shared_ptr<const TileSet>) -> std::unique_ptr<Game> { return nullptr; };
    return mode;
}

}  // namespace carc::newworld
