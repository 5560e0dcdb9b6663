// The turn clock of a room (issue 47, "Clocks"): the host's move time, the start of the present turn
// and whether it has run out. Pure functions of the room and a wall-clock time (ms since the epoch):
// the start is stored (Store::saveTurnStart), so whichever process holds the room after a restart, or
// sweeps it, counts from the same start. The Hub's glue is hub_clock.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "room.hpp"

namespace carc::server {

// The move times a host may choose, in seconds: 30 s, 1, 2 and 5 min, and a correspondence pace of 24 h.
const std::vector<int>& clockChoices();
bool isClockChoice(int seconds);

bool hasClock(const Room& room);

// True when the game's present turn (turn number and player to move) is not the one the clock was
// started for: a new turn has begun.
bool turnBegan(const Room& room);
// Starts the clock for the present turn at `nowMs`.
void startTurnClock(Room& room, std::int64_t nowMs);
// Takes the stored start as the present turn's (a room read back after a restart).
void adoptTurnClock(Room& room);

// The time left of the present turn (never below 0). `msPerSecond`: how long a clock's second lasts
// (1000; less only as a test aid, `carc-server --clock-ms-per-second`).
std::int64_t clockRemainingMs(const Room& room, std::int64_t nowMs, std::int64_t msPerSecond = 1000);
// The seat whose time has run out at `nowMs`: a human's turn in a running game with a clock.
std::optional<int> clockExpiredSeat(const Room& room, std::int64_t nowMs, std::int64_t msPerSecond = 1000);

}  // namespace carc::server
