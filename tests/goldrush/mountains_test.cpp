// Gold Rush mountains and tents (seed 003, "Munte finalizat", "2b. Ridică un cort", "2c. Exploatează
// aur"). The start tile 33 lies at 0,0 with a 1-nugget mountain on its north edge and one mining token
// on it. Segment 0 is the mountain on every mountain design used here (08, 17, 38, 42, 52, 54).
#include <gtest/gtest.h>

#include <algorithm>

#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using goldrush::GoldRushGame;

const GoldRushGame& goldRush(const std::unique_ptr<Game>& game) {
    return dynamic_cast<const GoldRushGame&>(*game);
}

std::string record(const std::string& players, const std::string& deck, const std::string& moves,
                   const std::string& options = "") {
    return "carcassonne 1\nmode goldrush\nplayers 2\nseed 1\nnames " + players + "\n" + options + "deck " + deck +
           "\n" + moves;
}

// Index of the first event whose English wording contains `text`, or -1.
int eventWith(const Game& game, const std::string& text) {
    const auto& events = game.events();
    for (std::size_t i = 0; i < events.size(); ++i)
        if (wording(events[i], game).find(text) != std::string::npos) return static_cast<int>(i);
    return -1;
}

int firstScored(const Game& game, const std::string& category) {
    const auto& events = game.events();
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].type == EventType::Scored && game.scoreCategories()[events[i].category] == category)
            return static_cast<int>(i);
    return -1;
}

// YELLOW's gold miner on 54, which joins the start tile's mountain; RED pitches a tent on the start
// tile's mountain segment and mines one token; YELLOW's 52 closes the mountain: 1+3+2+1 symbols.
const std::string kSevenNuggetMountain = record("YELLOW,RED", "54 08 01 01 52 01",
                                                "place 54 0,-1 r2\nfollower 0\n"
                                                "place 08 -1,-1 r1\ntent 0,0 0\n"
                                                "place 01 1,0 r0\npass\n"
                                                "place 01 -1,0 r0\nmine\n"
                                                "place 52 1,-1 r3\npass\n");

TEST(GoldRushMountains, CompletedMountainMinerTakesTheRemainingTokensThenScoresSevenNuggets) {
    auto game = play(kSevenNuggetMountain);
    ASSERT_TRUE(game);
    const auto& gold = goldRush(game);
    EXPECT_EQ(pointsFor(*game, 0, "mountain", When::DuringPlay), 7);
    EXPECT_EQ(pointsFor(*game, 1, "mountain", When::DuringPlay), 0);  // a tent is no gold miner
    EXPECT_EQ(gold.tokensHeld(0), 6);                                 // 7 laid, 1 mined by RED's tent
    EXPECT_EQ(gold.tokensHeld(1), 1);
    EXPECT_EQ(gold.stackSize({0, 0}, 0), 0);
    EXPECT_EQ(gold.tentSegment(1), -1);  // the tent came home
    EXPECT_EQ(game->supply(0), 4);
    // First the tokens, then the points.
    const int taken = eventWith(*game, "YELLOW takes a token");
    ASSERT_GE(taken, 0);
    EXPECT_LT(taken, firstScored(*game, "mountain"));
}

TEST(GoldRushMountains, ReturnedCowboyPlacedOnTheMountainItsTileCompletesTakesTwoTokensAndScoresTwo) {
    auto game = play(record("BLUE,RED", "52 01", "place 52 0,-1 r2\nfollower 0\n"));
    ASSERT_TRUE(game);
    EXPECT_EQ(goldRush(game).tokensHeld(0), 2);
    EXPECT_EQ(pointsFor(*game, 0, "mountain", When::DuringPlay), 2);
    EXPECT_EQ(game->supply(0), 4);
}

TEST(GoldRushMountains, WithoutAGoldMinerTheTokensLeaveTheGame) {
    auto game = play(record("BLUE,RED", "52 01", "place 52 0,-1 r2\npass\n"));
    ASSERT_TRUE(game);
    const auto& gold = goldRush(game);
    EXPECT_EQ(gold.tokensHeld(0) + gold.tokensHeld(1), 0);
    EXPECT_EQ(gold.tokensOutOfGame(), 2);
    EXPECT_TRUE(scoringLog(*game).empty());
}

TEST(GoldRushMountains, StacksMergeWhenMountainsJoin) {
    // The start tile's mountain (1 token) and 08's (2 tokens, north-east of the start tile) are
    // separate until 17 (3 nuggets), facing south and east, joins them.
    auto game = play(record("BLUE,RED", "01 08 17 01",
                            "place 01 1,0 r0\npass\n"
                            "place 08 1,-1 r3\npass\n"));
    ASSERT_TRUE(game);
    const auto& gold = goldRush(game);
    EXPECT_EQ(gold.stackSize({0, 0}, 0), 1);
    EXPECT_EQ(gold.stackSize({1, -1}, 0), 2);
    ASSERT_EQ(game->apply(Action::place(game->tileSet().findDesign("17"), {0, -1}, 1)), "");
    EXPECT_EQ(gold.stackSize({0, 0}, 0), 6);  // 1 + 2 + the new tile's 3, one stack now
    EXPECT_EQ(gold.stackSize({1, -1}, 0), 6);
    EXPECT_EQ(gold.stackSize({0, -1}, 0), 6);
}

TEST(GoldRushMountains, AMinerMayMineTheMountainTheirTileCompletesBeforeItIsScored) {
    // RED's tent is on the start tile's mountain; RED closes it with 52 and mines first (community
    // ruling); nobody has a gold miner there, so the last token leaves the game.
    auto game = play(record("BLUE,RED", "01 01 01 52 01",
                            "place 01 1,0 r0\npass\n"
                            "place 01 -1,0 r0\ntent 0,0 0\n"
                            "place 01 2,0 r0\npass\n"
                            "place 52 0,-1 r2\nmine\n"));
    ASSERT_TRUE(game);
    const auto& gold = goldRush(game);
    EXPECT_EQ(gold.tokensHeld(1), 1);
    EXPECT_EQ(gold.tokensOutOfGame(), 1);
    EXPECT_EQ(gold.tentSegment(1), -1);
}

// ---- Tents.

TEST(GoldRushTents, ATentGoesOnlyOnAFreeSegmentOfAnIncompleteMountain) {
    auto game = play(record("BLUE,RED", "54 01 01 01 01",
                            "place 54 0,-1 r2\nfollower 0\n"));  // BLUE's gold miner on 54
    ASSERT_TRUE(game);
    ASSERT_EQ(game->apply(Action::place(game->tileSet().findDesign("01"), {1, 0}, 0)), "");
    EXPECT_EQ(game->whyIllegal(Action::at(ActionType::Tent, {0, -1}, 0)),
              "that mountain segment already holds a cowboy or a tent");
    EXPECT_EQ(game->whyIllegal(Action::at(ActionType::Tent, {1, 0}, 0)), "a tent goes on a mountain, not a railroad");
    EXPECT_EQ(game->apply(Action::at(ActionType::Tent, {0, 0}, 0)), "");  // RED beside BLUE's miner
    // BLUE may not share RED's segment.
    ASSERT_EQ(game->apply(Action::place(game->tileSet().findDesign("01"), {-1, 0}, 0)), "");
    EXPECT_EQ(game->whyIllegal(Action::at(ActionType::Tent, {0, 0}, 0)),
              "that mountain segment already holds a cowboy or a tent");
}

TEST(GoldRushTents, NoTentOnACompleteMountain) {
    auto replayed = replay(record("BLUE,RED", "52 01 01", "place 52 0,-1 r2\npass\nplace 01 1,0 r0\ntent 0,0 0\n"));
    EXPECT_EQ(replayed.error, "line 10: that mountain is complete");
}

TEST(GoldRushTents, ATentMovesAndMinesItsNewMountain) {
    // RED's tent first on the start tile's mountain, then on the separate mountain of 08.
    auto game = play(record("BLUE,RED", "01 01 08 01 01 01 01",
                            "place 01 1,0 r0\npass\n"
                            "place 01 -1,0 r0\ntent 0,0 0\n"
                            "place 08 1,1 r2\npass\n"  // 08's mountain faces south, alone
                            "place 01 2,0 r0\ntent 1,1 0\n"
                            "place 01 -2,0 r0\npass\n"
                            "place 01 3,0 r0\nmine\n"));
    ASSERT_TRUE(game);
    const auto& gold = goldRush(game);
    EXPECT_EQ(gold.tentSegment(1), game->segmentId({1, 1}, 0));
    EXPECT_EQ(gold.stackSize({0, 0}, 0), 1);  // untouched
    EXPECT_EQ(gold.stackSize({1, 1}, 0), 1);  // 2 laid, 1 mined
    EXPECT_EQ(gold.tokensHeld(1), 1);
}

TEST(GoldRushTents, MiningNeedsATentOnAMountainWithTokens) {
    auto noTent = replay(record("BLUE,RED", "01 01", "place 01 1,0 r0\nmine\n"));
    EXPECT_EQ(noTent.error, "line 8: your tent is not on a mountain");
    auto empty = replay(record("BLUE,RED", "01 01 01 01 01 01",
                               "place 01 1,0 r0\ntent 0,0 0\n"
                               "place 01 -1,0 r0\npass\n"
                               "place 01 2,0 r0\nmine\n"  // the only token
                               "place 01 -2,0 r0\npass\n"
                               "place 01 3,0 r0\n"));
    ASSERT_EQ(empty.error, "");
    ASSERT_TRUE(empty.game);
    EXPECT_EQ(goldRush(empty.game).tokensHeld(0), 1);
    EXPECT_EQ(goldRush(empty.game).stackSize({0, 0}, 0), 0);
    EXPECT_EQ(empty.game->whyIllegal(Action::mine()), "the mountain under your tent has no mining token left");
}

}  // namespace
}  // namespace carc::test
