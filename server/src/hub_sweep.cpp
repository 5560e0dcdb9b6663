// The periodic sweep: idle rooms expire, rooms in use are touched, late host handovers and clocks.
#include "hub.hpp"

#include <algorithm>

namespace carc::server {

void Hub::sweep() {
    const std::int64_t now = now_();
    std::vector<std::string> expired, touched;
    const std::int64_t chatWindow = std::int64_t{options_.limits.chatWindow} * 1000;
    for (auto it = chatRateByClient_.begin(); it != chatRateByClient_.end();)
        it = it->second.idle(steadyNow(), chatWindow) ? chatRateByClient_.erase(it) : std::next(it);
    for (const auto& [id, room] : rooms_) {
        const std::int64_t ttl = room->started ? options_.roomTtlMs : options_.lobbyTtlMs;
        if (room->members.empty() && now - room->lastActivity >= ttl) {
            expired.push_back(id);
            continue;
        }
        // Someone there, or activity the store has not seen: the store learns of it, so a restart
        // does not expire a room in use.
        if (passHostIfGone(*room)) broadcastRoom(*room);
        expireClock(*room);  // a turn started by another process, or whose timer was lost
        const std::int64_t seen = room->members.empty() ? room->lastActivity : now;
        // Shared: the store's `touched` is what expires a room, so it is kept well within the TTL.
        const std::int64_t every = store_.shared() ? std::min(options_.touchEveryMs, ttl / 2) : options_.touchEveryMs;
        if (seen > room->storedTouched && now - room->storedTouched >= every) touched.push_back(id);
    }
    if (!touched.empty()) {
        try {
            store_.touchRooms(touched, now);
            for (const auto& id : touched) rooms_.at(id)->storedTouched = now;
        } catch (const StoreError& e) {
            log(std::string("storage failed while noting rooms in use: ") + e.what());
        }
    }
    if (store_.shared()) {
        // Other processes may have players in a room this one sees idle: the store decides, by the
        // `touched` every process with players keeps fresh; this process forgets its idle copies.
        try {
            const auto gone = store_.expireRooms(now - options_.roomTtlMs, now - options_.lobbyTtlMs);
            if (!gone.empty()) log(std::to_string(gone.size()) + " idle rooms expired");
        } catch (const StoreError& e) {
            log(std::string("storage failed while expiring rooms: ") + e.what());
        }
        for (const auto& id : expired) {
            releaseRoomCount(*rooms_.at(id));
            rooms_.erase(id);
            lobbyStale_ = true;
        }
        return;
    }
    for (const auto& id : expired) {
        try {
            store_.deleteRoom(id);
        } catch (const StoreError& e) {
            log(std::string("storage failed while expiring a room: ") + e.what());
            continue;
        }
        releaseRoomCount(*rooms_.at(id));
        rooms_.erase(id);
        lobbyStale_ = true;
    }
    if (!expired.empty())
        log(std::to_string(expired.size()) + " idle rooms expired (" + std::to_string(rooms_.size()) + " left)");
}

}  // namespace carc::server
