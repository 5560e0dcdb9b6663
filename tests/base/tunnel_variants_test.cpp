// The Tunnel's anti-blocking variants (seed 004, each an option, off by default).
#include <gtest/gtest.h>

#include <algorithm>

#include "scenario.hpp"

namespace carc::test {
namespace {

std::string record(const std::string& option, const std::string& body) {
    return "carcassonne 1\nmode base+tunnel\nplayers 2\nseed 1\n" + option + body;
}

bool offers(const Game& game, const Action& action) {
    const auto legal = game.legalActions();
    return std::find(legal.begin(), legal.end(), action) != legal.end();
}

Action token(Pos pos, int segment) {
    return Action::at(ActionType::Tunnel, pos, segment);
}

// Player 0's thief sits on the road from S (-1,0) through the start tile; player 1 then places T1 at
// 1,0, whose west portal (segment 1) ends that road and whose east portal (segment 2) is free.
const char* kSetup = "deck S T1 B\nplace S -1,0 r3\nfollower 1\nplace T1 1,0 r0\n";

TEST(TunnelVariants, WithoutOptionsAnyUnclaimedPortalMayTakeAToken) {
    auto game = play(record("", kSetup));
    ASSERT_TRUE(game);
    EXPECT_TRUE(offers(*game, token({1, 0}, 1)));
    EXPECT_TRUE(offers(*game, token({1, 0}, 2)));
}

TEST(TunnelVariants, OwnRoadOnlyNeedsOneOfYourFollowersOnThePortalsRoad) {
    auto game = play(record("option tunnel.own-road=on\n", kSetup));
    ASSERT_TRUE(game);
    EXPECT_FALSE(offers(*game, token({1, 0}, 1)));  // player 0's road
    EXPECT_FALSE(offers(*game, token({1, 0}, 2)));  // nobody's road yet
    ASSERT_EQ(game->apply(Action::follower(2)), "");
    EXPECT_TRUE(offers(*game, token({1, 0}, 2)));
    EXPECT_FALSE(offers(*game, token({1, 0}, 1)));
}

TEST(TunnelVariants, NoBlockingForbidsAFirstTokenOnAnOpponentsRoad) {
    auto game = play(record("option tunnel.no-blocking=on\n", kSetup));
    ASSERT_TRUE(game);
    EXPECT_FALSE(offers(*game, token({1, 0}, 1)));
    EXPECT_TRUE(offers(*game, token({1, 0}, 2)));
}

TEST(TunnelVariants, SameTurnForcesTheSecondTokenBeforeTheTurnEnds) {
    Replay r = replay(record("option tunnel.same-turn=on\n", std::string(kSetup) + "tunnel 1,0 2\npass\n"));
    EXPECT_EQ(r.error, "line 11: the second tunnel token of the pair must be placed this turn");
    ASSERT_TRUE(r.game);
    const auto legal = r.game->legalActions();
    ASSERT_EQ(legal.size(), 1u);  // only the other portal, completing the pair
    EXPECT_EQ(legal[0].type, ActionType::Tunnel);
    EXPECT_EQ(legal[0].segment, 1);
    EXPECT_EQ(r.game->apply(legal[0]), "");
}

TEST(TunnelVariants, SameTurnNeedsTwoFreePortalsToStartAPair) {
    // Both players lay a whole pair at once; then a single portal (T2's east) is left free, so no
    // pair can start although both players still hold tokens.
    auto game = play(record("option tunnel.same-turn=on\n",
                            "deck T1 T2 B\n"
                            "place T1 1,0 r0\ntunnel 1,0 1\ntunnel 1,0 2 0.1\npass\n"
                            "place T2 -1,0 r0\ntunnel -1,0 1\ntunnel -1,0 3 1.1\npass\n"
                            "place B 0,1 r0\n"));
    ASSERT_TRUE(game);
    for (const auto& action : game->legalActions()) EXPECT_NE(action.type, ActionType::Tunnel);
}

TEST(TunnelVariants, OwnRoadWithSameTurnNeverStartsAPairItCannotFinish) {
    // Player 1 owns only T1's east road: a first token there would need a second portal on one of
    // player 1's roads, and there is none, so no pair may start (the game must never get stuck).
    auto game = play(record("option tunnel.own-road=on\noption tunnel.same-turn=on\n", kSetup));
    ASSERT_TRUE(game);
    ASSERT_EQ(game->apply(Action::follower(2)), "");
    for (const auto& action : game->legalActions()) EXPECT_NE(action.type, ActionType::Tunnel);
}

TEST(TunnelVariants, EveryCombinationOfVariantsAlwaysLeavesALegalAction) {
    const char* keys[] = {"tunnel.own-road", "tunnel.steal", "tunnel.same-turn", "tunnel.no-blocking"};
    for (int mask = 0; mask < 16; ++mask) {
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            carc::Setup setup;
            setup.mode = "base+tunnel";
            setup.players = 2 + static_cast<int>(seed % 3);
            setup.seed = seed;
            for (int k = 0; k < 4; ++k)
                if (mask & (1 << k)) setup.options.emplace_back(keys[k], "on");
            auto played = playRandomGame(setup, seed);
            ASSERT_TRUE(played.game && played.game->over()) << "variants " << mask << " seed " << seed;
        }
    }
}

// Player 0 claims T1's west portal and never matches it; player 1 has a thief on that road.
const char* kStealSetup =
    "deck T1 U E B\n"
    "place T1 1,0 r0\ntunnel 1,0 1\npass\n"  // turn 0, player 0: first token
    "place U -1,0 r1\nfollower 0\npass\n"    // turn 1, player 1: a thief on the road to the portal
    "place E 0,-1 r2\npass\n"                // turn 2, player 0 lets the chance go
    "place B 0,1 r0\n";                      // turn 3, player 1

TEST(TunnelVariants, StealLetsAPlayerOnTheRoadMatchATokenLeftAloneForARound) {
    auto game = play(record("option tunnel.steal=on\n", kStealSetup));
    ASSERT_TRUE(game);
    Action steal = token({1, 0}, 2);
    steal.design = 0;    // player 0's
    steal.rotation = 1;  // pair 1
    ASSERT_TRUE(offers(*game, steal));
    ASSERT_EQ(game->apply(steal), "");
}

TEST(TunnelVariants, WithoutStealOnlyTheOwnerMatchesTheirToken) {
    Replay r = replay(record("", std::string(kStealSetup) + "tunnel 1,0 2 0.1\n"));
    EXPECT_EQ(r.error, "line 15: only player 0 may place the second token of that pair");
}

}  // namespace
}  // namespace carc::test
