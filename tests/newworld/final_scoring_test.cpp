// New World final scoring (RULES.md §3): incomplete trails, towns and farms, then the plains'
// animals for their trappers; the seed 000 examples (3, 5, 3, 8, 0; trappers 3 and 2, 4 and 2,
// 4 and 4 and 5). The game ends when the explicit deck runs out.
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(NewWorldFinalScoring, IncompleteTrailFarmAndTownsAsOnThePage) {
    // RED: Plymouth's trail over 3 tiles, open to the west: 3.
    // YELLOW: a farm in column 1 beside three start spaces and one tile: 1 + 4 = 5.
    // BLUE: New York and a town band with a flag, open to the west: 2 tiles + 1 flag = 3.
    // GREEN (2 sheriffs) and BLACK (1) share a town of 5 tiles with 3 flags, open to the west:
    // GREEN has the majority and scores 8, BLACK nothing.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 5
        seed 1
        deck 16 02 09 18 18 16 16 17 31 13 49
        place 16 -1,0 r1
        follower 0
        place 02 -1,7 r0
        follower 0
        place 09 -1,4 r0
        follower 0
        place 18 -1,2 r3
        follower 0
        place 18 -1,3 r3
        follower 0
        place 16 -2,0 r1
        pass
        place 16 -1,8 r1
        pass
        place 17 -1,5 r3
        pass
        place 31 -2,1 r2
        follower 0
        place 13 -2,2 r1
        pass
        place 49 -2,3 r0
        pass
    )");
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(pointsFor(*game, 0, "trail", When::Final), 3);
    EXPECT_EQ(pointsFor(*game, 1, "farm", When::Final), 5);
    EXPECT_EQ(pointsFor(*game, 2, "town", When::Final), 3);
    EXPECT_EQ(pointsFor(*game, 3, "town", When::Final), 8);
    EXPECT_EQ(game->scores(), (std::vector<int>{3, 5, 3, 8, 0}));
    EXPECT_EQ(game->supply(4), 5);  // BLACK's sheriff returns all the same
}

TEST(NewWorldFinalScoring, TrappersScoreTheirPlainsAnimalsThreeAndTwo) {
    // A trail runs west from Plymouth and splits the land: RED's trapper north of it (3 animals),
    // BLUE's south of it (2 animals).
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 03 16 03 38 47
        place 03 -1,0 r1
        follower 1
        place 16 -2,0 r1
        follower 2
        place 03 -3,0 r3
        pass
        place 38 -4,0 r1
        pass
        place 47 -5,0 r3
        pass
    )");
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 plain 3 final", "P1 plain 2 final"}));
}

TEST(NewWorldFinalScoring, TwoTrappersBeatOneRedFourBlueTwo) {
    // West of Chesapeake Bay a row of crossroads splits the land south of the trail into pieces
    // that hold RED, YELLOW and RED trappers; two farms join them into one plain of 4 animals.
    // BLUE lies alone on the plain north of the trail (2 animals).
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 3
        seed 1
        deck 14 14 48 03 07 01
        place 14 -1,8 r0
        follower 5
        place 14 -2,8 r0
        follower 5
        place 48 -3,8 r0
        follower 3
        place 03 -4,8 r3
        follower 1
        place 07 -2,9 r2
        pass
        place 01 -3,9 r2
        pass
    )");
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 plain 4 final", "P2 plain 2 final"}));
}

TEST(NewWorldFinalScoring, TiedTrappersBothScoreRedFourYellowFourBlueFive) {
    // As above with one more crossroads: RED and YELLOW have two trappers each on the southern
    // plain (4 animals) and both score 4; BLUE's northern plain has 5 animals.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 3
        seed 1
        deck 14 14 14 48 47 07 01 01
        place 14 -1,8 r0
        follower 5
        place 14 -2,8 r0
        follower 5
        place 14 -3,8 r0
        follower 3
        place 48 -4,8 r0
        follower 4
        place 47 -5,8 r3
        follower 1
        place 07 -2,9 r2
        pass
        place 01 -3,9 r2
        pass
        place 01 -4,9 r2
        pass
    )");
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game),
              (std::vector<std::string>{"P0 plain 4 final", "P1 plain 4 final", "P2 plain 5 final"}));
    EXPECT_EQ(game->followers().size(), 5u);  // trappers never return
}

TEST(NewWorldFinalScoring, TradingPostsStayWorthTwoAndFlagsDropToOne) {
    // An open trail with a trading post: 2 tiles + 2; an open town with a flag: 2 tiles + 1.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 04 09
        place 04 -1,0 r1
        follower 0
        place 09 -1,4 r0
        follower 0
    )");
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 trail 4 final", "P1 town 3 final"}));
}

TEST(NewWorldFinalScoring, NoSurveyorMovesOrBonusAtTheEndByDefault) {
    // P1's open trail lies in column 1 beside a surveyor: 2 points, no bonus, nobody moves.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 18 16
        place 18 -1,4 r1
        follower 0
        place 16 -1,0 r1
        follower 0
    )");
    ASSERT_TRUE(game);
    ASSERT_TRUE(game->over());
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 town 4", "P1 trail 2 final"}));
}

}  // namespace
}  // namespace carc::test
