// A write that waits on the database stalls the rooms' thread, never the network thread: while a
// room's commit is stuck, pages are served and new connections are taken (issue 46).
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "live_server.hpp"

namespace carc::server::test {
namespace {

using namespace std::chrono_literals;

// Holds every write to the rooms from a connection of its own, as a long transaction of an operator
// would, until release() or, at the latest, `limit` later (so that a stalled server cannot hang the test).
class WriteLock {
public:
    WriteLock(const TestDatabase& db, std::chrono::milliseconds limit) {
        std::promise<void> holding;
        auto held = holding.get_future();
        thread_ = std::thread([this, &db, limit, holding = std::move(holding)]() mutable {
            if (db.kind() == "postgres") {
                PGconn* conn = PQconnectdb(db.location().c_str());
                runPostgres(conn, "BEGIN");
                runPostgres(conn, "LOCK TABLE rooms IN EXCLUSIVE MODE");  // reads go on, writes wait
                holding.set_value();
                waitFor(limit);
                runPostgres(conn, "ROLLBACK");
                PQfinish(conn);
            } else {
                sqlite3* conn = nullptr;
                sqlite3_open(db.location().c_str(), &conn);
                sqlite3_exec(conn, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);  // the one writer's lock
                holding.set_value();
                waitFor(limit);
                sqlite3_exec(conn, "ROLLBACK", nullptr, nullptr, nullptr);
                sqlite3_close(conn);
            }
        });
        held.wait();
    }
    ~WriteLock() {
        release();
        thread_.join();
    }
    void release() {
        std::lock_guard lock(mutex_);
        released_ = true;
        wake_.notify_all();
    }
    // Whether the limit ran out before release().
    bool ranOut() {
        std::lock_guard lock(mutex_);
        return ranOut_;
    }

private:
    static void runPostgres(PGconn* conn, const char* sql) {
        PGresult* result = PQexec(conn, sql);
        EXPECT_EQ(PQresultStatus(result), PGRES_COMMAND_OK) << PQresultErrorMessage(result);
        PQclear(result);
    }
    void waitFor(std::chrono::milliseconds limit) {
        std::unique_lock lock(mutex_);
        ranOut_ = !wake_.wait_for(lock, limit, [this] { return released_; });
    }

    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool released_ = false;
    bool ranOut_ = false;
};

class SlowStore : public ::testing::TestWithParam<std::string> {};

TEST_P(SlowStore, AStuckCommitHoldsUpNeitherPagesNorNewConnections) {
    LiveServer server({}, GetParam());
    WsClient host(server.port());
    {
        // Under SQLite's wait for a busy database (5 s), so the server's write waits, then succeeds.
        WriteLock lock(server.database(), 3s);
        host.send(json{{"type", "create"}, {"setup", {{"mode", "goldrush"}, {"players", 2}}}, {"name", "Ann"}});
        std::this_thread::sleep_for(300ms);  // the rooms' thread is in the room's first write by now
        EXPECT_EQ(httpGet(server.port(), "/").first, 200);
        WsClient newcomer(server.port(), "", "127.0.0.7");  // the WebSocket handshake completes too
        EXPECT_FALSE(lock.ranOut()) << "the page and the handshake waited for the stuck write";
        EXPECT_TRUE(host.waitFor("joined", 200ms).is_null()) << "the room was answered before its write";
        lock.release();
    }
    // The stuck write then completes and is answered.
    json joined = host.waitFor("joined");
    ASSERT_FALSE(joined.is_null());
    WsClient guest(server.port(), "", "127.0.0.8");
    guest.send(json{{"type", "join"}, {"room", joined["room"]}, {"name", "Bob"}});
    EXPECT_FALSE(guest.waitFor("joined").is_null());
}

INSTANTIATE_TEST_SUITE_P(Stores, SlowStore, bothStores(), storeName);

}  // namespace
}  // namespace carc::server::test
