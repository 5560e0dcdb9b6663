// One room: its seats, its spectators and, from the start on, the full game with its seed and what
// each seat has been shown (carc::SeatViews). The referee's checks live here; the Hub (hub.hpp)
// does the talking and the storing.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"
#include "carc/seat_view.hpp"
#include "chat.hpp"
#include "server_messages.hpp"
#include "store.hpp"

namespace carc::server {

using PeerId = std::uint64_t;

struct SeatState : StoredSeat {
    int connections = 0;              // every process's (presence.hpp): here plus elsewhere
    std::int64_t awaySince = 0;       // ms: when its last connection left (0: never taken, or connected)
    std::int64_t connectedSince = 0;  // ms: when its first connection of the present ones came
    // Its connections through this process, and through the other live ones sharing the store.
    int localConnections = 0;
    std::int64_t localSince = 0;  // ms (steady): when the first of the present local ones came
    int remoteConnections = 0;
    std::int64_t remoteSince = 0;  // ms (steady): the earliest of the other processes' first ones
};

struct Room {
    std::string id;
    Setup setup;  // the full setup, seed included (names are set at the start)
    bool listed = false;
    bool started = false;
    std::int64_t created = 0;
    std::int64_t lastActivity = 0;
    std::int64_t version = 0;  // the store's version of the room this copy has read (Store::shared)
    // Shared store: the highest version the bus announced, and the hub's bus epoch when this copy was
    // last read. While both say nothing is newer, a message is answered without reading the store.
    std::int64_t busHeard = 0;
    std::uint64_t readInBusEpoch = 0;
    std::vector<SeatState> seats;
    std::map<PeerId, int> members;  // connection -> seat, -1 for a spectator
    int remoteSpectators = 0;       // the other processes' spectators (shared store)
    RoomChat chat;                  // table talk: kept with the room, never in its record

    // From the start on.
    std::unique_ptr<Game> game;
    Record record;  // setup and every action
    std::unique_ptr<SeatViews> views;

    // Bots: a decision is being thought about (or waits to be tried again); a result from an older
    // generation is dropped.
    bool botPending = false;
    int botGeneration = 0;
    int botFailures = 0;  // bot turns in a row that could not be played

    // The turn clock (turn_clock.hpp); the turn (number, player to move) its start is for.
    StoredClock clock;
    int clockTurn = -1;
    int clockSeat = -1;
    // The room this one's "Play again" made ("" while none): a room is rematched at most once.
    std::string rematch;
    int rematchBy = -1;  // the seat that asked for it

    // Who created it, for the per-client room caps ("" for a room loaded after a restart).
    std::string creatorClient;
    PeerId creatorPeer = 0;
    bool countedForCreator = false;
    std::int64_t storedTouched = 0;  // the `touched` the store holds (ms)

    // Whole views already dealt (seat + 1 -> actions then, text): a `watch` or `resume` repeated
    // without a move in between costs a copy, not a replay.
    std::map<int, std::pair<std::size_t, std::string>> dealtCache;

    bool over() const { return game && game->over(); }
    int spectators() const;  // every process's
    int localSpectators() const;
    int hostSeat() const;
};

// The player colours (the game's palette keys) and whether a name is one a record can hold.
const std::vector<std::string>& playerColours();
enum class NameCheck { Good, Bad, NotUtf8 };
NameCheck checkName(const std::string& name);
bool isBotKind(const std::string& kind);
std::string botDisplayName(const std::string& kind);

// The setup lines of the room's full record (with the seed): what the store keeps.
std::string setupText(const Room& room, Catalog& catalog);

// Starts the game from the room's setup; "" or the reason.
std::string startGame(Room& room, Catalog& catalog);

// A move's lines checked for `seat`, all or nothing: the actions, or an error code and reason.
struct MoveCheck {
    std::string code;     // "" when legal, else "not_your_turn" or "illegal"
    std::string message;  // in English, for logs and simple clients
    Problem problem;      // "illegal": the engine's reason as data, worded by the client in its language
    std::vector<Action> actions;
    std::vector<std::string> lines;  // the actions in canonical record form
};
MoveCheck checkMove(const Room& room, int seat, const std::vector<std::string>& lines);

// Applies checked actions; returns, per view (index seat + 1, 0 for spectators), the lines of that
// view's dealt record they add: each action preceded by the reveals it lets that view know.
std::vector<std::vector<std::string>> applyMove(Room& room, const std::vector<Action>& actions);

// What the `room` message says of the room at `steadyNow` (how long each absent player has been away).
RoomSummary summarize(const Room& room, std::int64_t steadyNow);

// A view's whole dealt record (seat -1: spectators) as text; "" with `error` set if it fails.
std::string dealtText(const Room& room, int seat, Catalog& catalog, std::string& error);

}  // namespace carc::server
