// Where rooms live between restarts: each room as its record (setup with the seed, then one line per
// action) plus its seats and their secrets' hashes. One small interface, so a shared database can replace
// the embedded SQLite file (docs/deployment.md). Every call commits before it returns; a failure
// throws StoreError and changes nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace carc::server {

struct StoredSeat {
    int seat = 0;
    std::string kind = "open";  // "open", "human" or a bot level
    std::string name;
    std::string colour;
    std::string secretHash;  // hashSecret of the seat's secret (secret_hash.hpp); "" for a seat no human has taken
    bool host = false;
    bool replaced = false;  // a human seat handed to a bot by the host
    // A "Play again" seat kept for the old game's player until they come (rematch.hpp); stored, so
    // a restart between the rematch and their resume keeps it for them.
    bool reserved = false;
};

// One line of table talk (server/src/chat.hpp): kept with the room, not part of its game record.
struct StoredChatLine {
    std::int64_t n = 0;  // the room's line number, from 0
    int seat = -1;       // -1: a spectator
    std::string name;    // the seat's name and colour when it was said (a spectator: the name it gave, or "")
    std::string colour;
    int spectator = 0;     // a spectator's number in its room (1, 2, ...; the page words "Spectator N"); 0 for a seat
    std::string text;      // cleaned text, or
    std::string reaction;  // a reaction's code (chatReactions())
};

// A room's turn clock (turn_clock.hpp): each turn has `moveSeconds`; when it runs out a bot of level
// `bot` plays the seat. `turnStart` (ms since the epoch) is when the present turn began, stored so that a
// restarted process, or another one, counts from the same start.
struct StoredClock {
    int moveSeconds = 0;  // 0: no clock
    std::string bot = "medium";
    std::int64_t turnStart = 0;
};

struct StoredRoom {
    std::string id;
    std::string setup;  // the full record's setup lines (seed included)
    bool listed = false;
    bool started = false;
    std::int64_t created = 0;  // milliseconds since the epoch
    std::int64_t touched = 0;
    std::vector<StoredSeat> seats;
    std::vector<std::string> actions;  // record lines, in order (loadRoom: from its `fromAction` on)
    std::int64_t version = 0;          // bumped by every change of the room, its seats or its actions
    std::string problem;               // why the room cannot be read back ("" when it can)
    std::vector<StoredChatLine> chat;  // the last lines kept, oldest first
    std::vector<int> chatMuted;        // seats the host muted; -1 for the spectators
    StoredClock clock;
    std::string rematch;  // the room this one's "Play again" made ("" while none)
    int rematchBy = -1;   // the seat that asked for it
};

class StoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Store {
public:
    virtual ~Store() = default;
    virtual void createRoom(const StoredRoom& room) = 0;  // the room and all its seats
    virtual void saveSeat(const std::string& room, const StoredSeat& seat, std::int64_t touched) = 0;
    virtual void saveRoom(const std::string& room, const std::string& setup, bool listed, bool started,
                          std::int64_t touched) = 0;
    // Appends action lines numbered from `first` (0-based); a line already stored under a number is an
    // error (two writers of one room).
    virtual void appendActions(const std::string& room, std::size_t first, const std::vector<std::string>& lines,
                               std::int64_t touched) = 0;
    // Notes activity in rooms that nothing else changed (one transaction).
    virtual void touchRooms(const std::vector<std::string>& rooms, std::int64_t touched) = 0;
    virtual void deleteRoom(const std::string& room) = 0;
    // Table talk: appends a line and forgets the room's lines older than its last `keep`. Returns the
    // number it was stored under: `line.n`, or the next free one when another process added lines first.
    virtual std::int64_t appendChat(const std::string& room, const StoredChatLine& line, std::size_t keep) = 0;
    // The host's mute of a seat (-1: the spectators) on or off.
    virtual void saveChatMute(const std::string& room, int seat, bool muted) = 0;
    // The start of the present turn of a room with a clock.
    virtual void saveTurnStart(const std::string& room, std::int64_t turnStart) = 0;
    // Records `next` as the one rematch of `room` unless one is recorded already; returns the one
    // recorded (`next` when this call recorded it), so two processes pressing at once agree.
    // `by`: the seat that asked (told to every process's connections).
    virtual std::string claimRematch(const std::string& room, const std::string& next, int by) = 0;
    // Every room; one that cannot be read back comes with its `problem` set instead of failing the rest.
    virtual std::vector<StoredRoom> loadRooms() = 0;

    // ---- several processes on one database (issue 46; docs/deployment.md, "Several processes")

    // True when other processes may write the same rooms: the hub then reads a room's changes before
    // it acts on its cached copy. False for the embedded SQLite file (one process, the only writer).
    virtual bool shared() const { return false; }
    // Shared store: `version` (what the caller's copy of the room has read) carried forward past the
    // versions this process's own committed writes made, as long as they follow on without a gap (a
    // version another process made in between stops it: that one must be read).
    virtual std::int64_t ownWritesFrom(const std::string& /*room*/, std::int64_t version) { return version; }
    // One room by id with its seats and its action lines from number `fromAction` on (the ones the
    // caller has not seen); nullopt when there is no such room.
    virtual std::optional<StoredRoom> loadRoom(const std::string& id, std::size_t fromAction = 0) = 0;
    // How many rooms the store holds (the server's maxRooms counts every process's).
    virtual std::size_t countRooms() = 0;
    // One move as one transaction: locks the room, hands `decide` the lines stored from number `known`
    // on (another process's moves), stores the lines `decide` returns after them, bumps the version and
    // tells the other processes (PostgreSQL: NOTIFY), then commits. An exception from `decide` rolls
    // everything back and passes through; a missing room throws StoreError.
    using MoveDecision = std::function<std::vector<std::string>(const std::vector<std::string>& unseen)>;
    virtual void appendMove(const std::string& room, std::size_t known, const MoveDecision& decide,
                            std::int64_t touched) = 0;
    // Compare-and-set: writes `after` only while the stored seat still is `before` (kind, name, colour,
    // secret hash, host, replaced); false, nothing written, when another writer changed it first.
    virtual bool replaceSeat(const std::string& room, const StoredSeat& before, const StoredSeat& after,
                             std::int64_t touched) = 0;
    // Sets `listed` alone (a stale copy of the room never writes `started` back).
    virtual void setListed(const std::string& room, bool listed, std::int64_t touched) = 0;
    // Marks the room started with its full setup; false when it already was (another process's start).
    virtual bool markStarted(const std::string& room, const std::string& setup, std::int64_t touched) = 0;
    // Deletes the rooms idle since before the cutoffs (a started room: `startedBefore`, else
    // `lobbyBefore`; ms since the epoch, compared with `touched`); returns their ids.
    virtual std::vector<std::string> expireRooms(std::int64_t startedBefore, std::int64_t lobbyBefore) = 0;
    // A process starts: every room counts as touched now (players get the whole TTL to come back
    // after an outage, as a restarted single process gives them).
    virtual void touchEveryRoom(std::int64_t touched) = 0;

    // ---- the online table across processes (issue 47): table talk read back, spectators numbered

    // The room's kept chat lines numbered `fromLine` or later, oldest first.
    virtual std::vector<StoredChatLine> loadChat(const std::string& room, std::int64_t fromLine) = 0;
    // The next spectator number of the room (1, 2, ...), counted in the store so that spectators on
    // different processes never share one.
    virtual int numberSpectator(const std::string& room) = 0;
    // A turn clock ran out: compare-and-set of the seat (as replaceSeat) that also holds only while the
    // room still has `actions` action lines and its stored turn start is `turnStart` (no move and no
    // new turn since the caller looked). False, nothing written, otherwise: another process, or the
    // player, came first.
    virtual bool timeOutSeat(const std::string& room, std::size_t actions, std::int64_t turnStart,
                             const StoredSeat& before, const StoredSeat& after, std::int64_t touched) = 0;

    // ---- shared presence, bot-turn claims and the lobby as a query (issue 46, schema step 6). One
    // process on SQLite keeps presence in its memory and is the only thinker of every bot turn: the
    // defaults serve it. Times here are counted by the database's clock (processes' clocks may differ).

    // `process` (this run's id) is alive; false when its row was missing (the first beat, or it was
    // reaped as gone meanwhile, its presence rows with it: the caller writes them again).
    virtual bool heartbeat(const std::string& /*process*/) { return true; }
    // Forgets the processes whose last beat is older than `goneAfterMs`, and their presence rows;
    // announces a presence change of each room they had connections in.
    virtual void reapProcesses(std::int64_t /*goneAfterMs*/) {}
    // A clean stop: the process and its presence go at once.
    virtual void forgetProcess(const std::string& /*process*/) {}
    // `process` holds `connections` connections to `seat` of `room` (-1: spectators; 0 deletes the
    // row), the first since `since` (ms since the epoch); announced on the bus as a presence change.
    virtual void setPresence(const std::string& /*process*/, const std::string& /*room*/, int /*seat*/,
                             int /*connections*/, std::int64_t /*since*/) {}
    struct PresenceRow {
        int seat = -1;  // -1: spectators
        int connections = 0;
        std::int64_t since = 0;  // ms since the epoch
    };
    // The connections of `room` held by the live processes other than `except` (one row per process
    // and seat).
    virtual std::vector<PresenceRow> presence(const std::string& /*room*/, const std::string& /*except*/,
                                              std::int64_t /*goneAfterMs*/) {
        return {};
    }
    // Claims the bot turn at action number `turn` of `room` for `process` for `ttlMs`; true when
    // `process` now holds it (a new turn, its own claim renewed, or a claim that expired).
    virtual bool claimBotTurn(const std::string& /*room*/, std::size_t /*turn*/, const std::string& /*process*/,
                              std::int64_t /*ttlMs*/) {
        return true;
    }
    // Rooms whose claimed bot turn is still unplayed while its claim has expired (its claimer died).
    virtual std::vector<std::string> orphanedBotTurns() { return {}; }
    // The room's game is over: the lobby no longer lists it.
    virtual void markFinished(const std::string& /*room*/) {}
    // The lobby: listed rooms whose game is not over, newest first, at most `limit`; each with its
    // id, setup, started, created and seats (no actions, no chat).
    virtual std::vector<StoredRoom> listedRooms(std::size_t /*limit*/) { return {}; }
};

}  // namespace carc::server
