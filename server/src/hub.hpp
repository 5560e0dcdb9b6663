// The rooms of one server and the connections talking to them: decodes each client message, checks
// it (carc core as referee), stores the change (Store) before anyone hears of it, and sends every
// connection what its seat may see. Single-threaded: every call comes from the server's hub thread
// (server.cpp: the network thread only posts to it, so it never waits for the store); bots think on
// other threads and hand their decisions back through `BotRunner`.
// One class, one job a file: hub.cpp (connections, rate limits, dispatch), hub_room_commands.cpp,
// hub_moves.cpp (commit and fan-out), hub_catch_up.cpp (the cache over the store), hub_presence.cpp,
// hub_lobby.cpp, hub_sweep.cpp, hub_send.cpp, hub_chat.cpp, hub_clock.cpp, hub_rematch.cpp,
// hub_table_sync.cpp (the table talk, clock and rematch other processes wrote).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot_turns.hpp"
#include "carc/action.hpp"
#include "carc/modes.hpp"
#include "chat.hpp"
#include "protocol.hpp"
#include "rate_limit.hpp"
#include "room.hpp"
#include "store.hpp"

namespace carc::server {

// One connection as the hub sees it (a WebSocket session, or a test's fake).
class Peer {
public:
    virtual ~Peer() = default;
    virtual void send(std::shared_ptr<const std::string> message) = 0;
    // Closes the connection with a WebSocket close code (1008 policy, 1009 too big).
    virtual void close(int code) = 0;
};

struct HubOptions {
    Limits limits;
    std::int64_t roomTtlMs = 24 * 3600 * 1000;  // a room with nobody connected expires after this long idle
    std::int64_t lobbyTtlMs = 30 * 60 * 1000;   // the same for a room whose game has not started
    std::int64_t touchEveryMs = 60 * 1000;      // how often a room in use has its `touched` stored
    std::size_t maxRooms = 10000;
    std::function<void(const std::string&)> log;  // one line, never a secret; default: standard error
    // A clock that never goes back (rate limits, how long a player has been away); default: the hub's
    // wall clock.
    std::function<std::int64_t()> steadyMs;
    // Where a bot's failed turn is tried again later; without one, on the bot's next chance.
    Scheduler later;
    // How long a turn clock's second lasts: 1000, less only as a test aid (browser tests).
    std::int64_t clockMsPerSecond = 1000;
    // Told the client key of a connection closed for flooding (the transport makes it wait).
    std::function<void(const std::string& client)> flooded;
    // Processes sharing a store (Store::shared; issue 46): this run's id in the presence and claim
    // rows ("": a random one), how often it beats (gone after 3 beats missed), how long a bot turn's
    // claim lasts, how long the lobby's list is kept, and whether each claimed bot turn is logged
    // (a test aid: the tests count who thought about each turn).
    std::string processId;
    std::int64_t heartbeatMs = 2000;
    std::int64_t botClaimMs = 10000;
    std::int64_t lobbyCacheMs = 2000;
    bool logBotTurns = false;
};

// A stored room the hub could not load: left in the store, reported by `carc-server --check`.
struct LoadProblem {
    std::string room;
    std::string reason;
};

class Hub {
public:
    Hub(Catalog& catalog, Store& store, BotRunner bots, HubOptions options, std::function<std::int64_t()> nowMs);

    // Reads every stored room back (after a restart) and sets bots thinking; returns how many. A room
    // that does not load is skipped, logged and listed in loadProblems().
    // With a shared store (Store::shared) rooms load when first asked for instead; `everything`
    // loads them all anyway (`carc-server --check`).
    std::size_t load(bool everything = false);
    const std::vector<LoadProblem>& loadProblems() const { return loadProblems_; }

    // `client`: the key the per-client limits count under (clientKey()).
    PeerId connect(Peer& peer, const std::string& client = "local");
    void disconnect(PeerId peer);
    void receive(PeerId peer, std::string_view text, bool binary);
    // Removes rooms nobody is connected to that have been idle for the room TTL.
    void sweep();
    // The bus says `room` changed (seq: its version): a process with connections there reads it.
    void roomChanged(const std::string& room, std::int64_t seq);
    // The bus listens (again): what it said before may have been missed, so every room with
    // connections here is read again. Until the first call, and after busLost(), every message
    // reads its room from the store first.
    void catchUpAll();
    // The bus stopped listening (its connection dropped): announcements are being missed.
    void busLost();
    // Shared store, every `heartbeatMs`: this process is alive; processes silent for 3 beats are
    // reaped (their connections count as gone); bot turns whose claimer went are taken.
    void heartbeat();
    // The bus says who is in `room` changed on another process: the counts are read again.
    void presenceChanged(const std::string& room);
    // A clean stop: this process's connections count as gone at once.
    void retire();
    const std::string& processId() const { return options_.processId; }

    std::size_t roomCount() const { return rooms_.size(); }
    std::size_t peerCount() const { return peers_.size(); }
    const Limits& limits() const { return options_.limits; }

private:
    struct PeerState {
        Peer* peer = nullptr;
        std::string client;
        std::string room;
        int seat = -2;  // -2: in no room, -1: spectator
        RateLimit rate;
        ChatRate chatRate;  // chat lines, beyond `rate`
        // A spectator in chat: the name it gave in `watch` ("" for none) and its number in the room
        // (numbered when it first speaks there; 0 until then).
        std::string spectatorName;
        std::string spectatorRoom;
        int spectatorNumber = 0;
        int roomsCreated = 0;            // rooms not yet over that this connection created
        bool closedForFlooding = false;  // what it still sends until the socket is gone is ignored
    };

    void handle(PeerId id, PeerState& peer, const ClientMessage& m);
    void hello(PeerState& peer, const ClientMessage& m);
    void create(PeerId id, PeerState& peer, const ClientMessage& m);
    void join(PeerId id, PeerState& peer, const ClientMessage& m);
    void watch(PeerId id, PeerState& peer, const ClientMessage& m);
    void resume(PeerId id, PeerState& peer, const ClientMessage& m);
    void leave(PeerId id, PeerState& peer, const ClientMessage& m);
    void setSeat(PeerState& peer, Room& room, const ClientMessage& m);
    void setListed(PeerState& peer, Room& room, const ClientMessage& m);
    void start(PeerState& peer, Room& room, const ClientMessage& m);
    void move(PeerState& peer, Room& room, const ClientMessage& m);
    void replace(PeerState& peer, Room& room, const ClientMessage& m);
    void lobby(PeerState& peer, const ClientMessage& m);
    // Table talk (chat.hpp): a line said to the room, the host muting a seat or the spectators.
    void chat(PeerState& peer, Room& room, const ClientMessage& m);
    void mute(PeerState& peer, Room& room, const ClientMessage& m);
    void sendToRoom(Room& room, const std::string& text);
    // Across processes (hub_table_sync.cpp): the room's table talk, mutes, clock and rematch another
    // process stored, told to this process's connections as that process told its own.
    void catchUpTable(Room& room, const StoredRoom& stored);
    // Reads the room's chat lines from `room.chat.next` on and tells them to the room.
    void readChat(Room& room);
    // A timeout another process stored for `seat` (its bot now plays): the room is told.
    void tellTimedOut(Room& room, int seat);
    // "Play again" (hub_rematch.cpp): the finished room's one rematch, made or found.
    void rematch(PeerId id, PeerState& peer, Room& room, const ClientMessage& m);
    // A room just made, as the store first keeps it (create, Play again).
    StoredRoom newStoredRoom(const Room& room) const;
    // Answers too_many_rooms or server_full unless `peer` may make one more room.
    bool mayCreateRoom(PeerState& peer, const std::string& ref);
    // Counts a room `peer` made toward the per-connection and per-address caps.
    void countRoomFor(PeerId id, PeerState& peer, Room& room);

    // The turn clock's glue (hub_clock.cpp, rules in turn_clock.hpp). After a start or a move: a new
    // turn's start is stored, its expiry scheduled and every connection told.
    void clockTurnBegan(Room& room);
    // Hands the turn of a player whose time ran out to the clock's bot (the seat stays theirs);
    // true when it did. Called by the turn's timer, the sweep and a load.
    bool expireClock(Room& room);
    void scheduleClock(const Room& room);
    void sendClock(PeerState& peer, const Room& room);
    // A seat a bot played (replaced or timed out) is its player's again; false when the store failed.
    bool takeSeatBack(Room& room, int seat);

    // Applies checked actions of `seat`: stores them, then tells every connection of the room.
    bool commitMove(Room& room, int seat, const MoveCheck& check, std::string& error);
    // The same in one store transaction that first catches up with other processes' moves and then
    // checks the move again if there were any (clientSeq >= 0: the mover's count must still hold);
    // false with `refused` set (its code: "storage", "stale", "over", "not_your_turn", "illegal").
    bool commitChecked(Room& room, int seat, MoveCheck check, std::int64_t clientSeq, MoveCheck& refused);
    // Sends every connection of the room its view's lines of a move (and `over` after the last).
    void tellMoved(Room& room, int seat, const std::vector<std::vector<std::string>>& views);
    // A stored room as this process caches it; null with `problem` set when it does not load.
    // `onDemand`: loaded for a request while other processes run (its players away since `touched`).
    std::unique_ptr<Room> buildRoom(const StoredRoom& stored, std::string& problem, bool onDemand = false);
    // Shared store: reads what other processes changed in the room since this one last looked and tells
    // this process's connections; false when the room is gone (it is dropped from the cache).
    bool catchUp(Room& room);
    void applyStored(Room& room, const StoredRoom& stored);
    // Applies stored action lines another process wrote (tell: send them as `moved`); false if one
    // does not apply (logged; the cache stays as it was from that line on).
    bool applyLines(Room& room, const std::vector<std::string>& lines, bool tell);
    // The per-client room counts give back a room that is over or gone.
    void releaseRoomCount(Room& room);

    void attach(PeerId id, PeerState& peer, Room& room, int seat);
    void detach(PeerId id, PeerState& peer);
    // Shared presence (hub_presence.cpp): this process's row of `seat` (-1: spectators) written; the
    // other processes' rows read (true when the `room` message changed); every row written again.
    void publishPresence(Room& room, int seat);
    bool refreshPresence(Room& room);
    void republishPresence();
    std::int64_t goneAfterMs() const { return 3 * options_.heartbeatMs; }
    // The host has just gone: the role passes on if they are still gone after `replaceAfter`.
    void handOverLater(Room& room);
    // Only the claimer thinks about a bot turn (Store::claimBotTurn); true when this process may.
    bool claimBotTurn(Room& room);
    // Passes the host role on when the host has been gone `replaceAfter` (host_handover.hpp); true if it did.
    bool passHostIfGone(Room& room);
    // How long a player must be gone before their turn, or the host role, passes on.
    std::int64_t replaceAfterMs() const { return std::int64_t{options_.limits.replaceAfter} * 1000; }
    Room* roomOf(PeerState& peer, bool read = false);
    // A cached room (caught up with the store, shared store) or one loaded from it; null when there is
    // none. `read`: read the store even if the bus announced nothing newer (join, watch, resume, start).
    Room* findRoom(const std::string& id, bool read = false);
    // Shared store: whether the cached room is known to be the store's latest (nothing to read).
    bool upToDate(Room& room);
    StoredSeat storedSeat(const SeatState& seat) const { return seat; }
    bool store(PeerState& peer, const ClientMessage& m, const std::function<void()>& write);
    // Answers `bad_name` (with the reason) unless the message's name may stand in a record.
    bool nameAccepted(PeerState& peer, const ClientMessage& m);
    // An open seat, or a "Play again" seat whose player did not come within `replaceAfter`.
    bool seatFree(const Room& room, const SeatState& seat) const;

    void send(PeerState& peer, const std::string& text);
    // The answer to create, join and resume: the seat this connection now holds, and its secret.
    void sendJoined(PeerState& peer, const std::string& room, int seat, const std::string& secret, bool host,
                    const std::string& ref);
    // `problem`: the engine's reason as data (docs/events.md), so a client words it in its language.
    void sendError(PeerState& peer, const std::string& code, const std::string& message, const std::string& ref,
                   const Problem* problem = nullptr);
    void broadcastRoom(Room& room);
    std::string roomMessage(const Room& room) const;
    void sendGame(PeerState& peer, Room& room, int seat);
    void sendOver(PeerState& peer, Room& room);
    void log(const std::string& line) const;

    Catalog& catalog_;
    Store& store_;
    HubOptions options_;
    std::function<std::int64_t()> now_;
    BotTurns bots_;  // after the members it uses
    std::int64_t steadyNow() const { return options_.steadyMs ? options_.steadyMs() : now_(); }
    std::unordered_map<PeerId, PeerState> peers_;
    std::unordered_map<std::string, std::unique_ptr<Room>> rooms_;
    std::unordered_map<std::string, int> roomsByClient_;  // rooms not yet over, per client key
    // Chat lines per client key, across all its connections (many tabs cannot flood a room).
    std::unordered_map<std::string, ChatRate> chatRateByClient_;
    std::vector<LoadProblem> loadProblems_;
    nlohmann::json lobbyRooms_;  // the lobby's list, made again only after a room changed
    bool lobbyStale_ = true;
    std::int64_t lobbyBuiltAt_ = 0;  // steady ms (shared store: the list is the store's, kept briefly)
    std::unordered_map<std::string, std::pair<std::string, int>> lobbySetups_;  // room -> mode, players
    PeerId nextPeer_ = 1;
    // Shared store: whether the bus is listening, and how many times it stopped (rooms read in an
    // older epoch may have missed an announcement).
    bool busListening_ = false;
    std::uint64_t busEpoch_ = 1;
};

}  // namespace carc::server
