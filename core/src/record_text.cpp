// The text form of game records.
#include <map>
#include <sstream>

#include "carc/record.hpp"
#include "carc/rng.hpp"
#include "text_util.hpp"

namespace carc {

namespace {
constexpr std::string_view kMagic = "carcassonne";
}

std::string formatRecord(const Record& record, const TileSet& tiles) {
    const Setup& s = record.setup;
    std::ostringstream out;
    out << kMagic << ' ' << kRecordVersion << '\n';
    out << "mode " << s.mode << '\n';
    out << "players " << s.players << '\n';
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
    for (const auto& a : record.actions) out << actionText(a, tiles) << '\n';
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
    Setup& setup = result.record.setup;
    std::map<std::string, int> partLine;  // which line set each part of the setup
    for (; i < lines.size(); ++i) {
        lineNo = static_cast<int>(i) + 1;
        std::string_view line = trim(lines[i]);
        if (line.empty() || line[0] == '#') continue;
        auto words = splitWords(line);
        if (!sawVersion) {
            if (words.size() != 2 || words[0] != kMagic) return fail(lineNo, Problem(ProblemCode::NotARecord));
            int version = 0;
            if (!parseInt(words[1], version) || version < 1)
                return fail(lineNo, Problem(ProblemCode::BadRecordVersion));
            if (version > kRecordVersion)
                return fail(lineNo, Problem(ProblemCode::RecordTooNew)
                                        .with(Param::Version, version)
                                        .with(Param::Supported, kRecordVersion));
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
    if (!sawMode || !sawPlayers || !sawSeed) return fail(lineNo, Problem(ProblemCode::SetupIncomplete));
    Problem error;
    std::string where;
    result.game = catalog.newGame(setup, error, &where);
    if (!result.game) return fail(partLine.count(where) ? partLine[where] : lineNo, std::move(error));
    setup = result.game->setup();  // normalised
    for (; i < lines.size(); ++i) {
        lineNo = static_cast<int>(i) + 1;
        std::string_view line = trim(lines[i]);
        if (line.empty() || line[0] == '#') continue;
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
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        if (Problem error = result.game->apply(record.actions[i])) {
            result.error = std::move(error);
            result.error.action = static_cast<int>(i) + 1;
            result.errorLine = static_cast<int>(i) + 1;
            return result;
        }
        result.record.actions.push_back(record.actions[i]);
    }
    return result;
}

}  // namespace carc
