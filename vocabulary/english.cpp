// Wording of problems, breakdowns and token moves from the phrase table (english_phrases.cpp).
#include "carc/english.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "words.hpp"

namespace carc::english {

namespace {

using Values = std::vector<std::pair<std::string_view, std::string>>;

// Replaces each {name} by its value; a placeholder without a value stays as it is.
std::string fill(std::string_view pattern, const Values& values) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size();) {
        if (pattern[i] == '{') {
            const auto close = pattern.find('}', i);
            if (close != std::string_view::npos) {
                const auto name = pattern.substr(i + 1, close - i - 1);
                const auto value =
                    std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == name; });
                if (value != values.end()) {
                    out += value->second;
                    i = close + 1;
                    continue;
                }
            }
        }
        out += pattern[i++];
    }
    return out;
}

std::string_view phrase(std::string_view key) {
    const Phrase* found = find(key);
    return found ? found->text : key;
}

// The ".one" or ".other" form of a key when it has them, else the key's own phrase.
std::string_view counted(const std::string& key, int count) {
    if (const Phrase* form = find(key + (count == 1 ? ".one" : ".other"))) return form->text;
    return phrase(key);
}

std::string partText(const BreakdownPart& part) {
    const std::string_view pattern = counted(key(part.part), part.count);
    const std::string text =
        fill(pattern, {{"count", std::to_string(part.count)}, {"each", std::to_string(part.each)}});
    if (pattern.find("{each}") != std::string_view::npos || part.each == 0 || part.each == 1) return text;
    return fill(phrase("breakdown.times"), {{"part", text}, {"each", std::to_string(part.each)}});
}

}  // namespace

const Phrase* find(std::string_view key) {
    for (const Phrase& p : phrases())
        if (p.key == key) return &p;
    return nullptr;
}

std::string key(ProblemCode code) {
    return "error." + std::string(problemInfo(code).key);
}

std::string key(ScoreRule rule) {
    return "rule." + std::string(ruleInfo(rule).key);
}

std::string key(PartKind part) {
    return "part." + std::string(partInfo(part).key);
}

std::string key(TokenMove move) {
    return "token." + std::string(moveInfo(move).key);
}

std::string paramText(Param name, const ParamValue& value) {
    if (const int* number = std::get_if<int>(&value)) return std::to_string(*number);
    if (const Pos* pos = std::get_if<Pos>(&value)) return posText(*pos);
    if (const std::string* text = std::get_if<std::string>(&value)) {
        if (name == Param::Edge) return std::string(phrase("edge." + *text));
        if (name == Param::Piece) return std::string(phrase("piece." + *text));
        return *text;
    }
    const auto& list = std::get<std::vector<std::string>>(value);
    const std::string_view separator = phrase(name == Param::Drawn ? "list.or" : "list.and");
    std::string out;
    for (std::size_t i = 0; i < list.size(); ++i) out += (i ? std::string(separator) : "") + list[i];
    return out;
}

std::string playerName(const Setup& setup, int player) {
    if (player >= 0 && player < static_cast<int>(setup.names.size())) return setup.names[player];
    return fill(phrase("player.unnamed"), {{"number", std::to_string(player)}});
}

std::string describe(const Problem& problem) {
    if (problem.ok()) return "";
    Values values;
    int count = 0;
    for (const auto& [name, value] : problem.params) {
        values.emplace_back(paramKey(name), paramText(name, value));
        if (name == Param::Count) count = std::get<int>(value);
    }
    std::string text = fill(counted(key(problem.code), count), values);
    if (problem.reveal > 0)
        text = fill(phrase("where.reveal"), {{"reveal", std::to_string(problem.reveal)}, {"problem", text}});
    if (problem.line > 0)
        return fill(phrase("where.line"), {{"line", std::to_string(problem.line)}, {"problem", text}});
    if (problem.action > 0)
        return fill(phrase("where.action"), {{"action", std::to_string(problem.action)}, {"problem", text}});
    return text;
}

std::string describe(const Breakdown& breakdown) {
    if (breakdown.rule == ScoreRule::None) return "";
    const auto parts = breakdown.list();
    const bool allZero = std::all_of(parts.begin(), parts.end(), [](const BreakdownPart& p) { return p.count == 0; });
    Values values;
    std::string joined;
    for (const BreakdownPart& part : parts) {
        const std::string text = partText(part);
        const std::string_view name = partInfo(part.part).key;
        if (std::none_of(values.begin(), values.end(), [&](const auto& v) { return v.first == name; }))
            values.emplace_back(name, text);
        if (part.count == 0 && !allZero) continue;
        if (!joined.empty()) joined += phrase("breakdown.plus");
        joined += text;
    }
    values.emplace_back("parts", joined);
    values.emplace_back("points", std::to_string(breakdown.points()));
    return fill(phrase(key(breakdown.rule)), values);
}

std::string describeMove(const Event& event, std::string_view playerName) {
    if (event.move == TokenMove::None) return "";
    Values values{{"player", std::string(playerName)}};
    int count = 0;
    const auto names = vocabulary::words(moveInfo(event.move).values);
    for (std::size_t i = 0; i < names.size() && i < event.values.size(); ++i) {
        values.emplace_back(names[i], std::to_string(event.values[i]));
        if (names[i] == "count") count = event.values[i];
    }
    return fill(counted(key(event.move), count), values);
}

}  // namespace carc::english
