#include "hub.hpp"

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "carc/bots.hpp"
#include "carc/english.hpp"
#include "carc/event_json.hpp"
#include "host_handover.hpp"
#include "presence.hpp"
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

Hub::Hub(Catalog& catalog, Store& store, BotRunner bots, HubOptions options, std::function<std::int64_t()> nowMs)
    : catalog_(catalog),
      store_(store),
      options_(std::move(options)),
      now_(std::move(nowMs)),
      bots_(std::move(bots), options_.later, [this](const std::string& line) { log(line); },
            {[this](const std::string& id) { return findRoom(id); },
             [this](Room& room, int seat, const MoveCheck& check, std::string& error) {
                 return commitMove(room, seat, check, error);
             }}) {}

void Hub::log(const std::string& line) const {
    if (options_.log)
        options_.log(line);
    else
        std::cerr << "carc-server: " << line << std::endl;
}

// ---- loading after a restart

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

// ---- connections

PeerId Hub::connect(Peer& peer, const std::string& client) {
    const PeerId id = nextPeer_++;
    PeerState state;
    state.peer = &peer;
    state.client = client;
    state.rate = RateLimit(options_.limits, steadyNow());
    peers_.emplace(id, std::move(state));
    return id;
}

void Hub::disconnect(PeerId id) {
    auto it = peers_.find(id);
    if (it == peers_.end()) return;
    detach(id, it->second);
    peers_.erase(it);
}

void Hub::receive(PeerId id, std::string_view text, bool binary) {
    auto it = peers_.find(id);
    if (it == peers_.end()) return;
    PeerState& peer = it->second;
    if (peer.closedForFlooding) return;
    // One token before the frame is even parsed; what its type costs beyond that once it is.
    auto within = [&](int cost, const std::string& ref) {
        const auto verdict = peer.rate.take(cost, steadyNow());
        if (verdict == RateLimit::Verdict::Accepted) return true;
        if (verdict == RateLimit::Verdict::Dropped) return false;
        if (verdict == RateLimit::Verdict::Close) {
            log("a connection that kept flooding was closed");
            peer.closedForFlooding = true;
            peer.peer->close(1008);
            if (options_.flooded) options_.flooded(peer.client);
        } else {
            sendError(peer, "rate_limited",
                      "too many messages: at most " + std::to_string(options_.limits.messagesPerSecond) +
                          " per second (" + std::to_string(options_.limits.heavyCost) +
                          " for create, join, watch, resume, leave, start and lobby)",
                      ref);
        }
        return false;
    };
    if (!within(1, "")) return;
    if (binary) {
        sendError(peer, "bad_json", "messages are text frames holding one JSON object", "");
        return;
    }
    Decoded decoded = decodeClientMessage(text, options_.limits);
    if (!decoded.message) {
        sendError(peer, decoded.code, decoded.error, decoded.ref);
        return;
    }
    const int extra = messageCost(decoded.message->type, options_.limits) - 1;
    if (extra > 0 && !within(extra, decoded.message->ref)) return;
    handle(id, peer, *decoded.message);
}

void Hub::handle(PeerId id, PeerState& peer, const ClientMessage& m) {
    switch (m.type) {
        case ClientType::Hello:
            return hello(peer, m);
        case ClientType::Create:
            return create(id, peer, m);
        case ClientType::Join:
            return join(id, peer, m);
        case ClientType::Watch:
            return watch(id, peer, m);
        case ClientType::Resume:
            return resume(id, peer, m);
        case ClientType::Leave:
            return leave(id, peer, m);
        case ClientType::Lobby:
            return lobby(peer, m);
        case ClientType::Ping:
            return send(peer, pongMessage(m.ref));
        default:
            break;
    }
    Room* room = roomOf(peer);
    if (!room) return sendError(peer, "not_in_room", "join, watch or resume a room first", m.ref);
    room->lastActivity = now_();
    switch (m.type) {
        case ClientType::Seat:
            return setSeat(peer, *room, m);
        case ClientType::Listed:
            return setListed(peer, *room, m);
        case ClientType::Start:
            return start(peer, *room, m);
        case ClientType::Move:
            return move(peer, *room, m);
        case ClientType::Replace:
            return replace(peer, *room, m);
        case ClientType::Chat:
            return chat(peer, *room, m);
        case ClientType::Mute:
            return mute(peer, *room, m);
        case ClientType::Rematch:
            return rematch(id, peer, *room, m);
        default:
            break;
    }
}

// ---- messages

void Hub::hello(PeerState& peer, const ClientMessage& m) {
    if (m.protocol != kProtocolVersion)
        return sendError(peer, "protocol",
                         "this server speaks protocol version " + std::to_string(kProtocolVersion) + ", not " +
                             std::to_string(m.protocol),
                         m.ref);
    send(peer, welcomeMessage(options_.limits, botNames(), playerColours(), m.ref));
}

bool Hub::nameAccepted(PeerState& peer, const ClientMessage& m) {
    switch (checkName(m.name)) {
        case NameCheck::Good:
            return true;
        case NameCheck::NotUtf8:
            sendError(peer, "bad_name", "a name is UTF-8 text", m.ref);
            return false;
        case NameCheck::Bad:
            break;
    }
    sendError(peer, "bad_name", "a name is 1-24 characters without commas, tabs or line breaks, no blank at either end",
              m.ref);
    return false;
}

bool Hub::store(PeerState& peer, const ClientMessage& m, const std::function<void()>& write) {
    try {
        write();
        return true;
    } catch (const StoreError& e) {
        log(std::string("storage failed: ") + e.what());
        sendError(peer, "storage", "the server could not store this change; nothing changed", m.ref);
        return false;
    }
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

    StoredRoom stored;
    stored.id = room->id;
    stored.setup = setupText(*room, catalog_);
    stored.listed = room->listed;
    stored.created = stored.touched = room->created;
    for (const auto& seat : room->seats) stored.seats.push_back(seat);
    stored.clock = room->clock;
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
    Room* room = findRoom(m.room);
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
    Room* room = findRoom(m.room);
    if (!room) return sendError(peer, "no_room", "there is no such room (it may have expired)", m.ref);
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
    Room* room = findRoom(m.room);
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
    state.reserved = false;  // a "Play again" seat: its player came
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

void Hub::move(PeerState& peer, Room& room, const ClientMessage& m) {
    if (peer.seat < 0) return sendError(peer, "spectator", "spectators do not move", m.ref);
    if (!room.started) return sendError(peer, "not_started", "the game has not started", m.ref);
    if (room.over()) return sendError(peer, "over", "the game is over", m.ref);
    const auto actions = static_cast<std::int64_t>(room.record.actions.size());
    if (m.seq != actions)
        return sendError(peer, "stale",
                         "the game holds " + std::to_string(actions) + " actions, not " + std::to_string(m.seq) +
                             ": resume to catch up",
                         m.ref);
    for (const auto& line : m.lines)
        if (line.rfind("reveal", 0) == 0)
            return sendError(peer, "bad_message", "only the server reveals hidden values", m.ref);
    MoveCheck check = checkMove(room, peer.seat, m.lines);
    if (!check.code.empty())
        return sendError(peer, check.code, check.message, m.ref, check.problem ? &check.problem : nullptr);
    // A seat a bot plays for (its time ran out) is taken back by its player's own move.
    const bool takenBack = room.seats[static_cast<std::size_t>(peer.seat)].replaced;
    if (takenBack && !takeSeatBack(room, peer.seat))
        return sendError(peer, "storage", "the server could not store this change; nothing changed", m.ref);
    MoveCheck refused;
    if (!commitChecked(room, peer.seat, check, m.seq, refused))
        return sendError(peer, refused.code, refused.message, m.ref, refused.problem ? &refused.problem : nullptr);
    if (takenBack) broadcastRoom(room);
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

void Hub::lobby(PeerState& peer, const ClientMessage& m) {
    if (!lobbyStale_) return send(peer, lobbyMessage(lobbyRooms_, m.ref));
    std::vector<const Room*> listed;
    for (const auto& [id, room] : rooms_)
        if (room->listed && !room->over()) listed.push_back(room.get());
    std::sort(listed.begin(), listed.end(), [](const Room* a, const Room* b) {
        return a->created != b->created ? a->created > b->created : a->id < b->id;
    });
    if (listed.size() > 100) listed.resize(100);
    std::vector<LobbyEntry> entries;
    for (const Room* room : listed) {
        LobbyEntry& entry = entries.emplace_back();
        entry.room = room->id;
        entry.mode = room->setup.mode;
        entry.players = room->setup.players;
        entry.started = room->started;
        for (const auto& seat : room->seats)
            if (seat.kind == "open")
                ++entry.free;
            else
                entry.names.push_back(seat.name);
    }
    lobbyRooms_ = lobbyList(entries);
    lobbyStale_ = false;
    send(peer, lobbyMessage(lobbyRooms_, m.ref));
}

// ---- moves and bots

bool Hub::commitMove(Room& room, int seat, const MoveCheck& check, std::string& error) {
    MoveCheck refused;
    const std::size_t before = room.record.actions.size();
    if (commitChecked(room, seat, check, -1, refused)) return true;
    if (refused.code != "storage" && room.record.actions.size() > before) {
        // Another process played this bot turn first (every process with players there thinks
        // about it): nothing failed, the next turn is considered.
        bots_.consider(room);
        return true;
    }
    error = refused.message;
    return false;
}

bool Hub::commitChecked(Room& room, int seat, MoveCheck check, std::int64_t clientSeq, MoveCheck& refused) {
    struct Refusal {};  // thrown out of the transaction: rolls it back
    try {
        store_.appendMove(
            room.id, room.record.actions.size(),
            [&](const std::vector<std::string>& unseen) {
                if (unseen.empty()) return check.lines;
                // Another process moved first: this one catches up, then judges the move afresh.
                if (!applyLines(room, unseen, true)) throw StoreError("stored lines do not apply");
                const auto actions = static_cast<std::int64_t>(room.record.actions.size());
                if (clientSeq >= 0 && clientSeq != actions) {
                    refused.code = "stale";
                    refused.message = "the game holds " + std::to_string(actions) + " actions, not " +
                                      std::to_string(clientSeq) + ": resume to catch up";
                    throw Refusal{};
                }
                if (room.over()) {
                    refused.code = "over";
                    refused.message = "the game is over";
                    throw Refusal{};
                }
                check = checkMove(room, seat, check.lines);
                if (!check.code.empty()) {
                    refused = check;
                    throw Refusal{};
                }
                return check.lines;
            },
            now_());
    } catch (const Refusal&) {
        return false;
    } catch (const StoreError& e) {
        log(std::string("storage failed: ") + e.what());
        refused.code = "storage";
        refused.message = "the server could not store this move; nothing changed";
        return false;
    }
    room.lastActivity = room.storedTouched = now_();
    const auto views = applyMove(room, check.actions);
    tellMoved(room, seat, views);
    clockTurnBegan(room);
    bots_.consider(room);
    return true;
}

void Hub::tellMoved(Room& room, int seat, const std::vector<std::vector<std::string>>& views) {
    const auto seq = room.record.actions.size();
    std::vector<std::shared_ptr<const std::string>> texts;
    for (std::size_t v = 0; v < views.size(); ++v)
        texts.push_back(std::make_shared<const std::string>(movedMessage(room.id, seq, seat, views[v])));
    for (const auto& [member, view] : room.members)
        peers_.at(member).peer->send(texts[static_cast<std::size_t>(view + 1)]);
    if (room.over()) {
        log("game over: " + room.setup.mode);
        releaseRoomCount(room);
        for (const auto& [member, view] : room.members) sendOver(peers_.at(member), room);
        broadcastRoom(room);
    }
}

void Hub::releaseRoomCount(Room& room) {
    if (!room.countedForCreator) return;
    room.countedForCreator = false;
    auto it = roomsByClient_.find(room.creatorClient);
    if (it != roomsByClient_.end() && --it->second <= 0) roomsByClient_.erase(it);
    auto creator = peers_.find(room.creatorPeer);
    if (creator != peers_.end()) --creator->second.roomsCreated;
}

// ---- rooms and connections

Room* Hub::findRoom(const std::string& id) {
    auto it = rooms_.find(id);
    if (it != rooms_.end()) return catchUp(*it->second) ? it->second.get() : nullptr;
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
    return true;
}

void Hub::applyStored(Room& room, const StoredRoom& stored) {
    bool changed = stored.listed != room.listed;
    room.listed = stored.listed;
    for (const auto& seat : stored.seats) {
        if (seat.seat < 0 || seat.seat >= static_cast<int>(room.seats.size())) continue;
        StoredSeat& mine = room.seats[static_cast<std::size_t>(seat.seat)];
        const bool same = mine.kind == seat.kind && mine.name == seat.name && mine.colour == seat.colour &&
                          mine.secretHash == seat.secretHash && mine.host == seat.host &&
                          mine.replaced == seat.replaced;
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
    if (room.started && !applyLines(room, stored.actions, !startedNow)) return;
    room.version = stored.version;
    if (changed) broadcastRoom(room);
    if (startedNow)
        for (const auto& [member, seat] : room.members) sendGame(peers_.at(member), room, seat);
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

Room* Hub::roomOf(PeerState& peer) {
    return peer.room.empty() ? nullptr : findRoom(peer.room);
}

void Hub::attach(PeerId id, PeerState& peer, Room& room, int seat) {
    detach(id, peer);
    peer.room = room.id;
    peer.seat = seat;
    arrive(room, id, seat, steadyNow());
    room.lastActivity = now_();
    send(peer, chatHistoryMessage(room.id, room.chat));  // the talk so far, before the room's news
    if (seat >= 0) passHostIfGone(room);  // the host may have been gone long already (after a restart, say)
}

void Hub::detach(PeerId id, PeerState& peer) {
    Room* room = roomOf(peer);
    const int seat = peer.seat;
    peer.room.clear();
    peer.seat = -2;
    if (!room) return;
    room->lastActivity = now_();
    if (depart(*room, id, steadyNow()) && room->seats[static_cast<std::size_t>(seat)].host && options_.later)
        options_.later(replaceAfterMs(), [this, id = room->id] {
            Room* gone = findRoom(id);
            if (gone && passHostIfGone(*gone)) broadcastRoom(*gone);
        });
    broadcastRoom(*room);
}

bool Hub::passHostIfGone(Room& room) {
    if (room.over()) return false;
    const auto next = nextHost(room.seats, steadyNow(), replaceAfterMs());
    if (!next) return false;
    // The new host first: a crash between the two writes leaves two hosts, never none.
    const int before = room.hostSeat();
    try {
        SeatState host = room.seats[static_cast<std::size_t>(*next)];
        host.host = true;
        // Compare-and-set: a process that passed the role on first (or a seat that changed) wins.
        if (!store_.replaceSeat(room.id, room.seats[static_cast<std::size_t>(*next)], host, now_())) return false;
        room.seats[static_cast<std::size_t>(*next)] = host;
        if (before >= 0) {
            SeatState old = room.seats[static_cast<std::size_t>(before)];
            old.host = false;
            store_.replaceSeat(room.id, room.seats[static_cast<std::size_t>(before)], old, now_());
            room.seats[static_cast<std::size_t>(before)] = old;
        }
    } catch (const StoreError& e) {
        log(std::string("storage failed while passing on the host: ") + e.what());
        return false;
    }
    log("the host of a room was gone: the role passed to another player");
    return true;
}

void Hub::sweep() {
    const std::int64_t now = now_();
    std::vector<std::string> expired, touched;
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

void Hub::roomChanged(const std::string& id, std::int64_t seq) {
    auto it = rooms_.find(id);
    // Not cached here, already read, or nobody here to tell (findRoom reads it when someone asks).
    if (it == rooms_.end() || seq <= it->second->version || it->second->members.empty()) return;
    catchUp(*it->second);
}

void Hub::catchUpAll() {
    std::vector<std::string> inUse;
    for (const auto& [id, room] : rooms_)
        if (!room->members.empty()) inUse.push_back(id);
    for (const auto& id : inUse)
        if (auto it = rooms_.find(id); it != rooms_.end()) catchUp(*it->second);
}

// ---- sending

void Hub::send(PeerState& peer, const std::string& text) {
    peer.peer->send(std::make_shared<const std::string>(text));
}

void Hub::sendJoined(PeerState& peer, const std::string& room, int seat, const std::string& secret, bool host,
                     const std::string& ref) {
    send(peer, joinedMessage(room, seat, secret, host, ref));
}

void Hub::sendError(PeerState& peer, const std::string& code, const std::string& message, const std::string& ref,
                    const Problem* problem) {
    std::optional<nlohmann::json> data;
    if (problem) data = nlohmann::json(carc::json::problem(*problem));
    send(peer, errorMessage(code, message, ref, data));
}

std::string Hub::roomMessage(const Room& room) const {
    return server::roomMessage(summarize(room, steadyNow()));
}

void Hub::broadcastRoom(Room& room) {
    lobbyStale_ = true;  // every change of a room comes through here
    if (room.members.empty()) return;
    auto text = std::make_shared<const std::string>(roomMessage(room));
    for (const auto& [member, seat] : room.members) peers_.at(member).peer->send(text);
}

void Hub::sendGame(PeerState& peer, Room& room, int seat) {
    auto& cached = room.dealtCache[seat + 1];
    if (cached.second.empty() || cached.first != room.record.actions.size()) {
        std::string error;
        const std::string record = dealtText(room, seat, catalog_, error);
        if (!error.empty()) {
            log("a view could not be dealt: " + error);
            return sendError(peer, "storage", "the server could not deal this view", "");
        }
        cached = {room.record.actions.size(), gameMessage(room.id, seat, record)};
    }
    send(peer, cached.second);
}

void Hub::sendOver(PeerState& peer, Room& room) {
    send(peer, overMessage(room.id, formatRecord(room.record, room.game->tileSet())));
}

}  // namespace carc::server
