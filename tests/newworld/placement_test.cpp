// New World placement (RULES.md §3): the start board in column 0 from Plymouth to Jamestown, tiles
// only in columns 1, 2, ... (x <= -1), also north and south of the board; 5 settlers, 2-5 players.
#include <gtest/gtest.h>

#include <algorithm>

#include "scenario.hpp"

namespace carc::test {
namespace {

std::unique_ptr<Game> newGame(int players, const std::string& deck = "") {
    return play("carcassonne 1\nmode newworld\nplayers " + std::to_string(players) + "\nseed 3\n" +
                (deck.empty() ? "" : "deck " + deck + "\n"));
}

TEST(NewWorldPlacement, TheStartBoardIsTenSpacesInColumnZeroPlymouthToJamestown) {
    auto game = newGame(2);
    ASSERT_TRUE(game);
    const auto& tiles = game->board().tiles();
    ASSERT_EQ(tiles.size(), 10u);
    for (int y = 0; y < 10; ++y) {
        EXPECT_EQ(tiles[y].pos, (Pos{0, y}));
        EXPECT_TRUE(game->tileSet().designs[tiles[y].design].boardSpace);
    }
    EXPECT_EQ(game->tileSet().designs[tiles[0].design].name, "Plymouth");
    EXPECT_EQ(game->tileSet().designs[tiles[4].design].name, "NewYork");
    EXPECT_EQ(game->tileSet().designs[tiles[9].design].name, "Jamestown");
    EXPECT_EQ(game->tilesPlaced(), 0);
    EXPECT_EQ(game->deckSize(), 95);
}

TEST(NewWorldPlacement, FirstTilesGoOnlyWestOfTheStartSpaces) {
    auto game = newGame(2, "18");
    ASSERT_TRUE(game);
    const auto legal = game->legalActions();
    ASSERT_FALSE(legal.empty());
    for (const auto& a : legal) {
        EXPECT_EQ(a.pos.x, -1) << posText(a.pos);
        EXPECT_GE(a.pos.y, 0);
        EXPECT_LE(a.pos.y, 9);
    }
    // The town end fits west of New York and Jamestown only with its town facing east (r1), and
    // west of every plain space facing away.
    EXPECT_NE(std::find(legal.begin(), legal.end(), Action::place(game->tileSet().findDesign("18"), {-1, 4}, 1)),
              legal.end());
    EXPECT_EQ(std::find(legal.begin(), legal.end(), Action::place(game->tileSet().findDesign("18"), {-1, 4}, 0)),
              legal.end());
    EXPECT_NE(game->whyIllegal(Action::place(game->tileSet().findDesign("18"), {0, -1}, 0)), "");
    EXPECT_NE(game->whyIllegal(Action::place(game->tileSet().findDesign("18"), {1, 4}, 3)), "");
}

TEST(NewWorldPlacement, TilesMayGoNorthAndSouthOfTheBoardButNeverBackIntoColumnZero) {
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 16 16 18 18
        place 16 -1,0 r1
        pass
        place 16 -1,-1 r1
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(game->tilesPlaced(), 2);
    // North of Plymouth, east of the tile at -1,-1, lies column 0: not allowed.
    const auto legal = game->legalActions();
    for (const auto& a : legal) EXPECT_LE(a.pos.x, -1) << posText(a.pos);
    const int town = game->tileSet().findDesign("18");
    const Problem coast = game->whyIllegal(Action::place(town, {0, -1}, 3));
    EXPECT_EQ(coast.code, ProblemCode::CellForbidden);
    EXPECT_EQ(coast, "tiles may not be placed at 0,-1 in this mode");
}

TEST(NewWorldPlacement, SettlersGoOnTheTileJustPlacedAndNeverOnAStartSpace) {
    auto game = newGame(2, "16");
    ASSERT_TRUE(game);
    ASSERT_EQ(game->apply(Action::place(game->tileSet().findDesign("16"), {-1, 0}, 1)), "");
    // Trail (joined with Plymouth's, nobody on it), north plain, south plain: all free.
    EXPECT_EQ(game->legalActions(),
              (std::vector<Action>{Action::follower(0), Action::follower(1), Action::follower(2), Action::pass()}));
    EXPECT_EQ(game->apply(Action::follower(0)), "");
    for (const auto& f : game->followers())
        EXPECT_FALSE(
            game->tileSet().designs[game->board().tiles()[game->features().segment(f.segment).tile].design].boardSpace);
}

TEST(NewWorldPlacement, FiveSettlersPerPlayerAndTwoToFivePlayers) {
    for (int players = 2; players <= 5; ++players) {
        auto game = newGame(players);
        ASSERT_TRUE(game);
        EXPECT_EQ(game->followersPerPlayer(), 5);
        for (int p = 0; p < players; ++p) EXPECT_EQ(game->supply(p), 5);
    }
    EXPECT_EQ(replay("carcassonne 1\nmode newworld\nplayers 6\nseed 1\n").error.code, ProblemCode::PlayersOutOfRange);
    EXPECT_EQ(replay("carcassonne 1\nmode newworld\nplayers 1\nseed 1\n").error.code, ProblemCode::PlayersOutOfRange);
}

TEST(NewWorldPlacement, APlayerWithoutSettlersStillPlaysTilesAndTheTurnEndsByItself) {
    // P0 puts sheriffs on four open towns in column 1 and a trapper north of Plymouth's trail;
    // P1 only lays tiles. On P0's sixth turn the tile is placed and the turn ends by itself.
    auto game = play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 18 16 18 16 18 16 17 18 03 17 02 02
        place 18 -1,2 r3
        follower 0
        place 16 -1,1 r1
        pass
        place 18 -1,3 r3
        follower 0
        place 16 -1,6 r1
        pass
        place 18 -1,5 r3
        follower 0
        place 16 -1,8 r1
        pass
        place 17 -1,7 r3
        follower 0
        place 18 -1,4 r1
        pass
        place 03 -1,0 r1
        follower 1
        place 17 -1,9 r1
        pass
        place 02 -1,-1 r0
    )");
    ASSERT_TRUE(game);
    EXPECT_EQ(game->supply(0), 0);
    EXPECT_EQ(game->phase(), Phase::PlaceTile);
    EXPECT_EQ(game->activePlayer(), 1);
}

}  // namespace
}  // namespace carc::test
