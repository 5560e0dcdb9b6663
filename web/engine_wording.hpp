// The engine's codes in the player's language: problems, score breakdowns and New World's surveyor
// moves, worded from the catalogues with the codes' parameters (docs/events.md lists the codes,
// docs/translating.md the groups). The groups: "problem." (one text per problem code), "problem_at."
// (where a record stopped), "problem_word." (edges, pieces, lists), "rule." (a breakdown: {{parts}},
// {{points}} or one part by its key; "rule_card.": the feature card's, where it differs), "part." (one
// part, plural by its count), "breakdown." (joining parts) and "token." (the surveyors' moves). No
// ImGui here, so the native tests can include it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "carc/breakdown.hpp"
#include "carc/game.hpp"
#include "carc/problem.hpp"
#include "i18n/translator.hpp"

namespace web::wording {

using carc::i18n::Arg;
using carc::i18n::Translator;

inline std::string key(std::string_view group, std::string_view name) {
    return std::string(group) + std::string(name);
}

// A list of names joined as the language joins them: "E or F", "base, newworld".
inline std::string joined(const Translator& t, const std::vector<std::string>& items, std::string_view how) {
    std::string text;
    for (const auto& item : items)
        text = text.empty() ? item : t.format(key("problem_word.", how), {{"list", text}, {"item", item}});
    return text;
}

inline std::string paramText(const Translator& t, carc::Param name, const carc::ParamValue& value) {
    if (const int* number = std::get_if<int>(&value)) return std::to_string(*number);
    if (const carc::Pos* pos = std::get_if<carc::Pos>(&value)) return carc::posText(*pos);
    if (const std::string* text = std::get_if<std::string>(&value)) {
        const std::string* word =
            name == carc::Param::Edge || name == carc::Param::Piece ? t.text(key("problem_word.", *text)) : nullptr;
        return word ? *word : *text;
    }
    return joined(t, std::get<std::vector<std::string>>(value), name == carc::Param::Drawn ? "or" : "and");
}

// "line 12: that portal already holds a tunnel token", in the current language.
inline std::string problem(const Translator& t, const carc::Problem& problem) {
    if (problem.ok()) return "";
    std::vector<Arg> args;
    for (const auto& [name, value] : problem.params) {
        if (const int* number = std::get_if<int>(&value); number && name == carc::Param::Count)
            args.emplace_back(carc::paramKey(name), *number);  // chooses the plural form
        else
            args.emplace_back(carc::paramKey(name), paramText(t, name, value));
    }
    std::string text = t.format(key("problem.", carc::problemInfo(problem.code).key), args);
    if (problem.reveal > 0)
        text = t.format(key("problem_at.", "reveal"), {{"reveal", problem.reveal}, {"problem", text}});
    if (problem.line > 0) return t.format(key("problem_at.", "line"), {{"line", problem.line}, {"problem", text}});
    if (problem.action > 0)
        return t.format(key("problem_at.", "action"), {{"action", problem.action}, {"problem", text}});
    return text;
}

// How a breakdown is worded: short, as the scoring log lists them ("3 tiles x2 (complete)"), or in
// plain words for the feature card, whose line already says when it scores ("3 tiles at 2 points
// each"): the factor as "breakdown.each", the rule as "rule_card." where that group has it.
enum class Style { Short, Plain };

// One part: "3 tiles", "1 pennant x2" (the factor when the part's text does not name it).
inline std::string part(const Translator& t, const carc::BreakdownPart& part, Style style = Style::Short) {
    const std::string partKey = key("part.", carc::partInfo(part.part).key);
    const std::string text = t.format(partKey, {{"count", part.count}, {"each", part.each}});
    const std::string* pattern = t.text(partKey + "_other");
    if ((pattern && pattern->find("{{each}}") != std::string::npos) || part.each == 0 || part.each == 1) return text;
    if (style == Style::Plain) return t.format(key("breakdown.", "each"), {{"part", text}, {"count", part.each}});
    return t.format(key("breakdown.", "times"), {{"part", text}, {"each", part.each}});
}

// "3 tiles x2 + 1 pennant x2": parts with a count of 0 are left out unless all are 0 (as vocabulary/).
inline std::string breakdown(const Translator& t, const carc::Breakdown& breakdown, Style style = Style::Short) {
    if (breakdown.rule == carc::ScoreRule::None) return "";
    const auto parts = breakdown.list();
    bool allZero = true;
    for (const auto& p : parts) allZero = allZero && p.count == 0;
    std::vector<Arg> args;
    std::string all;
    for (const carc::BreakdownPart& p : parts) {
        const std::string text = part(t, p, style);
        const std::string_view name = carc::partInfo(p.part).key;
        bool named = false;
        for (const Arg& a : args) named = named || a.name == name;
        if (!named) args.emplace_back(name, text);
        if (p.count == 0 && !allZero) continue;
        all = all.empty() ? text : t.format(key("breakdown.", "plus"), {{"parts", all}, {"part", text}});
    }
    args.emplace_back("parts", all);
    args.emplace_back("points", breakdown.points());
    const std::string_view rule = carc::ruleInfo(breakdown.rule).key;
    if (style == Style::Plain && t.text(key("rule_card.", rule))) return t.format(key("rule_card.", rule), args);
    return t.format(key("rule.", rule), args);
}

// A New World surveyor move (a Token event): "a surveyor moves west to column 3"; "" for other moves.
inline std::string surveyorMove(const Translator& t, const carc::Event& event) {
    const auto& info = carc::moveInfo(event.move);
    if (event.move == carc::TokenMove::None || std::string_view(info.key).find("surveyor") == std::string_view::npos)
        return "";
    std::vector<Arg> args;
    std::string_view names = info.values;
    for (std::size_t i = 0; i < event.values.size() && !names.empty(); ++i) {
        const auto blank = names.find(' ');
        args.emplace_back(names.substr(0, blank), event.values[i]);
        names = blank == std::string_view::npos ? std::string_view() : names.substr(blank + 1);
    }
    return t.format(key("token.", info.key), args);
}

}  // namespace web::wording
