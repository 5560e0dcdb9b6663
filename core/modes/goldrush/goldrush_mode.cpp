// The Gold Rush mode's entry in the mode list: players, options, components, and how to start a game.
#include "goldrush_mode.hpp"

#include "goldrush_game.hpp"

namespace carc::goldrush {

ModeInfo modeInfo() {
    ModeInfo mode;
    mode.id = "goldrush";
    mode.title = "Carcassonne: Gold Rush";
    mode.tileset = "goldrush";
    mode.minPlayers = 2;
    mode.maxPlayers = 5;
    mode.options = GoldRushGame::options();
    mode.components = "63 mining tokens (10x1, 30x2, 10x3, 3x5, 10x0)";
    mode.create = [](const Setup& setup, std::shared_ptr<const TileSet> tiles) -> std::unique_ptr<Game> {
        return std::make_unique<GoldRushGame>(setup, std::move(tiles));
    };
    return mode;
}

}  // namespace carc::goldrush
