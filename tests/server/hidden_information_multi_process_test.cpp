// The secrecy check (tests/server/secrecy_check.hpp) with the connections spread over three carc-server
// processes on one PostgreSQL database (issue 46): each seat, seat 0's second tab and the spectator
// hear the game through their own process (each process writes its own connections' views from the
// bus's {room, seq}), and every byte each one receives is checked.
#include <gtest/gtest.h>

#include "secrecy_check.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

class PostgresHiddenInformationAcrossProcesses : public ::testing::TestWithParam<SecrecyVariant> {};

TEST_P(PostgresHiddenInformationAcrossProcesses, NoConnectionEverReceivesWhatItsSeatMayNotKnowYet) {
    TestDatabase database("postgres");
    ServerProcess a(database.location()), b(database.location()), c(database.location());
    // Seat s on process s % 3; the second tab of seat 0 on b, the spectator on c.
    playCheckingEveryByte(GetParam(), SecrecyPorts{{a.port(), b.port(), c.port()}, b.port(), c.port()});
}

INSTANTIATE_TEST_SUITE_P(
    Modes, PostgresHiddenInformationAcrossProcesses,
    ::testing::Values(SecrecyVariant{"goldrush", 3, {}, {"", "random"}},
                      SecrecyVariant{"discovery", 3, {"discovery.double-tile=on", "discovery.equal-turns=on"}, {}},
                      SecrecyVariant{"base", 2, {}, {}}),
    [](const auto& param) { return param.param.mode; });

}  // namespace
}  // namespace carc::server::test
