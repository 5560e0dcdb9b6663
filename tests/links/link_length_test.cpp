// Play-by-link (index.html#g=<link>) must fit well within common URL limits: the longest link of
// 100 random games per mode, with the longest names a record allows, stays under 2,000 characters
// (old browsers and many chat programs cut links near 2,048). The figures go to the test's output.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>

#include "carc/record.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

constexpr std::size_t kLinkBudget = 2000;
// "https://example.org/carcassonne/index.html#g=" and "&seats=" with six bot names.
constexpr std::size_t kAddressAllowance = 120;

class LinkLength : public ::testing::TestWithParam<std::string> {};

TEST_P(LinkLength, HundredFullGamesFitInAUrl) {
    const ModeInfo* mode = findMode(GetParam());
    ASSERT_TRUE(mode);
    std::size_t longest = 0, total = 0;
    for (int g = 0; g < 100; ++g) {
        carc::Setup setup;
        setup.mode = mode->id;
        setup.players = mode->minPlayers + g % (mode->maxPlayers - mode->minPlayers + 1);
        setup.seed = 0x5EED0000u + static_cast<std::uint64_t>(g);
        for (int p = 0; p < setup.players; ++p) setup.names.push_back(std::string(23, 'a') + std::to_string(p));
        auto played = playRandomGame(setup, 1000 + static_cast<std::uint64_t>(g));
        ASSERT_TRUE(played.game && played.game->over());
        const std::string link = encodeRecord(played.record, played.game->tileSet());
        // The link is what a full game's record becomes: it decodes to the same record.
        Record decoded;
        Problem error;
        ASSERT_TRUE(decodeRecord(link, catalog(), decoded, error)) << error;
        ASSERT_EQ(decoded.actions.size(), played.record.actions.size());
        longest = std::max(longest, link.size());
        total += link.size();
    }
    std::cout << "[ links    ] " << mode->id << ": longest " << longest << " chars, mean " << total / 100
              << " (100 full games, " << mode->minPlayers << "-" << mode->maxPlayers << " players, 24-char names)\n";
    EXPECT_LT(longest + kAddressAllowance, kLinkBudget) << mode->id;
}

INSTANTIATE_TEST_SUITE_P(EveryMode, LinkLength,
                         ::testing::Values("base", "base+tunnel", "newworld", "discovery", "goldrush"), modeParamName);

}  // namespace
}  // namespace carc::test
