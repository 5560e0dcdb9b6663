// The lobby: the listed rooms that are not over, newest first.
#include "hub.hpp"

#include <algorithm>

#include "server_messages.hpp"

namespace carc::server {

void Hub::lobby(PeerState& peer, const ClientMessage& m) {
    if (!lobbyStale_) return send(peer, lobbyMessage(lobbyRooms_, m.ref));
    std::vector<const Room*> listed;
    for (const auto& [id, room] : rooms_)
        if (room->listed && !room->over()) listed.push_back(room.get());
    std::sort(listed.begin(), listed.end(), [](const Room* a, const Room* b) {
        return a->created != b->created ? a->created > b->created : a->id < b->id;
    });
    if (listed.size() > 100) listed.resize(100);
    std::vector<LobbyEntry> entries;
    for (const Room* room : listed) {
        LobbyEntry& entry = entries.emplace_back();
        entry.room = room->id;
        entry.mode = room->setup.mode;
        entry.players = room->setup.players;
        entry.started = room->started;
        for (const auto& seat : room->seats)
            if (seat.kind == "open")
                ++entry.free;
            else
                entry.names.push_back(seat.name);
    }
    lobbyRooms_ = lobbyList(entries);
    lobbyStale_ = false;
    send(peer, lobbyMessage(lobbyRooms_, m.ref));
}

}  // namespace carc::server
