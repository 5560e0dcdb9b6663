// Base game scoring during play (RULES.md §0-1), each as a small scenario with an explicit deck.
// The start tile D lies at 0,0: city north, road west-east, fields north and south of the road.
// x grows east, y grows south; rR turns a tile R quarters clockwise.
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(BaseScoring, SmallCityClosedByTheNextTileScoresFourAndReturnsTheKnight) {
    // E turned r2 has its city on the south edge and closes the start tile's city from the north.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck E E
        place E 0,-1 r2
        follower 0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "city", When::DuringPlay), 4);  // 2 tiles x 2
    EXPECT_EQ(game->supply(0), 7);                                // the knight came back
}

TEST(BaseScoring, CityWithPennantScoresTwoPerTileAndTwoPerPennant) {
    // M (city north+west, pennant) turned r2 opens south and east; R turned r3 closes it from the east.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck M E
        place M 0,-1 r2
        follower 0
        place E 1,-1 r3
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "city", When::DuringPlay), 2 * 3 + 2);  // 3 tiles, 1 pennant
    EXPECT_EQ(game->scores()[1], 0);
}

TEST(BaseScoring, RoadEndingAtCloistersOnBothSidesScoresOnePerTile) {
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck A A
        place A 1,0 r1
        follower 1
        place A -1,0 r3
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "road", When::DuringPlay), 3);
    EXPECT_EQ(game->supply(0), 7);
}

// Two thieves on separate roads; a tile joins the roads; when the road completes both score it all.
TEST(BaseScoring, RoadsJoinedByATileAreSharedAndTiedPlayersBothScoreTheFullValue) {
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck U V V V A A
        place U 1,0 r1
        follower 0
        place V 1,1 r3
        follower 0
        place V 2,0 r0
        pass
        place V 2,1 r1
        pass
        place A -1,0 r3
        pass
        place A 1,2 r2
        pass
    )");
    ASSERT_TRUE(game);
    // Road: A(-1,0) D(0,0) U(1,0) V(2,0) V(2,1) V(1,1) A(1,2) = 7 tiles, one thief each.
    EXPECT_EQ(pointsFor(*game, 0, "road", When::DuringPlay), 7);
    EXPECT_EQ(pointsFor(*game, 1, "road", When::DuringPlay), 7);
    EXPECT_EQ(game->supply(0), 7);
    EXPECT_EQ(game->supply(1), 7);
}

TEST(BaseScoring, OnlyThePlayerWithMoreFollowersScoresASharedCity) {
    // Three separate cities, each with a knight (P0, P1, P0), all open towards the cell 1,-1;
    // R turned r2 (city west, south and east) joins and closes them: 5 tiles, no pennant.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck N K E B E R
        place N 0,-1 r2
        follower 0
        place K 1,0 r0
        follower 0
        place E 2,0 r1
        pass
        place B 0,1 r0
        pass
        place E 2,-1 r3
        follower 0
        place R 1,-1 r2
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "city", When::DuringPlay), 10);
    EXPECT_EQ(pointsFor(*game, 1, "city"), 0);
    EXPECT_EQ(game->supply(0), 7);
    EXPECT_EQ(game->supply(1), 7);  // the outnumbered knight returns too
}

TEST(BaseScoring, CloisterSurroundedByEightTilesScoresNineForItsMonk) {
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck B A A B B B E E
        place B 0,1 r0
        follower 0
        place A -1,0 r3
        pass
        place A 1,0 r1
        pass
        place B -1,1 r0
        pass
        place B 1,1 r0
        pass
        place B 0,2 r0
        pass
        place E -1,2 r3
        pass
        place E 1,2 r1
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(pointsFor(*game, 0, "cloister", When::DuringPlay), 9);
    EXPECT_EQ(game->supply(0), 7);
}

TEST(BaseScoring, FollowerOnAFeatureAnotherPlayerOccupiesIsRefusedWithItsReason) {
    Replay result = replay(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck U U
        place U 1,0 r1
        follower 0
        place U 2,0 r1
        follower 0
    )");
    EXPECT_EQ(result.error, "line 10: the road of segment 0 already has a follower");
    ASSERT_TRUE(result.game);
    // The refused line changed nothing: still player 1's follower step.
    std::vector<Action> legal = result.game->legalActions();
    EXPECT_EQ(std::count(legal.begin(), legal.end(), Action::follower(0)), 0);
    EXPECT_EQ(std::count(legal.begin(), legal.end(), Action::follower(1)), 1);  // a field is free
}

TEST(BaseScoring, ATileThatFitsNowhereIsDiscardedAndTheNextOneDrawn) {
    // With the start city closed, every open cell needs a field or road edge: C (all city) fits nowhere.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck E C U
        place E 0,-1 r2
        pass
        place U 1,0 r1
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(game->tilesDiscarded(), 1);
    EXPECT_EQ(game->tilesPlaced(), 2);
    EXPECT_TRUE(game->over());
    int discardedC = 0;
    for (const auto& e : game->events())
        if (e.type == EventType::TileDiscarded && game->tileSet().designs[e.design].name == "C") ++discardedC;
    EXPECT_EQ(discardedC, 1);
}

TEST(BaseScoring, PlayerWithoutFollowersStillPlaysTiles) {
    // Seven cloisters in a row would be slow to set up; instead check the legal actions after a
    // player's supply runs out by playing random games until it happens.
    auto random = playRandomGame(
        [] {
            carc::Setup s;
            s.mode = "base";
            s.players = 2;
            s.seed = 5;
            return s;
        }(),
        11,
        [](const Game& game, const Action&) {
            if (game.phase() != Phase::Act || game.supply(game.activePlayer()) != 0) return;
            for (const auto& a : game.legalActions()) ASSERT_NE(a.type, ActionType::Follower);
        });
    ASSERT_TRUE(random.game);
    EXPECT_TRUE(random.game->over());
}

}  // namespace
}  // namespace carc::test
