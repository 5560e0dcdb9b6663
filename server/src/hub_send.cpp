// What the hub sends: one connection's answers and the room-wide messages, encoded by server_messages.
#include "hub.hpp"

#include <nlohmann/json.hpp>

#include "carc/event_json.hpp"
#include "presence.hpp"
#include "server_messages.hpp"

namespace carc::server {

void Hub::send(PeerState& peer, const std::string& text) {
    peer.peer->send(std::make_shared<const std::string>(text));
}

void Hub::sendJoined(PeerState& peer, const std::string& room, int seat, const std::string& secret, bool host,
                     const std::string& ref) {
    send(peer, joinedMessage(room, seat, secret, host, ref));
}

void Hub::sendError(PeerState& peer, const std::string& code, const std::string& message, const std::string& ref,
                    const Problem* problem) {
    std::optional<nlohmann::json> data;
    if (problem) data = nlohmann::json(carc::json::problem(*problem));
    send(peer, errorMessage(code, message, ref, data));
}

std::string Hub::roomMessage(const Room& room) const {
    return server::roomMessage(summarize(room, steadyNow()));
}

void Hub::broadcastRoom(Room& room) {
    lobbyStale_ = true;  // every change of a room comes through here
    if (room.members.empty()) return;
    auto text = std::make_shared<const std::string>(roomMessage(room));
    for (const auto& [member, seat] : room.members) peers_.at(member).peer->send(text);
}

void Hub::sendGame(PeerState& peer, Room& room, int seat) {
    auto& cached = room.dealtCache[seat + 1];
    if (cached.second.empty() || cached.first != room.record.actions.size()) {
        std::string error;
        const std::string record = dealtText(room, seat, catalog_, error);
        if (!error.empty()) {
            log("a view could not be dealt: " + error);
            return sendError(peer, "storage", "the server could not deal this view", "");
        }
        cached = {room.record.actions.size(), gameMessage(room.id, seat, record)};
    }
    send(peer, cached.second);
}

void Hub::sendOver(PeerState& peer, Room& room) {
    send(peer, overMessage(room.id, formatRecord(room.record, room.game->tileSet())));
}

}  // namespace carc::server
