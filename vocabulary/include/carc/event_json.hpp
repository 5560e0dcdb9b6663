// The engine's data as JSON, in the shapes docs/events.md describes: problems, breakdowns and events.
// nlohmann::ordered_json keeps keys in the order they are written.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "carc/game.hpp"
#include "carc/problem.hpp"

namespace carc::json {

using Json = nlohmann::ordered_json;

// {"code": "portal_taken", "params": {...}, "line": 12} ("line" / "action" only when set).
Json problem(const Problem& problem);
// The reverse, for a problem another program sent (the game server's errors): nullopt when it is not
// one this engine knows (an unknown code or parameter, a value of the wrong shape).
std::optional<Problem> readProblem(const Json& value);
// {"rule": "city_complete", "parts": [{"part": "tiles", "count": 3, "each": 2, "points": 6}, ...]}.
Json breakdown(const Breakdown& breakdown);
// One event of the game's log: {"type": "scored", "player": 0, ...}.
Json event(const Event& event, const Game& game);
// "tile_placed", "scored", ...
std::string_view eventTypeKey(EventType type);
// Compact text; bytes that are not UTF-8 (a name from elsewhere) become U+FFFD instead of throwing.
std::string dump(const Json& value);

}  // namespace carc::json
