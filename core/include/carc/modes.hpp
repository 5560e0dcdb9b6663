// The game modes: what each is called, who may play it, its options, and how to start one.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "carc/game.hpp"
#include "carc/problem.hpp"
#include "carc/setup.hpp"
#include "carc/tileset.hpp"

namespace carc {

struct ModeInfo {
    std::string id;  // "base", "base+tunnel", "newworld", "discovery", "goldrush"
    std::string title;
    std::string tileset;  // name of the tile-set file in assets/tilesets (without .tiles)
    int minPlayers = 2;
    int maxPlayers = 5;
    std::vector<OptionSpec> options;
    std::string components;  // extra pieces `carc tiles` reports, e.g. "63 mining tokens"
    std::function<std::unique_ptr<Game>(const Setup&, std::shared_ptr<const TileSet>)> create;
};

// Every mode, in menu order. Adding a mode is adding its module and one line in modes.cpp.
const std::vector<ModeInfo>& allModes();
const ModeInfo* findMode(std::string_view id);

// Checks a setup against its mode (players, options, explicit deck) and puts the options in
// canonical order with defaults dropped. Returns the problem (none when fine); `where` (if given) names
// the part at fault: "mode", "version", "players", "option KEY", "names", "dealt", "reveal N" or "deck".
Problem normaliseSetup(Setup& setup, const TileSet& tiles, std::string* where = nullptr);

// Loads tile sets once (from files, or any source) and starts games.
class Catalog {
public:
    explicit Catalog(TileSetSource source);
    // A tile set, or null with the tile-set file's diagnostic (for its authors, in English) in `error`.
    std::shared_ptr<const TileSet> tileSet(std::string_view name, std::string& error);
    // A new game at its first turn, or nullptr with the reason in `problem`.
    std::unique_ptr<Game> newGame(Setup setup, Problem& problem, std::string* where = nullptr);

private:
    TileSetSource source_;
    std::map<std::string, std::shared_ptr<const TileSet>, std::less<>> cache_;
    std::mutex mutex_;
};

// A source that reads NAME.tiles from a folder.
TileSetSource folderSource(std::string folder);

}  // namespace carc
