#include "presence.hpp"

#include <algorithm>
#include <limits>

namespace carc::server {

namespace {

// The seat's count is here plus elsewhere: a seat that just emptied is away from now, a connected one
// is connected since the earliest first connection of either side.
void recount(SeatState& state, std::int64_t steadyNow) {
    const int before = state.connections;
    state.connections = state.localConnections + state.remoteConnections;
    if (state.connections > 0) {
        std::int64_t since = std::numeric_limits<std::int64_t>::max();
        if (state.localConnections > 0) since = state.localSince;
        if (state.remoteConnections > 0) since = std::min(since, state.remoteSince);
        state.connectedSince = since;
        state.awaySince = 0;
    } else if (before > 0) {
        state.awaySince = steadyNow;
    }
}

}  // namespace

void arrive(Room& room, PeerId peer, int seat, std::int64_t steadyNow) {
    room.members[peer] = seat;
    if (seat < 0) return;
    SeatState& state = room.seats[static_cast<std::size_t>(seat)];
    if (state.localConnections++ == 0) state.localSince = steadyNow;
    recount(state, steadyNow);
    state.awaySince = 0;
}

bool depart(Room& room, PeerId peer, std::int64_t steadyNow) {
    const auto it = room.members.find(peer);
    if (it == room.members.end()) return false;
    const int seat = it->second;
    room.members.erase(it);
    if (seat < 0) return false;
    SeatState& state = room.seats[static_cast<std::size_t>(seat)];
    --state.localConnections;
    recount(state, steadyNow);
    return state.connections == 0;
}

void awayAfterRestart(Room& room, std::int64_t steadyNow) {
    for (auto& seat : room.seats)
        if (seat.kind == "human") seat.awaySince = steadyNow;
}

bool adoptRemotePresence(Room& room, const std::vector<Store::PresenceRow>& rows, std::int64_t steadyNow,
                         std::int64_t wallNow) {
    std::vector<int> counts(room.seats.size(), 0);
    std::vector<std::int64_t> since(room.seats.size(), std::numeric_limits<std::int64_t>::max());
    int spectators = 0;
    for (const auto& row : rows) {
        if (row.seat < 0) {
            spectators += row.connections;
        } else if (row.seat < static_cast<int>(room.seats.size())) {
            counts[static_cast<std::size_t>(row.seat)] += row.connections;
            since[static_cast<std::size_t>(row.seat)] = std::min(since[static_cast<std::size_t>(row.seat)], row.since);
        }
    }
    bool changed = spectators != room.remoteSpectators;
    room.remoteSpectators = spectators;
    for (std::size_t i = 0; i < room.seats.size(); ++i) {
        SeatState& state = room.seats[i];
        const bool connected = state.connections > 0;
        state.remoteConnections = counts[i];
        // Another process's wall clock, as this process's steady one: how long ago it was.
        state.remoteSince = counts[i] > 0 ? steadyNow - std::max<std::int64_t>(0, wallNow - since[i]) : 0;
        recount(state, steadyNow);
        changed = changed || connected != (state.connections > 0);
    }
    return changed;
}

int localConnections(const Room& room, int seat) {
    if (seat < 0) return room.localSpectators();
    return room.seats[static_cast<std::size_t>(seat)].localConnections;
}

}  // namespace carc::server
