// The room commands over the store: create, join, watch, resume, leave, seats, listing, start, replace.
#include "hub.hpp"

#include <algorithm>

#include "carc/bots.hpp"
#include "carc/english.hpp"
#include "random.hpp"
#include "secret_hash.hpp"
#include "server_messages.hpp"
#include "turn_clock.hpp"

namespace carc::server {
namespace {

bool colourTaken(const Room& room, const std::string& colour, int exceptSeat) {
    return std::any_of(room.seats.begin(), room.seats.end(),
                       [&](const SeatState& s) { return s.seat != exceptSeat && s.colour == colour; });
}

std::string freeColour(const Room& room) {
    for (const auto& colour : playerColours())
        if (!colourTaken(room, colour, -1)) return colour;
    return "";
}

bool knownColour(const std::string& colour) {
    const auto& all = playerColours();
    return std::find(all.begin(), all.end(), colour) != all.end();
}

}  // namespace

StoredRoom Hub::newStoredRoom(const Room& room) const {
    StoredRoom stored;
    stored.id = room.id;
    stored.setup = setupText(room, catalog_);
    stored.listed = room.listed;
    stored.created = stored.touched = room.created;
    for (const auto& seat : room.seats) stored.seats.push_back(seat);
    stored.clock = room.clock;
    return stored;
}

bool Hub::mayCreateRoom(PeerState& peer, const std::string& ref) {
    std::size_t rooms = rooms_.size();
    if (store_.shared()) {  // processes sharing a database count its rooms, not their own
        try {
            rooms = store_.countRooms();
        } catch (const StoreError& e) {
            log(std::string("storage failed: ") + e.what());
            sendError(peer, "storage", "the server could not store this change; nothing changed", ref);
            return false;
        }
    }
    if (rooms >= options_.maxRooms) {
        sendError(peer, "server_full", "this server holds as many rooms as it may", ref);
        return false;
    }
    const Limits& l = options_.limits;
    if (peer.roomsCreated >= l.roomsPerConnection) {
        sendError(
            peer, "too_many_rooms",
            "one connection may have at most " + std::to_string(l.roomsPerConnection) + " rooms that are not over",
            ref);
        return false;
    }
    if (auto mine = roomsByClient_.find(peer.client);
        mine != roomsByClient_.end() && mine->second >= l.roomsPerAddress) {
        sendError(peer, "too_many_rooms",
                  "one address may have at most " + std::to_string(l.roomsPerAddress) + " rooms that are not over",
                  ref);
        return false;
    }
    return true;
}

void Hub::countRoomFor(PeerId id, PeerState& peer, Room& room) {
    room.creatorClient = peer.client;
    room.creatorPeer = id;
    room.countedForCreator = true;
    ++peer.roomsCreated;
    ++roomsByClient_[peer.client];
}

void Hub::create(PeerId id, PeerState& peer, const ClientMessage& m) {
    if (!mayCreateRoom(peer, m.ref)) return;
    if (m.clock != 0 && !isClockChoice(m.clock))
        return sendError(peer, "bad_clock", "clock: 0 (none), 30, 60, 120, 300 or 86400 seconds per turn", m.ref);
    const std::string clockBot = m.clockBot.empty() ? "medium" : m.clockBot;
    if (!isBotKind(clockBot))
        return sendError(peer, "bad_clock", "clockBot: '" + clockBot + "' is not a bot level", m.ref);
    Setup setup;
    setup.mode = m.mode;
    setup.players = m.players;
    for (const auto& option : m.options) {
        const auto eq = option.find('=');
        if (eq == std::string::npos)
            return sendError(peer, "bad_setup", "options: '" + option + "' is not key=value", m.ref);
        setup.options.emplace_back(option.substr(0, eq), option.substr(eq + 1));
    }
    setup.seed = randomSeed();
    Problem problem;
    std::string where;
    auto game = catalog_.newGame(setup, problem, &where);
    if (!game)
        return sendError(peer, "bad_setup", (where.empty() ? "" : where + ": ") + english::describe(problem), m.ref,
                         &problem);
    if (game->playerCount() > static_cast<int>(playerColours().size()))
        return sendError(peer, "bad_setup", "players: at most 6", m.ref);
    if (!nameAccepted(peer, m)) return;
    if (!m.colour.empty() && !knownColour(m.colour))
        return sendError(peer, "bad_colour", "colour '" + m.colour + "' is not a player colour", m.ref);

    auto room = std::make_unique<Room>();
    room->id = randomToken();
    room->setup = game->setup();
    room->setup.names.clear();
    room->listed = m.listed;
    room->created = room->lastActivity = room->storedTouched = now_();
    room->clock.moveSeconds = m.clock;
    room->clock.bot = clockBot;
    for (int s = 0; s < room->setup.players; ++s) {
        SeatState seat;
        seat.seat = s;
        room->seats.push_back(seat);
    }
    SeatState& host = room->seats[0];
    host.kind = "human";
    host.name = m.name;
    host.colour = m.colour.empty() ? playerColours().front() : m.colour;
    const std::string secret = randomToken();  // handed to the host once; only its hash is kept
    host.secretHash = hashSecret(secret);
    host.host = true;

    const StoredRoom stored = newStoredRoom(*room);
    if (!store(peer, m, [&] { store_.createRoom(stored); })) return;

    Room& placed = *(rooms_[room->id] = std::move(room));
    countRoomFor(id, peer, placed);
    log("room created: " + placed.setup.mode + ", " + std::to_string(placed.setup.players) + " players (" +
        std::to_string(rooms_.size()) + " rooms)");
    attach(id, peer, placed, 0);
    sendJoined(peer, placed.id, 0, secret, true, m.ref);
    broadcastRoom(placed);
}

void Hub::join(PeerId id, PeerState& peer, const ClientMessage& m) {
    Room* room = findRoom(m.room, true);
    if (!room) return sendError(peer, "no_room", "there is no such room (it may have expired)", m.ref);
    if (room->started) return sendError(peer, "started", "the game has started: watch it instead", m.ref);
    int seat = -1;
    if (m.seat) {
        if (*m.seat >= static_cast<int>(room->seats.size()))
            return sendError(peer, "no_seat", "no seat " + std::to_string(*m.seat), m.ref);
        if (!seatFree(*room, room->seats[static_cast<std::size_t>(*m.seat)]))
            return sendError(peer, "seat_taken", "seat " + std::to_string(*m.seat) + " is taken", m.ref);
        seat = *m.seat;
    } else {
        for (const auto& s : room->seats)
            if (seatFree(*room, s)) {
                seat = s.seat;
                break;
            }
        if (seat < 0) return sendError(peer, "room_full", "every seat is taken", m.ref);
    }
    if (!nameAccepted(peer, m)) return;
    if (!m.colour.empty() && !knownColour(m.colour))
        return sendError(peer, "bad_colour", "colour '" + m.colour + "' is not a player colour", m.ref);
    if (!m.colour.empty() && colourTaken(*room, m.colour, seat))
        return sendError(peer, "colour_taken", "another seat plays " + m.colour, m.ref);

    SeatState updated = room->seats[static_cast<std::size_t>(seat)];
    updated.kind = "human";
    updated.name = m.name;
    updated.colour = m.colour.empty() ? freeColour(*room) : m.colour;
    const std::string secret = randomToken();  // handed to the player once; only its hash is kept
    updated.secretHash = hashSecret(secret);
    updated.replaced = false;
    updated.reserved = false;
    bool taken = false;
    const StoredSeat before = room->seats[static_cast<std::size_t>(seat)];
    if (!store(peer, m, [&] { taken = !store_.replaceSeat(room->id, before, updated, now_()); })) return;
    if (taken) {  // another process seated someone there first
        catchUp(*room);
        return sendError(peer, "seat_taken", "seat " + std::to_string(seat) + " is taken", m.ref);
    }
    room->seats[static_cast<std::size_t>(seat)] = updated;
    attach(id, peer, *room, seat);
    sendJoined(peer, room->id, seat, secret, room->seats[static_cast<std::size_t>(seat)].host, m.ref);
    broadcastRoom(*room);
}

void Hub::watch(PeerId id, PeerState& peer, const ClientMessage& m) {
    Room* room = findRoom(m.room, true);
    if (!room) return sendError(peer, "no_room", "there is no such room (it may have expired)", m.ref);
    if (!m.name.empty() && !nameAccepted(peer, m)) return;
    peer.spectatorName = m.name;  // how its chat lines show ("": the page says "Spectator N")
    // Watching again what it already watches changes nobody's view of the room: no broadcast.
    const bool already = peer.room == room->id && peer.seat == -1;
    if (!already) attach(id, peer, *room, -1);
    send(peer, watchingMessage(room->id, m.ref));
    if (already)
        send(peer, roomMessage(*room));
    else
        broadcastRoom(*room);
    if (room->started) sendGame(peer, *room, -1);
    sendClock(peer, *room);
    if (room->over()) sendOver(peer, *room);
}

void Hub::resume(PeerId id, PeerState& peer, const ClientMessage& m) {
    Room* room = findRoom(m.room, true);
    if (!room) return sendError(peer, "no_room", "there is no such room (it may have expired)", m.ref);
    const int seat = *m.seat;
    if (seat >= static_cast<int>(room->seats.size()) ||
        !secretMatches(m.secret, room->seats[static_cast<std::size_t>(seat)].secretHash))
        return sendError(peer, "bad_secret", "that is not this seat's secret", m.ref);
    SeatState& state = room->seats[static_cast<std::size_t>(seat)];
    const bool wasReplaced = state.replaced || state.reserved;
    // The player is back: a seat a bot played (replaced, or timed out) is theirs again.
    if (!takeSeatBack(*room, seat))
        return sendError(peer, "storage", "the server could not store this change; nothing changed", m.ref);
    if (state.reserved) {  // a "Play again" seat: its player came, it is kept for nobody any more
        StoredSeat came = state;
        came.reserved = false;
        bool raced = false;
        if (!store(peer, m, [&] { raced = !store_.replaceSeat(room->id, state, came, now_()); })) return;
        if (raced) catchUp(*room);  // another tab of the seat, elsewhere, came first: the same either way
        state.reserved = false;
    }
    const bool already = peer.room == room->id && peer.seat == seat && !wasReplaced;
    if (!already) attach(id, peer, *room, seat);
    sendJoined(peer, room->id, seat, m.secret, state.host, m.ref);  // the secret just proven
    if (already)
        send(peer, roomMessage(*room));
    else
        broadcastRoom(*room);
    if (room->started) sendGame(peer, *room, seat);
    sendClock(peer, *room);
    if (room->over()) sendOver(peer, *room);
}

void Hub::leave(PeerId id, PeerState& peer, const ClientMessage& m) {
    Room* room = roomOf(peer);
    if (!room) return sendError(peer, "not_in_room", "this connection is in no room", m.ref);
    const std::string roomId = room->id;
    const int seat = peer.seat;
    const bool lastOfSeat = seat >= 0 && room->seats[static_cast<std::size_t>(seat)].connections == 1;
    if (!room->started && lastOfSeat && !room->seats[static_cast<std::size_t>(seat)].host) {
        SeatState opened;
        opened.seat = seat;
        bool kept = false;  // another tab of the seat elsewhere changed it: it stays as it is
        const StoredSeat before = room->seats[static_cast<std::size_t>(seat)];
        if (!store(peer, m, [&] { kept = !store_.replaceSeat(roomId, before, opened, now_()); })) return;
        detach(id, peer);
        if (!kept) room->seats[static_cast<std::size_t>(seat)] = opened;
        broadcastRoom(*room);
    } else {
        detach(id, peer);
    }
    send(peer, leftMessage(roomId, m.ref));
}

void Hub::setSeat(PeerState& peer, Room& room, const ClientMessage& m) {
    if (peer.seat < 0 || !room.seats[static_cast<std::size_t>(peer.seat)].host)
        return sendError(peer, "not_host", "only the host sets seats", m.ref);
    if (room.started) return sendError(peer, "started", "the game has started", m.ref);
    const int seat = *m.seat;
    if (seat >= static_cast<int>(room.seats.size()) || room.seats[static_cast<std::size_t>(seat)].host)
        return sendError(peer, "no_seat", "seat " + std::to_string(seat) + " cannot be set", m.ref);
    SeatState updated = room.seats[static_cast<std::size_t>(seat)];
    if (updated.kind == "human") return sendError(peer, "seat_taken", "a player holds that seat", m.ref);
    if (m.kind == "open") {
        updated = SeatState{};
        updated.seat = seat;
    } else if (isBotKind(m.kind)) {
        updated.kind = m.kind;
        updated.name = botDisplayName(m.kind);
        if (updated.colour.empty()) updated.colour = freeColour(room);
    } else {
        return sendError(peer, "bad_kind", "'" + m.kind + "' is neither open nor a bot level", m.ref);
    }
    bool taken = false;
    const StoredSeat before = room.seats[static_cast<std::size_t>(seat)];
    if (!store(peer, m, [&] { taken = !store_.replaceSeat(room.id, before, updated, now_()); })) return;
    if (taken) {
        catchUp(room);
        return sendError(peer, "seat_taken", "seat " + std::to_string(seat) + " changed meanwhile", m.ref);
    }
    room.seats[static_cast<std::size_t>(seat)] = updated;
    broadcastRoom(room);
}

void Hub::setListed(PeerState& peer, Room& room, const ClientMessage& m) {
    if (peer.seat < 0 || !room.seats[static_cast<std::size_t>(peer.seat)].host)
        return sendError(peer, "not_host", "only the host lists the room", m.ref);
    // `listed` alone: a copy of the room that has not seen a start elsewhere never writes it back.
    if (!store(peer, m, [&] { store_.setListed(room.id, m.listed, now_()); })) return;
    room.listed = m.listed;
    broadcastRoom(room);
}

void Hub::start(PeerState& peer, Room& room, const ClientMessage& m) {
    if (peer.seat < 0 || !room.seats[static_cast<std::size_t>(peer.seat)].host)
        return sendError(peer, "not_host", "only the host starts the game", m.ref);
    if (room.started) return sendError(peer, "started", "the game has started", m.ref);
    std::string open;
    for (const auto& seat : room.seats)
        if (seat.kind == "open") open += (open.empty() ? "" : ", ") + std::to_string(seat.seat);
    if (!open.empty()) return sendError(peer, "seats_open", "open seats: " + open, m.ref);
    Room trial;  // started aside, so a failure to store leaves the room as it was
    trial.setup = room.setup;
    trial.seats = room.seats;
    if (std::string error = startGame(trial, catalog_); !error.empty())
        return sendError(peer, "bad_setup", error, m.ref);
    const std::string setup = setupText(trial, catalog_);
    bool already = false;
    if (!store(peer, m, [&] { already = !store_.markStarted(room.id, setup, now_()); })) return;
    if (already) {  // started through another process a moment ago
        catchUp(room);
        return sendError(peer, "started", "the game has started", m.ref);
    }
    room.setup = trial.setup;
    room.game = std::move(trial.game);
    room.record = std::move(trial.record);
    room.views = std::move(trial.views);
    room.started = true;
    log("game started: " + room.setup.mode + ", " + std::to_string(room.setup.players) + " players");
    broadcastRoom(room);
    for (const auto& [member, seat] : room.members) sendGame(peers_.at(member), room, seat);
    clockTurnBegan(room);
    bots_.consider(room);
}

void Hub::replace(PeerState& peer, Room& room, const ClientMessage& m) {
    // Any seated player, not only the host: nobody waits for the host to come back.
    if (peer.seat < 0) return sendError(peer, "not_player", "only a seated player replaces players", m.ref);
    if (!room.started) return sendError(peer, "not_started", "the game has not started", m.ref);
    if (room.over()) return sendError(peer, "over", "the game is over", m.ref);
    const int seat = *m.seat;
    if (seat >= static_cast<int>(room.seats.size()))
        return sendError(peer, "no_seat", "no seat " + std::to_string(seat), m.ref);
    if (!isBotKind(m.kind)) return sendError(peer, "bad_kind", "'" + m.kind + "' is not a bot level", m.ref);
    SeatState updated = room.seats[static_cast<std::size_t>(seat)];
    const std::int64_t gone = steadyNow() - updated.awaySince;
    if (updated.kind != "human" || updated.connections > 0 || updated.awaySince == 0 || gone < replaceAfterMs() ||
        room.game->activePlayer() != seat)
        return sendError(peer, "not_replaceable",
                         "only a player whose turn it is and who has been gone for " +
                             std::to_string(options_.limits.replaceAfter) + " s can be replaced",
                         m.ref);
    updated.kind = m.kind;
    updated.replaced = true;
    bool raced = false;
    const StoredSeat before = room.seats[static_cast<std::size_t>(seat)];
    if (!store(peer, m, [&] { raced = !store_.replaceSeat(room.id, before, updated, now_()); })) return;
    if (raced) {
        catchUp(room);
        return sendError(peer, "not_replaceable", "the seat changed meanwhile", m.ref);
    }
    room.seats[static_cast<std::size_t>(seat)] = updated;
    broadcastRoom(room);
    bots_.consider(room);
}

}  // namespace carc::server
