// The Discovery's variants (RULES.md §4), as options: double tile (a face-down hand of 2 per player)
// and equal turns (tiles set aside face up before play so that every player gets as many turns).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "../../core/modes/discovery/discovery_game.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using discovery::DiscoveryGame;

const DiscoveryGame& discoveryOf(const Game& game) {
    return dynamic_cast<const DiscoveryGame&>(game);
}

std::unique_ptr<Game> newGame(int players, std::uint64_t seed, bool doubleTile, bool equalTurns) {
    Setup setup;
    setup.mode = "discovery";
    setup.players = players;
    setup.seed = seed;
    if (doubleTile) setup.options.emplace_back("discovery.double-tile", "on");
    if (equalTurns) setup.options.emplace_back("discovery.equal-turns", "on");
    Problem error;
    auto game = catalog().newGame(setup, error);
    EXPECT_TRUE(game) << error;
    return game;
}

std::vector<std::string> names(const Game& game, const std::vector<int>& designs) {
    std::vector<std::string> out;
    for (int d : designs) out.push_back(game.tileSet().designs[d].name);
    return out;
}

// ---- Double tile

TEST(DiscoveryDoubleTile, EachPlayerIsDealtTwoTilesInTurnOrderAndChoosesFromTheirOwnHand) {
    auto game = play(R"(
        carcassonne 1
        mode discovery
        players 2
        seed 1
        option discovery.double-tile=on
        deck 15 57 03 04 23 16
    )");
    ASSERT_TRUE(game);
    const auto& discovery = discoveryOf(*game);
    EXPECT_EQ(names(*game, discovery.hand(0)), (std::vector<std::string>{"15", "57"}));
    EXPECT_EQ(names(*game, discovery.hand(1)), (std::vector<std::string>{"03", "04"}));
    EXPECT_EQ(names(*game, game->tileChoices()), (std::vector<std::string>{"15", "57"}));
    EXPECT_EQ(game->tilesInHands(), 4);
    EXPECT_EQ(game->drawPileSize(), 2);
}

TEST(DiscoveryDoubleTile, PlayingOneTileOfTheHandDrawsTheNextForTheSamePlayer) {
    // P0 plays the second tile of its hand (57); 23 tops up its hand; P1 then chooses 04 over 03.
    auto game = play(R"(
        carcassonne 1
        mode discovery
        players 2
        seed 1
        option discovery.double-tile=on
        deck 15 57 03 04 23 16
        place 57 1,0 r0
        pass
        place 04 0,1 r0
        pass
    )");
    ASSERT_TRUE(game);
    const auto& discovery = discoveryOf(*game);
    EXPECT_EQ(names(*game, discovery.hand(0)), (std::vector<std::string>{"15", "23"}));
    EXPECT_EQ(names(*game, discovery.hand(1)), (std::vector<std::string>{"03", "16"}));
}

TEST(DiscoveryDoubleTile, TheTileToPlaceMustComeFromTheActivePlayersHand) {
    Replay result = replay(R"(
        carcassonne 1
        mode discovery
        players 2
        seed 1
        option discovery.double-tile=on
        deck 15 57 03 04
        place 03 0,1 r0
    )");
    EXPECT_EQ(result.error, "line 8: the tile to place is 15 or 57, not 03");
}

TEST(DiscoveryDoubleTile, PlayersPlayTheirHandsOutAfterThePileIsEmpty) {
    // 4 tiles, 2 hands of 2: four turns, alternating, and every tile is placed.
    auto game = play(R"(
        carcassonne 1
        mode discovery
        players 2
        seed 1
        option discovery.double-tile=on
        deck 15 57 03 04
        place 15 0,1 r0
        pass
        place 04 -1,0 r1
        pass
        place 57 1,0 r0
        pass
        place 03 0,2 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_TRUE(game->over());
    EXPECT_EQ(game->tilesPlaced(), 4);
}

// 04 at 1,0 covers the start tile's only sea edge: from then on no cell touches a sea edge, so the
// all-sea 57 fits nowhere (RULES.md §0: out of the game, the next tile replaces it).
TEST(DiscoveryDoubleTile, AHeldTileThatFitsNowhereIsDiscardedAndReplacedByTheNextTile) {
    auto game = play(R"(
        carcassonne 2
        mode discovery
        players 2
        seed 1
        option discovery.double-tile=on
        deck 04 15 57 03 57 23 15 02
        place 04 1,0 r0
        pass
    )");
    ASSERT_TRUE(game);
    const auto& discovery = discoveryOf(*game);
    // P0 drew the second 57 to refill its hand: it fits nowhere, so 23 took its place at once.
    EXPECT_EQ(names(*game, discovery.hand(0)), (std::vector<std::string>{"15", "23"}));
    // P1's held 57 fits nowhere now that its turn has come: out, and 15 (the next tile) replaces it.
    EXPECT_EQ(game->activePlayer(), 1);
    EXPECT_EQ(names(*game, discovery.hand(1)), (std::vector<std::string>{"03", "15"}));
    EXPECT_EQ(names(*game, game->tileChoices()), (std::vector<std::string>{"03", "15"}));
    std::vector<std::string> discarded;
    for (const auto& e : game->events())
        if (e.type == EventType::TileDiscarded) discarded.push_back(game->tileSet().designs[e.design].name);
    EXPECT_EQ(discarded, (std::vector<std::string>{"57", "57"}));
    EXPECT_EQ(game->tilesDiscarded(), 2);
    EXPECT_EQ(game->drawPileSize(), 1);
}

TEST(DiscoveryDoubleTile, TheGameEndsWhenEveryHeldTileIsPlacedOrDiscarded) {
    // The pile runs out after the deal; P1's 57 is discarded on its turn and P1 plays on with 03;
    // once P0's 15 is placed nobody holds a tile and the game is over.
    auto game = play(R"(
        carcassonne 2
        mode discovery
        players 2
        seed 1
        option discovery.double-tile=on
        deck 04 15 03 57
        place 04 1,0 r0
        pass
        place 03 0,1 r0
        pass
    )");
    ASSERT_TRUE(game);
    EXPECT_FALSE(game->over());
    EXPECT_EQ(game->activePlayer(), 0);
    EXPECT_EQ(names(*game, game->tileChoices()), (std::vector<std::string>{"15"}));
    ASSERT_EQ(game->apply(Action::place(game->tileSet().findDesign("15"), {0, 2}, 0)), "");
    if (!game->over()) {
        ASSERT_EQ(game->apply(Action::pass()), "");
    }
    EXPECT_TRUE(game->over());
    EXPECT_EQ(game->tilesPlaced(), 3);
    EXPECT_EQ(game->tilesDiscarded(), 1);
    EXPECT_EQ(game->tilesInHands(), 0);
}

TEST(DiscoveryDoubleTile, TheDealReproducesFromTheSeed) {
    for (std::uint64_t seed : {3u, 4u, 5u}) {
        auto a = newGame(3, seed, true, false);
        auto b = newGame(3, seed, true, false);
        ASSERT_TRUE(a && b);
        for (int p = 0; p < 3; ++p) {
            EXPECT_EQ(discoveryOf(*a).hand(p), discoveryOf(*b).hand(p));
            EXPECT_EQ(discoveryOf(*a).hand(p).size(), 2u);
        }
    }
    auto c = newGame(3, 3, true, false);
    auto d = newGame(3, 6, true, false);
    EXPECT_NE(discoveryOf(*c).hand(0), discoveryOf(*d).hand(0));
}

TEST(DiscoveryDoubleTile, WithoutTheOptionNobodyHoldsAHand) {
    auto game = newGame(2, 1, false, false);
    ASSERT_TRUE(game);
    EXPECT_TRUE(discoveryOf(*game).hand(0).empty());
    EXPECT_EQ(game->tileChoices().size(), 1u);
    EXPECT_EQ(game->tilesInHands(), 1);
}

TEST(DiscoveryDoubleTile, ForSearchOnlyTheViewersOwnHandStaysKnown) {
    auto game = newGame(3, 8, true, false);
    ASSERT_TRUE(game);
    // Play a few turns first so that the hands are not simply the first tiles of the pile.
    Rng choices(1);
    while (game->turnNumber() < 5 || game->phase() != Phase::PlaceTile) game->apply(game->randomLegalAction(choices));
    ASSERT_NE(game->activePlayer(), 1);
    const auto& before = discoveryOf(*game);
    const int viewer = 1;
    auto unseen = [&](const DiscoveryGame& g) {
        std::vector<int> pool;
        for (int p = 0; p < g.playerCount(); ++p)
            if (p != viewer) pool.insert(pool.end(), g.hand(p).begin(), g.hand(p).end());
        const auto census = g.remainingCensus();
        for (std::size_t d = 0; d < census.size(); ++d) pool.insert(pool.end(), census[d], static_cast<int>(d));
        std::sort(pool.begin(), pool.end());
        return pool;
    };

    auto copyA = game->clone();
    auto copyB = game->clone();
    Rng rngA(5), rngB(5);
    copyA->redeterminize(viewer, rngA);
    copyB->redeterminize(viewer, rngB);
    const auto& a = discoveryOf(*copyA);
    EXPECT_EQ(a.hand(viewer), before.hand(viewer));  // the viewer's own hand is known
    EXPECT_EQ(unseen(a), unseen(before));            // the unknown tiles are the same tiles
    for (int p = 0; p < 3; ++p) EXPECT_EQ(a.hand(p).size(), before.hand(p).size());
    EXPECT_EQ(copyA->tileChoices(), a.hand(copyA->activePlayer()));
    EXPECT_EQ(copyA->stateText(), copyB->stateText());  // same sample from the same generator

    // Over a few samples the other hands do change, and the copies still play to the end.
    bool changed = false;
    for (std::uint64_t seed = 10; seed < 15; ++seed) {
        auto copy = game->clone();
        Rng rng(seed);
        copy->redeterminize(viewer, rng);
        changed =
            changed || discoveryOf(*copy).hand(0) != before.hand(0) || discoveryOf(*copy).hand(2) != before.hand(2);
        while (!copy->over()) ASSERT_EQ(copy->apply(copy->randomLegalAction(rng)), "");
    }
    EXPECT_TRUE(changed);
}

// ---- Equal turns

TEST(DiscoveryEqualTurns, RemovesOneTwoThreeOrThreeTilesForTwoToFivePlayers) {
    // RULES.md §4: 83 tiles to draw; with 5 players 3 go, leaving 80 (the rule page's 1 leaves 82).
    const std::map<int, int> expected = {{2, 1}, {3, 2}, {4, 3}, {5, 3}};
    for (const auto& [players, count] : expected) {
        auto game = newGame(players, 11, false, true);
        ASSERT_TRUE(game);
        EXPECT_EQ(game->tilesSetAside(), count) << players << " players";
        EXPECT_EQ(static_cast<int>(discoveryOf(*game).setAsideTiles().size()), count);
        EXPECT_EQ(game->drawPileSize() + game->tilesInHands(), 83 - count);
    }
    auto without = newGame(4, 11, false, false);
    EXPECT_EQ(without->tilesSetAside(), 0);
}

TEST(DiscoveryEqualTurns, TheTilesSetAsideFollowFromTheSeedAndAreLoggedFaceUp) {
    auto a = newGame(4, 21, false, true);
    auto b = newGame(4, 21, false, true);
    ASSERT_TRUE(a && b);
    const auto& aside = discoveryOf(*a).setAsideTiles();
    EXPECT_EQ(aside, discoveryOf(*b).setAsideTiles());
    std::vector<int> logged;
    for (const auto& e : a->events())
        if (e.type == EventType::TileSetAside) logged.push_back(e.design);
    EXPECT_EQ(logged, aside);
    EXPECT_NE(a->stateText().find("set aside"), std::string::npos);

    // Other seeds set other tiles aside (at least one of a few differs).
    bool differs = false;
    for (std::uint64_t seed = 22; seed < 26 && !differs; ++seed)
        differs = discoveryOf(*newGame(4, seed, false, true)).setAsideTiles() != aside;
    EXPECT_TRUE(differs);
}

// The tiles a game draws, in order, playing the first legal action each time.
std::vector<std::string> drawOrder(const Game& game) {
    std::vector<std::string> drawn;
    auto copy = game.clone();
    while (!copy->over()) {
        drawn.push_back(copy->tileSet().designs[copy->tileChoices().front()].name);
        copy->apply(copy->legalActions().front());
        while (!copy->over() && copy->phase() != Phase::PlaceTile) copy->apply(Action::pass());
    }
    return drawn;
}

TEST(DiscoveryEqualTurns, WithADeckLineTheLastTilesOfTheLineAreRemovedSoTheLineStaysTheDrawOrder) {
    auto three = play(R"(
        carcassonne 2
        mode discovery
        players 3
        seed 7
        option discovery.equal-turns=on
        deck 15 57 03 04 23 16
    )");
    ASSERT_TRUE(three);
    EXPECT_EQ(names(*three, discoveryOf(*three).setAsideTiles()), (std::vector<std::string>{"23", "16"}));
    EXPECT_EQ(drawOrder(*three), (std::vector<std::string>{"15", "57", "03", "04"}));

    auto five = play(R"(
        carcassonne 2
        mode discovery
        players 5
        seed 7
        option discovery.equal-turns=on
        option discovery.double-tile=on
        deck 15 57 03 04 23 16 02 20 15 15 14 02 09
    )");
    ASSERT_TRUE(five);
    EXPECT_EQ(names(*five, discoveryOf(*five).setAsideTiles()), (std::vector<std::string>{"14", "02", "09"}));
    // Set aside first, then dealt from the front of the line: seat 0 gets 15 57, seat 1 03 04, ...
    EXPECT_EQ(names(*five, discoveryOf(*five).hand(0)), (std::vector<std::string>{"15", "57"}));
    EXPECT_EQ(names(*five, discoveryOf(*five).hand(4)), (std::vector<std::string>{"15", "15"}));
}

TEST(DiscoveryEqualTurns, AVersionOneRecordKeepsTheRemovalItWasPlayedWith) {
    // Records written before record version 2 replay as they were played (docs/record-format.md,
    // "Versioning"): one tile removed with five players, and the seed's pick among a deck line.
    auto five = play(R"(
        carcassonne 1
        mode discovery
        players 5
        seed 11
        option discovery.equal-turns=on
    )");
    ASSERT_TRUE(five);
    EXPECT_EQ(five->tilesSetAside(), 1);
    auto deck = play(R"(
        carcassonne 1
        mode discovery
        players 3
        seed 7
        option discovery.equal-turns=on
        deck 15 57 03 04 23 16
    )");
    ASSERT_TRUE(deck);
    EXPECT_NE(names(*deck, discoveryOf(*deck).setAsideTiles()), (std::vector<std::string>{"23", "16"}));
}

TEST(DiscoveryEqualTurns, InAVersionOneRecordSetAsideTilesAreNeverDrawnAndTheRestKeepsItsOrder) {
    // Version 1: the seed picks which of the deck line's tiles are removed; the others keep their order.
    auto game = play(R"(
        carcassonne 1
        mode discovery
        players 3
        seed 7
        option discovery.equal-turns=on
        deck 15 57 03 04 23 16
    )");
    ASSERT_TRUE(game);
    const auto aside = names(*game, discoveryOf(*game).setAsideTiles());
    ASSERT_EQ(aside.size(), 2u);
    std::vector<std::string> rest = {"15", "57", "03", "04", "23", "16"};
    for (const auto& name : aside) rest.erase(std::find(rest.begin(), rest.end(), name));
    EXPECT_EQ(drawOrder(*game), rest);
}

TEST(DiscoveryEqualTurns, EveryPlayerGetsAsManyTurnsWithTwoToFivePlayers) {
    for (int players = 2; players <= 5; ++players) {
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            carc::Setup setup;
            setup.mode = "discovery";
            setup.players = players;
            setup.seed = seed;
            setup.options = {{"discovery.equal-turns", "on"}};
            auto played = playRandomGame(setup, seed);
            ASSERT_TRUE(played.game && played.game->over());
            if (played.game->tilesDiscarded() > 0) continue;  // a discard shifts the turns
            std::vector<int> turns(players, 0);
            for (const auto& e : played.game->events())
                if (e.type == EventType::TilePlaced) ++turns[e.player];
            EXPECT_EQ(std::count(turns.begin(), turns.end(), turns[0]), players)
                << players << " players, seed " << seed;
        }
    }
}

TEST(DiscoveryVariants, BothVariantsTogetherSetAsideFirstThenDeal) {
    auto game = newGame(4, 5, true, true);
    ASSERT_TRUE(game);
    EXPECT_EQ(game->tilesSetAside(), 3);
    EXPECT_EQ(game->tilesInHands(), 8);
    EXPECT_EQ(game->drawPileSize(), 83 - 3 - 8);
}

}  // namespace
}  // namespace carc::test
