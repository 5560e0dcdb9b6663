// The Tunnel (RULES.md §2, seed 004). The worked example: a road of six visible tiles through a tunnel
// (gate tile, road, portal tile, exit tile, straight road, crossroads) scores 6 points.
//
// Layout used below: S r3 at -1,0 (road leaves a city gate eastwards), the start tile D at 0,0,
// T1 at 1,0 (its west road ends at a portal), T3 at 1,1 (its east road ends at a portal), a straight
// U at 2,1 and the crossroads X at 3,1 that ends the far side.
#include <gtest/gtest.h>

#include "../../core/modes/base/base_game.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

constexpr const char* kHeader = R"(
    carcassonne 1
    mode base+tunnel
    players 2
    seed 1
)";

int tunnelPairsPerPlayer(const Game& game) {
    auto* base = dynamic_cast<const base::BaseGame*>(&game);
    return base && base->tunnel() ? base->tunnel()->pairsPerPlayer() : 0;
}

std::string record(const std::string& body) {
    return std::string(kHeader) + body;
}

TEST(Tunnel, SeedExampleRoadThroughATunnelScoresItsSixVisibleTiles) {
    auto game = play(record(R"(
        deck S T1 T3 U X
        place S -1,0 r3
        follower 1
        place T1 1,0 r0
        pass
        place T3 1,1 r0
        tunnel 1,0 1
        pass
        place U 2,1 r1
        pass
        place X 3,1 r0
        tunnel 1,1 0 0.1
        pass
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "road", When::DuringPlay), 6);
    EXPECT_EQ(game->supply(0), 7);
}

TEST(Tunnel, TheSecondTokenAloneCanCompleteTheRoadAndItScoresThatTurn) {
    auto game = play(record(R"(
        deck S T1 T3 U X E B
        place S -1,0 r3
        follower 1
        place T1 1,0 r0
        pass
        place T3 1,1 r0
        tunnel 1,0 1
        pass
        place U 2,1 r1
        pass
        place X 3,1 r0
        pass
        place E 0,-1 r2
        pass
        place B 0,1 r0
        tunnel 1,1 0 0.1
        pass
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "road", When::DuringPlay), 6);
    // Before the token, the road was open at the portal: nothing was scored for it until then.
    int scoredBeforeLastTurn = 0;
    for (const auto& e : game->events()) {
        if (e.type == EventType::TilePlaced && game->tileSet().designs[e.design].name == "B") break;
        if (e.type == EventType::Scored && game->scoreCategories()[e.category] == "road") ++scoredBeforeLastTurn;
    }
    EXPECT_EQ(scoredBeforeLastTurn, 0);
}

TEST(Tunnel, ARoadEndingAtAnUnclaimedOrHalfClaimedPortalIsNeverComplete) {
    auto game = play(record(R"(
        deck S T1 T3
        place S -1,0 r3
        follower 1
        place T1 1,0 r0
        pass
        place T3 1,1 r0
        tunnel 1,0 1
        pass
    )"));
    ASSERT_TRUE(game);
    // Final scoring treats it as incomplete: 3 tiles (S, D, T1), 1 point each.
    EXPECT_EQ(pointsFor(*game, 0, "road", When::DuringPlay), 0);
    EXPECT_EQ(pointsFor(*game, 0, "road", When::Final), 3);
}

TEST(Tunnel, ATunnelJoiningTwoOccupiedRoadsMakesThemShared) {
    auto game = play(record(R"(
        deck S T1 T3 U X
        place S -1,0 r3
        follower 1
        place T1 1,0 r0
        pass
        place T3 1,1 r0
        tunnel 1,0 1
        pass
        place U 2,1 r1
        follower 0
        pass
        place X 3,1 r0
        tunnel 1,1 0 0.1
        pass
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "road", When::DuringPlay), 6);
    EXPECT_EQ(pointsFor(*game, 1, "road", When::DuringPlay), 6);
}

TEST(Tunnel, BothPortalsOfOneTunnelOnOneTileCountThatTileOnce) {
    // T2's west and east roads end at portals on the same tile; linking them makes one road through
    // T2 twice. Road: S(-1,0) ... no: use T1 whose two portals are on the same tile.
    //   W end: start road from D (0,0) into T1's west portal; E end: T1's east road to A r1 at 2,0.
    //   West of D: A r3 at -1,0 ends the road. Tiles: A, D, T1, A = 4, T1 counted once.
    auto game = play(record(R"(
        deck T1 A A
        place T1 1,0 r0
        tunnel 1,0 1
        follower 2
        place A 2,0 r1
        pass
        place A -1,0 r3
        tunnel 1,0 2 0.1
        pass
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "road", When::DuringPlay), 4);
}

TEST(Tunnel, OneTokenPerTurnAndAClaimedPortalCannotBeClaimedAgain) {
    Replay twice = replay(record(R"(
        deck T2 U
        place T2 1,0 r0
        tunnel 1,0 1
        tunnel 1,0 2 0.1
    )"));
    EXPECT_EQ(twice.error, "line 10: a tunnel token has already been placed this turn");
    Replay claimed = replay(record(R"(
        deck T2 U
        place T2 1,0 r0
        tunnel 1,0 1
        pass
        place U 2,0 r1
        tunnel 1,0 1
    )"));
    EXPECT_EQ(claimed.error, "line 12: that portal already holds a tunnel token");
}

TEST(Tunnel, TokenPairsPerPlayerFollowThePlayerCountAndTheSpielboxOption) {
    // The counts themselves: through the public tunnel accessor of the base mode.
    for (auto [players, option, expected] : std::vector<std::tuple<int, std::string, int>>{
             {2, "", 3}, {3, "", 2}, {4, "", 1}, {5, "", 1}, {6, "", 1}, {2, "option tunnel.tokens=spielbox\n", 2}}) {
        std::string text =
            "carcassonne 1\nmode base+tunnel\nplayers " + std::to_string(players) + "\nseed 1\n" + option;
        Replay r = replay(text);
        ASSERT_EQ(r.error, "");
        EXPECT_EQ(tunnelPairsPerPlayer(*r.game), expected) << players << " players " << option;
    }
}

TEST(Tunnel, BaseWithoutTheTunnelHasNoTunnelTilesAndAtMostFivePlayers) {
    Replay six = replay("carcassonne 1\nmode base\nplayers 6\nseed 1\n");
    EXPECT_EQ(six.error, "line 3: base is for 2-5 players, not 6");
    Replay tunnelSix = replay("carcassonne 1\nmode base+tunnel\nplayers 6\nseed 1\n");
    EXPECT_EQ(tunnelSix.error, "");
    Replay tile = replay("carcassonne 1\nmode base\nplayers 2\nseed 1\ndeck T1\n");
    EXPECT_EQ(tile.error, "line 5: deck names unknown tile 'T1'");
}

}  // namespace
}  // namespace carc::test
