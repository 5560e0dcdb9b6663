// The New World (Mayflower) entry of the mode list, its options, and how a game starts.
#include "newworld_mode.hpp"

#include "newworld_game.hpp"

namespace carc::newworld {

std::vector<OptionSpec> options() {
    return {
        {kFinalBonusOption,
         {"off", "on"},
         "surveyor bonus (+4 per surveyor in the settler's column) also at final scoring"},
        {kSurveyorStartOption,
         {"board", "track"},
         "house rule 'track': one surveyor starts on score-track space 0, advances per completed trail, town or "
         "farm, enters the board at 5"},
    };
}

ModeInfo modeInfo() {
    ModeInfo mode;
    mode.id = "newworld";
    mode.title = "New World (Mayflower)";
    mode.tileset = "newworld";
    mode.minPlayers = 2;
    mode.maxPlayers = 5;
    mode.options = options();
    mode.components = "2 surveyors, 5 settlers per player";
    mode.create = [](const Setup& setup, std::shared_ptr<const TileSet> tiles) -> std::unique_ptr<Game> {
        return std::make_unique<NewWorldGame>(setup, std::move(tiles));
    };
    return mode;
}

}  // namespace carc::newworld
