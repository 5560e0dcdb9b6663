// Placeholder until the goldrush mode lands: listed, but starting a game reports that it is missing.
#include "goldrush_mode.hpp"

namespace carc::goldrush {

ModeInfo modeInfo() {
    ModeInfo mode;
    mode.id = "goldrush";
    mode.title = "goldrush (not available yet)";
    mode.tileset = "goldrush";
    mode.create = [](const Setup&, std::shared_ptr<const TileSet>) -> std::unique_ptr<Game> { return nullptr; };
    return mode;
}

}  // namespace carc::goldrush
