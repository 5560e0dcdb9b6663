// Actions are plain values; their text form is one line of a game record (docs/record-format.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "carc/geometry.hpp"
#include "carc/problem.hpp"

namespace carc {

struct TileSet;

enum class ActionType : std::uint8_t {
    Place,     // place D 1,0 r1      the drawn tile (design checked) at a cell, turned r quarters clockwise
    Follower,  // follower 2          a follower on segment 2 of the tile just placed
    Pass,      // pass                end the optional part of the turn
    Tunnel,    // tunnel 1,0 2        a tunnel token on the portal of segment 2 of the tile at 1,0
    Remove,    // remove 1,0 2        take back your follower from segment 2 of the tile at 1,0
    Tent,      // tent 1,0 2          put or move your tent to segment 2 of the tile at 1,0
    Mine,      // mine                take the top token of your tent's mountain
    Score,     // score 1,0 2         score next the feature holding segment 2 of the tile at 1,0
};

struct Action {
    ActionType type = ActionType::Pass;
    std::int16_t design = -1;  // Place only
    std::int8_t rotation = 0;  // Place only
    std::int8_t segment = -1;
    Pos pos;

    friend bool operator==(const Action&, const Action&) = default;

    static Action place(int design, Pos p, int rotation) {
        return {ActionType::Place, static_cast<std::int16_t>(design), static_cast<std::int8_t>(rotation), -1, p};
    }
    static Action follower(int segment) { return {ActionType::Follower, -1, 0, static_cast<std::int8_t>(segment), {}}; }
    static Action pass() { return {}; }
    static Action at(ActionType type, Pos p, int segment) {
        return {type, -1, 0, static_cast<std::int8_t>(segment), p};
    }
    static Action mine() { return {ActionType::Mine, -1, 0, -1, {}}; }
};

std::string actionText(const Action& action, const TileSet& tiles);
// Parses one record line; on failure returns nullopt and sets `error` to the reason.
std::optional<Action> parseAction(std::string_view line, const TileSet& tiles, Problem& error);

}  // namespace carc
