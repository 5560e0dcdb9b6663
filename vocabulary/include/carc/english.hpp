// The engine's codes in English: problems, score breakdowns and token moves, worded from a table of
// phrases keyed like a translation catalogue ("error.portal_taken", "part.tiles.one") with named
// parameters ("{count} tiles"). Used by the `carc` CLI and, until the catalogues hold every language,
// by the browser game. The engine itself writes no sentences (core/include/carc/problem.hpp,
// breakdown.hpp; docs/events.md).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "carc/breakdown.hpp"
#include "carc/game.hpp"
#include "carc/problem.hpp"

namespace carc::english {

struct Phrase {
    std::string_view key;   // "error.portal_taken", "part.tiles.one", "rule.sea_complete", ...
    std::string_view text;  // with {name} for each parameter
};

// Every phrase (tests check that each code of the engine has one).
std::span<const Phrase> phrases();
// The phrase of a key, or null.
const Phrase* find(std::string_view key);

// Catalogue keys of the codes: "error.KEY", "rule.KEY", "part.KEY" (+ ".one" / ".other"), "token.KEY".
std::string key(ProblemCode code);
std::string key(ScoreRule rule);
std::string key(PartKind part);
std::string key(TokenMove move);

// "line 12: that portal already holds a tunnel token".
std::string describe(const Problem& problem);
// "3 tiles x2 + 1 pennant x2": parts with a count of 0 are left out unless all are 0.
std::string describe(const Breakdown& breakdown);
// A Token event: "a surveyor moves west to column 3", "Ann mines a token face down (now holds 2)".
std::string describeMove(const Event& event, std::string_view playerName);
// A seat's name: the setup's, else "player N" (N counted from 0, as the record counts seats).
std::string playerName(const Setup& setup, int player);
// A parameter's value as the English wording shows it ("north", "0,-1", "E or F").
std::string paramText(Param name, const ParamValue& value);

}  // namespace carc::english
