// The Store in a PostgreSQL database (libpq), for servers that keep their rooms in a shared database
// (issue 46; docs/deployment.md, "PostgreSQL"). Every call is one transaction; a failure throws
// StoreError and changes nothing. A lost connection is opened again by the next call.
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "migrations.hpp"
#include "store.hpp"

struct pg_conn;

namespace carc::server {

// The NOTIFY channel every room change is announced on, payload {"room": id, "seq": version}.
extern const char* const kRoomChannel;

struct PostgresOptions {
    // The schema steps applied at open; default: standard error.
    std::function<void(const std::string&)> log;
};

class PostgresStore : public Store {
public:
    // Connects to `uri` (a libpq URI, postgresql://...) and brings the schema up to date; throws
    // StoreError, SchemaTooNew for a database made by a newer carc-server.
    explicit PostgresStore(std::string uri, PostgresOptions options = {});
    ~PostgresStore() override;
    PostgresStore(const PostgresStore&) = delete;
    PostgresStore& operator=(const PostgresStore&) = delete;

    void createRoom(const StoredRoom& room) override;
    void saveSeat(const std::string& room, const StoredSeat& seat, std::int64_t touched) override;
    void saveRoom(const std::string& room, const std::string& setup, bool listed, bool started,
                  std::int64_t touched) override;
    void appendActions(const std::string& room, std::size_t first, const std::vector<std::string>& lines,
                       std::int64_t touched) override;
    void touchRooms(const std::vector<std::string>& rooms, std::int64_t touched) override;
    void deleteRoom(const std::string& room) override;
    std::int64_t appendChat(const std::string& room, const StoredChatLine& line, std::size_t keep) override;
    void saveChatMute(const std::string& room, int seat, bool muted) override;
    void saveTurnStart(const std::string& room, std::int64_t turnStart) override;
    std::string claimRematch(const std::string& room, const std::string& next, int by) override;
    std::vector<StoredRoom> loadRooms() override;

    bool shared() const override { return true; }
    std::int64_t ownWritesFrom(const std::string& room, std::int64_t version) override;
    std::optional<StoredRoom> loadRoom(const std::string& id, std::size_t fromAction) override;
    std::size_t countRooms() override;
    void appendMove(const std::string& room, std::size_t known, const MoveDecision& decide,
                    std::int64_t touched) override;
    bool replaceSeat(const std::string& room, const StoredSeat& before, const StoredSeat& after,
                     std::int64_t touched) override;
    void setListed(const std::string& room, bool listed, std::int64_t touched) override;
    bool markStarted(const std::string& room, const std::string& setup, std::int64_t touched) override;
    std::vector<std::string> expireRooms(std::int64_t startedBefore, std::int64_t lobbyBefore) override;
    void touchEveryRoom(std::int64_t touched) override;
    // The online table across processes (issue 47).
    std::vector<StoredChatLine> loadChat(const std::string& room, std::int64_t fromLine) override;
    int numberSpectator(const std::string& room) override;
    bool timeOutSeat(const std::string& room, std::size_t actions, std::int64_t turnStart, const StoredSeat& before,
                     const StoredSeat& after, std::int64_t touched) override;

    // Shared presence, bot-turn claims and the lobby (schema step 6).
    bool heartbeat(const std::string& process) override;
    void reapProcesses(std::int64_t goneAfterMs) override;
    void forgetProcess(const std::string& process) override;
    void setPresence(const std::string& process, const std::string& room, int seat, int connections,
                     std::int64_t since) override;
    std::vector<PresenceRow> presence(const std::string& room, const std::string& except,
                                      std::int64_t goneAfterMs) override;
    bool claimBotTurn(const std::string& room, std::size_t turn, const std::string& process,
                      std::int64_t ttlMs) override;
    std::vector<std::string> orphanedBotTurns() override;
    void markFinished(const std::string& room) override;
    std::vector<StoredRoom> listedRooms(std::size_t limit) override;

    // The schema versions the database had at open and has now.
    const Migration& migration() const { return migration_; }
    // How many times a room was read (loadRoom): what the hub's cache saves is counted (tests).
    std::size_t roomReads() const { return roomReads_; }

private:
    class Result;
    class SchemaConnection;
    void connect();
    void disconnect();
    void migrateSchema();
    // One statement, its parameters as text (nullopt-free: every column here is NOT NULL).
    Result run(const char* sql, const std::vector<std::string>& params = {});
    void exec(const std::string& sql);  // no parameters; may hold several statements
    void inTransaction(const std::function<void()>& work, const char* begin = "BEGIN");
    void putSeat(const std::string& room, const StoredSeat& seat);
    // Inside a transaction: the seat's compare-and-set (replaceSeat's), true when it was written.
    bool casSeat(const std::string& room, const StoredSeat& before, const StoredSeat& after);
    void setTouched(const std::string& room, std::int64_t touched);
    // Inside a transaction: bumps the room's version (and `touched`) and queues the NOTIFY that the
    // commit delivers (payload {room, seq}: never a line or a secret).
    void changed(const std::string& room, std::int64_t touched);
    // The same without `touched`: a change of the room's table talk, clock or rematch that the other
    // processes must read (and that is not activity the room's expiry counts).
    void announce(const std::string& room);
    // Inside a transaction: the room's chat lines numbered `fromLine` or later.
    std::vector<StoredChatLine> readChat(const std::string& room, std::int64_t fromLine);
    void logLine(const std::string& line) const;
    // Inside a transaction: tells the other processes that who is in `room` changed (payload
    // {room, seq: 0, presence: 1}: never a name or a secret).
    void presenceChanged(const std::string& room);

    std::string uri_;
    PostgresOptions options_;
    Migration migration_;
    pg_conn* conn_ = nullptr;
    bool inTransaction_ = false;
    // The versions this process's writes made (changed, announce): those of the open transaction,
    // and per room those committed and not yet carried forward by ownWritesFrom.
    std::vector<std::pair<std::string, std::int64_t>> uncommittedVersions_;
    std::unordered_map<std::string, std::set<std::int64_t>> ownVersions_;
    std::size_t roomReads_ = 0;
};

}  // namespace carc::server
