// The Discovery's entry in the mode list: its options and how a game starts.
#include "discovery_mode.hpp"

#include "discovery_game.hpp"

namespace carc::discovery {

ModeInfo modeInfo() {
    ModeInfo mode;
    mode.id = "discovery";
    mode.title = "The Discovery";
    mode.tileset = "discovery";
    mode.minPlayers = 2;
    mode.maxPlayers = 5;
    mode.options = {
        {"discovery.double-tile", {"off", "on"}, "each player holds 2 face-down tiles, plays one and draws one"},
        {"discovery.equal-turns",
         {"off", "on"},
         "before play, remove tiles face up at random (1 with 2 players, 2 with 3, 3 with 4 or 5)"},
    };
    mode.create = [](const Setup& setup, std::shared_ptr<const TileSet> tiles) -> std::unique_ptr<Game> {
        const auto& specs = modeInfo().options;
        DiscoveryGame::Variants variants;
        variants.doubleTile = setup.option(specs, "discovery.double-tile") == "on";
        variants.equalTurns = setup.option(specs, "discovery.equal-turns") == "on";
        return std::make_unique<DiscoveryGame>(setup, std::move(tiles), variants);
    };
    return mode;
}

}  // namespace carc::discovery
