#include "turn_clock.hpp"

#include <algorithm>

namespace carc::server {

const std::vector<int>& clockChoices() {
    static const std::vector<int> choices = {30, 60, 120, 300, 24 * 3600};
    return choices;
}

bool isClockChoice(int seconds) {
    const auto& all = clockChoices();
    return std::find(all.begin(), all.end(), seconds) != all.end();
}

bool hasClock(const Room& room) {
    return room.clock.moveSeconds > 0;
}

bool turnBegan(const Room& room) {
    if (!hasClock(room) || !room.game || room.game->over()) return false;
    return room.clockTurn != room.game->turnNumber() || room.clockSeat != room.game->activePlayer();
}

void startTurnClock(Room& room, std::int64_t nowMs) {
    room.clock.turnStart = nowMs;
    adoptTurnClock(room);
}

void adoptTurnClock(Room& room) {
    if (!room.game) return;
    room.clockTurn = room.game->turnNumber();
    room.clockSeat = room.game->activePlayer();
}

std::int64_t clockRemainingMs(const Room& room, std::int64_t nowMs, std::int64_t msPerSecond) {
    const std::int64_t deadline = room.clock.turnStart + std::int64_t{room.clock.moveSeconds} * msPerSecond;
    return std::max<std::int64_t>(0, deadline - nowMs);
}

std::optional<int> clockExpiredSeat(const Room& room, std::int64_t nowMs, std::int64_t msPerSecond) {
    if (!hasClock(room) || !room.started || !room.game || room.over() || turnBegan(room)) return std::nullopt;
    const int seat = room.game->activePlayer();
    if (room.seats[static_cast<std::size_t>(seat)].kind != "human") return std::nullopt;
    if (clockRemainingMs(room, nowMs, msPerSecond) > 0) return std::nullopt;
    return seat;
}

}  // namespace carc::server
