// The Discovery's turn (RULES.md §4): place a tile, then EITHER a follower on it OR take one of your
// followers back from anywhere and score its region, or neither; never both, one removal per turn.
// Followers on one region each score its full value for their owner; an emptied region can be
// claimed again by anyone.
#include <gtest/gtest.h>

#include <algorithm>

#include "carc/english.hpp"
#include "discovery_record.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

// The reason a replay stopped, in English without its "line N: " prefix.
std::string reason(const Replay& result) {
    Problem problem = result.error;
    problem.line = 0;
    return english::describe(problem);
}

// Seed 001: "un jucător nu are niciodată posibilitatea de a plasa, cât și îndepărta un supus în aceeași
// tură"; a second placement or removal names that rule, not the next player's missing tile.
constexpr const char* kOnlyOne =
    "only one follower placement or removal is allowed per turn; the next player must place a tile first";

bool lists(const std::vector<Action>& actions, const Action& wanted) {
    return std::find(actions.begin(), actions.end(), wanted) != actions.end();
}

TEST(DiscoveryTurn, AfterTheTileComeFollowersOnItRemovalsOfYourOwnAndPass) {
    // P0 has an explorer on the start meadow (via 15 at 0,1); P1 a navigator on 57's sea.
    auto game = play(record(R"(
        deck 15 57 20
        place 15 0,1 r0
        follower 0
        place 57 1,0 r0
        follower 0
        place 20 1,1 r2
    )"));
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 0);
    const auto actions = game->legalActions();
    // 20 turned r2: its meadow (segment 0) joins P0's meadow and its sea (1) P1's sea; its mountain
    // (2) is free.
    EXPECT_FALSE(lists(actions, Action::follower(0)));
    EXPECT_FALSE(lists(actions, Action::follower(1)));
    EXPECT_TRUE(lists(actions, Action::follower(2)));
    EXPECT_TRUE(lists(actions, Action::at(ActionType::Remove, {0, 1}, 0)));   // P0's own explorer
    EXPECT_FALSE(lists(actions, Action::at(ActionType::Remove, {1, 0}, 0)));  // P1's navigator
    EXPECT_TRUE(lists(actions, Action::pass()));
    EXPECT_EQ(actions.size(), 3u);
}

TEST(DiscoveryTurn, PlacingAFollowerEndsTheTurnSoNoRemovalMayFollow) {
    Replay result = replay(record(R"(
        deck 15 57 23 15
        place 15 0,1 r0
        follower 0
        place 57 1,0 r0
        pass
        place 23 0,-1 r0
        follower 0
        remove 0,1 0
    )"));
    EXPECT_EQ(reason(result), kOnlyOne);
    EXPECT_EQ(result.record.actions.size(), 6u);  // everything up to the removal was fine
}

TEST(DiscoveryTurn, ASecondFollowerInOneTurnIsRefusedAsASecondPlacement) {
    Replay result = replay(record(R"(
        deck 15 57
        place 15 0,1 r0
        follower 0
        follower 0
    )"));
    EXPECT_EQ(reason(result), kOnlyOne);
    EXPECT_EQ(result.record.actions.size(), 2u);
}

TEST(DiscoveryTurn, AfterAPassTheNextPlayerIsToldToPlaceATileFirst) {
    // No placement or removal ended that turn: the follower line simply comes before the next tile.
    Replay result = replay(record(R"(
        deck 15 57
        place 15 0,1 r0
        pass
        follower 0
    )"));
    EXPECT_EQ(reason(result), "a tile must be placed first");
}

TEST(DiscoveryTurn, OneRemovalPerTurnEvenWithSeveralFollowersOnTheBoard) {
    Replay result = replay(record(R"(
        deck 15 57 15 15
        place 15 0,1 r0
        follower 0
        place 57 1,0 r0
        pass
        place 15 -1,0 r0
        remove 0,1 0
        remove 1,0 0
    )"));
    // P0 has no follower at 1,0 anyway; the point is that the turn is over after one removal.
    EXPECT_EQ(reason(result), kOnlyOne);
    EXPECT_EQ(result.record.actions.size(), 6u);
}

TEST(DiscoveryTurn, OnlyYourOwnFollowersCanBeRemoved) {
    Replay result = replay(record(R"(
        deck 15 57 15
        place 15 0,1 r0
        follower 0
        place 57 1,0 r0
        remove 0,1 0
    )"));
    EXPECT_EQ(reason(result), "no follower of yours stands on segment 0 at 0,1");
}

TEST(DiscoveryTurn, ARegionEmptiedByARemovalCanBeClaimedAgainByAnyone) {
    // P0 takes its explorer back (4 tiles); P1 extends the now empty meadow and claims it.
    auto game = play(record(R"(
        deck 15 15 15 02
        place 15 0,1 r0
        follower 0
        place 15 -1,0 r0
        place 15 0,2 r0
        remove 0,1 0
        place 02 -1,1 r0
        follower 0
    )"));
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 meadow 4", "P1 meadow 5 final"}));
}

TEST(DiscoveryTurn, TheSamePlayerMayClaimTheRegionItJustEmptiedInALaterTurn) {
    auto game = play(record(R"(
        deck 15 15 15 02 02
        place 15 0,1 r0
        follower 0
        place 15 -1,0 r0
        place 15 0,2 r0
        remove 0,1 0
        place 02 -1,1 r0
        pass
        place 02 1,2 r2
        follower 0
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 meadow 4", "P0 meadow 6 final"}));
}

TEST(DiscoveryTurn, ANewFollowerMayNotJoinARegionThatStillHasOne) {
    Replay result = replay(record(R"(
        deck 15 15 15
        place 15 0,1 r0
        follower 0
        place 15 -1,0 r0
        place 15 0,2 r0
        follower 0
    )"));
    EXPECT_EQ(reason(result), "the meadow of segment 0 already has a follower");
}

// P1's navigator on the start sea and P0's on 05's bay; 29 joins the seas (4 port cities).
constexpr const char* kSharedSea = R"(
    place 15 -1,0 r0
    pass
    place 57 1,0 r0
    follower 0
    place 05 0,1 r2
    follower 1
    place 29 1,1 r1
    pass
)";

TEST(DiscoveryTurn, ARemovalFromASharedRegionLeavesTheOtherFollowerToScoreLater) {
    auto game = play(record("deck 15 57 05 29 15 15 57\n" + std::string(kSharedSea) + R"(
        place 15 -1,1 r0
        remove 0,1 1
        place 15 0,2 r0
        pass
        place 57 2,0 r0
    )"));
    ASSERT_TRUE(game);
    // After P0 left, P1's navigator still holds the sea: P0 cannot claim the sea of the new 57 tile,
    // has no follower on the board, so the last turn ends by itself.
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 sea 4", "P1 sea 4 final"}));
}

TEST(DiscoveryTurn, FollowersSharingARegionEachScoreItsFullValueAtTheEnd) {
    auto game = play(record("deck 15 57 05 29\n" + std::string(kSharedSea)));
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P1 sea 4 final", "P0 sea 4 final"}));
    EXPECT_EQ(game->scores(), (std::vector<int>{4, 4}));
}

TEST(DiscoveryTurn, WithNothingToChooseTheTurnEndsByItself) {
    // P1 has no follower on the board and 15 only extends P0's meadow: no choice, no "pass" line.
    auto game = play(record(R"(
        deck 15 15 15
        place 15 0,1 r0
        follower 0
        place 15 -1,0 r0
    )"));
    ASSERT_TRUE(game);
    EXPECT_EQ(game->activePlayer(), 0);
    EXPECT_EQ(game->phase(), Phase::PlaceTile);
}

TEST(DiscoveryTurn, EachPlayerHasFourFollowers) {
    auto game = play(record("deck 15\n"));
    ASSERT_TRUE(game);
    EXPECT_EQ(game->followersPerPlayer(), 4);
    EXPECT_EQ(game->scoreCategories(), (std::vector<std::string>{"meadow", "mountain", "sea"}));
}

}  // namespace
}  // namespace carc::test
