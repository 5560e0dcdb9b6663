// Nobody is stuck when the host walks away: the host role passes on, and any seated player may hand a
// long-gone player's turn to a bot (docs/online-protocol.md, "Host").
#include "host_handover.hpp"

#include "hub_fixture.hpp"

namespace carc::server::test {
namespace {

SeatState seat(int index, const std::string& kind, int connections, std::int64_t connectedSince,
               std::int64_t awaySince = 0, bool host = false) {
    SeatState s;
    s.seat = index;
    s.kind = kind;
    s.connections = connections;
    s.connectedSince = connectedSince;
    s.awaySince = awaySince;
    s.host = host;
    return s;
}

TEST(NextHost, TheHumanConnectedLongestTakesOverOnceTheHostHasBeenGoneLongEnough) {
    std::vector<SeatState> seats = {seat(0, "human", 0, 0, /*awaySince=*/1'000, /*host=*/true),
                                    seat(1, "human", 1, 700), seat(2, "human", 1, 500), seat(3, "hard", 0, 0),
                                    seat(4, "human", 0, 100, 900)};
    EXPECT_EQ(nextHost(seats, 60'999, 60'000), std::nullopt);  // gone 59.999 s
    EXPECT_EQ(nextHost(seats, 61'000, 60'000), 2);             // connected since 500, before seat 1
    seats[0].connections = 1;
    seats[0].awaySince = 0;
    EXPECT_EQ(nextHost(seats, 1'000'000, 60'000), std::nullopt);  // the host is back
    // Nobody else connected: the role stays where it is.
    seats = {seat(0, "human", 0, 0, 1'000, true), seat(1, "human", 0, 0, 2'000), seat(2, "easy", 0, 0)};
    EXPECT_EQ(nextHost(seats, 1'000'000, 60'000), std::nullopt);
}

TEST_P(HubTest, WhenTheHostIsGoneTheRolePassesToThePlayerConnectedLongestAndStaysThereAfterARestart) {
    options_.limits.replaceAfter = 60;
    makeHub();
    auto host = connect(), bob = connect(), cid = connect();
    const std::string room = createRoom(*host, "base", 4);
    joinRoom(*bob, room, "Bob");
    joinRoom(*cid, room, "Cid");
    hub_->disconnect(host->id);
    advance(59'000);
    EXPECT_TRUE(cid->peer.last("room")["seats"][0]["host"]);
    EXPECT_EQ(errorCode(*bob, {{"type", "seat"}, {"seat", 3}, {"kind", "easy"}}), "not_host");
    advance(1'100);
    json roomNow = cid->peer.last("room");
    EXPECT_FALSE(roomNow["seats"][0]["host"]);
    EXPECT_TRUE(roomNow["seats"][1]["host"]) << "Bob sat down before Cid";
    EXPECT_FALSE(roomNow["seats"][2]["host"]);
    // Bob now does what the host does: a bot in the last seat, and the start (Ann's seat stays hers).
    EXPECT_TRUE(ask(*bob, {{"type", "seat"}, {"seat", 3}, {"kind", "easy"}}, "room")["seats"][3]["kind"] == "easy");
    EXPECT_TRUE(ask(*bob, {{"type", "start"}}, "room")["started"]);
    // The role was stored: after a restart it is Bob's, and Ann coming back does not take it back.
    makeHub();
    auto ann = connect();
    ask(*ann, {{"type", "resume"}, {"room", room}, {"seat", 0}, {"secret", host->secret}}, "joined");
    json afterRestart = ann->peer.lastSeen("room");
    EXPECT_FALSE(afterRestart["seats"][0]["host"]);
    EXPECT_TRUE(afterRestart["seats"][1]["host"]);
}

TEST_P(HubTest, AHostGoneBeforeARestartIsReplacedOnceAPlayerIsBackAndTheTimeHasRunOut) {
    options_.limits.replaceAfter = 60;
    makeHub();
    auto host = connect(), bob = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*bob, room, "Bob");
    makeHub();  // nobody connected after the restart: gone since the restart
    timers_.clear();
    advance(61'000);
    auto back = connect();
    json joined = ask(*back, {{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", bob->secret}}, "joined");
    EXPECT_TRUE(joined["host"]);
    EXPECT_TRUE(back->peer.lastSeen("room")["seats"][1]["host"]);
}

TEST_P(HubTest, AnySeatedPlayerMayHandAGonePlayersTurnToABotButASpectatorMayNot) {
    options_.limits.replaceAfter = 60;
    makeHub();
    auto host = connect(), bob = connect(), cid = connect(), watcher = connect();
    const std::string room = createRoom(*host, "base", 3);
    joinRoom(*bob, room, "Bob");
    joinRoom(*cid, room, "Cid");
    say(*host, {{"type", "start"}});
    say(*watcher, {{"type", "watch"}, {"room", room}});
    feed(*cid);
    Rng rng(3);
    say(*host, {{"type", "move"}, {"seq", cid->page.actions()}, {"lines", cid->page.randomTurn(rng)}});
    feed(*cid);
    ASSERT_EQ(cid->page.game().activePlayer(), 1);
    hub_->disconnect(bob->id);
    EXPECT_EQ(errorCode(*cid, {{"type", "replace"}, {"seat", 1}, {"kind", "easy"}}), "not_replaceable");
    advance(61'000);
    EXPECT_EQ(errorCode(*watcher, {{"type", "replace"}, {"seat", 1}, {"kind", "easy"}}), "not_player");
    json replaced = ask(*cid, {{"type", "replace"}, {"seat", 1}, {"kind", "random"}}, "room");
    EXPECT_EQ(replaced["seats"][1]["kind"], "random");
    EXPECT_TRUE(replaced["seats"][0]["host"]) << "the host is still there and still the host";
    runBots();
    feed(*cid);
    EXPECT_EQ(cid->page.game().activePlayer(), 2) << "the bot played Bob's turn";
}

}  // namespace
}  // namespace carc::server::test
