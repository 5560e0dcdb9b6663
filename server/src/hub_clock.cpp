// The Hub's part of the turn clock (turn_clock.hpp): storing each turn's start, its expiry from a
// timer or the sweep, and the `clock` and `timeout` messages.
#include "hub.hpp"
#include "server_messages.hpp"
#include "turn_clock.hpp"

namespace carc::server {

void Hub::clockTurnBegan(Room& room) {
    if (!turnBegan(room)) return;
    const std::int64_t now = now_();
    try {
        store_.saveTurnStart(room.id, now);
    } catch (const StoreError& e) {
        // The turn is played on; after a restart it is counted from the older start.
        log(std::string("storage failed while starting a turn clock: ") + e.what());
    }
    startTurnClock(room, now);
    scheduleClock(room);
    if (room.members.empty()) return;
    auto text = std::make_shared<const std::string>(
        clockMessage(room.id, room.clockSeat, room.clockTurn, room.clock.moveSeconds,
                     clockRemainingMs(room, now, options_.clockMsPerSecond)));
    for (const auto& [member, seat] : room.members) peers_.at(member).peer->send(text);
}

void Hub::scheduleClock(const Room& room) {
    if (!hasClock(room) || !options_.later) return;
    // One timer per turn; one that fires after its turn is over finds nothing due (the sweep is the
    // backstop, and the only check of a process that did not start the turn).
    options_.later(clockRemainingMs(room, now_(), options_.clockMsPerSecond), [this, id = room.id] {
        if (Room* due = findRoom(id)) expireClock(*due);
    });
}

bool Hub::expireClock(Room& room) {
    const auto seat = clockExpiredSeat(room, now_(), options_.clockMsPerSecond);
    if (!seat) return false;
    const SeatState before = room.seats[static_cast<std::size_t>(*seat)];
    SeatState updated = before;
    updated.kind = room.clock.bot;
    updated.replaced = true;  // the player's still: their move or `resume` takes it back
    bool won = false;
    try {
        // Compare-and-set on the turn (its actions and stored start) and the seat: of the processes
        // whose timers fire for this turn, one hands it to the bot; one whose copy is behind does nothing.
        won = store_.timeOutSeat(room.id, room.record.actions.size(), room.clock.turnStart, before, updated, now_());
    } catch (const StoreError& e) {
        log(std::string("storage failed while a turn clock ran out: ") + e.what());
        return false;
    }
    // A move, a take-back or another process's timeout came first: the bus brings it here (no
    // catch-up from this call: the sweep and the load call it while going through the rooms).
    if (!won) return false;
    room.seats[static_cast<std::size_t>(*seat)] = updated;
    log("room " + room.id + ": a turn's time ran out, a bot plays it");
    tellTimedOut(room, *seat);
    bots_.consider(room);
    return true;
}

void Hub::tellTimedOut(Room& room, int seat) {
    if (!room.members.empty()) {
        auto text = std::make_shared<const std::string>(timeoutMessage(room.id, seat, room.clock.bot));
        for (const auto& [member, view] : room.members) peers_.at(member).peer->send(text);
    }
    broadcastRoom(room);
}

bool Hub::takeSeatBack(Room& room, int seat) {
    SeatState& state = room.seats[static_cast<std::size_t>(seat)];
    if (!state.replaced) return true;
    SeatState updated = state;
    updated.kind = "human";
    updated.replaced = false;
    bool raced = false;
    try {
        raced = !store_.replaceSeat(room.id, state, updated, now_());
    } catch (const StoreError& e) {
        log(std::string("storage failed: ") + e.what());
        return false;
    }
    // Lost a race (another tab of this seat, through another process, took it back first): the seat
    // is read back, and is the player's either way.
    if (raced) catchUp(room);
    state = updated;
    ++room.botGeneration;  // a decision its bot is still thinking about is dropped
    room.botFailures = 0;
    // Back during their own turn whose time had run out: the player gets a whole turn.
    if (hasClock(room) && room.started && !room.over() && room.game->activePlayer() == seat &&
        clockRemainingMs(room, now_(), options_.clockMsPerSecond) == 0) {
        room.clockTurn = -1;
        clockTurnBegan(room);
    }
    return true;
}

void Hub::sendClock(PeerState& peer, const Room& room) {
    if (!hasClock(room) || !room.started || room.over()) return;
    send(peer, clockMessage(room.id, room.clockSeat, room.clockTurn, room.clock.moveSeconds,
                            clockRemainingMs(room, now_(), options_.clockMsPerSecond)));
}

}  // namespace carc::server
