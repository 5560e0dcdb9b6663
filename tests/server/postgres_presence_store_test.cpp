// The PostgreSQL store's presence rows, heartbeats, bot-turn claims and lobby query (schema step 6),
// with two Store objects on one database as two processes would have.
#include <gtest/gtest.h>

#include <thread>

#include "postgres_store.hpp"
#include "secret_hash.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

struct TwoProcesses : ::testing::Test {
    TestDatabase database{"postgres"};
    std::unique_ptr<Store> a = database.open(), b = database.open();
};

TEST_F(TwoProcesses, PostgresPresenceCountsOnlyTheOtherLiveProcesses) {
    a->createRoom(twoSeatRoom("r1", 1'000, true));
    a->heartbeat("A");
    b->heartbeat("B");
    a->setPresence("A", "r1", 0, 2, 500);
    a->setPresence("A", "r1", -1, 1, 600);
    b->setPresence("B", "r1", 1, 1, 700);
    auto seenByB = b->presence("r1", "B", 60'000);
    ASSERT_EQ(seenByB.size(), 2u);
    int seat0 = 0, spectators = 0;
    for (const auto& row : seenByB) {
        EXPECT_NE(row.seat, 1) << "B's own row";
        if (row.seat == 0) {
            seat0 = row.connections;
            EXPECT_EQ(row.since, 500);
        }
        if (row.seat == -1) spectators = row.connections;
    }
    EXPECT_EQ(seat0, 2);
    EXPECT_EQ(spectators, 1);
    a->setPresence("A", "r1", 0, 0, 0);  // A's last connection to seat 0 went
    EXPECT_EQ(b->presence("r1", "B", 60'000).size(), 1u);
    // A falls silent: once its beat is older than the cut-off, its rows are ignored, then reaped.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    b->heartbeat("B");
    EXPECT_TRUE(b->presence("r1", "B", 20).empty()) << "a silent process's rows still count";
    b->reapProcesses(20);
    EXPECT_TRUE(b->presence("r1", "B", 60'000).empty()) << "the reaped process's rows are still there";
    EXPECT_FALSE(a->heartbeat("A")) << "a reaped process is told to write its rows again";
    EXPECT_TRUE(a->heartbeat("A"));
}

TEST_F(TwoProcesses, PostgresABotTurnIsHeldByOneProcessUntilItsClaimExpires) {
    a->createRoom(twoSeatRoom("r1", 1'000, true));
    EXPECT_TRUE(a->claimBotTurn("r1", 0, "A", 60'000));
    EXPECT_FALSE(b->claimBotTurn("r1", 0, "B", 60'000)) << "two processes hold one turn";
    EXPECT_TRUE(a->claimBotTurn("r1", 0, "A", 60'000)) << "the claimer renews its own claim";
    EXPECT_TRUE(b->orphanedBotTurns().empty());
    // The next turn is anyone's; a process behind cannot take an earlier one back.
    EXPECT_TRUE(b->claimBotTurn("r1", 1, "B", 50));
    EXPECT_FALSE(a->claimBotTurn("r1", 0, "A", 60'000));
    // B's claim expires with turn 1 unplayed (the room holds one action): orphaned, and A takes it.
    a->appendActions("r1", 0, {"place 0 0 0"}, 1'000);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(a->orphanedBotTurns(), std::vector<std::string>{"r1"});
    EXPECT_TRUE(a->claimBotTurn("r1", 1, "A", 60'000));
    EXPECT_TRUE(a->orphanedBotTurns().empty());
    // A clean stop hands its claims on at once.
    a->heartbeat("A");
    a->forgetProcess("A");
    EXPECT_EQ(b->orphanedBotTurns(), std::vector<std::string>{"r1"});
}

TEST_F(TwoProcesses, PostgresTheLobbyListsListedUnfinishedRoomsNewestFirst) {
    a->createRoom(twoSeatRoom("old", 1'000, true));
    a->createRoom(twoSeatRoom("new", 2'000, true));
    StoredRoom hidden = twoSeatRoom("hidden", 3'000, true);
    hidden.listed = false;
    a->createRoom(hidden);
    a->createRoom(twoSeatRoom("done", 4'000, true));
    a->markFinished("done");
    const auto listed = b->listedRooms(100);
    ASSERT_EQ(listed.size(), 2u);
    EXPECT_EQ(listed[0].id, "new");
    EXPECT_EQ(listed[1].id, "old");
    ASSERT_EQ(listed[0].seats.size(), 2u);
    EXPECT_EQ(listed[0].seats[0].name, "Ann");
    EXPECT_EQ(listed[0].seats[1].kind, "open");
    EXPECT_EQ(b->listedRooms(1).size(), 1u);
}

}  // namespace
}  // namespace carc::server::test
