// The online table across processes (issue 47 on issue 46's design): chat lines, mutes, a clocked
// turn's start and "Play again" written through one carc-server process reach the connections of
// another on the same PostgreSQL database (the bus carries only {room, seq}); a clocked turn started
// by one process is timed out by another that learned of it, even when the first is gone.
#include <gtest/gtest.h>

#include "harness.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

json chatSaid(const std::string& text) {
    return {{"type", "chat"}, {"text", text}};
}

// Every message of `type` a client has received so far (after a ping's answer, so that nothing
// sent before it is still on its way).
std::vector<json> allOf(WsClient& client, const std::string& type) {
    client.send(json{{"type", "ping"}, {"ref", "flush"}});
    EXPECT_FALSE(client.waitFor("pong").is_null());
    std::vector<json> out;
    for (const auto& text : client.raw)
        if (json m = json::parse(text); m["type"] == type) out.push_back(m);
    return out;
}

// The next chat line said by `seat` (-1: a spectator); a connection hears its own lines too.
json chatFrom(WsClient& client, int seat) {
    for (;;) {
        json m = client.waitFor("chat");
        if (m.is_null() || m["seat"] == seat) return m;
    }
}

// A message of `type` read already (while waiting for another) or the next one.
json seenOrNext(WsClient& client, const std::string& type) {
    for (const auto& m : client.seen)
        if (m["type"] == type) return m;
    return client.waitFor(type, std::chrono::seconds(20));
}

struct Seat {
    std::unique_ptr<WsClient> client;
    PageView page;
};

// Plays random turns, each through its player's own process, until the game is over.
void playToTheEnd(Seat (&seats)[2], std::uint64_t seed) {
    Rng rng(seed);
    for (Seat& s : seats) {
        json game = seenOrNext(*s.client, "game");
        ASSERT_FALSE(game.is_null());
        ASSERT_EQ(s.page.load(game["record"]), "");
    }
    while (!seats[0].page.game().over()) {
        Seat& mover = seats[seats[0].page.game().activePlayer()];
        const auto lines = mover.page.randomTurn(rng);
        const std::size_t target = mover.page.actions() + lines.size();
        mover.client->send(json{{"type", "move"}, {"seq", mover.page.actions()}, {"lines", lines}});
        for (Seat& s : seats)
            while (s.page.actions() < target) {
                json moved = s.client->waitFor("moved", std::chrono::seconds(20));
                ASSERT_FALSE(moved.is_null()) << "a move was not heard at " << s.page.actions();
                ASSERT_EQ(s.page.apply(moved["lines"].get<std::vector<std::string>>()), "");
            }
    }
}

TEST(PostgresTable, ChatMutesClocksAndPlayAgainWrittenOnOneProcessReachTheOther) {
    TestDatabase database("postgres");
    ServerProcess a(database.location()), b(database.location());
    Seat seats[2];
    seats[0].client = std::make_unique<WsClient>(a.port());
    seats[1].client = std::make_unique<WsClient>(b.port());
    WsClient& host = *seats[0].client;
    WsClient& guest = *seats[1].client;
    WsClient watcher(b.port());
    host.send(json{{"type", "create"},
                   {"setup", {{"mode", "base"}, {"players", 2}}},
                   {"name", "Ann"},
                   {"clock", 300},
                   {"clockBot", "random"}});
    json created = host.waitFor("joined");
    ASSERT_FALSE(created.is_null());
    const std::string room = created["room"];
    guest.send(json{{"type", "join"}, {"room", room}, {"name", "Bob"}});
    ASSERT_FALSE(guest.waitFor("joined").is_null());
    watcher.send(json{{"type", "watch"}, {"room", room}, {"name", "Rail fan"}});
    ASSERT_FALSE(watcher.waitFor("watching").is_null());

    // Chat from A arrives at B in order; B's at A; a spectator's line on B with its label.
    const std::vector<std::string> said = {"eins", "zwei", "drei 🎲"};
    for (const auto& text : said) host.send(chatSaid(text));
    for (const auto& text : said) {
        json line = chatFrom(guest, 0);
        ASSERT_FALSE(line.is_null()) << "'" << text << "' did not reach the other process";
        EXPECT_EQ(line["text"], text);
        EXPECT_EQ(line["seat"], 0);
        EXPECT_EQ(line["name"], "Ann");
    }
    guest.send(chatSaid("Servus, Ștefan"));
    json back = chatFrom(host, 1);
    ASSERT_FALSE(back.is_null());
    EXPECT_EQ(back["text"], "Servus, Ștefan");
    EXPECT_EQ(back["seat"], 1);
    EXPECT_EQ(back["n"], 3) << "numbered after the lines said through the other process";
    watcher.send(chatSaid("hi from the rail"));
    json rail = chatFrom(host, -1);
    ASSERT_FALSE(rail.is_null());
    EXPECT_EQ(rail["spectator"], 1);
    EXPECT_EQ(rail["name"], "Rail fan");

    // A mute on A applies on B.
    host.send(json{{"type", "mute"}, {"seat", 1}, {"muted", true}});
    json muted = guest.waitFor("chat_muted");
    ASSERT_FALSE(muted.is_null()) << "the mute was not told on the other process";
    EXPECT_EQ(muted["muted"], json::array({1}));
    guest.send(chatSaid("let me speak"));
    json refused = guest.waitFor("error");
    ASSERT_FALSE(refused.is_null());
    EXPECT_EQ(refused["code"], "muted");

    // The clock of a turn started on A shows on B, for the first turn and the next.
    host.send(json{{"type", "start"}});
    json clock = guest.waitFor("clock");
    ASSERT_FALSE(clock.is_null()) << "the turn's clock was not told on the other process";
    EXPECT_EQ(clock["seat"], 0);
    EXPECT_EQ(clock["move"], 300);
    EXPECT_GT(clock["remainingMs"].get<std::int64_t>(), 0);

    playToTheEnd(seats, 47);
    if (::testing::Test::HasFatalFailure()) return;
    // Every turn's clock was told on B too: one per turn of the game at least up to its end.
    const auto clocks = allOf(guest, "clock");
    EXPECT_GE(clocks.size(), 2u);
    bool sawSeat1 = false;
    for (const auto& c : clocks) sawSeat1 = sawSeat1 || c["seat"] == 1;
    EXPECT_TRUE(sawSeat1) << "the guest's own turns' clocks (started on B) and the host's (on A)";

    // "Play again" on A is offered on B.
    host.send(json{{"type", "rematch"}});
    json offer = host.waitFor("rematch");
    ASSERT_FALSE(offer.is_null());
    json offered = guest.waitFor("rematch");
    ASSERT_FALSE(offered.is_null()) << "Play again was not offered on the other process";
    EXPECT_EQ(offered["next"], offer["next"]);
    EXPECT_EQ(offered["by"], 0);
    EXPECT_EQ(watcher.waitFor("rematch")["next"], offer["next"]);

    // Each line reached B once, in order.
    std::vector<std::string> heard;
    for (const auto& line : allOf(guest, "chat")) heard.push_back(line["text"]);
    EXPECT_EQ(heard, (std::vector<std::string>{"eins", "zwei", "drei 🎲", "Servus, Ștefan", "hi from the rail"}));
}

// A turn started on A is timed out by B's own timer (A is killed once B has heard of the turn: no
// sweep within the test's wait), and B's bot plays it.
TEST(PostgresTable, AClockedTurnStartedOnOneProcessIsTimedOutByAnother) {
    TestDatabase database("postgres");
    // A clock's second lasts 100 ms: the 30 s turn runs out after 3 s.
    const std::vector<std::string> fast = {"--clock-ms-per-second", "100"};
    ServerProcess a(database.location(), fast), b(database.location(), fast);
    WsClient host(a.port()), guest(b.port());
    host.send(json{{"type", "create"},
                   {"setup", {{"mode", "base"}, {"players", 2}}},
                   {"name", "Ann"},
                   {"clock", 30},
                   {"clockBot", "random"}});
    json created = host.waitFor("joined");
    ASSERT_FALSE(created.is_null());
    const std::string room = created["room"];
    guest.send(json{{"type", "join"}, {"room", room}, {"name", "Bob"}});
    ASSERT_FALSE(guest.waitFor("joined").is_null());
    host.send(json{{"type", "start"}});
    json clock = guest.waitFor("clock");
    ASSERT_FALSE(clock.is_null());
    ASSERT_EQ(clock["seat"], 0);
    a.kill(SIGKILL);  // the process that started the turn (and set its timer) is gone
    json timeout = guest.waitFor("timeout", std::chrono::seconds(30));
    ASSERT_FALSE(timeout.is_null()) << "nobody timed the turn out";
    EXPECT_EQ(timeout["seat"], 0);
    EXPECT_EQ(timeout["bot"], "random");
    json moved = guest.waitFor("moved", std::chrono::seconds(30));
    ASSERT_FALSE(moved.is_null()) << "the clock's bot did not play the turn";
    EXPECT_EQ(moved["by"], 0);
    // Exactly once: one timeout for the turn.
    EXPECT_EQ(allOf(guest, "timeout").size(), 1u);
}

// Both processes have connections in the room and timers for the turn: the turn times out once
// (one `timeout` on each side) and its bot's move is stored once.
TEST(PostgresTable, ATurnTimedOutOnTwoProcessesAtOnceIsPlayedOnce) {
    TestDatabase database("postgres");
    const std::vector<std::string> fast = {"--clock-ms-per-second", "20"};
    ServerProcess a(database.location(), fast), b(database.location(), fast);
    Seat seats[2];
    seats[0].client = std::make_unique<WsClient>(a.port());
    seats[1].client = std::make_unique<WsClient>(b.port());
    WsClient& host = *seats[0].client;
    WsClient& guest = *seats[1].client;
    host.send(json{{"type", "create"},
                   {"setup", {{"mode", "base"}, {"players", 2}}},
                   {"name", "Ann"},
                   {"clock", 30},
                   {"clockBot", "random"}});
    json created = host.waitFor("joined");
    ASSERT_FALSE(created.is_null());
    guest.send(json{{"type", "join"}, {"room", created["room"]}, {"name", "Bob"}});
    ASSERT_FALSE(guest.waitFor("joined").is_null());
    host.send(json{{"type", "start"}});
    // Nobody moves: the host's turn runs out (600 ms), its bot plays, then the guest's, and so on.
    for (Seat& s : seats) {
        json game = s.client->waitFor("game", std::chrono::seconds(20));
        ASSERT_FALSE(game.is_null());
        ASSERT_EQ(s.page.load(game["record"]), "");
    }
    for (Seat& s : seats)
        while (s.page.actions() < 6) {
            json moved = s.client->waitFor("moved", std::chrono::seconds(30));
            ASSERT_FALSE(moved.is_null()) << "the timed-out turns were not played";
            ASSERT_EQ(s.page.apply(moved["lines"].get<std::vector<std::string>>()), "") << "a move doubled";
        }
    for (Seat& s : seats) {
        const auto timeouts = allOf(*s.client, "timeout");
        ASSERT_EQ(timeouts.size(), 2u) << "each seat's turn times out once (then its bot plays on)";
        EXPECT_EQ(timeouts[0]["seat"], 0);
        EXPECT_EQ(timeouts[1]["seat"], 1);
    }
}

}  // namespace
}  // namespace carc::server::test
