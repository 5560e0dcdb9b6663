// The cache over the store: rooms built from their stored rows, loaded on demand, and kept up with
// what other processes changed (catch-up after the bus says a room moved).
#include "hub.hpp"

#include <algorithm>

#include "carc/bots.hpp"
#include "carc/english.hpp"
#include "presence.hpp"
#include "turn_clock.hpp"

namespace carc::server {

std::unique_ptr<Room> Hub::buildRoom(const StoredRoom& stored, std::string& problem, bool onDemand) {
    if (!stored.problem.empty()) {
        problem = stored.problem;
        return nullptr;
    }
    auto room = std::make_unique<Room>();
    room->id = stored.id;
    room->listed = stored.listed;
    room->created = stored.created;
    room->version = stored.version;
    // Loading is activity: players need the whole TTL to come back, whatever `touched` says.
    room->lastActivity = std::max(stored.touched, now_());
    room->storedTouched = stored.touched;
    std::string text = stored.setup;
    for (const auto& line : stored.actions) text += line + "\n";
    Replay setupOnly = replayText(stored.setup, catalog_);
    if (!setupOnly.game) {
        problem = "its setup does not load: " + english::describe(setupOnly.error);
        return nullptr;
    }
    room->setup = setupOnly.game->setup();
    for (const auto& seat : stored.seats) {
        SeatState state;
        static_cast<StoredSeat&>(state) = seat;
        if (state.seat != static_cast<int>(room->seats.size()))
            problem = "its seats are not numbered 0, 1, 2, ...";
        else if (state.kind != "open" && state.kind != "human" && !isBotKind(state.kind))
            problem = "seat " + std::to_string(state.seat) + " is of unknown kind '" + state.kind + "'";
        room->seats.push_back(state);
    }
    if (problem.empty() && static_cast<int>(room->seats.size()) != room->setup.players)
        problem = "it has " + std::to_string(room->seats.size()) + " seats for " + std::to_string(room->setup.players) +
                  " players";
    if (!problem.empty()) return nullptr;
    room->chat.restore(stored.chat, stored.chatMuted);
    room->clock = stored.clock;
    room->rematch = stored.rematch;
    // A player who never comes back can be replaced. Loaded on demand, the room was last in use
    // when it was last touched (by whichever process).
    awayAfterRestart(*room, onDemand ? steadyNow() - std::max<std::int64_t>(0, now_() - stored.touched) : steadyNow());
    if (stored.started) {
        std::string error = startGame(*room, catalog_);
        Replay full = replayText(text, catalog_);
        if (!error.empty() || full.error) {
            problem = "its game does not replay: " + (error.empty() ? english::describe(full.error) : error);
            return nullptr;
        }
        applyMove(*room, full.record.actions);  // also brings every view's reveals up to date
        adoptTurnClock(*room);                  // counted from the stored start, whoever started it
    }
    return room;
}

std::size_t Hub::load(bool everything) {
    loadProblems_.clear();
    // Processes sharing a database load each room when it is first asked for (findRoom), not all.
    if (store_.shared() && !everything) {
        try {
            store_.touchEveryRoom(now_());
        } catch (const StoreError& e) {
            log(std::string("storage failed while noting the start: ") + e.what());
        }
        return 0;
    }
    for (auto& stored : store_.loadRooms()) {
        std::string problem;
        auto room = buildRoom(stored, problem);
        if (!room) {
            log("stored room " + stored.id + " skipped: " + problem);
            loadProblems_.push_back({stored.id, problem});
            continue;
        }
        const std::string id = room->id;
        rooms_[id] = std::move(room);
    }
    for (auto& [id, room] : rooms_) {
        if (!expireClock(*room)) scheduleClock(*room);
        bots_.consider(*room);
    }
    if (!loadProblems_.empty()) log(std::to_string(loadProblems_.size()) + " stored rooms skipped");
    return rooms_.size();
}

bool Hub::upToDate(Room& room) {
    if (!store_.shared()) return true;
    room.version = store_.ownWritesFrom(room.id, room.version);
    // Read while the bus was listening, and nothing newer announced since: nothing to read. (A move
    // is checked again under the room's row lock anyway; a client that has seen more resumes.)
    return busListening_ && room.readInBusEpoch == busEpoch_ && room.busHeard <= room.version;
}

Room* Hub::findRoom(const std::string& id, bool read) {
    auto it = rooms_.find(id);
    if (it != rooms_.end()) {
        if (!read && upToDate(*it->second)) return it->second.get();
        return catchUp(*it->second) ? it->second.get() : nullptr;
    }
    if (!store_.shared() || id.empty()) return nullptr;  // one process: every room is already here
    std::optional<StoredRoom> stored;
    try {
        stored = store_.loadRoom(id, 0);
    } catch (const StoreError& e) {
        log(std::string("storage failed while loading a room: ") + e.what());
        return nullptr;
    }
    if (!stored) return nullptr;
    std::string problem;
    auto room = buildRoom(*stored, problem, true);
    if (!room) {
        log("stored room " + id + " skipped: " + problem);
        return nullptr;
    }
    Room& placed = *(rooms_[id] = std::move(room));
    if (busListening_) placed.readInBusEpoch = busEpoch_;
    if (!expireClock(placed)) scheduleClock(placed);  // its clock, counted from the stored start
    bots_.consider(placed);                           // a bot whose turn it is plays on, whoever set it going
    return &placed;
}

bool Hub::catchUp(Room& room) {
    if (!store_.shared()) return true;
    std::optional<StoredRoom> stored;
    try {
        stored = store_.loadRoom(room.id, room.record.actions.size());
    } catch (const StoreError& e) {
        // The cached copy answers meanwhile; a write through it fails with `storage` until the
        // database is back.
        log(std::string("storage failed while reading a room: ") + e.what());
        return true;
    }
    if (!stored) {  // expired by another process
        for (const auto& [member, seat] : room.members) {
            auto peer = peers_.find(member);
            if (peer != peers_.end()) peer->second.room.clear(), peer->second.seat = -2;
        }
        releaseRoomCount(room);
        const std::string id = room.id;
        rooms_.erase(id);
        lobbyStale_ = true;
        return false;
    }
    if (stored->version != room.version) applyStored(room, *stored);
    if (busListening_) room.readInBusEpoch = busEpoch_;
    return true;
}

void Hub::applyStored(Room& room, const StoredRoom& stored) {
    bool changed = stored.listed != room.listed;
    room.listed = stored.listed;
    int timedOut = -1;
    for (const auto& seat : stored.seats) {
        if (seat.seat < 0 || seat.seat >= static_cast<int>(room.seats.size())) continue;
        StoredSeat& mine = room.seats[static_cast<std::size_t>(seat.seat)];
        const bool same = mine.kind == seat.kind && mine.name == seat.name && mine.colour == seat.colour &&
                          mine.secretHash == seat.secretHash && mine.host == seat.host &&
                          mine.replaced == seat.replaced && mine.reserved == seat.reserved;
        // Another process's timer handed this seat's turn to the clock's bot (expireClock there).
        if (!mine.replaced && seat.replaced && seat.kind == room.clock.bot && room.game && !room.over() &&
            room.game->activePlayer() == seat.seat && clockRemainingMs(room, now_(), options_.clockMsPerSecond) == 0)
            timedOut = seat.seat;
        if (!same) mine = seat, changed = true;
    }
    const bool startedNow = stored.started && !room.started;
    if (startedNow) {
        Replay setupOnly = replayText(stored.setup, catalog_);
        if (!setupOnly.game)
            return log("a room started elsewhere does not load: " + english::describe(setupOnly.error));
        room.setup = setupOnly.game->setup();
        if (std::string error = startGame(room, catalog_); !error.empty())
            return log("a room started elsewhere does not start here: " + error);
        log("game started elsewhere: " + room.setup.mode);
        changed = true;
    }
    if (timedOut >= 0) tellTimedOut(room, timedOut), changed = false;  // `timeout`, then `room` (as the other process)
    if (room.started && !applyLines(room, stored.actions, !startedNow)) return;
    room.version = stored.version;
    if (changed) broadcastRoom(room);
    if (startedNow)
        for (const auto& [member, seat] : room.members) sendGame(peers_.at(member), room, seat);
    catchUpTable(room, stored);
}

bool Hub::applyLines(Room& room, const std::vector<std::string>& lines, bool tell) {
    // One `moved` per run of lines by one seat, as the process that stored them sent its own.
    std::vector<std::vector<std::string>> pending;
    int pendingSeat = -1;
    auto flush = [&] {
        if (tell && !pending.empty()) tellMoved(room, pendingSeat, pending);
        pending.clear();
    };
    for (const auto& line : lines) {
        if (room.over()) break;
        const int seat = room.game->activePlayer();
        if (seat != pendingSeat) flush();
        pendingSeat = seat;
        MoveCheck check = checkMove(room, seat, {line});
        if (!check.code.empty()) {
            flush();
            log("a stored line does not apply to the cached game: " + check.message);
            return false;
        }
        const auto views = applyMove(room, check.actions);
        if (pending.empty()) pending.resize(views.size());
        for (std::size_t v = 0; v < views.size(); ++v)
            pending[v].insert(pending[v].end(), views[v].begin(), views[v].end());
    }
    flush();
    // A bot's turn that another process set going is thought about here too, so that it is played
    // even if that process dies; the store lets exactly one of the moves in.
    if (tell && !lines.empty()) bots_.consider(room);
    return true;
}

void Hub::roomChanged(const std::string& id, std::int64_t seq) {
    auto it = rooms_.find(id);
    if (it == rooms_.end()) {
        // Not cached here (read when someone asks); the store forgets this process's writes up to
        // `seq`, which a room that left the cache (expired, swept) would otherwise keep.
        store_.ownWritesFrom(id, seq);
        return;
    }
    Room& room = *it->second;
    room.busHeard = std::max(room.busHeard, seq);
    // Already read (or this process's own write), or nobody here to tell (read when someone asks).
    if (upToDate(room) || room.members.empty()) return;
    catchUp(room);
}

void Hub::busLost() {
    busListening_ = false;
    ++busEpoch_;  // what was read before is not known to be current any more
}

void Hub::catchUpAll() {
    busListening_ = true;
    std::vector<std::string> inUse;
    for (const auto& [id, room] : rooms_)
        if (!room->members.empty()) inUse.push_back(id);
    for (const auto& id : inUse)
        if (auto it = rooms_.find(id); it != rooms_.end() && catchUp(*it->second) && refreshPresence(*it->second))
            broadcastRoom(*it->second);
}

}  // namespace carc::server
