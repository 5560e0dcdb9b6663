// The text form of game records.
#include <map>
#include <optional>
#include <sstream>

#include "carc/record.hpp"
#include "carc/rng.hpp"
#include "text_util.hpp"

namespace carc {

namespace {
constexpr std::string_view kMagic = "carcassonne";

// "reveal tile 12 E" / "reveal token 40 2" (dealt records).
std::optional<Reveal> parseReveal(const std::vector<std::string_view>& words, const TileSet& tiles, Problem& error) {
    Reveal r;
    if (words.size() != 4 || (words[1] != "tile" && words[1] != "token")) {
        error = Problem(ProblemCode::ExpectedRevealLine);
        return std::nullopt;
    }
    r.kind = words[1] == "tile" ? SecretKind::Tile : SecretKind::Token;
    if (!parseInt(words[2], r.index) || r.index < 0) {
        error = Problem(ProblemCode::BadPilePosition).with(Param::Text, std::string(words[2]));
        return std::nullopt;
    }
    if (r.kind == SecretKind::Tile) {
        r.value = tiles.findDesign(words[3]);
        if (r.value < 0 || tiles.designs[r.value].boardSpace) {
            error = Problem(ProblemCode::UnknownTile).with(Param::Tile, std::string(words[3]));
            return std::nullopt;
        }
    } else if (!parseInt(words[3], r.value) || r.value < 0) {
        error = Problem(ProblemCode::BadTokenValue).with(Param::Text, std::string(words[3]));
        return std::nullopt;
    }
    return r;
}
}  // namespace

std::optional<Reveal> parseRevealLine(std::string_view line, const TileSet& tiles, Problem& error) {
    const auto words = splitWords(trim(line));
    if (words.empty() || words[0] != "reveal") {
        error = Problem(ProblemCode::ExpectedRevealLine);
        return std::nullopt;
    }
    return parseReveal(words, tiles, error);
}

std::string revealText(const Reveal& r, const TileSet& tiles) {
    const std::string value =
        r.kind == SecretKind::Tile && r.value >= 0 && r.value < static_cast<int>(tiles.designs.size())
            ? tiles.designs[r.value].name
            : std::to_string(r.value);
    return "reveal " + std::string(secretKindName(r.kind)) + " " + std::to_string(r.index) + " " + value;
}

std::string formatRecord(const Record& record, const TileSet& tiles) {
    const Setup& s = record.setup;
    std::ostringstream out;
    out << kMagic << ' ' << s.recordVersion << '\n';
    out << "mode " << s.mode << '\n';
    out << "players " << s.players << '\n';
    if (s.dealt)
        out << "dealt " << s.pileSize << '\n';
    else
        out << "seed " << seedToText(s.seed) << '\n';
    for (const auto& [key, value] : s.options) out << "option " << key << '=' << value << '\n';
    if (!s.names.empty()) {
        out << "names ";
        for (std::size_t i = 0; i < s.names.size(); ++i) out << (i ? "," : "") << s.names[i];
        out << '\n';
    }
    if (!s.deck.empty()) {
        out << "deck";
        for (const auto& d : s.deck) out << ' ' << d;
        out << '\n';
    }
    for (const auto& r : s.reveals) out << revealText(r, tiles) << '\n';
    std::size_t nextReveal = 0;
    auto revealsBefore = [&](std::size_t action) {
        for (; nextReveal < record.reveals.size() && record.reveals[nextReveal].before <= action; ++nextReveal)
            out << revealText(record.reveals[nextReveal].reveal, tiles) << '\n';
    };
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        revealsBefore(i);
        out << actionText(record.actions[i], tiles) << '\n';
    }
    revealsBefore(record.actions.size());
    return out.str();
}

Replay replayText(std::string_view text, Catalog& catalog) {
    Replay result;
    auto fail = [&](int line, Problem why) {
        result.error = std::move(why);
        result.error.line = line;
        result.errorLine = line;
        return std::move(result);
    };
    if (text.size() > (4u << 20)) return fail(1, Problem(ProblemCode::RecordTooLarge));
    auto lines = splitChar(text, '\n');
    std::size_t i = 0;
    int lineNo = 0;
    // Header: the version line first, then setup lines until the first action.
    bool sawMode = false, sawPlayers = false, sawSeed = false, sawVersion = false;
    int version = 0;
    std::vector<int> revealLines;                  // the line of each setup reveal
    std::vector<std::string_view> pendingReveals;  // header reveal lines, parsed once the tile set is known
    Setup& setup = result.record.setup;
    std::map<std::string, int> partLine;  // which line set each part of the setup
    for (; i < lines.size(); ++i) {
        lineNo = static_cast<int>(i) + 1;
        std::string_view line = trim(lines[i]);
        if (line.empty() || line[0] == '#') continue;
        auto words = splitWords(line);
        if (!sawVersion) {
            if (words.size() != 2 || words[0] != kMagic) return fail(lineNo, Problem(ProblemCode::NotARecord));
            if (!parseInt(words[1], version) || version < 1)
                return fail(lineNo, Problem(ProblemCode::BadRecordVersion));
            if (version > kRecordVersion)
                return fail(lineNo, Problem(ProblemCode::RecordTooNew)
                                        .with(Param::Version, version)
                                        .with(Param::Supported, kRecordVersion));
            setup.recordVersion = version;
            sawVersion = true;
            continue;
        }
        const std::string_view key = words[0];
        partLine[key == "option" && words.size() == 2 ? "option " + std::string(splitChar(words[1], '=')[0])
                                                      : std::string(key)] = lineNo;
        if (key == "mode") {
            if (sawMode || words.size() != 2) return fail(lineNo, Problem(ProblemCode::ExpectedModeLine));
            setup.mode = std::string(words[1]);
            sawMode = true;
        } else if (key == "players") {
            if (sawPlayers || words.size() != 2 || !parseInt(words[1], setup.players))
                return fail(lineNo, Problem(ProblemCode::ExpectedPlayersLine));
            sawPlayers = true;
        } else if (key == "seed") {
            auto seed = words.size() == 2 ? seedFromText(words[1]) : std::nullopt;
            if (sawSeed || !seed) return fail(lineNo, Problem(ProblemCode::ExpectedSeedLine));
            setup.seed = *seed;
            sawSeed = true;
        } else if (key == "dealt" && version >= 2) {
            if (sawSeed || words.size() != 2 || !parseInt(words[1], setup.pileSize) || setup.pileSize < 1)
                return fail(lineNo, Problem(ProblemCode::ExpectedSeedOrDealtLine));
            setup.dealt = true;
            sawSeed = true;
        } else if (key == "reveal" && version >= 2) {
            pendingReveals.push_back(line);
            revealLines.push_back(lineNo);
        } else if (key == "option") {
            auto kv = words.size() == 2 ? splitChar(words[1], '=') : std::vector<std::string_view>{};
            if (kv.size() != 2 || kv[0].empty()) return fail(lineNo, Problem(ProblemCode::ExpectedOptionLine));
            setup.options.emplace_back(std::string(kv[0]), std::string(kv[1]));
        } else if (key == "names") {
            if (!setup.names.empty()) return fail(lineNo, Problem(ProblemCode::NamesRepeated));
            for (auto name : splitChar(trim(line.substr(5)), ',')) setup.names.emplace_back(trim(name));
        } else if (key == "deck") {
            if (!setup.deck.empty() || words.size() < 2) return fail(lineNo, Problem(ProblemCode::ExpectedDeckLine));
            for (std::size_t w = 1; w < words.size(); ++w) setup.deck.emplace_back(words[w]);
        } else {
            break;  // the first action
        }
    }
    if (!sawVersion) return fail(lineNo ? lineNo : 1, Problem(ProblemCode::EmptyRecord));
    if (!sawMode || !sawPlayers || !sawSeed)
        return fail(lineNo, Problem(version >= 2 ? ProblemCode::SetupIncompleteDealt : ProblemCode::SetupIncomplete));
    Problem error;
    std::string where;
    if (!pendingReveals.empty()) {
        // Reveals name tiles, so the mode's tile set must be known to read them.
        const ModeInfo* mode = findMode(setup.mode);
        std::string tilesetError;
        auto tiles = mode ? catalog.tileSet(mode->tileset, tilesetError) : nullptr;
        for (std::size_t r = 0; tiles && r < pendingReveals.size(); ++r) {
            auto reveal = parseReveal(splitWords(pendingReveals[r]), *tiles, error);
            if (!reveal) return fail(revealLines[r], std::move(error));
            setup.reveals.push_back(*reveal);
        }
    }
    result.game = catalog.newGame(setup, error, &where);
    if (!result.game) {
        int failed = -1;
        if (where.rfind("reveal ", 0) == 0 && parseInt(std::string_view(where).substr(7), failed) && failed >= 0 &&
            failed < static_cast<int>(revealLines.size()))
            return fail(revealLines[static_cast<std::size_t>(failed)], std::move(error));
        return fail(partLine.count(where) ? partLine[where] : lineNo, std::move(error));
    }
    setup = result.game->setup();  // normalised
    for (; i < lines.size(); ++i) {
        lineNo = static_cast<int>(i) + 1;
        std::string_view line = trim(lines[i]);
        if (line.empty() || line[0] == '#') continue;
        if (line.substr(0, 7) == "reveal " && version >= 2) {
            auto reveal = parseReveal(splitWords(line), result.game->tileSet(), error);
            if (!reveal) return fail(lineNo, std::move(error));
            error = result.game->reveal(*reveal);
            if (error) return fail(lineNo, std::move(error));
            result.record.reveals.push_back({result.record.actions.size(), *reveal});
            continue;
        }
        auto action = parseAction(line, result.game->tileSet(), error);
        if (!action) return fail(lineNo, std::move(error));
        error = result.game->apply(*action);
        if (error) return fail(lineNo, std::move(error));
        result.record.actions.push_back(*action);
    }
    return result;
}

Replay replayRecord(const Record& record, Catalog& catalog) {
    Replay result;
    result.record.setup = record.setup;
    result.game = catalog.newGame(record.setup, result.error);
    if (!result.game) return result;
    result.record.setup = result.game->setup();
    std::size_t nextReveal = 0;
    auto revealsBefore = [&](std::size_t action) {
        for (; nextReveal < record.reveals.size() && record.reveals[nextReveal].before <= action; ++nextReveal) {
            if (Problem error = result.game->reveal(record.reveals[nextReveal].reveal)) {
                result.error = std::move(error);
                result.error.reveal = static_cast<int>(nextReveal) + 1;
                result.errorLine = static_cast<int>(action) + 1;
                return false;
            }
            result.record.reveals.push_back(record.reveals[nextReveal]);
        }
        return true;
    };
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        if (!revealsBefore(i)) return result;
        if (Problem error = result.game->apply(record.actions[i])) {
            result.error = std::move(error);
            result.error.action = static_cast<int>(i) + 1;
            result.errorLine = static_cast<int>(i) + 1;
            return result;
        }
        result.record.actions.push_back(record.actions[i]);
    }
    revealsBefore(record.actions.size());
    return result;
}

}  // namespace carc
