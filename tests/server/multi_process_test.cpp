// Several carc-server processes (the real binary) on one PostgreSQL database (issue 46): the players
// of one room sit on different processes, each move goes through its player's own process, and every
// player hears every move through the bus (LISTEN/NOTIFY); one process SIGKILLed mid-game leaves its
// player to resume through another, a bot seat plays on, and the record replays to the same scores.
#include <gtest/gtest.h>

#include <algorithm>

#include "multi_process.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

// `humans` players, player i on process i; a random bot in the last seat if `bot`; the process of
// player 1 killed with SIGKILL after turn `killTurn` (-1: never), that player resuming through the
// next process.
void playSpread(const std::string& mode, int humans, bool bot, int killTurn, std::uint64_t seed) {
    TestDatabase database("postgres");
    const std::string db = database.location();
    std::vector<std::unique_ptr<ServerProcess>> processes;
    for (int i = 0; i < humans; ++i) processes.push_back(std::make_unique<ServerProcess>(db));
    std::vector<int> processOf(static_cast<std::size_t>(humans));
    std::vector<Player> players(static_cast<std::size_t>(humans));
    const int seats = humans + (bot ? 1 : 0);

    players[0].client = std::make_unique<WsClient>(processes[0]->port());
    players[0].client->send(json{{"type", "create"}, {"setup", {{"mode", mode}, {"players", seats}}}, {"name", "P0"}});
    json created = players[0].client->waitFor("joined");
    ASSERT_FALSE(created.is_null());
    const std::string room = created["room"];
    players[0].secret = created["secret"];
    for (int i = 1; i < humans; ++i) {
        processOf[static_cast<std::size_t>(i)] = i;
        auto& p = players[static_cast<std::size_t>(i)];
        // The room was made by another process: this one loads it on demand.
        p.client = std::make_unique<WsClient>(processes[static_cast<std::size_t>(i)]->port());
        p.client->send(json{{"type", "join"}, {"room", room}, {"name", "P" + std::to_string(i)}});
        json joined = p.client->waitFor("joined");
        ASSERT_FALSE(joined.is_null()) << "player " << i << " could not join through process " << i;
        p.secret = joined["secret"];
    }
    if (bot) players[0].client->send(json{{"type", "seat"}, {"seat", humans}, {"kind", "random"}});
    players[0].client->send(json{{"type", "start"}});
    for (int i = 0; i < humans; ++i) {
        auto& p = players[static_cast<std::size_t>(i)];
        json game = p.client->waitFor("game", std::chrono::seconds(20));
        ASSERT_FALSE(game.is_null()) << "player " << i << " never heard of the start";
        ASSERT_EQ(p.page.load(game["record"]), "");
    }

    Rng rng(seed);
    bool killed = false;
    for (int turn = 0; !players[0].page.game().over(); ++turn) {
        const int active = players[0].page.game().activePlayer();
        std::size_t target = 0;
        if (active < humans) {
            auto& mover = players[static_cast<std::size_t>(active)];
            const auto lines = mover.page.randomTurn(rng);
            mover.client->send(json{{"type", "move"}, {"seq", mover.page.actions()}, {"lines", lines}});
            target = mover.page.actions() + lines.size();
        } else {
            // The bot's turn: whatever it plays, everyone hears it.
            json moved = players[0].client->waitFor("moved", std::chrono::seconds(20));
            ASSERT_FALSE(moved.is_null()) << "the bot did not play (turn " << turn << ")";
            ASSERT_EQ(players[0].page.apply(moved["lines"].get<std::vector<std::string>>()), "");
            target = players[0].page.actions();
        }
        for (int i = 0; i < humans; ++i) {
            catchUpTo(players[static_cast<std::size_t>(i)], target, i);
            if (::testing::Test::HasFatalFailure()) return;
        }
        if (turn == killTurn && !killed) {
            killed = true;
            processes[1]->kill(SIGKILL);
            processOf[1] = 2 % humans;
            resume(players[1], processes[static_cast<std::size_t>(processOf[1])]->port(), room, 1);
            if (::testing::Test::HasFatalFailure()) return;
            ASSERT_EQ(players[1].page.actions(), players[0].page.actions()) << "an acknowledged move was lost";
        }
    }
    if (killTurn >= 0) {
        EXPECT_TRUE(killed) << "the game ended before the kill";
    }
    std::string record;
    for (int i = 0; i < humans; ++i) {
        json over = players[static_cast<std::size_t>(i)].client->waitFor("over", std::chrono::seconds(20));
        ASSERT_FALSE(over.is_null()) << "player " << i;
        if (i == 0) record = over["record"];
        EXPECT_EQ(over["record"], record) << "player " << i << " was told another record";
    }
    Replay replay = replayText(record, carc::test::catalog());
    ASSERT_EQ(replay.error, "");
    EXPECT_EQ(replay.record.actions.size(), players[0].page.actions());
    EXPECT_EQ(replay.game->scores(), players[0].page.game().scores()) << "the record replays to other scores";
}

TEST(PostgresMultiProcess, TwoPlayersOnTwoProcessesPlayAWholeGame) {
    playSpread("base", 2, false, -1, 5);
}

// The done-when scenario of issue 46.
TEST(PostgresMultiProcess, GoldRushOnThreeProcessesWithABotSurvivesAKilledProcess) {
    playSpread("goldrush", 3, true, 9, 11);
}

// Two guests ask for one seat at once, each through its own process: exactly one sits, the other is
// told `seat_taken`.
TEST(PostgresMultiProcess, TwoGuestsTakingOneSeatThroughTwoProcessesGetItOnce) {
    TestDatabase database("postgres");
    // Limits far above what one test address sends in a few seconds of rounds.
    const std::vector<std::string> roomy = {
        "--rooms-per-connection", "10000", "--rooms-per-address", "100000", "--rate", "10000"};
    ServerProcess a(database.location(), roomy), b(database.location(), roomy), c(database.location(), roomy);
    WsClient host(a.port());
    for (int round = 0; round < raceRepeats(); ++round) {
        WsClient first(b.port()), second(c.port());
        host.send(json{{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "Host"}});
        json created = host.waitFor("joined");
        ASSERT_FALSE(created.is_null());
        const std::string room = created["room"];
        // Both processes have read the room before the race (so neither loads it fresh inside it).
        for (WsClient* guest : {&first, &second}) {
            guest->send(json{{"type", "watch"}, {"room", room}});
            ASSERT_FALSE(guest->waitFor("watching").is_null());
        }
        first.send(json{{"type", "join"}, {"room", room}, {"seat", 1}, {"name", "One"}});
        second.send(json{{"type", "join"}, {"room", room}, {"seat", 1}, {"name", "Two"}});
        int seated = 0, refused = 0;
        for (WsClient* guest : {&first, &second})
            for (;;) {
                auto text = guest->receive();
                ASSERT_TRUE(text) << "round " << round << ": no answer to join";
                json m = json::parse(*text);
                if (m["type"] == "joined") {
                    ++seated;
                    break;
                }
                if (m["type"] == "error") {
                    EXPECT_EQ(m["code"], "seat_taken") << "round " << round;
                    ++refused;
                    break;
                }
            }
        ASSERT_EQ(seated, 1) << "round " << round;
        ASSERT_EQ(refused, 1) << "round " << round;
        host.send(json{{"type", "leave"}});
        ASSERT_FALSE(host.waitFor("left").is_null());
    }
}

// Two tabs of one seat, on two processes, send different moves at once: exactly one is stored and
// heard by everyone, the other tab is refused with a clear code; nothing is doubled or lost.
TEST(PostgresMultiProcess, ConflictingMovesOfOneSeatThroughTwoProcessesApplyOnce) {
    TestDatabase database("postgres");
    ServerProcess a(database.location()), b(database.location());
    Rng rng(3);
    int races = 0;
    while (races < raceRepeats()) {
        Player tab[2], other;
        tab[0].client = std::make_unique<WsClient>(a.port());
        tab[0].client->send(json{{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "Ann"}});
        json created = tab[0].client->waitFor("joined");
        ASSERT_FALSE(created.is_null());
        const std::string room = created["room"];
        tab[0].secret = created["secret"];
        other.client = std::make_unique<WsClient>(b.port());
        other.client->send(json{{"type", "join"}, {"room", room}, {"name", "Bob"}});
        ASSERT_FALSE(other.client->waitFor("joined").is_null());
        tab[0].client->send(json{{"type", "start"}});
        json annGame = tab[0].client->waitFor("game");
        ASSERT_FALSE(annGame.is_null());
        ASSERT_EQ(tab[0].page.load(annGame["record"]), "");
        // Ann's second tab, through the other process.
        tab[1].secret = tab[0].secret;
        resume(tab[1], b.port(), room, 0);
        if (::testing::Test::HasFatalFailure()) return;
        json otherGame = other.client->waitFor("game");
        ASSERT_FALSE(otherGame.is_null());
        ASSERT_EQ(other.page.load(otherGame["record"]), "");
        while (!other.page.game().over() && races < raceRepeats()) {
            const std::size_t before = other.page.actions();
            if (other.page.game().activePlayer() == 1) {
                const auto lines = other.page.randomTurn(rng);
                other.client->send(json{{"type", "move"}, {"seq", before}, {"lines", lines}});
                for (Player* p : {&tab[0], &tab[1], &other}) catchUpTo(*p, before + lines.size(), 0);
                if (::testing::Test::HasFatalFailure()) return;
                continue;
            }
            const std::size_t mark[2] = {tab[0].client->seen.size(), tab[1].client->seen.size()};
            const auto x = tab[0].page.randomTurn(rng), y = tab[1].page.randomTurn(rng);
            if (x == y) {  // no conflict to race (a single legal turn, say): played, not counted
                tab[0].client->send(json{{"type", "move"}, {"seq", before}, {"lines", x}});
                for (Player* p : {&tab[0], &tab[1], &other}) catchUpTo(*p, before + x.size(), 0);
                if (::testing::Test::HasFatalFailure()) return;
                continue;
            }
            ++races;
            tab[0].client->send(json{{"type", "move"}, {"seq", before}, {"lines", x}});
            tab[1].client->send(json{{"type", "move"}, {"seq", before}, {"lines", y}});
            json heard = other.client->waitFor("moved");
            ASSERT_FALSE(heard.is_null()) << "race " << races << ": neither move was heard";
            ASSERT_EQ(other.page.apply(heard["lines"].get<std::vector<std::string>>()), "");
            const auto applied = actionsOnly(heard);
            ASSERT_TRUE(applied == x || applied == y) << "race " << races << ": a mix of two moves was stored";
            for (Player* p : {&tab[0], &tab[1]}) catchUpTo(*p, other.page.actions(), 0);
            if (::testing::Test::HasFatalFailure()) return;
            // The loser's refusal: the tab whose lines were not stored.
            const int loser = applied == y ? 0 : 1;
            std::string code;
            if (!sawError(*tab[loser].client, mark[loser], &code)) {
                json error = tab[loser].client->waitFor("error");
                ASSERT_FALSE(error.is_null()) << "race " << races << ": the losing tab was not told";
                code = error["code"];
            }
            // "over" when the stored move was the last of the game.
            EXPECT_TRUE(code == "stale" || code == "not_your_turn" || code == "over") << code;
            EXPECT_FALSE(sawError(*tab[1 - loser].client, mark[1 - loser])) << "race " << races;
        }
    }
}

}  // namespace
}  // namespace carc::server::test
