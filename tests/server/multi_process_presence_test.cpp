// Presence shared by several carc-server processes on one PostgreSQL database (issue 46): the `room`
// message counts every process's connections, a killed process's connections count as gone after a
// few missed heartbeats, and the host role and `replace` follow whichever process the players are on.
#include <gtest/gtest.h>

#include <functional>

#include "harness.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

// Quick heartbeats (a killed process is gone after 3 of them) and a short `replaceAfter`.
const std::vector<std::string> kQuick = {"--heartbeat-ms", "200", "--replace-after", "1"};

// Reads `room` messages until one satisfies `wanted`; null if none comes within 20 s.
json roomWhere(WsClient& client, const std::function<bool(const json&)>& wanted) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        json room = client.waitFor("room", std::chrono::seconds(20));
        if (room.is_null()) return nullptr;
        if (wanted(room)) return room;
    }
    return nullptr;
}

struct Table {
    std::unique_ptr<WsClient> host, guest;
    std::string room, hostSecret, guestSecret;
};

// A two-seat room made by a host on `hostPort`, its second seat taken by a guest through `guestPort`.
Table seatTwo(unsigned short hostPort, unsigned short guestPort) {
    Table t;
    t.host = std::make_unique<WsClient>(hostPort);
    t.host->send(json{{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "Ann"}});
    json created = t.host->waitFor("joined");
    EXPECT_FALSE(created.is_null());
    if (created.is_null()) return t;
    t.room = created["room"];
    t.hostSecret = created["secret"];
    t.guest = std::make_unique<WsClient>(guestPort);
    t.guest->send(json{{"type", "join"}, {"room", t.room}, {"name", "Bob"}});
    json joined = t.guest->waitFor("joined");
    EXPECT_FALSE(joined.is_null());
    if (!joined.is_null()) t.guestSecret = joined["secret"];
    return t;
}

TEST(PostgresMultiProcessPresence, ASeatConnectedOnOneProcessShowsConnectedOnTheOther) {
    TestDatabase database("postgres");
    ServerProcess a(database.location(), kQuick), b(database.location(), kQuick);
    Table t = seatTwo(a.port(), b.port());
    ASSERT_NE(t.guest, nullptr);
    // The guest, on B, sees the host of A connected; the host sees the guest.
    json guestView = roomWhere(*t.guest, [](const json& r) { return r["seats"][0]["connected"] == true; });
    ASSERT_FALSE(guestView.is_null()) << "B does not count A's host as connected";
    json hostView = roomWhere(*t.host, [](const json& r) { return r["seats"][1]["connected"] == true; });
    ASSERT_FALSE(hostView.is_null()) << "A does not count B's guest as connected";
    // A spectator on B counts on A.
    WsClient watcher(b.port());
    watcher.send(json{{"type", "watch"}, {"room", t.room}});
    ASSERT_FALSE(watcher.waitFor("watching").is_null());
    ASSERT_FALSE(roomWhere(*t.host, [](const json& r) { return r["spectators"] == 1; }).is_null())
        << "A does not count B's spectator";
    // The guest's connection ends: A sees the seat away.
    t.guest.reset();
    json away = roomWhere(*t.host, [](const json& r) { return r["seats"][1]["connected"] == false; });
    ASSERT_FALSE(away.is_null()) << "A still counts B's closed connection";
}

TEST(PostgresMultiProcessPresence, AKilledHostsProcessLeavesTheHostAwayAndTheRolePasses) {
    TestDatabase database("postgres");
    ServerProcess a(database.location(), kQuick), b(database.location(), kQuick);
    Table t = seatTwo(a.port(), b.port());
    ASSERT_NE(t.guest, nullptr);
    ASSERT_FALSE(roomWhere(*t.guest, [](const json& r) { return r["seats"][0]["connected"] == true; }).is_null());
    a.kill(SIGKILL);  // no goodbye: only its missing heartbeats tell
    json away = roomWhere(*t.guest, [](const json& r) { return r["seats"][0]["connected"] == false; });
    ASSERT_FALSE(away.is_null()) << "B still counts the killed process's host as connected";
    EXPECT_TRUE(away["seats"][0]["host"]) << "the role passed before replaceAfter";
    json passed = roomWhere(*t.guest, [](const json& r) { return r["seats"][1]["host"] == true; });
    ASSERT_FALSE(passed.is_null()) << "the host role never passed to the guest on B";
    EXPECT_FALSE(passed["seats"][0]["host"]);
}

TEST(PostgresMultiProcessPresence, ReplaceWorksWhenTheGonePlayerWasOnAnotherProcess) {
    TestDatabase database("postgres");
    ServerProcess a(database.location(), kQuick);
    auto b = std::make_unique<ServerProcess>(database.location(), kQuick);
    Table t = seatTwo(a.port(), b->port());
    ASSERT_NE(t.guest, nullptr);
    t.host->send(json{{"type", "start"}});
    json game = t.host->waitFor("game");
    ASSERT_FALSE(game.is_null());
    PageView page;
    ASSERT_EQ(page.load(game["record"]), "");
    ASSERT_FALSE(t.guest->waitFor("game").is_null());
    // The host's turn first (if it is), so that it is the guest's when the guest's process dies.
    Rng rng(7);
    if (page.game().activePlayer() == 0) {
        const auto lines = page.randomTurn(rng);
        t.host->send(json{{"type", "move"}, {"seq", page.actions()}, {"lines", lines}});
        json own = t.host->waitFor("moved");
        ASSERT_FALSE(own.is_null());
        ASSERT_EQ(page.apply(own["lines"].get<std::vector<std::string>>()), "");
    }
    ASSERT_EQ(page.game().activePlayer(), 1);
    b->kill(SIGKILL);
    ASSERT_FALSE(roomWhere(*t.host, [](const json& r) { return r["seats"][1]["connected"] == false; }).is_null())
        << "A still counts the killed process's guest as connected";
    // Refused until the guest has been gone replaceAfter (1 s); asked again until then.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    bool replaced = false;
    while (!replaced && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
        t.host->send(json{{"type", "replace"}, {"seat", 1}, {"kind", "random"}});
        for (;;) {
            auto text = t.host->receive(std::chrono::seconds(10));
            ASSERT_TRUE(text) << "no answer to replace";
            json m = json::parse(*text);
            if (m["type"] == "error") {
                ASSERT_EQ(m["code"], "not_replaceable");
                break;
            }
            if (m["type"] == "room" && m["seats"][1]["kind"] == "random") {
                replaced = true;
                break;
            }
        }
    }
    ASSERT_TRUE(replaced) << "the guest gone with its process was never replaceable";
    json botMove = t.host->waitFor("moved", std::chrono::seconds(20));
    ASSERT_FALSE(botMove.is_null()) << "the bot did not play the replaced seat";
    EXPECT_EQ(botMove["by"], 1);
}

}  // namespace
}  // namespace carc::server::test
