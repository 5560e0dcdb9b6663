// The Store in one SQLite file (WAL mode), for a server that runs as one process.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "migrations.hpp"
#include "store.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace carc::server {

enum class Durability {
    Normal,  // synchronous=NORMAL: survives a crash of the process (SIGKILL); a power cut may lose the last moves
    Full,    // synchronous=FULL: survives a power cut too, at one fsync per move
};

struct SqliteOptions {
    // The write-ahead log is cut back to this size once checkpointed, and checkpointed even if that
    // makes a writer wait once it has grown past it.
    std::int64_t walLimitBytes = 64 * 1024 * 1024;
    int checkpointEveryMs = 1000;
    // The schema steps applied at open (on the opening thread) and the checkpoint thread's failures
    // (from that thread); default: standard error.
    std::function<void(const std::string&)> log;
};

class SqliteStore : public Store {
public:
    // Opens (creating if needed) the file and brings its schema up to date (migrations.hpp); throws
    // StoreError, SchemaTooNew for a database made by a newer carc-server.
    SqliteStore(const std::string& path, Durability durability, SqliteOptions options = {});
    ~SqliteStore() override;
    SqliteStore(const SqliteStore&) = delete;
    SqliteStore& operator=(const SqliteStore&) = delete;

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

    // The schema versions the database had at open and has now.
    const Migration& migration() const { return migration_; }

private:
    class Statement;
    class SchemaConnection;
    void migrateSchema();
    void exec(const char* sql);
    Statement& prepared(const char* sql);
    void inTransaction(const std::function<void()>& work);
    void putSeat(const std::string& room, const StoredSeat& seat);
    // Inside a transaction: the seat's compare-and-set (replaceSeat's), true when it was written.
    bool casSeat(const std::string& room, const StoredSeat& before, const StoredSeat& after);
    void setTouched(const std::string& room, std::int64_t touched);
    // Bumps the room's version and `touched` (the one process has no one to tell).
    void changed(const std::string& room, std::int64_t touched);

    void checkpointLoop(std::string path);
    void logLine(const std::string& line) const;

    SqliteOptions options_;
    Migration migration_;
    sqlite3* db_ = nullptr;
    std::vector<std::unique_ptr<Statement>> statements_;
    // Checkpoints (which fsync the database file) run on a thread of their own with its own
    // connection, so a commit on the server's hub thread never waits for a disk flush (in NORMAL).
    std::mutex stopMutex_;
    std::condition_variable stopWake_;
    bool stopping_ = false;
    std::thread checkpointer_;
};

}  // namespace carc::server
