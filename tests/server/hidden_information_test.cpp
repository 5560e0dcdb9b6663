// Whole online games through one real server: every byte each connection receives is checked against
// what its seat may know (tests/server/secrecy_check.hpp), on SQLite and on PostgreSQL.
#include <gtest/gtest.h>

#include "live_server.hpp"
#include "secrecy_check.hpp"

namespace carc::server::test {
namespace {

// A game's variant and the store ("sqlite" or "postgres") the server keeps it in.
class HiddenInformation : public ::testing::TestWithParam<std::tuple<SecrecyVariant, std::string>> {};

TEST_P(HiddenInformation, NoConnectionEverReceivesWhatItsSeatMayNotKnowYet) {
    LiveServer server({}, std::get<1>(GetParam()));
    playCheckingEveryByte(std::get<0>(GetParam()), SecrecyPorts{{server.port()}, server.port(), server.port()});
}

INSTANTIATE_TEST_SUITE_P(
    Modes, HiddenInformation,
    ::testing::Combine(
        ::testing::Values(SecrecyVariant{"goldrush", 3, {}, {"", "random"}},
                          SecrecyVariant{"discovery", 3, {"discovery.double-tile=on", "discovery.equal-turns=on"}, {}},
                          SecrecyVariant{"base", 2, {}, {}}),
        bothStores()),
    [](const auto& param) { return std::get<0>(param.param).mode + "_" + std::get<1>(param.param); });

}  // namespace
}  // namespace carc::server::test
