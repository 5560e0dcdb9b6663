// The scoring-order decision (RULES.md §3, "Order"): asked only when the order can change the
// outcome. The look-ahead on its own, then in a game where the order cannot matter.
#include <gtest/gtest.h>

#include "../../core/modes/newworld/settling.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using newworld::Claim;
using newworld::PendingFeature;
using newworld::scoringOrderMatters;
using newworld::Surveyors;

TEST(NewWorldScoringOrder, OneFeatureNeverAsks) {
    EXPECT_FALSE(scoringOrderMatters({{4, {{0, 1, false}}}}, Surveyors(), 3, 2));
}

TEST(NewWorldScoringOrder, SettlersFarWestOfTheSurveyorsCannotFeelTheOrder) {
    // Surveyors in column 0; both settlers in column 3: no bonus and no removal either way.
    EXPECT_FALSE(scoringOrderMatters({{2, {{0, 3, false}}}, {4, {{1, 3, false}}}}, Surveyors(), 3, 2));
}

TEST(NewWorldScoringOrder, ABonusThatDependsOnTheMoveMakesTheOrderMatter) {
    // Settlers in column 1: whichever is scored second finds a surveyor in column 1 (+4).
    EXPECT_TRUE(scoringOrderMatters({{2, {{0, 1, false}}}, {4, {{1, 1, false}}}}, Surveyors(), 3, 2));
}

TEST(NewWorldScoringOrder, SameOwnerSameColumnSameValueCannotMatter) {
    // Two features alike in every way: swapping them changes nothing.
    EXPECT_FALSE(scoringOrderMatters({{2, {{0, 1, false}}}, {2, {{0, 1, false}}}}, Surveyors(), 3, 2));
}

TEST(NewWorldScoringOrder, AwardsFollowMajorityAndCountEachSurveyorOnce) {
    Surveyors both;  // both in column 0 at the start; move them to column 1
    both.afterScoredFeature(5);
    both.afterScoredFeature(5);
    const std::vector<Claim> claims = {{0, 1, false}, {0, 1, false}, {1, 1, false}, {2, 2, false}};
    const auto awards = newworld::awardsFor(claims, 6, both, true);
    ASSERT_EQ(awards.size(), 1u);
    EXPECT_EQ(awards[0].player, 0);
    EXPECT_EQ(awards[0].points, 6);
    EXPECT_EQ(awards[0].surveyors, 2);  // two surveyors in column 1, however many settlers are there
    EXPECT_EQ(awards[0].bonus(), 8);
    EXPECT_TRUE(newworld::awardsFor({}, 6, both, true).empty());
}

TEST(NewWorldScoringOrder, NoQuestionWhenOneTileClosesTwoFeaturesFarFromTheSurveyors) {
    // A trail (P0's outlaw on the crossroads in column 3) and a town (P1's sheriff, column 3) are
    // both closed by a town-gate tile; the surveyors stand in column 0, so the order cannot matter:
    // the turn scores both and ends without asking.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 16 16 14 02 02 18 25
        place 16 -1,0 r1
        pass
        place 16 -2,0 r1
        pass
        place 14 -3,0 r0
        follower 1
        place 02 -1,2 r0
        pass
        place 02 -2,2 r0
        pass
        place 18 -3,2 r0
        follower 0
        place 25 -3,1 r2
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_TRUE(game->over());
    // Over, not waiting in Phase::Choose: nobody was asked. Fixed order: the tile's segments.
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P1 town 4", "P0 trail 2"}));
}

}  // namespace
}  // namespace carc::test
