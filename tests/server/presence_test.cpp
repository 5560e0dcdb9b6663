// Presence counted over processes (server/src/presence.hpp): this process's connections plus the
// other processes' rows, and when a seat became connected or away.
#include <gtest/gtest.h>

#include "presence.hpp"

namespace carc::server {
namespace {

Room twoSeats() {
    Room room;
    for (int i = 0; i < 2; ++i) {
        SeatState seat;
        seat.seat = i;
        seat.kind = "human";
        room.seats.push_back(seat);
    }
    return room;
}

TEST(Presence, ASeatHeldOnlyElsewhereIsConnectedSinceItsFirstConnectionThere) {
    Room room = twoSeats();
    // Another process has held seat 1 for 5 s (wall clock 10'000 there, 15'000 now) and two spectators.
    EXPECT_TRUE(adoptRemotePresence(room, {{1, 1, 10'000}, {-1, 2, 12'000}}, 100'000, 15'000));
    EXPECT_EQ(room.seats[1].connections, 1);
    EXPECT_EQ(room.seats[1].connectedSince, 95'000);
    EXPECT_EQ(room.seats[1].awaySince, 0);
    EXPECT_EQ(room.spectators(), 2);
    EXPECT_EQ(room.seats[0].connections, 0);
    // The same again changes nothing the room message says.
    EXPECT_FALSE(adoptRemotePresence(room, {{1, 1, 10'000}, {-1, 2, 12'000}}, 100'500, 15'500));
}

TEST(Presence, LeavingHereKeepsASeatConnectedWhileAnotherProcessHoldsIt) {
    Room room = twoSeats();
    arrive(room, 7, 0, 1'000);
    adoptRemotePresence(room, {{0, 1, 500}}, 2'000, 2'000);
    EXPECT_EQ(room.seats[0].connections, 2);
    EXPECT_FALSE(depart(room, 7, 3'000)) << "the seat is still held elsewhere";
    EXPECT_EQ(room.seats[0].connections, 1);
    EXPECT_EQ(room.seats[0].awaySince, 0);
    // The other process's connection goes (or its process dies): the seat is away from then.
    EXPECT_TRUE(adoptRemotePresence(room, {}, 4'000, 4'000));
    EXPECT_EQ(room.seats[0].connections, 0);
    EXPECT_EQ(room.seats[0].awaySince, 4'000);
}

TEST(Presence, TheLastConnectionAnywhereMakesTheSeatAway) {
    Room room = twoSeats();
    arrive(room, 1, 1, 1'000);
    arrive(room, 2, -1, 1'000);
    EXPECT_EQ(localConnections(room, 1), 1);
    EXPECT_EQ(localConnections(room, -1), 1);
    EXPECT_TRUE(depart(room, 1, 2'000));
    EXPECT_EQ(room.seats[1].awaySince, 2'000);
    EXPECT_FALSE(depart(room, 2, 2'000)) << "a spectator holds no seat";
    EXPECT_EQ(room.spectators(), 0);
}

}  // namespace
}  // namespace carc::server
