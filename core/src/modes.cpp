#include "carc/modes.hpp"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <sstream>

#include "carc/record.hpp"

#include "../modes/base/base_game.hpp"
#include "../modes/discovery/discovery_mode.hpp"
#include "../modes/goldrush/goldrush_mode.hpp"
#include "../modes/newworld/newworld_mode.hpp"

namespace carc {

const std::vector<ModeInfo>& allModes() {
    static const std::vector<ModeInfo> modes = {
        base::baseMode(), base::tunnelMode(), newworld::modeInfo(), discovery::modeInfo(), goldrush::modeInfo(),
    };
    return modes;
}

const ModeInfo* findMode(std::string_view id) {
    for (const auto& mode : allModes())
        if (mode.id == id) return &mode;
    return nullptr;
}

std::string Setup::option(const std::vector<OptionSpec>& specs, const std::string& key) const {
    for (const auto& [k, v] : options)
        if (k == key) return v;
    for (const auto& spec : specs)
        if (spec.key == key) return spec.values.front();
    return "";
}

std::string normaliseSetup(Setup& setup, const TileSet& tiles, std::string* where) {
    auto at = [&](const std::string& part) {
        if (where) *where = part;
    };
    const ModeInfo* mode = findMode(setup.mode);
    at("mode");
    if (!mode) {
        std::string known;
        for (const auto& m : allModes()) known += (known.empty() ? "" : ", ") + m.id;
        return "unknown mode '" + setup.mode + "' (modes: " + known + ")";
    }
    at("version");
    if (setup.recordVersion < 1 || setup.recordVersion > kRecordVersion)
        return setup.recordVersion > kRecordVersion
                   ? "record version " + std::to_string(setup.recordVersion) + " is newer than this program (" +
                         std::to_string(kRecordVersion) + ")"
                   : "bad record version";
    at("players");
    if (setup.players < mode->minPlayers || setup.players > mode->maxPlayers)
        return mode->id + " is for " + std::to_string(mode->minPlayers) + "-" + std::to_string(mode->maxPlayers) +
               " players, not " + std::to_string(setup.players);
    std::vector<std::pair<std::string, std::string>> kept;
    for (const auto& [key, value] : setup.options) {
        at("option " + key);
        auto spec = std::find_if(mode->options.begin(), mode->options.end(),
                                 [&key = key](const OptionSpec& s) { return s.key == key; });
        if (spec == mode->options.end()) return "unknown option '" + key + "' for mode " + mode->id;
        if (std::find(spec->values.begin(), spec->values.end(), value) == spec->values.end()) {
            std::string allowed;
            for (const auto& v : spec->values) allowed += (allowed.empty() ? "" : ", ") + v;
            return "option " + key + " takes " + allowed + ", not '" + value + "'";
        }
        for (const auto& [k, v] : kept)
            if (k == key) return "option " + key + " given twice";
        if (value != spec->values.front()) kept.emplace_back(key, value);
    }
    std::sort(kept.begin(), kept.end());
    at("names");
    setup.options = std::move(kept);
    if (!setup.names.empty() && static_cast<int>(setup.names.size()) != setup.players)
        return "names lists " + std::to_string(setup.names.size()) + " players, setup has " +
               std::to_string(setup.players);
    for (const auto& name : setup.names)
        if (name.empty() || name.size() > 24 || name.find_first_of(",\n\r\t") != std::string::npos ||
            name.front() == ' ' || name.back() == ' ')
            return "player names are 1-24 characters without commas, tabs, line breaks or blanks at either end";
    at("dealt");
    if (setup.dealt && setup.recordVersion < 2) return "dealt games need record version 2";
    if (setup.dealt && !setup.deck.empty()) return "a dealt game has no deck line (its tiles are revealed as drawn)";
    if (setup.dealt) {
        const auto counts = tiles.deckCounts();
        const int full = std::accumulate(counts.begin(), counts.end(), 0);
        if (setup.pileSize == 0) setup.pileSize = full;
        if (setup.pileSize < 1 || setup.pileSize > full)
            return "a dealt pile holds 1-" + std::to_string(full) + " tiles, not " + std::to_string(setup.pileSize);
    }
    at("reveal 0");
    if (!setup.dealt && !setup.reveals.empty())
        return "reveal lines belong to dealt games (a game with a seed knows every value)";
    at("deck");
    if (!setup.deck.empty()) {
        auto counts = tiles.deckCounts();
        for (const auto& name : setup.deck) {
            const int d = tiles.findDesign(name);
            if (d < 0 || tiles.designs[d].boardSpace) return "deck names unknown tile '" + name + "'";
            if (--counts[d] < 0) return "deck holds more " + name + " tiles than the set has";
        }
    }
    return "";
}

Catalog::Catalog(TileSetSource source) : source_(std::move(source)) {}

std::shared_ptr<const TileSet> Catalog::tileSet(std::string_view name, std::string& error) {
    std::lock_guard lock(mutex_);
    if (auto it = cache_.find(name); it != cache_.end()) return it->second;
    auto set = loadTileSet(name, source_, error);
    if (set) cache_.emplace(std::string(name), set);
    return set;
}

std::unique_ptr<Game> Catalog::newGame(Setup setup, std::string& error, std::string* where) {
    const ModeInfo* mode = findMode(setup.mode);
    if (!mode) {
        Setup copy = setup;
        TileSet none;
        error = normaliseSetup(copy, none, where);
        return nullptr;
    }
    if (where) *where = "mode";
    auto tiles = tileSet(mode->tileset, error);
    if (!tiles) return nullptr;
    error = normaliseSetup(setup, *tiles, where);
    if (!error.empty()) return nullptr;
    auto game = mode->create(setup, tiles);
    if (!game) {
        error = "mode " + mode->id + " is not available in this build";
    } else if (!game->setupProblem().empty()) {
        if (where) *where = "reveal " + std::to_string(game->setupProblemReveal());
        error = game->setupProblem();
        game.reset();
    }
    return game;
}

TileSetSource folderSource(std::string folder) {
    return [folder = std::move(folder)](std::string_view name) -> std::optional<std::string> {
        if (name.empty() || name.find_first_of("/\\.") != std::string_view::npos) return std::nullopt;
        std::ifstream in(folder + "/" + std::string(name) + ".tiles", std::ios::binary);
        if (!in) return std::nullopt;
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    };
}

}  // namespace carc
