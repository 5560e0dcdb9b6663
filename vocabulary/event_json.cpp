#include "carc/event_json.hpp"

#include <algorithm>

#include "words.hpp"

namespace carc::json {

namespace {

Json position(Pos p) {
    return Json{{"x", p.x}, {"y", p.y}};
}

}  // namespace

Json problem(const Problem& problem) {
    Json out = Json::object();
    out["code"] = problem.ok() ? "" : std::string(problemInfo(problem.code).key);
    Json params = Json::object();
    for (const auto& [name, value] : problem.params) {
        const std::string key(paramKey(name));
        if (const int* number = std::get_if<int>(&value))
            params[key] = *number;
        else if (const Pos* pos = std::get_if<Pos>(&value))
            params[key] = position(*pos);
        else if (const std::string* text = std::get_if<std::string>(&value))
            params[key] = *text;
        else
            params[key] = std::get<std::vector<std::string>>(value);
    }
    out["params"] = std::move(params);
    if (problem.line > 0) out["line"] = problem.line;
    if (problem.action > 0) out["action"] = problem.action;
    if (problem.reveal > 0) out["reveal"] = problem.reveal;
    return out;
}

std::optional<Problem> readProblem(const Json& value) {
    if (!value.is_object()) return std::nullopt;
    const auto code = value.find("code");
    if (code == value.end() || !code->is_string()) return std::nullopt;
    const auto codes = problemCodes();
    const auto info = std::find_if(codes.begin(), codes.end(),
                                   [&](const ProblemInfo& i) { return i.key == code->get_ref<const std::string&>(); });
    if (info == codes.end()) return std::nullopt;  // a code from a newer engine
    Problem out(info->code);
    if (const auto params = value.find("params"); params != value.end()) {
        if (!params->is_object()) return std::nullopt;
        for (const auto& item : params->items()) {
            // Not a structured binding: clang 14 (emscripten) does not let a lambda capture one.
            const std::string& key = item.key();
            const Json& given = item.value();
            const auto names = allParams();
            const auto name = std::find_if(names.begin(), names.end(), [&](Param p) { return paramKey(p) == key; });
            if (name == names.end()) return std::nullopt;
            if (given.is_number_integer())
                out.with(*name, given.get<int>());
            else if (given.is_string())
                out.with(*name, given.get<std::string>());
            else if (given.is_object() && given.contains("x") && given.contains("y") &&
                     given["x"].is_number_integer() && given["y"].is_number_integer())
                out.with(*name, Pos{given["x"].get<int>(), given["y"].get<int>()});
            else if (given.is_array() &&
                     std::all_of(given.begin(), given.end(), [](const Json& t) { return t.is_string(); }))
                out.with(*name, given.get<std::vector<std::string>>());
            else
                return std::nullopt;
        }
    }
    for (auto [field, target] : {std::pair{"line", &out.line}, {"action", &out.action}, {"reveal", &out.reveal}})
        if (const auto it = value.find(field); it != value.end() && it->is_number_integer()) *target = it->get<int>();
    return out;
}

Json breakdown(const Breakdown& breakdown) {
    Json parts = Json::array();
    for (const BreakdownPart& p : breakdown.list())
        parts.push_back(
            Json{{"part", partInfo(p.part).key}, {"count", p.count}, {"each", p.each}, {"points", p.points}});
    return Json{{"rule", breakdown.rule == ScoreRule::None ? std::string_view() : ruleInfo(breakdown.rule).key},
                {"parts", std::move(parts)}};
}

std::string_view eventTypeKey(EventType type) {
    switch (type) {
        case EventType::TileDrawn:
            return "tile_drawn";
        case EventType::TilePlaced:
            return "tile_placed";
        case EventType::TileDiscarded:
            return "tile_discarded";
        case EventType::TileSetAside:
            return "tile_set_aside";
        case EventType::FollowerPlaced:
            return "follower_placed";
        case EventType::FollowerReturned:
            return "follower_returned";
        case EventType::Scored:
            return "scored";
        case EventType::Token:
            return "token";
        case EventType::TurnEnded:
            return "turn_ended";
        case EventType::GameOver:
            return "game_over";
    }
    return "";
}

Json event(const Event& e, const Game& game) {
    Json out{{"type", eventTypeKey(e.type)}};
    if (e.player >= 0) out["player"] = e.player;
    const auto tile = [&] { return game.tileSet().designs[e.design].name; };
    switch (e.type) {
        case EventType::TileDrawn:
        case EventType::TileDiscarded:
        case EventType::TileSetAside:
            out["tile"] = tile();
            break;
        case EventType::TilePlaced:
            out["tile"] = tile();
            out["pos"] = position(e.pos);
            out["rotation"] = e.segment;
            break;
        case EventType::FollowerPlaced:
        case EventType::FollowerReturned:
            out["pos"] = position(e.pos);
            out["segment"] = e.segment;
            break;
        case EventType::Scored: {
            out["points"] = e.points;
            out["category"] = game.scoreCategories()[e.category];
            out["final"] = e.final;
            if (e.located) {
                out["pos"] = position(e.pos);
                out["segment"] = e.segment;
            }
            Json parts = breakdown(e.breakdown);
            out["rule"] = std::move(parts["rule"]);
            out["parts"] = std::move(parts["parts"]);
            break;
        }
        case EventType::Token: {
            out["move"] = moveInfo(e.move).key;
            if (e.located) out["pos"] = position(e.pos);
            if (e.segment >= 0) out["segment"] = e.segment;
            Json values = Json::object();
            const auto names = vocabulary::words(moveInfo(e.move).values);
            for (std::size_t i = 0; i < names.size() && i < e.values.size(); ++i)
                values[std::string(names[i])] = e.values[i];
            out["values"] = std::move(values);
            break;
        }
        case EventType::TurnEnded:
        case EventType::GameOver:
            break;
    }
    return out;
}

std::string dump(const Json& value) {
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace carc::json
