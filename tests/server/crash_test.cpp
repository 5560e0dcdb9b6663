// Crash safety: the carc-server process is killed with SIGKILL at random points (right after a move
// was sent, or after it was acknowledged), restarted on the same database (SQLite or PostgreSQL), and the players
// resume: every acknowledged move is still there, a move in flight is either all there or not at all, and the game goes
// on to its end.
#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "harness.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

struct Seat {
    std::unique_ptr<WsClient> client;
    std::string secret;
    PageView page;
};

std::vector<std::string> actionLines(const std::string& record) {
    Replay r = replayText(record, carc::test::catalog());
    EXPECT_EQ(r.error, "");
    std::vector<std::string> lines;
    for (const auto& a : r.record.actions) lines.push_back(actionText(a, r.game->tileSet()));
    return lines;
}

void resume(Seat& seat, unsigned short port, const std::string& room, int index) {
    seat.client = std::make_unique<WsClient>(port);
    seat.client->send(json{{"type", "resume"}, {"room", room}, {"seat", index}, {"secret", seat.secret}});
    json game = seat.client->waitFor("game");
    ASSERT_FALSE(game.is_null()) << "seat " << index << " got no game after the restart";
    seat.page = PageView{};
    ASSERT_EQ(seat.page.load(game["record"]), "");
}

void playThroughKills(const std::string& store, const std::string& mode, std::uint64_t seed, int kills) {
    TestDatabase database(store);
    const std::string db = database.location();
    auto server = std::make_unique<ServerProcess>(db);
    Seat seats[2];
    seats[0].client = std::make_unique<WsClient>(server->port());
    seats[0].client->send(json{{"type", "create"}, {"setup", {{"mode", mode}, {"players", 2}}}, {"name", "Ann"}});
    json joined = seats[0].client->waitFor("joined");
    ASSERT_FALSE(joined.is_null());
    const std::string room = joined["room"];
    seats[0].secret = joined["secret"];
    seats[1].client = std::make_unique<WsClient>(server->port());
    seats[1].client->send(json{{"type", "join"}, {"room", room}, {"name", "Bob"}});
    json joined1 = seats[1].client->waitFor("joined");
    ASSERT_FALSE(joined1.is_null());
    seats[1].secret = joined1["secret"];
    seats[0].client->send(json{{"type", "start"}});
    for (auto& s : seats) {
        json game = s.client->waitFor("game");
        ASSERT_FALSE(game.is_null());
        ASSERT_EQ(s.page.load(game["record"]), "");
    }

    Rng rng(seed);
    // The kills fall on turns drawn in advance from the first kKillableTurns: every game of these modes
    // has more turns than that, whatever deal the server makes, so all of them happen (deciding turn by
    // turn left the count to the room's random deal, and a short run of luck ended games early).
    constexpr int kKillableTurns = 48;
    Rng killRng(deriveSeed(seed, 1));
    std::vector<int> turns(kKillableTurns);
    std::iota(turns.begin(), turns.end(), 0);
    killRng.shuffle(turns);
    const std::set<int> killTurns(turns.begin(), turns.begin() + kills);
    std::vector<std::string> acknowledged;  // every action line a `moved` confirmed
    int killed = 0;
    for (int turn = 0; !seats[0].page.game().over(); ++turn) {
        const int active = seats[0].page.game().activePlayer();
        Seat& mover = seats[active];
        const auto lines = mover.page.randomTurn(rng);
        mover.client->send(json{{"type", "move"}, {"seq", mover.page.actions()}, {"lines", lines}});
        const bool killNow = killTurns.contains(turn);
        const bool beforeAck = killRng.below(2) == 0;
        if (killNow && beforeAck) {
            server->kill(SIGKILL);
        } else {
            for (auto& s : seats) {
                json moved = s.client->waitFor("moved");
                ASSERT_FALSE(moved.is_null());
                ASSERT_EQ(s.page.apply(moved["lines"].get<std::vector<std::string>>()), "");
            }
            acknowledged.insert(acknowledged.end(), lines.begin(), lines.end());
            if (killNow) server->kill(SIGKILL);
        }
        if (!killNow) continue;
        ++killed;
        server = std::make_unique<ServerProcess>(db);
        for (int i = 0; i < 2; ++i) {
            resume(seats[i], server->port(), room, i);
            if (::testing::Test::HasFatalFailure()) return;
        }
        // The stored game: every acknowledged action, then the one in flight whole or not at all.
        const std::size_t held = seats[0].page.actions();
        ASSERT_GE(held, acknowledged.size()) << "an acknowledged move was lost (kill " << killed << ")";
        if (held > acknowledged.size()) {
            ASSERT_TRUE(beforeAck);
            ASSERT_EQ(held, acknowledged.size() + lines.size()) << "half a move was stored";
            acknowledged.insert(acknowledged.end(), lines.begin(), lines.end());
        }
        ASSERT_EQ(seats[1].page.actions(), held);
    }
    EXPECT_EQ(killed, kills) << "the game ended before every kill";
    json over = seats[0].client->waitFor("over");
    ASSERT_FALSE(over.is_null());
    EXPECT_EQ(actionLines(over["record"]), acknowledged);
}

class CrashSafety : public ::testing::TestWithParam<std::string> {};

TEST_P(CrashSafety, BaseGameSurvivesRepeatedSigkills) {
    playThroughKills(GetParam(), "base", 17, 12);
}

TEST_P(CrashSafety, GoldRushGameSurvivesRepeatedSigkills) {
    playThroughKills(GetParam(), "goldrush", 23, 12);
}

INSTANTIATE_TEST_SUITE_P(Stores, CrashSafety, bothStores(), storeName);

}  // namespace
}  // namespace carc::server::test
