// "Play again" (issue 47): the seats of a finished room's one rematch room. The same setup (a new
// seed), the same bots and colours, and each person's seat kept for them with the old seat's secret
// hash, so their page resumes it with the secret it already holds (the secret never travels again).
// A kept seat nobody resumes opens for a `join` once `replaceAfter` has passed since the rematch.
#pragma once

#include <cstdint>
#include <vector>

#include "room.hpp"

namespace carc::server {

// The new room's seats: people (a seat a bot played for them included) kept for them, away since
// `steadyNow` (so the host role passes on if the host never comes); bots as they were.
std::vector<SeatState> rematchSeats(const Room& finished, std::int64_t steadyNow);

// Whether a kept seat of `room` (created at `room.created`) may go to someone else at `nowMs`.
bool reservationOver(const Room& room, const SeatState& seat, std::int64_t nowMs, std::int64_t keepMs);

}  // namespace carc::server
