// Who is in a room: connections arriving and leaving, and the host role passing on when the host is gone.
#include "hub.hpp"

#include "host_handover.hpp"
#include "presence.hpp"
#include "server_messages.hpp"

namespace carc::server {

Room* Hub::roomOf(PeerState& peer) {
    return peer.room.empty() ? nullptr : findRoom(peer.room);
}

void Hub::attach(PeerId id, PeerState& peer, Room& room, int seat) {
    detach(id, peer);
    peer.room = room.id;
    peer.seat = seat;
    arrive(room, id, seat, steadyNow());
    room.lastActivity = now_();
    send(peer, chatHistoryMessage(room.id, room.chat));  // the talk so far, before the room's news
    if (seat >= 0) passHostIfGone(room);  // the host may have been gone long already (after a restart, say)
}

void Hub::detach(PeerId id, PeerState& peer) {
    Room* room = roomOf(peer);
    const int seat = peer.seat;
    peer.room.clear();
    peer.seat = -2;
    if (!room) return;
    room->lastActivity = now_();
    if (depart(*room, id, steadyNow()) && room->seats[static_cast<std::size_t>(seat)].host && options_.later)
        options_.later(replaceAfterMs(), [this, id = room->id] {
            Room* gone = findRoom(id);
            if (gone && passHostIfGone(*gone)) broadcastRoom(*gone);
        });
    broadcastRoom(*room);
}

bool Hub::passHostIfGone(Room& room) {
    if (room.over()) return false;
    const auto next = nextHost(room.seats, steadyNow(), replaceAfterMs());
    if (!next) return false;
    // The new host first: a crash between the two writes leaves two hosts, never none.
    const int before = room.hostSeat();
    try {
        SeatState host = room.seats[static_cast<std::size_t>(*next)];
        host.host = true;
        // Compare-and-set: a process that passed the role on first (or a seat that changed) wins.
        if (!store_.replaceSeat(room.id, room.seats[static_cast<std::size_t>(*next)], host, now_())) return false;
        room.seats[static_cast<std::size_t>(*next)] = host;
        if (before >= 0) {
            SeatState old = room.seats[static_cast<std::size_t>(before)];
            old.host = false;
            store_.replaceSeat(room.id, room.seats[static_cast<std::size_t>(before)], old, now_());
            room.seats[static_cast<std::size_t>(before)] = old;
        }
    } catch (const StoreError& e) {
        log(std::string("storage failed while passing on the host: ") + e.what());
        return false;
    }
    log("the host of a room was gone: the role passed to another player");
    return true;
}

}  // namespace carc::server
