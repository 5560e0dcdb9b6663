#include "rematch.hpp"

namespace carc::server {

std::vector<SeatState> rematchSeats(const Room& finished, std::int64_t steadyNow) {
    std::vector<SeatState> seats;
    for (const auto& old : finished.seats) {
        SeatState seat;
        static_cast<StoredSeat&>(seat) = old;
        const bool person = old.kind == "human" || old.replaced;
        if (person) {
            seat.kind = "human";
            seat.replaced = false;
            seat.reserved = true;
            seat.awaySince = steadyNow;
        }
        seats.push_back(seat);
    }
    return seats;
}

bool reservationOver(const Room& room, const SeatState& seat, std::int64_t nowMs, std::int64_t keepMs) {
    return seat.reserved && seat.connections == 0 && nowMs - room.created >= keepMs;
}

}  // namespace carc::server
