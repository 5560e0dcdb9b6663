// How long an address closed for flooding waits before it may connect again.
#include "flood_penalty.hpp"

#include <gtest/gtest.h>

namespace carc::server::test {
namespace {

TEST(FloodPenalties, EachNewCloseWaitsTwiceAsLongUpToTheMaximum) {
    FloodPenalties penalties({.firstMs = 10'000, .maxMs = 40'000, .forgiveMs = 600'000});
    EXPECT_EQ(penalties.remainingMs("a", 0), 0);
    penalties.punish("a", 0);
    EXPECT_EQ(penalties.remainingMs("a", 0), 10'000);
    EXPECT_EQ(penalties.remainingMs("a", 9'000), 1'000);
    EXPECT_EQ(penalties.remainingMs("a", 10'000), 0);
    EXPECT_EQ(penalties.remainingMs("b", 5'000), 0);  // another address is not touched
    penalties.punish("a", 10'000);
    EXPECT_EQ(penalties.remainingMs("a", 10'000), 20'000);
    penalties.punish("a", 30'000);
    EXPECT_EQ(penalties.remainingMs("a", 30'000), 40'000);
    penalties.punish("a", 70'000);
    EXPECT_EQ(penalties.remainingMs("a", 70'000), 40'000);  // capped
}

TEST(FloodPenalties, AQuietAddressIsForgivenAndForgotten) {
    FloodPenalties penalties({.firstMs = 1'000, .maxMs = 300'000, .forgiveMs = 60'000});
    penalties.punish("a", 0);
    penalties.punish("a", 1'000);
    EXPECT_EQ(penalties.remainingMs("a", 1'000), 2'000);
    // A close a minute after the last one counts as a first again.
    penalties.punish("a", 61'000);
    EXPECT_EQ(penalties.remainingMs("a", 61'000), 1'000);
    // Thousands of addresses come and go: the forgiven ones are forgotten, the map stays bounded.
    for (int i = 0; i < 10'000; ++i) penalties.punish("x" + std::to_string(i), 100'000 + i * 100);
    EXPECT_LT(penalties.size(), 3'000u);
    EXPECT_GT(penalties.remainingMs("x9999", 100'000 + 9'999 * 100), 0);
}

TEST(FloodPenalties, ACooldownOfZeroMakesNobodyWait) {
    FloodPenalties penalties({.firstMs = 0});
    penalties.punish("a", 0);
    EXPECT_EQ(penalties.remainingMs("a", 0), 0);
}

}  // namespace
}  // namespace carc::server::test
