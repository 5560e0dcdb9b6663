// The Hub's part of "Play again" (rematch.hpp): one new room per finished room, made by the first
// player who asks, found by the others; every connection of the old room is told where it is.
#include "hub.hpp"
#include "random.hpp"
#include "rematch.hpp"
#include "server_messages.hpp"

namespace carc::server {

bool Hub::seatFree(const Room& room, const SeatState& seat) const {
    return seat.kind == "open" || reservationOver(room, seat, now_(), replaceAfterMs());
}

void Hub::rematch(PeerId id, PeerState& peer, Room& room, const ClientMessage& m) {
    if (peer.seat < 0) return sendError(peer, "not_player", "only a player of the game asks for a new one", m.ref);
    if (!room.over()) return sendError(peer, "not_over", "the game is not over", m.ref);
    if (!room.rematch.empty()) return send(peer, rematchMessage(room.id, room.rematch, room.rematchBy, m.ref));
    if (!mayCreateRoom(peer, m.ref)) return;

    auto next = std::make_unique<Room>();
    next->id = randomToken();
    next->setup = room.setup;
    next->setup.names.clear();
    next->setup.seed = randomSeed();
    next->listed = room.listed;
    next->created = next->lastActivity = next->storedTouched = now_();
    next->clock = room.clock;
    next->clock.turnStart = 0;
    next->seats = rematchSeats(room, steadyNow());

    const StoredRoom stored = newStoredRoom(*next);
    std::string recorded;
    if (!store(peer, m, [&] {
            store_.createRoom(stored);
            recorded = store_.claimRematch(room.id, next->id, peer.seat);
            // Another process made it first: its room is the one; ours goes.
            if (recorded != next->id) store_.deleteRoom(next->id);
        }))
        return;
    if (recorded != next->id) {
        // Another process made it first: read as its rematch (told to this room's connections).
        if (!catchUp(room)) return;  // gone meanwhile (expired)
        room.rematch = recorded;
        return send(peer, rematchMessage(room.id, recorded, room.rematchBy, m.ref));
    }
    room.rematch = recorded;
    room.rematchBy = peer.seat;
    Room& placed = *(rooms_[next->id] = std::move(next));
    countRoomFor(id, peer, placed);
    log("room rematched: " + placed.setup.mode + " (" + std::to_string(rooms_.size()) + " rooms)");
    for (const auto& [member, seat] : room.members)
        send(peers_.at(member), rematchMessage(room.id, recorded, room.rematchBy, member == id ? m.ref : ""));
    broadcastRoom(room);
}

}  // namespace carc::server
