#include "presence.hpp"

namespace carc::server {

void arrive(Room& room, PeerId peer, int seat, std::int64_t steadyNow) {
    room.members[peer] = seat;
    if (seat < 0) return;
    SeatState& state = room.seats[static_cast<std::size_t>(seat)];
    if (state.connections++ == 0) state.connectedSince = steadyNow;
    state.awaySince = 0;
}

bool depart(Room& room, PeerId peer, std::int64_t steadyNow) {
    const auto it = room.members.find(peer);
    if (it == room.members.end()) return false;
    const int seat = it->second;
    room.members.erase(it);
    if (seat < 0) return false;
    SeatState& state = room.seats[static_cast<std::size_t>(seat)];
    if (--state.connections > 0) return false;
    state.awaySince = steadyNow;
    return true;
}

void awayAfterRestart(Room& room, std::int64_t steadyNow) {
    for (auto& seat : room.seats)
        if (seat.kind == "human") seat.awaySince = steadyNow;
}

}  // namespace carc::server
