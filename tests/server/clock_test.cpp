// Turn clocks (issue 47): the host's move time, the time left sent to every connection, a turn whose
// time ran out played by the clock's bot while the seat stays the player's, and the clock counted
// from its stored start after a restart or by a process that did not start the turn. Fake clocks
// only: the fixture's wall clock and timers.
#include "hub_fixture.hpp"

namespace carc::server::test {
namespace {

class ClockTest : public HubTest {
protected:
    // A two-player base game with a clock of `seconds`, started; the host (seat 0) to move.
    void startClocked(int seconds, const std::string& bot = "random") {
        host = connect();
        guest = connect();
        json joined = ask(*host,
                          {{"type", "create"},
                           {"setup", {{"mode", "base"}, {"players", 2}}},
                           {"name", "Ann"},
                           {"clock", seconds},
                           {"clockBot", bot}},
                          "joined");
        room = joined["room"];
        host->seat = 0;
        host->secret = joined["secret"];
        joinRoom(*guest, room, "Bob");
        say(*host, {{"type", "start"}});
        feed(*host);
        feed(*guest);
    }
    void hostMoves() {
        say(*host, {{"type", "move"}, {"seq", host->page.actions()}, {"lines", host->page.randomTurn(rng)}});
        feed(*host);
        feed(*guest);
    }
    // The messages of `type` a connection has received so far.
    static std::vector<json> seen(Conn& c, const std::string& type) {
        c.peer.take();
        std::vector<json> out;
        for (const auto& text : c.peer.raw)
            if (json m = json::parse(text); m["type"] == type) out.push_back(m);
        return out;
    }
    // The last of them (null, and a failure, when none came).
    static json latest(Conn& c, const std::string& type) {
        const auto all = seen(c, type);
        EXPECT_FALSE(all.empty()) << "no " << type << " message";
        return all.empty() ? json() : all.back();
    }
    std::unique_ptr<Conn> host, guest;
    std::string room;
    Rng rng{11};
};

TEST_P(ClockTest, ARoomOffersOnlyTheClockChoices) {
    auto c = connect();
    auto create = [](json extra) {
        json m = {{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "Ann"}};
        if (extra.is_object()) m.update(extra);
        return m;
    };
    EXPECT_EQ(errorCode(*c, create({{"clock", 45}})), "bad_clock");
    EXPECT_EQ(errorCode(*c, create({{"clock", 30}, {"clockBot", "chess"}})), "bad_clock");
    EXPECT_EQ(errorCode(*c, create({{"clock", "30"}})), "bad_message");
    json none = ask(*c, create({}), "room");
    EXPECT_TRUE(none["clock"].is_null());
    json day = ask(*c, create({{"clock", 86400}}), "room");
    EXPECT_EQ(day["clock"]["move"], 86400);
    EXPECT_EQ(day["clock"]["bot"], "medium") << "the default level";
}

TEST_P(ClockTest, ATurnWhoseTimeRanOutIsPlayedByTheBotAndThePlayersMoveTakesTheSeatBack) {
    startClocked(30);
    json clock = latest(*guest, "clock");
    EXPECT_EQ(clock["seat"], 0);
    EXPECT_EQ(clock["move"], 30);
    EXPECT_EQ(clock["remainingMs"], 30'000);
    hostMoves();
    clock = latest(*host, "clock");
    EXPECT_EQ(clock["seat"], 1) << "each turn starts the clock again";
    EXPECT_EQ(clock["remainingMs"], 30'000);
    advance(29'900);
    EXPECT_TRUE(seen(*host, "timeout").empty());
    EXPECT_TRUE(bots_.empty());
    advance(100);
    ASSERT_EQ(seen(*host, "timeout").size(), 1u);
    json timeout = latest(*guest, "timeout");
    EXPECT_EQ(timeout["seat"], 1);
    EXPECT_EQ(timeout["bot"], "random");
    json seat = host->peer.lastSeen("room")["seats"][1];
    EXPECT_EQ(seat["kind"], "random");
    EXPECT_TRUE(seat["replaced"]) << "the seat stays Bob's";
    ASSERT_EQ(bots_.size(), 1u);
    runBots();
    feed(*host);
    feed(*guest);
    EXPECT_EQ(host->page.game().activePlayer(), 0) << "the bot played Bob's turn";
    // Bob's next turn: the bot is thinking when Bob moves himself, which takes the seat back.
    hostMoves();
    ASSERT_EQ(bots_.size(), 1u);
    ASSERT_EQ(guest->page.game().activePlayer(), 1);
    say(*guest, {{"type", "move"}, {"seq", guest->page.actions()}, {"lines", guest->page.randomTurn(rng)}});
    feed(*host);
    EXPECT_EQ(host->page.game().activePlayer(), 0);
    EXPECT_EQ(host->peer.lastSeen("room")["seats"][1]["kind"], "human");
    EXPECT_FALSE(host->peer.lastSeen("room")["seats"][1]["replaced"]);
    const std::size_t actions = host->page.actions();
    runBots();
    feed(*host);
    EXPECT_EQ(host->page.actions(), actions) << "the dropped decision was played";
}

TEST_P(ClockTest, ResumeTakesATimedOutSeatBackWithAWholeTurn) {
    startClocked(60);
    hostMoves();
    hub_->disconnect(guest->id);
    advance(60'000);
    ASSERT_EQ(seen(*host, "timeout").size(), 1u);
    ASSERT_EQ(bots_.size(), 1u);
    auto back = connect();
    ask(*back, {{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", guest->secret}}, "joined");
    runBots();  // thought about before Bob came back: dropped
    ASSERT_EQ(back->page.load(back->peer.lastSeen("game")["record"]), "");
    EXPECT_EQ(latest(*host, "room")["seats"][1]["kind"], "human");
    json clock = latest(*back, "clock");
    EXPECT_EQ(clock["seat"], 1);
    EXPECT_EQ(clock["remainingMs"], 60'000) << "back after the time ran out: a whole turn";
    EXPECT_EQ(back->page.game().activePlayer(), 1);
}

TEST_P(ClockTest, AClockIsCountedFromItsStoredStartAfterARestart) {
    startClocked(120);
    hostMoves();
    now_ += 100'000;  // the server is down for part of Bob's turn: its timers are gone
    timers_.clear();
    makeHub();
    auto back = connect();
    ask(*back, {{"type", "resume"}, {"room", room}, {"seat", 0}, {"secret", host->secret}}, "joined");
    json clock = latest(*back, "clock");
    EXPECT_EQ(clock["seat"], 1);
    EXPECT_EQ(clock["remainingMs"], 120'000 - 100'000 - 100) << "counted from the stored start";
    ASSERT_EQ(back->page.load(back->peer.lastSeen("game")["record"]), "");
    advance(19'800);
    EXPECT_TRUE(seen(*back, "timeout").empty());
    advance(100);
    ASSERT_EQ(seen(*back, "timeout").size(), 1u);
    runBots();
    feed(*back);
    EXPECT_EQ(back->page.game().activePlayer(), 0);
}

TEST_P(ClockTest, ATurnStartedElsewhereIsExpiredByTheSweep) {
    startClocked(30);
    hostMoves();
    timers_.clear();  // the turn's timer lives in the process that started it, which is gone
    now_ += 30'000;
    EXPECT_TRUE(seen(*host, "timeout").empty());
    hub_->sweep();
    ASSERT_EQ(seen(*host, "timeout").size(), 1u);
    hub_->sweep();
    EXPECT_EQ(seen(*host, "timeout").size(), 1u) << "once per turn";
    ASSERT_EQ(bots_.size(), 1u);
}

TEST_P(ClockTest, ABotsTurnAndAnUnclockedRoomNeverTimeOut) {
    auto c = connect();
    ask(*c, {{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "Ann"}, {"clock", 30}},
        "joined");
    ask(*c, {{"type", "seat"}, {"seat", 1}, {"kind", "random"}}, "room");
    say(*c, {{"type", "start"}});
    feed(*c);
    say(*c, {{"type", "move"}, {"seq", c->page.actions()}, {"lines", c->page.randomTurn(rng)}});
    ASSERT_EQ(bots_.size(), 1u) << "the bot's turn, its decision not yet made";
    advance(31'000);
    hub_->sweep();
    EXPECT_TRUE(seen(*c, "timeout").empty()) << "a bot never runs out of time";
    auto other = connect();
    createRoom(*other, "base", 2);
    ask(*other, {{"type", "seat"}, {"seat", 1}, {"kind", "random"}}, "room");
    say(*other, {{"type", "start"}});
    advance(25LL * 3600 * 1000);
    hub_->sweep();
    EXPECT_TRUE(seen(*other, "timeout").empty());
    EXPECT_TRUE(seen(*other, "clock").empty()) << "no clock, no clock messages";
}

INSTANTIATE_TEST_SUITE_P(Stores, ClockTest, bothStores(), storeName);

// The store's compare-and-set for a timeout: it holds only for the turn the caller saw (its action
// count and stored start) and the seat as the caller saw it, so of several processes whose timers
// fire for one turn exactly one hands it to the bot, and none does after the player moved.
TEST_P(HubTest, ATimeoutIsStoredOnlyForTheTurnAndSeatTheCallerSaw) {
    StoredRoom room;
    room.id = "clocked";
    room.setup = "setup\n";
    room.started = true;
    room.created = room.touched = 1000;
    room.clock.moveSeconds = 30;
    room.clock.turnStart = 5000;
    StoredSeat human;
    human.kind = "human";
    human.name = "Ann";
    human.colour = "orange";
    human.secretHash = "h";
    room.seats = {human};
    store_->createRoom(room);
    store_->appendActions("clocked", 0, {"a0", "a1"}, 2000);
    StoredSeat bot = human;
    bot.kind = "random";
    bot.replaced = true;
    EXPECT_FALSE(store_->timeOutSeat("clocked", 1, 5000, human, bot, 6000)) << "a move came since";
    EXPECT_FALSE(store_->timeOutSeat("clocked", 2, 4000, human, bot, 6000)) << "a new turn began since";
    EXPECT_TRUE(store_->timeOutSeat("clocked", 2, 5000, human, bot, 6000));
    EXPECT_FALSE(store_->timeOutSeat("clocked", 2, 5000, human, bot, 6000)) << "another process came first";
    const auto stored = store_->loadRoom("clocked", 0);
    ASSERT_TRUE(stored);
    EXPECT_TRUE(stored->seats[0].replaced);
    EXPECT_EQ(stored->seats[0].kind, "random");
}

}  // namespace
}  // namespace carc::server::test
