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
};
std::string roomMessage(const RoomSummary& room);

// One view's lines of a move (each action preceded by the reveals that view may know).
std::string movedMessage(const std::string& room, std::size_t seq, int by, const std::vector<std::string>& lines);
// A view's whole dealt record (seat -1: a spectator's).
std::string gameMessage(const std::string& room, int seat, const std::string& record);
std::string overMessage(const std::string& room, const std::string& record);

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
