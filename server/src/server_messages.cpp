#include "server_messages.hpp"

namespace carc::server {

using nlohmann::json;

std::string encode(const json& message) {
    return message.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string welcomeMessage(const Limits& l, const std::vector<std::string>& bots,
                           const std::vector<std::string>& colours, const std::string& ref) {
    return encode({{"type", "welcome"},
                   {"protocol", kProtocolVersion},
                   {"server", "carc-server"},
                   {"limits",
                    {{"maxMessage", l.maxMessage},
                     {"messagesPerSecond", l.messagesPerSecond},
                     {"burst", l.burst},
                     {"maxLines", l.maxLines},
                     {"replaceAfter", l.replaceAfter},
                     {"heavyCost", l.heavyCost},
                     {"roomsPerConnection", l.roomsPerConnection},
                     {"roomsPerAddress", l.roomsPerAddress},
                     {"chatLines", l.chatLines},
                     {"chatWindow", l.chatWindow}}},
                   {"bots", bots},
                   {"colours", colours},
                   {"ref", ref}});
}

std::string pongMessage(const std::string& ref) {
    return encode({{"type", "pong"}, {"ref", ref}});
}

std::string joinedMessage(const std::string& room, int seat, const std::string& secret, bool host,
                          const std::string& ref) {
    return encode(
        {{"type", "joined"}, {"room", room}, {"seat", seat}, {"secret", secret}, {"host", host}, {"ref", ref}});
}

std::string watchingMessage(const std::string& room, const std::string& ref) {
    return encode({{"type", "watching"}, {"room", room}, {"ref", ref}});
}

std::string leftMessage(const std::string& room, const std::string& ref) {
    return encode({{"type", "left"}, {"room", room}, {"ref", ref}});
}

std::string errorMessage(const std::string& code, const std::string& message, const std::string& ref,
                         const std::optional<json>& problem) {
    json error = {{"type", "error"}, {"code", code}, {"message", message}};
    if (!ref.empty()) error["ref"] = ref;
    if (problem) error["problem"] = *problem;
    return encode(error);
}

std::string roomMessage(const RoomSummary& room) {
    json seats = json::array();
    for (const auto& seat : room.seats)
        seats.push_back({{"seat", seat.seat},
                         {"kind", seat.kind},
                         {"name", seat.name},
                         {"colour", seat.colour},
                         {"host", seat.host},
                         {"connected", seat.connected},
                         {"away", seat.awaySeconds},
                         {"replaced", seat.replaced},
                         {"reserved", seat.reserved}});
    json clock = nullptr;
    if (room.clock > 0) clock = {{"move", room.clock}, {"bot", room.clockBot}};
    return encode({{"type", "room"},
                   {"room", room.id},
                   {"setup", {{"mode", room.mode}, {"players", room.players}, {"options", room.options}}},
                   {"seats", seats},
                   {"started", room.started},
                   {"over", room.over},
                   {"listed", room.listed},
                   {"spectators", room.spectators},
                   {"actions", room.actions},
                   {"clock", clock},
                   {"rematch", room.rematch.empty() ? json(nullptr) : json(room.rematch)}});
}

std::string clockMessage(const std::string& room, int seat, int turn, int clock, std::int64_t remainingMs) {
    return encode({{"type", "clock"},
                   {"room", room},
                   {"seat", seat},
                   {"turn", turn},
                   {"move", clock},
                   {"remainingMs", remainingMs}});
}

std::string timeoutMessage(const std::string& room, int seat, const std::string& bot) {
    return encode({{"type", "timeout"}, {"room", room}, {"seat", seat}, {"bot", bot}});
}

std::string rematchMessage(const std::string& room, const std::string& next, int by, const std::string& ref) {
    json message = {{"type", "rematch"}, {"room", room}, {"next", next}, {"by", by}};
    if (!ref.empty()) message["ref"] = ref;
    return encode(message);
}

std::string movedMessage(const std::string& room, std::size_t seq, int by, const std::vector<std::string>& lines) {
    return encode({{"type", "moved"}, {"room", room}, {"seq", seq}, {"by", by}, {"lines", lines}});
}

std::string gameMessage(const std::string& room, int seat, const std::string& record) {
    return encode({{"type", "game"}, {"room", room}, {"seat", seat}, {"record", record}});
}

std::string overMessage(const std::string& room, const std::string& record) {
    return encode({{"type", "over"}, {"room", room}, {"record", record}});
}

json lobbyList(const std::vector<LobbyEntry>& rooms) {
    json list = json::array();
    for (const auto& room : rooms)
        list.push_back({{"room", room.room},
                        {"mode", room.mode},
                        {"players", room.players},
                        {"free", room.free},
                        {"names", room.names},
                        {"started", room.started}});
    return list;
}

std::string lobbyMessage(const json& list, const std::string& ref) {
    return encode({{"type", "lobby"}, {"rooms", list}, {"ref", ref}});
}

}  // namespace carc::server
