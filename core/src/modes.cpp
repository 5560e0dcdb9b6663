#include "carc/modes.hpp"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <sstream>

#include "carc/record.hpp"
#include "carc/utf8.hpp"

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

Problem normaliseSetup(Setup& setup, const TileSet& tiles, std::string* where) {
    auto at = [&](const std::string& part) {
        if (where) *where = part;
    };
    const ModeInfo* mode = findMode(setup.mode);
    at("mode");
    if (!mode) {
        std::vector<std::string> known;
        for (const auto& m : allModes()) known.push_back(m.id);
        return Problem(ProblemCode::UnknownMode).with(Param::Mode, setup.mode).with(Param::Modes, std::move(known));
    }
    at("version");
    if (setup.recordVersion < 1 || setup.recordVersion > kRecordVersion)
        return setup.recordVersion > kRecordVersion ? Problem(ProblemCode::RecordTooNew)
                                                          .with(Param::Version, setup.recordVersion)
                                                          .with(Param::Supported, kRecordVersion)
                                                    : Problem(ProblemCode::BadRecordVersion);
    at("players");
    if (setup.players < mode->minPlayers || setup.players > mode->maxPlayers)
        return Problem(ProblemCode::PlayersOutOfRange)
            .with(Param::Mode, mode->id)
            .with(Param::Min, mode->minPlayers)
            .with(Param::Max, mode->maxPlayers)
            .with(Param::Players, setup.players);
    std::vector<std::pair<std::string, std::string>> kept;
    for (const auto& [key, value] : setup.options) {
        at("option " + key);
        auto spec = std::find_if(mode->options.begin(), mode->options.end(),
                                 [&key = key](const OptionSpec& s) { return s.key == key; });
        if (spec == mode->options.end())
            return Problem(ProblemCode::UnknownOption).with(Param::Option, key).with(Param::Mode, mode->id);
        if (std::find(spec->values.begin(), spec->values.end(), value) == spec->values.end())
            return Problem(ProblemCode::OptionValue)
                .with(Param::Option, key)
                .with(Param::Values, spec->values)
                .with(Param::Value, value);
        for (const auto& [k, v] : kept)
            if (k == key) return Problem(ProblemCode::OptionRepeated).with(Param::Option, key);
        if (value != spec->values.front()) kept.emplace_back(key, value);
    }
    std::sort(kept.begin(), kept.end());
    at("names");
    setup.options = std::move(kept);
    if (!setup.names.empty() && static_cast<int>(setup.names.size()) != setup.players)
        return Problem(ProblemCode::NamesCount)
            .with(Param::Count, static_cast<int>(setup.names.size()))
            .with(Param::Players, setup.players);
    for (const auto& name : setup.names)
        if (const auto length = utf8Length(name); !length || *length < 1 || *length > 24 ||
                                                  name.find_first_of(",\n\r\t") != std::string::npos ||
                                                  name.front() == ' ' || name.back() == ' ')
            return Problem(ProblemCode::BadPlayerName);
    at("dealt");
    if (setup.dealt && setup.recordVersion < 2) return Problem(ProblemCode::DealtNeedsVersion2);
    if (setup.dealt && !setup.deck.empty()) return Problem(ProblemCode::DealtHasDeck);
    if (setup.dealt) {
        const auto counts = tiles.deckCounts();
        const int full = std::accumulate(counts.begin(), counts.end(), 0);
        if (setup.pileSize == 0) setup.pileSize = full;
        if (setup.pileSize < 1 || setup.pileSize > full)
            return Problem(ProblemCode::DealtPileSize).with(Param::Max, full).with(Param::Count, setup.pileSize);
    }
    at("reveal 0");
    if (!setup.dealt && !setup.reveals.empty()) return Problem(ProblemCode::RevealsNeedDealt);
    at("deck");
    if (!setup.deck.empty()) {
        auto counts = tiles.deckCounts();
        for (const auto& name : setup.deck) {
            const int d = tiles.findDesign(name);
            if (d < 0 || tiles.designs[d].boardSpace)
                return Problem(ProblemCode::DeckUnknownTile).with(Param::Tile, name);
            if (--counts[d] < 0) return Problem(ProblemCode::DeckTooMany).with(Param::Tile, name);
        }
    }
    return {};
}

Catalog::Catalog(TileSetSource source) : source_(std::move(source)) {}

std::shared_ptr<const TileSet> Catalog::tileSet(std::string_view name, std::string& error) {
    std::lock_guard lock(mutex_);
    if (auto it = cache_.find(name); it != cache_.end()) return it->second;
    auto set = loadTileSet(name, source_, error);
    if (set) cache_.emplace(std::string(name), set);
    return set;
}

std::unique_ptr<Game> Catalog::newGame(Setup setup, Problem& problem, std::string* where) {
    problem = {};
    const ModeInfo* mode = findMode(setup.mode);
    if (!mode) {
        Setup copy = setup;
        TileSet none;
        problem = normaliseSetup(copy, none, where);
        return nullptr;
    }
    if (where) *where = "mode";
    std::string tilesetError;
    auto tiles = tileSet(mode->tileset, tilesetError);
    if (!tiles) {
        problem = Problem(ProblemCode::TilesetUnreadable)
                      .with(Param::Tileset, mode->tileset)
                      .with(Param::Detail, tilesetError);
        return nullptr;
    }
    problem = normaliseSetup(setup, *tiles, where);
    if (problem) return nullptr;
    auto game = mode->create(setup, tiles);
    if (!game) {
        problem = Problem(ProblemCode::ModeUnavailable).with(Param::Mode, mode->id);
    } else if (game->setupProblem()) {
        if (where) *where = "reveal " + std::to_string(game->setupProblemReveal());
        problem = game->setupProblem();
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
