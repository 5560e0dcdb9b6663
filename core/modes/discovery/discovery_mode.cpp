// Placeholder until the discovery mode lands: listed, but starting a game reports that it is missing.
#include "discovery_mode.hpp"

namespace carc::discovery {

ModeInfo modeInfo() {
    ModeInfo mode;
    mode.id = "discovery";
    mode.title = "discovery (not available yet)";
    mode.tileset = "discovery";
    mode.create = [](const Setup&, std::shared_ptr<const TileSet>) -> std::unique_ptr<Game> { return nullptr; };
    return mode;
}

}  // namespace carc::discovery
