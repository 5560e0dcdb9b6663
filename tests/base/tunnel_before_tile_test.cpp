// The Tunnel: a token at any point of the turn, the tile's placement included (RULES.md §2; seed 004,
// note 3: "oricând în timpul turei", at any time during the turn). Once per turn, independent of the
// follower; a road it completes scores in that turn's normal scoring step. The anti-blocking variants
// (a)-(d) hold when the token comes first.
//
// Layout as in tunnel_test.cpp: S r3 at -1,0 (a road leaves its city gate eastwards), the start tile D
// at 0,0, T1 at 1,0 (its west road ends at a portal), T3 at 1,1 (its east road ends at a portal), a
// straight U at 2,1 and the crossroads X at 3,1.
#include <gtest/gtest.h>

#include <algorithm>

#include "scenario.hpp"

namespace carc::test {
namespace {

std::string record(const std::string& options, const std::string& body) {
    return "carcassonne 2\nmode base+tunnel\nplayers 2\nseed 1\n" + options + body;
}

bool offers(const Game& game, const Action& action) {
    const auto legal = game.legalActions();
    return std::find(legal.begin(), legal.end(), action) != legal.end();
}

Action token(Pos pos, int segment) {
    return Action::at(ActionType::Tunnel, pos, segment);
}

Action secondToken(Pos pos, int segment, int owner, int pair) {
    Action a = token(pos, segment);
    a.design = static_cast<std::int16_t>(owner);
    a.rotation = static_cast<std::int8_t>(pair);
    return a;
}

// Index of the first (or last) event of a type in the game's log, -1 if none.
int indexOf(const Game& game, EventType type, bool last = false) {
    const auto& events = game.events();
    int found = -1;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].type == type && (found < 0 || last)) found = static_cast<int>(i);
    return found;
}

// Red (player 0) has a thief on the road from S into T1's west portal and its first token there; the
// far side, from T3's east portal through U to the crossroads X, is closed. Blue has just played E.
constexpr const char* kRedsRoadWaitsForItsSecondToken = R"(
    deck S T1 T3 U X E B U
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
)";

TEST(TunnelBeforeTheTile, RedLinksItsTunnelBeforePlacingTheTileAndTheRoadScoresAtTheEndOfTheTurn) {
    auto game = play(record("", kRedsRoadWaitsForItsSecondToken));
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 0);
    ASSERT_EQ(game->phase(), Phase::PlaceTile);
    const Action link = secondToken({1, 1}, 0, 0, 1);
    EXPECT_TRUE(offers(*game, link));
    ASSERT_EQ(game->apply(link), "");
    // The road is complete now, but it scores in the turn's scoring step, after the tile.
    EXPECT_EQ(game->phase(), Phase::PlaceTile);
    EXPECT_EQ(indexOf(*game, EventType::Scored), -1);
    EXPECT_EQ(game->supply(0), 6);
    for (const auto& action : game->legalActions()) EXPECT_EQ(action.type, ActionType::Place);
    // The tile, then a monk on it: the token does not take the follower's place.
    ASSERT_EQ(game->apply(Action::place(game->tileSet().findDesign("B"), {0, 1}, 0)), "");
    ASSERT_EQ(game->apply(Action::follower(0)), "");
    EXPECT_EQ(game->activePlayer(), 1);  // nothing optional left: the turn ended by itself
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 road 6"}));
    EXPECT_LT(indexOf(*game, EventType::TilePlaced, true), indexOf(*game, EventType::Scored));
    EXPECT_EQ(game->supply(0), 6);  // the thief came home, the monk went out
}

TEST(TunnelBeforeTheTile, TheSameTurnWrittenAsARecord) {
    auto game = play(record("", std::string(kRedsRoadWaitsForItsSecondToken) + R"(
        tunnel 1,1 0 0.1
        place B 0,1 r0
        pass
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "road", When::DuringPlay), 6);
    EXPECT_EQ(game->supply(0), 7);
}

TEST(TunnelBeforeTheTile, TheRecordFormatsExampleOfPairNumbersReplays) {
    // docs/record-format.md: pairs are numbered from 1 per player; `0.1` is seat 0's first pair.
    auto game = play(record("", R"(
        deck T1 U E B
        place T1 1,0 r0
        tunnel 1,0 1
        pass
        place U 2,0 r1
        pass
        tunnel 1,0 2 0.1
        place E 0,-1 r2
        pass
    )"));
    ASSERT_TRUE(game);
    EXPECT_NE(game->stateText().find("tunnel 0.1 "), std::string::npos) << game->stateText();
    // There is no pair 0 (nor 4 with three pairs each).
    Replay zero = replay(record("", R"(
        deck T1 U E
        place T1 1,0 r0
        tunnel 1,0 1
        pass
        place U 2,0 r1
        pass
        tunnel 1,0 2 0.0
    )"));
    EXPECT_EQ(zero.error, "line 12: bad tunnel pair '0.0' (expected PLAYER.PAIR)");
}

TEST(TunnelBeforeTheTile, OneTokenPerTurnWhetherItComesBeforeOrAfterTheTile) {
    Replay twiceBefore = replay(record("", R"(
        deck T2 U B
        place T2 1,0 r0
        pass
        tunnel 1,0 1
        tunnel 1,0 2
    )"));
    EXPECT_EQ(twiceBefore.error, "line 10: a tunnel token has already been placed this turn");
    Replay beforeAndAfter = replay(record("", R"(
        deck T2 U B
        place T2 1,0 r0
        pass
        tunnel 1,0 1
        place U 2,0 r1
        tunnel 1,0 2 1.1
    )"));
    EXPECT_EQ(beforeAndAfter.error, "line 11: a tunnel token has already been placed this turn");
    // After the tile only the follower is left to decide.
    ASSERT_TRUE(beforeAndAfter.game);
    for (const auto& action : beforeAndAfter.game->legalActions()) EXPECT_NE(action.type, ActionType::Tunnel);
}

TEST(TunnelBeforeTheTile, AClaimedPortalOrAPortalThatIsNoneIsRefusedBeforeTheTileToo) {
    Replay claimed = replay(record("", R"(
        deck T2 U B
        place T2 1,0 r0
        tunnel 1,0 1
        pass
        tunnel 1,0 1
    )"));
    EXPECT_EQ(claimed.error, "line 10: that portal already holds a tunnel token");
    Replay notAPortal = replay(record("", "deck T2 U\nplace T2 1,0 r0\npass\ntunnel 1,0 0\n"));
    EXPECT_EQ(notAPortal.error, "line 8: segment 0 at 1,0 is not a tunnel portal");
    Replay withoutTheTunnel = replay("carcassonne 2\nmode base\nplayers 2\nseed 1\ndeck E\ntunnel 0,0 1\n");
    EXPECT_EQ(withoutTheTunnel.error, "line 6: a tile must be placed first");
}

// ---- The anti-blocking variants, with the token first.

// Player 0's thief is on the road from S through the start tile into T1's west portal (segment 1);
// T1's east portal (segment 2) is on nobody's road. Player 1 has passed; player 0 is to place B.
const char* kBothPortalsFree = "deck S T1 B U\nplace S -1,0 r3\nfollower 1\nplace T1 1,0 r0\npass\n";

TEST(TunnelBeforeTheTile, OwnRoadOnlyCountsTheFollowersAlreadyOnTheBoard) {
    auto game = play(record("option tunnel.own-road=on\n", kBothPortalsFree));
    ASSERT_TRUE(game);
    ASSERT_EQ(game->phase(), Phase::PlaceTile);
    EXPECT_TRUE(offers(*game, token({1, 0}, 1)));   // player 0's road
    EXPECT_FALSE(offers(*game, token({1, 0}, 2)));  // nobody's
}

TEST(TunnelBeforeTheTile, SameTurnPlacesTheSecondTokenStraightAfterTheFirstBeforeTheTile) {
    auto game = play(record("option tunnel.same-turn=on\n", kBothPortalsFree));
    ASSERT_TRUE(game);
    ASSERT_EQ(game->apply(token({1, 0}, 2)), "");
    EXPECT_EQ(game->legalActions(), (std::vector<Action>{secondToken({1, 0}, 1, 0, 1)}));
    EXPECT_EQ(game->whyIllegal(Action::place(game->tileSet().findDesign("B"), {0, 1}, 0)),
              "the second tunnel token of the pair must be placed before the tile");
    ASSERT_EQ(game->apply(secondToken({1, 0}, 1, 0, 1)), "");
    for (const auto& action : game->legalActions()) EXPECT_EQ(action.type, ActionType::Place);
}

TEST(TunnelBeforeTheTile, StealMayMatchALoneTokenBeforeTheTile) {
    // Player 0 claims T1's west portal and lets a whole round pass; player 1's thief is on its road.
    auto game = play(record("option tunnel.steal=on\n",
                            "deck T1 U E B\n"
                            "place T1 1,0 r0\ntunnel 1,0 1\npass\n"
                            "place U -1,0 r1\nfollower 0\npass\n"
                            "place E 0,-1 r2\npass\n"));
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 1);
    ASSERT_EQ(game->phase(), Phase::PlaceTile);
    ASSERT_TRUE(offers(*game, secondToken({1, 0}, 2, 0, 1)));
    ASSERT_EQ(game->apply(secondToken({1, 0}, 2, 0, 1)), "");
}

// Why (d) keeps the first token after the tile: player 1's thief stands on U at 2,1, whose road runs
// north to the empty cell 2,0; T1's east portal road runs east to the same cell. Player 0 draws the
// curve V. Token first on T1's east portal (nobody's road yet), then V at 2,0 joining both roads,
// would leave player 1's thief on a road ending at a lone token: exactly what (d) forbids.
const char* kVJoinsTwoRoads =
    "deck T1 B E U V\n"
    "place T1 1,0 r0\npass\n"
    "place B 1,1 r0\npass\n"
    "place E 0,-1 r2\npass\n"
    "place U 2,1 r0\nfollower 0\npass\n";

TEST(TunnelBeforeTheTile, NoBlockingStartsNoPairBeforeTheTileSinceTheTileCanJoinAnOpponentsRoad) {
    auto free = play(record("", kVJoinsTwoRoads));
    ASSERT_TRUE(free);
    ASSERT_EQ(free->activePlayer(), 0);
    EXPECT_TRUE(offers(*free, token({1, 0}, 2)));  // without (d): any free portal, at any time

    auto guarded = play(record("option tunnel.no-blocking=on\n", kVJoinsTwoRoads));
    ASSERT_TRUE(guarded);
    for (const auto& action : guarded->legalActions()) EXPECT_NE(action.type, ActionType::Tunnel);
    EXPECT_EQ(guarded->whyIllegal(token({1, 0}, 2)),
              "with the no-blocking variant a pair may only be started after the tile is placed");
    // After the tile, (d) judges the road as it now is: player 1's thief is on it.
    ASSERT_EQ(guarded->apply(Action::place(guarded->tileSet().findDesign("V"), {2, 0}, 0)), "");
    EXPECT_FALSE(offers(*guarded, token({1, 0}, 2)));
    EXPECT_TRUE(offers(*guarded, token({1, 0}, 1)));  // the start tile's road: nobody on it
}

TEST(TunnelBeforeTheTile, NoBlockingStillLetsTheSecondTokenComeFirst) {
    // Completing a pair cuts nobody off: (d) leaves it free at any time of the turn.
    auto game = play(record("option tunnel.no-blocking=on\n", std::string(kRedsRoadWaitsForItsSecondToken)));
    ASSERT_TRUE(game);
    EXPECT_TRUE(offers(*game, secondToken({1, 1}, 0, 0, 1)));
}

}  // namespace
}  // namespace carc::test
