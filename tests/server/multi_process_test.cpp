// Several carc-server processes (the real binary) on one PostgreSQL database (issue 46): the players
// of one room sit on different processes, each move goes through its player's own process, and every
// player hears every move through the bus (LISTEN/NOTIFY); one process SIGKILLed mid-game leaves its
// player to resume through another, a bot seat plays on, and the record replays to the same scores.
#include <gtest/gtest.h>

#include <algorithm>

#include "harness.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

struct Player {
    std::unique_ptr<WsClient> client;
    std::string secret;
    PageView page;
};

// Reads `moved` messages until the page holds `target` actions.
void catchUpTo(Player& p, std::size_t target, int index) {
    while (p.page.actions() < target) {
        json moved = p.client->waitFor("moved", std::chrono::seconds(20));
        ASSERT_FALSE(moved.is_null()) << "player " << index << " heard no move at " << p.page.actions();
        ASSERT_EQ(p.page.apply(moved["lines"].get<std::vector<std::string>>()), "");
    }
}

void resume(Player& p, unsigned short port, const std::string& room, int seat) {
    p.client = std::make_unique<WsClient>(port);
    p.client->send(json{{"type", "resume"}, {"room", room}, {"seat", seat}, {"secret", p.secret}});
    json game = p.client->waitFor("game");
    ASSERT_FALSE(game.is_null()) << "seat " << seat << " got no game through another process";
    p.page = PageView{};
    ASSERT_EQ(p.page.load(game["record"]), "");
}

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

}  // namespace
}  // namespace carc::server::test
