// The online protocol's server messages (docs/online-protocol.md), encoded from plain values: the
// counterpart of protocol.hpp's decoding. No room, game or connection here, so every process that
// serves a room words its messages the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol.hpp"

namespace carc::server {

// Every message as one JSON text; text that is not UTF-8 (an engine reason quoting a client's bytes)
// is replaced, never thrown on.
std::string encode(const nlohmann::json& message);

std::string welcomeMessage(const Limits& limits, const std::vector<std::string>& bots,
                           const std::vector<std::string>& colours, const std::string& ref);
std::string pongMessage(const std::string& ref);
// The answer to create, join and resume: the seat this connection now holds, and its secret.
std::string joinedMessage(const std::string& room, int seat, const std::string& secret, bool host,
                          const std::string& ref);
std::string watchingMessage(const std::string& room, const std::string& ref);
std::string leftMessage(const std::string& room, const std::string& ref);
// `problem`: the engine's reason as data (docs/events.md), so a client words it in its language.
std::string errorMessage(const std::string& code, const std::string& message, const std::string& ref,
                         const std::optional<nlohmann::json>& problem = std::nullopt);

struct SeatSummary {
    int seat = 0;
    std::string kind, name, colour;
    bool host = false;
    bool connected = false;
    std::int64_t awaySeconds = 0;
    bool replaced = false;
    bool reserved = false;  // a "Play again" seat kept for its player until they come
};

struct RoomSummary {
    std::string id;
    std::string mode;
    int players = 0;
    std::vector<std::string> options;  // "key=value"
    std::vector<SeatSummary> seats;
    bool started = false;
    bool over = false;
    bool listed = false;
    int spectators = 0;
    std::size_t actions = 0;
    int clock = 0;         // seconds per turn, 0: none
    std::string clockBot;  // who plays a turn whose time ran out
    std::string rematch;   // the "Play again" room, once made
};
std::string roomMessage(const RoomSummary& room);

// One view's lines of a move (each action preceded by the reveals that view may know).
std::string movedMessage(const std::string& room, std::size_t seq, int by, const std::vector<std::string>& lines);
// A view's whole dealt record (seat -1: a spectator's).
std::string gameMessage(const std::string& room, int seat, const std::string& record);
std::string overMessage(const std::string& room, const std::string& record);

// The present turn's clock: `seat` to move, `remainingMs` left of `clock` seconds (a page counts down
// from its own receipt: no wall-clock times travel).
std::string clockMessage(const std::string& room, int seat, int turn, int clock, std::int64_t remainingMs);
// The time of `seat` ran out: a bot of level `bot` plays for it until its player moves or resumes.
std::string timeoutMessage(const std::string& room, int seat, const std::string& bot);
// A player of the finished `room` made (or found) its "Play again" room `next`.
std::string rematchMessage(const std::string& room, const std::string& next, int by, const std::string& ref);

struct LobbyEntry {
    std::string room;
    std::string mode;
    int players = 0;
    int free = 0;
    std::vector<std::string> names;
    bool started = false;
};
// The lobby's list as JSON (kept by the hub between changes) and the message around it.
nlohmann::json lobbyList(const std::vector<LobbyEntry>& rooms);
std::string lobbyMessage(const nlohmann::json& list, const std::string& ref);

}  // namespace carc::server
