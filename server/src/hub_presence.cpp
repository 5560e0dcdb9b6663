// Who is in a room: connections arriving and leaving, counted with the other processes' (the store's
// presence rows, heartbeats), and the host role passing on when the host is gone.
#include "hub.hpp"

#include "host_handover.hpp"
#include "presence.hpp"
#include "server_messages.hpp"

namespace carc::server {

Room* Hub::roomOf(PeerState& peer, bool read) {
    return peer.room.empty() ? nullptr : findRoom(peer.room, read);
}

void Hub::attach(PeerId id, PeerState& peer, Room& room, int seat) {
    detach(id, peer);
    // The first connection here: the others' counts may be old (nobody here heard their changes).
    if (room.members.empty()) refreshPresence(room);
    peer.room = room.id;
    peer.seat = seat;
    arrive(room, id, seat, steadyNow());
    publishPresence(room, seat);
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
    const bool away = depart(*room, id, steadyNow());
    publishPresence(*room, seat);
    if (away && room->seats[static_cast<std::size_t>(seat)].host) handOverLater(*room);
    broadcastRoom(*room);
}

void Hub::handOverLater(Room& room) {
    if (!options_.later) return;
    options_.later(replaceAfterMs(), [this, id = room.id] {
        Room* gone = findRoom(id);
        if (gone && passHostIfGone(*gone)) broadcastRoom(*gone);
    });
}

void Hub::publishPresence(Room& room, int seat) {
    if (!store_.shared() || seat < -1) return;
    const int count = localConnections(room, seat);
    // Since when, by this process's wall clock (the readers turn it into their steady one).
    const std::int64_t since =
        seat >= 0 ? now_() - (steadyNow() - room.seats[static_cast<std::size_t>(seat)].localSince) : now_();
    try {
        store_.setPresence(options_.processId, room.id, seat, count, since);
    } catch (const StoreError& e) {
        log(std::string("storage failed while noting who is connected: ") + e.what());
    }
}

bool Hub::refreshPresence(Room& room) {
    if (!store_.shared()) return false;
    std::vector<Store::PresenceRow> rows;
    try {
        rows = store_.presence(room.id, options_.processId, goneAfterMs());
    } catch (const StoreError& e) {
        log(std::string("storage failed while reading who is connected: ") + e.what());
        return false;
    }
    const int host = room.hostSeat();
    const bool hostThere = host >= 0 && room.seats[static_cast<std::size_t>(host)].connections > 0;
    const bool changed = adoptRemotePresence(room, rows, steadyNow(), now_());
    // A host who was on another process (or whose process died) is gone: the role passes on in time.
    if (hostThere && room.seats[static_cast<std::size_t>(host)].connections == 0) handOverLater(room);
    return changed;
}

void Hub::republishPresence() {
    for (auto& [id, room] : rooms_) {
        if (room->members.empty()) continue;
        publishPresence(*room, -1);
        for (const auto& seat : room->seats)
            if (seat.localConnections > 0) publishPresence(*room, seat.seat);
    }
}

void Hub::presenceChanged(const std::string& id) {
    auto it = rooms_.find(id);
    // Nobody here to tell: the counts are read when someone here comes (attach).
    if (it == rooms_.end() || it->second->members.empty()) return;
    if (refreshPresence(*it->second)) broadcastRoom(*it->second);
}

void Hub::heartbeat() {
    if (!store_.shared()) return;
    try {
        // A process reaped while it was alive (it stalled for a few beats) writes its rows again.
        if (!store_.heartbeat(options_.processId)) republishPresence();
        store_.reapProcesses(goneAfterMs());
    } catch (const StoreError& e) {
        log(std::string("storage failed while beating: ") + e.what());
    }
    std::vector<std::string> orphans;
    try {
        orphans = store_.orphanedBotTurns();
    } catch (const StoreError& e) {
        log(std::string("storage failed while looking for bot turns nobody plays: ") + e.what());
    }
    // Their claimer went: this process takes the turn (loading the room if nobody here is in it).
    for (const auto& id : orphans)
        if (Room* room = findRoom(id)) bots_.consider(*room);
}

void Hub::retire() {
    if (!store_.shared()) return;
    try {
        store_.forgetProcess(options_.processId);
    } catch (const StoreError& e) {
        log(std::string("storage failed while leaving: ") + e.what());
    }
}

bool Hub::claimBotTurn(Room& room) {
    const std::size_t turn = room.record.actions.size();
    if (store_.shared()) {
        try {
            if (!store_.claimBotTurn(room.id, turn, options_.processId, options_.botClaimMs)) return false;
        } catch (const StoreError& e) {
            log(std::string("storage failed while claiming a bot turn: ") + e.what());
            return false;
        }
    }
    if (options_.logBotTurns) log("bot turn claimed: room " + room.id + " action " + std::to_string(turn));
    return true;
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
