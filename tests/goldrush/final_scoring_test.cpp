// Gold Rush final scoring (seed 003, "Punctarea finală"): incomplete railroads, mountains and cities,
// then prairies, then the nuggets on each player's tokens. Each example of the rule page as its own
// small game that ends when its explicit deck runs out. The start tile 33 lies at 0,0.
#include <gtest/gtest.h>

#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

std::unique_ptr<Game> finished(const std::string& players, const std::string& deck, const std::string& moves) {
    auto game =
        play("carcassonne 1\nmode goldrush\nplayers 2\nseed 1\nnames " + players + "\ndeck " + deck + "\n" + moves);
    EXPECT_TRUE(game && game->over());
    return game;
}

TEST(GoldRushFinalScoring, LargerIncompleteMountainGoesToTheMajorityTenToZero) {
    // GREEN's miners on 17 (west) and 08 (north), BLACK's on 52 (east); 38 joins them with the start
    // tile's mountain. 17's north edge stays open. Symbols: 1 + 3 + 1 + 2 + 3 = 10.
    auto game = finished("GREEN,BLACK", "01 01 17 52 08 01 08 38",
                         "place 01 -1,0 r0\npass\n"
                         "place 01 1,0 r0\npass\n"
                         "place 17 -1,-1 r0\nfollower 0\n"
                         "place 52 1,-1 r3\nfollower 0\n"
                         "place 08 1,-2 r0\npass\n"
                         "place 01 2,0 r0\npass\n"
                         "place 08 0,-2 r2\nfollower 0\n"
                         "place 38 0,-1 r0\npass\n");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "mountain", When::Final), 10);
    EXPECT_EQ(pointsFor(*game, 1, "mountain", When::Final), 0);
    const auto& gold = dynamic_cast<const goldrush::GoldRushGame&>(*game);
    // Tokens left on mountains leave the game before the miners score: nobody holds any.
    EXPECT_EQ(gold.tokensHeld(0) + gold.tokensHeld(1), 0);
    EXPECT_EQ(gold.tokensOutOfGame(), 12);  // 10 on the big mountain, 2 on 08's at 1,-2
    EXPECT_EQ(pointsFor(*game, 0, "gold"), 0);
}

TEST(GoldRushFinalScoring, IncompleteRailroadScoresOnePerTile) {
    auto game = finished("RED,BLUE", "01", "place 01 1,0 r0\nfollower 0\n");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "railroad", When::Final), 2);
}

TEST(GoldRushFinalScoring, LocomotivesDoNotCountOnAnIncompleteRailroad) {
    auto game = finished("RED,BLUE", "27", "place 27 1,0 r0\nfollower 0\n");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "railroad", When::Final), 2);
}

TEST(GoldRushFinalScoring, IncompleteCityScoresThreePerCompleteRailroad) {
    // The city's east railroad ends at a junction; its west and south railroads stay open.
    auto game = finished("YELLOW,BLUE", "45 39",
                         "place 45 1,0 r0\nfollower 0\n"
                         "place 39 2,0 r0\npass\n");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "city", When::Final), 3);
}

TEST(GoldRushFinalScoring, IncompleteMountainScoresItsNuggetSymbols) {
    auto game = finished("BLUE,RED", "17", "place 17 0,1 r2\nfollower 0\n");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "mountain", When::Final), 3);
}

// ---- Prairies: 2 per tipi camp, 4 per herd of wild horses, for the farmer majority.

TEST(GoldRushFinalScoring, TiedFarmersEachScoreSixForATipiCampAndAHerd) {
    // GREEN's farmer on 12's north prairie (horses), YELLOW's on 27's two cells east; 01 between
    // them (a tipi camp) joins the two prairies. The detour south reaches the east cell.
    auto game = finished("GREEN,YELLOW", "27 26 12 26 26 26 26 27 01",
                         "place 27 1,0 r0\npass\n"
                         "place 26 1,1 r0\npass\n"
                         "place 12 2,0 r0\nfollower 1\n"
                         "place 26 2,1 r0\npass\n"
                         "place 26 3,1 r0\npass\n"
                         "place 26 4,1 r0\npass\n"
                         "place 26 5,1 r0\npass\n"
                         "place 27 4,0 r0\nfollower 1\n"
                         "place 01 3,0 r0\npass\n");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "prairie"), 6);
    EXPECT_EQ(pointsFor(*game, 1, "prairie"), 6);
}

TEST(GoldRushFinalScoring, SmallPrairieWithTwoTipiCampsScoresFour) {
    auto game = finished("RED,BLUE", "01 01",
                         "place 01 1,0 r0\nfollower 1\n"
                         "place 01 2,0 r0\npass\n");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "prairie"), 4);
}

TEST(GoldRushFinalScoring, FarmerMajorityScoresSixteenForTwoTipiCampsAndThreeHerds) {
    // BLUE's farmers on 12 and 47, YELLOW's on another 12; 01 and 27 join the three prairies.
    auto game = finished("BLUE,YELLOW", "27 26 12 26 26 26 26 12 26 01 47 27",
                         "place 27 1,0 r0\npass\n"
                         "place 26 1,1 r0\npass\n"
                         "place 12 2,0 r0\nfollower 1\n"
                         "place 26 2,1 r0\npass\n"
                         "place 26 3,1 r0\npass\n"
                         "place 26 4,1 r0\npass\n"
                         "place 26 5,1 r0\npass\n"
                         "place 12 4,0 r0\nfollower 1\n"
                         "place 26 6,1 r0\npass\n"
                         "place 01 3,0 r0\npass\n"
                         "place 47 6,0 r0\nfollower 1\n"
                         "place 27 5,0 r0\npass\n");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "prairie"), 16);
    EXPECT_EQ(pointsFor(*game, 1, "prairie"), 0);
}

TEST(GoldRushFinalScoring, FinalScoringFollowsTheRulePageOrder) {
    // RED: a railwayman, a merchant and a farmer; BLUE: a gold miner and one mined token.
    auto game = finished("RED,BLUE", "01 17 45 01 01 01",
                         "place 01 1,0 r0\nfollower 0\n"
                         "place 17 0,1 r2\nfollower 0\n"
                         "place 45 -1,0 r0\nfollower 0\n"
                         "place 01 2,0 r0\ntent 0,0 0\n"
                         "place 01 3,0 r0\nfollower 1\n"
                         "place 01 4,0 r0\nmine\n");
    ASSERT_TRUE(game);
    std::vector<std::string> categories;
    for (const auto& e : game->events())
        if (e.type == EventType::Scored && e.final) categories.push_back(game->scoreCategories()[e.category]);
    EXPECT_EQ(categories, (std::vector<std::string>{"railroad", "mountain", "city", "prairie", "gold"}));
}

}  // namespace
}  // namespace carc::test
