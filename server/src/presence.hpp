// Who is at a room's table: its members through this process (connection -> seat, -1 for a
// spectator) and, per seat, how many connections hold it here and through the other processes
// sharing the store (their presence rows, store.hpp), since when, or since when it has been away.
// The `room` message's connected and away, the host handover and `replace` read the sum.
#pragma once

#include <cstdint>
#include <vector>

#include "room.hpp"
#include "store.hpp"

namespace carc::server {

// `peer` sits down at `seat` (-1: watches).
void arrive(Room& room, PeerId peer, int seat, std::int64_t steadyNow);

// `peer` leaves the room; true when it was the last connection of a seat anywhere (the seat is now away).
bool depart(Room& room, PeerId peer, std::int64_t steadyNow);

// After a restart nobody is connected: every human seat counts as away from now on.
void awayAfterRestart(Room& room, std::int64_t steadyNow);

// The other processes' connections (`rows`, their `since` in wall-clock ms) replace the ones known
// before; true when what the `room` message says changed (a seat connected or away, the spectators).
bool adoptRemotePresence(Room& room, const std::vector<Store::PresenceRow>& rows, std::int64_t steadyNow,
                         std::int64_t wallNow);

// This process's connections to `seat` (-1: its spectators), as its presence row says.
int localConnections(const Room& room, int seat);

}  // namespace carc::server
