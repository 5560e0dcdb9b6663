#include "host_handover.hpp"

namespace carc::server {

std::optional<int> nextHost(const std::vector<SeatState>& seats, std::int64_t nowMs, std::int64_t afterMs) {
    const SeatState* host = nullptr;
    for (const auto& seat : seats)
        if (seat.host) host = &seat;
    // A room without a host (a handover cut short by a crash) gets one at once.
    if (host && (host->connections > 0 || host->awaySince == 0 || nowMs - host->awaySince < afterMs)) return {};
    const SeatState* next = nullptr;
    for (const auto& seat : seats) {
        if (&seat == host || seat.kind != "human" || seat.connections == 0) continue;
        if (!next || seat.connectedSince < next->connectedSince) next = &seat;
    }
    if (!next) return {};
    return next->seat;
}

}  // namespace carc::server
