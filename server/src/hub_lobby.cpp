// The lobby: the listed rooms that are not over, newest first. One process lists its own rooms;
// processes sharing a store ask it (every process's rooms) and keep the answer briefly.
#include "hub.hpp"

#include <algorithm>

#include "carc/record.hpp"
#include "server_messages.hpp"

namespace carc::server {

namespace {

constexpr std::size_t kLobbyRooms = 100;

LobbyEntry lobbyEntry(const std::string& id, const std::string& mode, int players, bool started,
                      const std::vector<StoredSeat>& seats) {
    LobbyEntry entry;
    entry.room = id;
    entry.mode = mode;
    entry.players = players;
    entry.started = started;
    for (const auto& seat : seats)
        if (seat.kind == "open")
            ++entry.free;
        else
            entry.names.push_back(seat.name);
    return entry;
}

}  // namespace

void Hub::lobby(PeerState& peer, const ClientMessage& m) {
    const bool fresh = !lobbyStale_ && (!store_.shared() || steadyNow() - lobbyBuiltAt_ < options_.lobbyCacheMs);
    if (fresh) return send(peer, lobbyMessage(lobbyRooms_, m.ref));
    std::vector<LobbyEntry> entries;
    if (store_.shared()) {
        std::vector<StoredRoom> listed;
        try {
            listed = store_.listedRooms(kLobbyRooms);
        } catch (const StoreError& e) {
            log(std::string("storage failed while listing rooms: ") + e.what());
            return send(peer, lobbyMessage(lobbyRooms_, m.ref));  // the last list, rather than none
        }
        if (lobbySetups_.size() > 4 * kLobbyRooms) lobbySetups_.clear();
        for (const auto& stored : listed) {
            auto known = lobbySetups_.find(stored.id);
            if (known == lobbySetups_.end()) {
                // A room of another process, never loaded here: its mode and size from its setup.
                Replay setupOnly = replayText(stored.setup, catalog_);
                if (!setupOnly.game) continue;
                known = lobbySetups_
                            .emplace(stored.id,
                                     std::make_pair(setupOnly.game->setup().mode, setupOnly.game->setup().players))
                            .first;
            }
            entries.push_back(
                lobbyEntry(stored.id, known->second.first, known->second.second, stored.started, stored.seats));
        }
    } else {
        std::vector<const Room*> listed;
        for (const auto& [id, room] : rooms_)
            if (room->listed && !room->over()) listed.push_back(room.get());
        std::sort(listed.begin(), listed.end(), [](const Room* a, const Room* b) {
            return a->created != b->created ? a->created > b->created : a->id < b->id;
        });
        if (listed.size() > kLobbyRooms) listed.resize(kLobbyRooms);
        for (const Room* room : listed) {
            std::vector<StoredSeat> seats(room->seats.begin(), room->seats.end());
            entries.push_back(lobbyEntry(room->id, room->setup.mode, room->setup.players, room->started, seats));
        }
    }
    lobbyRooms_ = lobbyList(entries);
    lobbyStale_ = false;
    lobbyBuiltAt_ = steadyNow();
    send(peer, lobbyMessage(lobbyRooms_, m.ref));
}

}  // namespace carc::server
