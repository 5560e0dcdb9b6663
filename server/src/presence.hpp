// Who is at a room's table through this process: its members (connection -> seat, -1 for a
// spectator) and, per seat, how many connections hold it and since when, or since when it has been
// away. The `room` message's connected and away, the host handover and `replace` read it.
#pragma once

#include <cstdint>

#include "room.hpp"

namespace carc::server {

// `peer` sits down at `seat` (-1: watches).
void arrive(Room& room, PeerId peer, int seat, std::int64_t steadyNow);

// `peer` leaves the room; true when it was the last connection of a seat (the seat is now away).
bool depart(Room& room, PeerId peer, std::int64_t steadyNow);

// After a restart nobody is connected: every human seat counts as away from now on.
void awayAfterRestart(Room& room, std::int64_t steadyNow);

}  // namespace carc::server
