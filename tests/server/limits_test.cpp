// What one careless or hostile client cannot do to the others (docs/online-protocol.md, "Limits"):
// fill the server with rooms, flood it, make others pay for its repeated watches, freeze a room's
// bots, or stop the server from starting with one bad room.
#include <set>
#include <sstream>

#include "hub_fixture.hpp"
#include "server.hpp"

namespace carc::server::test {
namespace {

json createMessage(const std::string& name = "Ann") {
    return {{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", name}};
}

TEST_P(HubTest, RoomsACallerMayCreateAreCappedPerConnectionAndPerAddress) {
    const Limits& l = options_.limits;
    auto first = connect("203.0.113.7");
    for (int i = 0; i < l.roomsPerConnection; ++i) ASSERT_FALSE(createRoom(*first, "base", 2).empty());
    EXPECT_EQ(errorCode(*first, createMessage()), "too_many_rooms");
    // Reconnecting does not reset the address's count.
    std::vector<std::unique_ptr<Conn>> more;
    int created = l.roomsPerConnection;
    while (created < l.roomsPerAddress) {
        more.push_back(connect("203.0.113.7"));
        for (int i = 0; i < l.roomsPerConnection && created < l.roomsPerAddress; ++i, ++created)
            ASSERT_FALSE(createRoom(*more.back(), "base", 2).empty());
    }
    auto again = connect("203.0.113.7");
    EXPECT_EQ(errorCode(*again, createMessage()), "too_many_rooms");
    // Another address is not affected.
    auto other = connect("198.51.100.1");
    EXPECT_FALSE(createRoom(*other, "base", 2).empty());

    // A room that expires gives its place back.
    hub_->disconnect(first->id);
    advance(options_.lobbyTtlMs);
    hub_->sweep();
    EXPECT_FALSE(createRoom(*again, "base", 2).empty());
}

TEST_P(HubTest, AFinishedGameGivesItsPlaceBack) {
    options_.limits.roomsPerConnection = 1;
    makeHub();
    auto host = connect();
    createRoom(*host, "base", 2);
    say(*host, {{"type", "seat"}, {"seat", 1}, {"kind", "random"}});
    EXPECT_EQ(errorCode(*host, createMessage()), "too_many_rooms");
    say(*host, {{"type", "start"}});
    Rng rng(3);
    for (int turn = 0; turn < 500; ++turn) {
        runBots();
        feed(*host);
        if (host->page.game().over()) break;
        if (host->page.game().activePlayer() == 0)
            say(*host, {{"type", "move"}, {"seq", host->page.actions()}, {"lines", host->page.randomTurn(rng)}});
    }
    ASSERT_TRUE(host->page.game().over()) << host->page.actions() << " " << host->peer.lastSeen("error").dump();
    EXPECT_FALSE(createRoom(*host, "base", 2).empty());
}

TEST_P(HubTest, RoomsNotStartedExpireSoonerThanGamesInPlay) {
    options_.lobbyTtlMs = 60'000;
    options_.roomTtlMs = 3'600'000;
    makeHub();
    auto a = connect(), b = connect();
    createRoom(*a, "base", 2);
    createRoom(*b, "base", 2);
    say(*b, {{"type", "seat"}, {"seat", 1}, {"kind", "random"}});
    say(*b, {{"type", "start"}});
    hub_->disconnect(a->id);
    hub_->disconnect(b->id);
    advance(61'000);
    hub_->sweep();
    EXPECT_EQ(hub_->roomCount(), 1u);  // the game in play stays
    advance(3'600'000);
    hub_->sweep();
    EXPECT_EQ(hub_->roomCount(), 0u);
}

int rateLimited(FakePeer& peer) {
    int limited = 0;
    for (auto& m : peer.take()) limited += m["type"] == "error" && m["code"] == "rate_limited";
    return limited;
}

TEST_P(HubTest, TheRateLimitRunsOnASteadyClockNotTheWallClock) {
    auto c = connect();
    for (int i = 0; i < 20; ++i) hub_->receive(c->id, R"({"type":"ping"})", false);
    // The wall clock is set back an hour: the steady clock goes on, nobody is refused for it.
    now_ -= 3'600'000;
    steady_ += 3'600'000;
    for (int second = 0; second < 5; ++second) {
        for (int i = 0; i < 20; ++i) {
            now_ += 50;
            hub_->receive(c->id, R"({"type":"ping"})", false);
        }
    }
    EXPECT_EQ(rateLimited(c->peer), 0);
    EXPECT_EQ(c->peer.closedWith, 0);
    // Set forward a day, it gives no extra messages either.
    for (int i = 0; i < 40; ++i) hub_->receive(c->id, R"({"type":"ping"})", false);
    rateLimited(c->peer);
    now_ += 86'400'000;
    steady_ -= 86'400'000;
    hub_->receive(c->id, R"({"type":"ping"})", false);
    // Refused (silently: a refusal was answered less than a second ago on the steady clock).
    EXPECT_TRUE(c->peer.take().empty());
}

// Sends `perSecond` pings a second for `seconds`; whether the connection was closed.
bool floods(std::int64_t& now, Hub& hub, FakePeer& peer, PeerId id, int perSecond, int seconds) {
    for (int i = 0; i < perSecond * seconds && peer.closedWith == 0; ++i) {
        now += 1000 / perSecond;
        hub.receive(id, R"({"type":"ping"})", false);
    }
    return peer.closedWith != 0;
}

TEST_P(HubTest, OnlyTheFirstRefusalOfEachSecondIsAnsweredAndAFlooderIsReported) {
    std::vector<std::string> flooded;
    options_.flooded = [&](const std::string& client) { flooded.push_back(client); };
    makeHub();
    auto c = connect("198.51.100.9");
    auto pings = [&](int n) {
        for (int i = 0; i < n; ++i) hub_->receive(c->id, R"({"type":"ping"})", false);
    };
    pings(40);  // the burst
    c->peer.take();
    pings(5);
    EXPECT_EQ(rateLimited(c->peer), 1);  // five refused, one answered
    now_ += 500;                         // ten more tokens
    pings(12);
    EXPECT_EQ(rateLimited(c->peer), 0);  // two refused within the second: not answered
    now_ += 500;
    pings(12);
    EXPECT_EQ(rateLimited(c->peer), 1);  // a second later, the first refusal is answered again
    EXPECT_TRUE(flooded.empty());
    pings(200);
    EXPECT_EQ(c->peer.closedWith, 1008);
    EXPECT_EQ(flooded, std::vector<std::string>{"198.51.100.9"});
}

TEST_P(HubTest, ASustainedFloodIsClosedWhileBeingNowAndThenTooFastIsNot) {
    // 15 times the rate (300 a second, as a careless script does) is closed within a second.
    auto flooder = connect();
    EXPECT_TRUE(floods(now_, *hub_, flooder->peer, flooder->id, 300, 1));
    EXPECT_EQ(flooder->peer.closedWith, 1008);
    // 1.5 times the rate, kept up, is closed within a minute (docs/online-protocol.md).
    auto steady = connect();
    EXPECT_TRUE(floods(now_, *hub_, steady->peer, steady->id, 30, 60));
    // A little over the rate has messages dropped, and is never closed.
    auto eager = connect();
    EXPECT_FALSE(floods(now_, *hub_, eager->peer, eager->id, 25, 120));
    EXPECT_GT(rateLimited(eager->peer), 0);
}

TEST_P(HubTest, MessagesThatReplayOrListCostMore) {
    auto host = connect();
    const std::string room = createRoom(*host, "base", 2);
    auto watcher = connect();
    const Limits& l = options_.limits;
    // A fresh connection's burst holds burst / heavyCost watches, then they are refused.
    int accepted = 0;
    for (int i = 0; i < 2 * l.burst / l.heavyCost; ++i) {
        hub_->receive(watcher->id, json{{"type", "watch"}, {"room", room}}.dump(), false);
        for (auto& m : watcher->peer.take()) accepted += m["type"] == "watching";
    }
    EXPECT_EQ(accepted, l.burst / l.heavyCost);
    // Cheap messages still fit where a heavy one no longer does.
    now_ += 200;  // 4 tokens back at 20 a second
    hub_->receive(watcher->id, R"({"type":"ping"})", false);
    EXPECT_FALSE(watcher->peer.last("pong").is_null());
}

TEST_P(HubTest, WatchingAgainCostsTheOthersNothing) {
    auto host = connect(), guest = connect();
    const std::string room = createRoom(*host, "goldrush", 2);
    joinRoom(*guest, room, "Bob");
    say(*host, {{"type", "start"}});
    auto watcher = connect();
    say(*watcher, {{"type", "watch"}, {"room", room}});
    const json first = watcher->peer.last("game");
    host->peer.take();
    guest->peer.take();
    for (int i = 0; i < 5; ++i) {
        now_ += 1000;
        hub_->receive(watcher->id, json{{"type", "watch"}, {"room", room}}.dump(), false);
    }
    // The watcher gets its answers (the same view), the players hear nothing of it.
    int games = 0;
    for (auto& m : watcher->peer.take())
        if (m["type"] == "game") {
            ++games;
            EXPECT_EQ(m, first);
        }
    EXPECT_EQ(games, 5);
    EXPECT_TRUE(host->peer.take().empty());
    EXPECT_TRUE(guest->peer.take().empty());
    // The same for a player who resumes its own seat again.
    for (int i = 0; i < 3; ++i) {
        now_ += 1000;
        hub_->receive(guest->id,
                      json{{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", guest->secret}}.dump(), false);
    }
    EXPECT_TRUE(host->peer.take().empty());
    EXPECT_EQ(watcher->peer.take().size(), 0u);
}

TEST_P(HubTest, TheLobbyFollowsEveryChange) {
    auto host = connect(), asker = connect();
    const std::string room = createRoom(*host, "base", 2);
    EXPECT_EQ(ask(*asker, {{"type", "lobby"}}, "lobby")["rooms"].size(), 0u);
    say(*host, {{"type", "listed"}, {"listed", true}});
    json lobby = ask(*asker, {{"type", "lobby"}}, "lobby");
    ASSERT_EQ(lobby["rooms"].size(), 1u);
    EXPECT_EQ(lobby["rooms"][0]["free"], 1);
    auto guest = connect();
    joinRoom(*guest, room, "Bob");
    EXPECT_EQ(ask(*asker, {{"type", "lobby"}}, "lobby")["rooms"][0]["free"], 0);
    say(*host, {{"type", "listed"}, {"listed", false}});
    EXPECT_EQ(ask(*asker, {{"type", "lobby"}}, "lobby")["rooms"].size(), 0u);
}

TEST_P(HubTest, ABotTurnThatFailsIsTriedAgainUntilItIsPlayed) {
    auto host = connect();
    createRoom(*host, "base", 2);
    say(*host, {{"type", "seat"}, {"seat", 1}, {"kind", "greedy"}});
    say(*host, {{"type", "start"}});
    feed(*host);
    Rng rng(5);
    say(*host, {{"type", "move"}, {"seq", host->page.actions()}, {"lines", host->page.randomTurn(rng)}});
    feed(*host);
    const std::size_t before = host->page.actions();
    failBots_ = 4;  // the bot fails four times in a row (thrown, or refused by the store)
    runBots();
    EXPECT_EQ(timers_.size(), 1u);
    for (int attempt = 0; attempt < 4 && !timers_.empty(); ++attempt) {
        advance(60'000);
        runBots();
    }
    feed(*host);
    EXPECT_GT(host->page.actions(), before) << "the bot's turn was never played";
    EXPECT_EQ(host->page.game().activePlayer(), 0);
    EXPECT_TRUE(timers_.empty());
}

TEST_P(HubTest, AnUnreadableRoomIsSkippedAndReportedTheOthersLoad) {
    auto a = connect(), b = connect(), c = connect();
    const std::string good = createRoom(*a, "base", 2);
    const std::string holed = createRoom(*b, "base", 2);
    const std::string seats = createRoom(*c, "base", 2);
    for (auto* conn : {a.get(), b.get()}) {
        say(*conn, {{"type", "seat"}, {"seat", 1}, {"kind", "random"}});
        say(*conn, {{"type", "start"}});
        runBots();
        feed(*conn);
        Rng rng(2);
        for (int i = 0; i < 3; ++i) {
            say(*conn, {{"type", "move"}, {"seq", conn->page.actions()}, {"lines", conn->page.randomTurn(rng)}});
            runBots();
            feed(*conn);
        }
    }
    hub_.reset();
    db_->damage("DELETE FROM actions WHERE room = '" + holed + "' AND n = 1");
    db_->damage("UPDATE seats SET seat = 5 WHERE room = '" + seats + "' AND seat = 1");
    makeHub();
    hub_->load(true);  // a shared store loads rooms on demand: all of them here
    EXPECT_EQ(hub_->roomCount(), 1u);
    ASSERT_EQ(hub_->loadProblems().size(), 2u);
    std::set<std::string> skipped;
    for (const auto& p : hub_->loadProblems()) skipped.insert(p.room);
    EXPECT_EQ(skipped, (std::set<std::string>{holed, seats}));
    auto d = connect();
    say(*d, {{"type", "watch"}, {"room", good}});
    EXPECT_FALSE(d->peer.last("game").is_null());

    // What `carc-server --check` prints for it.
    hub_.reset();
    ServerOptions options;
    options.db = db_->location();
    options.quiet = true;
    std::ostringstream out;
    EXPECT_FALSE(checkStore(options, out));
    EXPECT_NE(out.str().find(holed + ": its actions are not numbered"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find(seats + ": its seats are not numbered"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("1 rooms load, 2 do not"), std::string::npos) << out.str();
}

TEST_P(HubTest, ARoomInUseIsNotExpiredByARestart) {
    options_.roomTtlMs = 600'000;
    options_.touchEveryMs = 60'000;
    makeHub();
    auto host = connect(), guest = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*guest, room, "Bob");
    say(*host, {{"type", "start"}});
    // Two hours of thinking and talking, no move: only activity.
    for (int minute = 0; minute < 120; ++minute) {
        advance(60'000);
        hub_->sweep();
    }
    for (const auto& stored : store_->loadRooms())
        if (stored.id == room) {
            EXPECT_GE(stored.touched, now_ - options_.touchEveryMs);
        }
    hub_.reset();
    advance(options_.roomTtlMs);  // the server was down as long as a TTL
    makeHub();
    hub_->sweep();
    EXPECT_EQ(store_->countRooms(), 1u);
    // After a restart, the players have the whole TTL to come back.
    advance(options_.roomTtlMs - 1000);
    hub_->sweep();
    EXPECT_EQ(store_->countRooms(), 1u);
    advance(2000);
    hub_->sweep();
    EXPECT_EQ(store_->countRooms(), 0u);
}

TEST_P(HubTest, NamesCountCharactersNotBytes) {
    auto host = connect();
    std::string thirteen, twentyFive;
    for (int i = 0; i < 13; ++i) thirteen += "\xC3\xA9";  // é
    for (int i = 0; i < 25; ++i) twentyFive += "\xC3\xA9";
    EXPECT_FALSE(createRoom(*host, "base", 2).empty());
    json joined = ask(*host, createMessage(thirteen), "joined");
    EXPECT_FALSE(joined.is_null());
    EXPECT_EQ(errorCode(*host, createMessage(twentyFive)), "bad_name");
    EXPECT_EQ(checkName(thirteen), NameCheck::Good);
    EXPECT_EQ(checkName("Ren\xC3"), NameCheck::NotUtf8);            // cut short
    EXPECT_EQ(checkName("\xC0\xAF"), NameCheck::NotUtf8);           // overlong '/'
    EXPECT_EQ(checkName("\xED\xA0\x80x"), NameCheck::NotUtf8);      // a surrogate
    EXPECT_EQ(checkName("\xF0\x9F\x98\x80 Ann"), NameCheck::Good);  // an emoji is one character
}

}  // namespace
}  // namespace carc::server::test
