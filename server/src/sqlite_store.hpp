// The Store in one SQLite file (WAL mode), for a server that runs as one process.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "store.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace carc::server {

enum class Durability {
    Normal,  // synchronous=NORMAL: survives a crash of the process (SIGKILL); a power cut may lose the last moves
    Full,    // synchronous=FULL: survives a power cut too, at one fsync per move
};

class SqliteStore : public Store {
public:
    // Opens (creating if needed) the file; throws StoreError.
    SqliteStore(const std::string& path, Durability durability);
    ~SqliteStore() override;
    SqliteStore(const SqliteStore&) = delete;
    SqliteStore& operator=(const SqliteStore&) = delete;

    void createRoom(const StoredRoom& room) override;
    void saveSeat(const std::string& room, const StoredSeat& seat, std::int64_t touched) override;
    void saveRoom(const std::string& room, const std::string& setup, bool listed, bool started,
                  std::int64_t touched) override;
    void appendActions(const std::string& room, std::size_t first, const std::vector<std::string>& lines,
                       std::int64_t touched) override;
    void touch(const std::string& room, std::int64_t touched) override;
    void deleteRoom(const std::string& room) override;
    std::vector<StoredRoom> loadRooms() override;

private:
    class Statement;
    void exec(const char* sql);
    Statement& prepared(const char* sql);
    void inTransaction(const std::function<void()>& work);
    void putSeat(const std::string& room, const StoredSeat& seat);
    void setTouched(const std::string& room, std::int64_t touched);

    sqlite3* db_ = nullptr;
    std::vector<std::unique_ptr<Statement>> statements_;
};

}  // namespace carc::server
