// The AI's evaluation (carc/evaluation.hpp): expected final scores from the scores if the game ended now
// plus each held open feature's chance of completion times what completing it would add.
#include <gtest/gtest.h>

#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "carc/evaluation.hpp"
#include "carc/mcts.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

// Open cities of fields counted at full weight (the default leaves them out).
const ai::EvaluationConfig kConfig = [] {
    ai::EvaluationConfig config;
    config.prospectWeight = 1.0;
    return config;
}();

// Red's knight in the city of the start tile D and F above it (a pennant): one side open (F's north).
// Blue's monk in the cloister B south of the start, three of its eight neighbours there (D's field row:
// none yet but the start tile and the road tiles beside it).
std::unique_ptr<Game> cityAndCloister(const std::string& deck) {
    return play(baseRecord(deck, R"(
        place F 0,-1 r1
        follower 0
        place B 0,1 r0
        follower 0
    )"));
}

TEST(AiEvaluation, AnOpenCityCountsItsCompletionBonusTimesItsChance) {
    auto game = cityAndCloister("F B A A J K E E U V");
    ASSERT_TRUE(game);
    const auto now = game->scoresIfEndedNow();
    const auto expected = ai::expectedScores(*game, kConfig);
    const int tilesToCome = game->drawPileSize() + game->tilesInHands();
    // The city: complete 2 tiles x 2 + pennant 2 = 6; at the end 2 + 1 = 3; one open side.
    EXPECT_DOUBLE_EQ(expected[0] - now[0], ai::completionChance(1, tilesToCome, kConfig) * (6 - 3));
    // The cloister: complete 9; at the end itself and its one neighbour (the start tile) = 2; seven
    // missing neighbours count as seven open sides.
    EXPECT_DOUBLE_EQ(expected[1] - now[1], ai::completionChance(7, tilesToCome, kConfig) * (9 - 2));
}

TEST(AiEvaluation, AFarmerCountsTheOpenCitiesOfItsFieldByTheirChance) {
    // Red's farmer in F's east field, which touches the open city of D and F (one side open).
    auto game = play(baseRecord("F B A A J K E E U V", R"(
        place F 0,-1 r1
        follower 1
    )"));
    ASSERT_TRUE(game);
    const auto now = game->scoresIfEndedNow();
    const auto expected = ai::expectedScores(*game, kConfig);
    const int tilesToCome = game->drawPileSize() + game->tilesInHands();
    EXPECT_EQ(now[0], 0);  // no completed city yet
    EXPECT_DOUBLE_EQ(expected[0], ai::completionChance(1, tilesToCome, kConfig) * 3);
    EXPECT_EQ(expected[1], now[1]);
}

TEST(AiEvaluation, TheChanceFallsWithOpenSidesAndWithFewTilesLeft) {
    EXPECT_EQ(ai::completionChance(0, 0, kConfig), 1.0);
    for (int open = 1; open < 8; ++open) {
        EXPECT_LT(ai::completionChance(open + 1, 60, kConfig), ai::completionChance(open, 60, kConfig));
        EXPECT_LT(ai::completionChance(open, 2, kConfig), ai::completionChance(open, 60, kConfig));
        EXPECT_GT(ai::completionChance(open, 1, kConfig), 0.0);
    }
}

TEST(AiEvaluation, WithoutFollowersOrAtTheEndItIsTheScoreIfEndedNow) {
    auto fresh = play("carcassonne 1\nmode base\nplayers 2\nseed 4\n");
    ASSERT_TRUE(fresh);
    const auto atStart = ai::expectedScores(*fresh, kConfig);
    ASSERT_EQ(atStart.size(), 2u);
    EXPECT_EQ(atStart[0], 0.0);
    EXPECT_EQ(atStart[1], 0.0);
    auto game = cityAndCloister("F B A");  // the pile runs out after A: the game is over
    ASSERT_TRUE(game);
    while (!game->over()) ASSERT_EQ(game->apply(game->legalActions().front()), "");
    const auto atEnd = ai::expectedScores(*game, kConfig);
    EXPECT_EQ(atEnd[0], game->scores()[0]);
    EXPECT_EQ(atEnd[1], game->scores()[1]);
}

// Completion from the cells a feature must fill (EvaluationConfig::cellFits): the city of D and F has
// one open side, F's north, facing the empty cell 0,-2, which takes only a tile with a city on its south.
const ai::EvaluationConfig kByCells = [] {
    ai::EvaluationConfig config;
    config.cellFits = true;
    return config;
}();

double cityGain(const std::string& deck, const ai::EvaluationConfig& config) {
    auto game = cityAndCloister(deck);
    if (!game) return -1;
    return ai::expectedScores(*game, config)[0] - game->scoresIfEndedNow()[0];
}

TEST(AiEvaluation, ACityFacingACellNoUnseenTileFitsNeverCompletes) {
    // Only roads and cloisters to come: nothing can close the city.
    EXPECT_EQ(cityGain("F B A A U V U V W X", kByCells), 0.0);
    // The open-sides estimate does not see it.
    EXPECT_GT(cityGain("F B A A U V U V W X", ai::EvaluationConfig{}), 0.0);
}

TEST(AiEvaluation, MoreFittingTilesToComeRaiseTheCitysChance) {
    // The same number of tiles to come; one, three or five of them have a city edge to fit 0,-2.
    const double one = cityGain("F B A A E U V U V W X", kByCells);
    const double three = cityGain("F B A A E E K U V W X", kByCells);
    const double five = cityGain("F B A A E E K K J W X", kByCells);
    EXPECT_GT(one, 0.0);
    EXPECT_LT(one, three);
    EXPECT_LT(three, five);
    // Filled for certain, the side still closes only at sideClosed's chance: complete 6, at the end 3.
    EXPECT_LT(five, kByCells.sideClosed * (6 - 3));
}

// Gold Rush: BLUE's gold miner on 54, which joins the start tile's mountain and its stack. Completing
// the mountain hands the stack's tokens to the miner (2 points each, as held tokens count before the
// end); left open, they leave the game.
TEST(AiEvaluation, AGoldRushMountainsMajorityExpectsTheTokensOnItsStack) {
    auto game = play(
        "carcassonne 1\nmode goldrush\nplayers 2\nseed 1\ndeck 54 01 01 01 12 12 12 12\n"
        "place 54 0,-1 r2\nfollower 0\n");
    ASSERT_TRUE(game);
    const int stack = dynamic_cast<const goldrush::GoldRushGame&>(*game).stackSize({0, 0}, 0);
    ASSERT_GT(stack, 1);
    const int mountain = game->features().find(game->followers().at(0).segment);
    EXPECT_EQ(game->completionSpoils(mountain), 2.0 * stack);
    ai::EvaluationConfig spoils = kConfig;
    spoils.spoilsWeight = 1.0;
    const int tilesToCome = game->drawPileSize() + game->tilesInHands();
    const int sides = (game->features().data(mountain).open + 2) / 3;
    const double chance = ai::completionChance(sides, tilesToCome, kConfig);
    EXPECT_GT(chance, 0.0);
    EXPECT_DOUBLE_EQ(ai::expectedScores(*game, spoils)[0] - ai::expectedScores(*game, kConfig)[0],
                     chance * 2.0 * stack);
    EXPECT_DOUBLE_EQ(ai::expectedScores(*game, spoils)[1], ai::expectedScores(*game, kConfig)[1]);
}

// Gold Rush: RED pitches a tent beside BLUE's gold miner; each of RED's turns to come can mine a token
// from the stack under it (2 points each, as a held token counts before the end), as long as it lasts.
TEST(AiEvaluation, AGoldRushTentCountsTheTokensItCanMineInTheTurnsLeft) {
    const std::string opening = "place 54 0,-1 r2\nfollower 0\nplace 08 -1,-1 r1\ntent 0,0 0\n";
    for (const std::string deck : {"54 08 01 01 12 12 12 12 26 26 26", "54 08 01 01"}) {
        auto game = play("carcassonne 1\nmode goldrush\nplayers 2\nseed 1\ndeck " + deck + "\n" + opening);
        ASSERT_TRUE(game);
        const auto& gold = dynamic_cast<const goldrush::GoldRushGame&>(*game);
        ASSERT_GE(gold.tentSegment(1), 0);
        const int stack = gold.stackSize({0, 0}, 0);
        ASSERT_GE(stack, 3);
        // BLUE is to play: RED starts every second of the tiles to come.
        ASSERT_EQ(game->activePlayer(), 0);
        const int redTurns = (game->drawPileSize() + game->tilesInHands()) / 2;
        EXPECT_EQ(gold.reachableSpoils(1, redTurns), 2.0 * std::min(redTurns, stack));
        EXPECT_EQ(gold.reachableSpoils(0, redTurns), 0.0);  // BLUE has no tent out
        ai::EvaluationConfig tents = kConfig;
        tents.reachWeight = 0.5;
        EXPECT_DOUBLE_EQ(ai::expectedScores(*game, tents)[1] - ai::expectedScores(*game, kConfig)[1],
                         0.5 * 2.0 * std::min(redTurns, stack))
            << deck;
        EXPECT_DOUBLE_EQ(ai::expectedScores(*game, tents)[0], ai::expectedScores(*game, kConfig)[0]);
    }
}

// The search measures its values from the lead at the decision (centred), followers in supply included:
// each worth followerWorth, fading linearly over the last worthFadeTiles tiles.
TEST(AiEvaluation, FollowersKeptBackAreWorthLessNearTheEnd) {
    auto game = cityAndCloister("F B A A J K E E U V");
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 0);
    const int supply = game->supply(0);
    const double toCome = game->drawPileSize() + game->tilesInHands();
    ASSERT_GT(toCome, 4);
    const auto baselineWith = [&](double fadeTiles) {
        ai::MctsConfig config;
        config.iterations = 1;
        config.centred = true;
        config.followerWorth = 3;
        config.worthFadeTiles = fadeTiles;
        ai::Mcts search(config, 1);
        search.start(*game);
        return search.baseline();
    };
    const double lead = game->scoresIfEndedNow()[0] - game->scoresIfEndedNow()[1];
    EXPECT_DOUBLE_EQ(baselineWith(0), lead + 3.0 * supply);
    EXPECT_DOUBLE_EQ(baselineWith(4), lead + 3.0 * supply);  // more tiles to come than the fade's
    EXPECT_DOUBLE_EQ(baselineWith(20), lead + 3.0 * supply * toCome / 20);
}

// New World: RED's sheriff in a one-tile town in column 1 (tile 17 west of Massachusetts, one open
// side), BLUE's trapper on the plain west of it (tile 02, column 2); both surveyors still on the coast
// (column 0); 38 tiles to come.
std::unique_ptr<Game> newWorldSettlers() {
    return play(R"(
        carcassonne 1
        mode newworld
        players 2
        seed 1
        deck 17 02 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41
        place 17 -1,2 r0
        follower 0
        place 02 -2,2 r0
        follower 1
    )");
}

TEST(AiEvaluation, ASettlerTheSurveyorsWillPassCountsOnlyItsChancesToStay) {
    auto game = newWorldSettlers();
    ASSERT_TRUE(game);
    ASSERT_EQ(game->followers().size(), 2u);
    ai::EvaluationConfig removals = kConfig;
    removals.removalStepsPerTile = 2;  // fast removals: the sheriff may go before the town is closed
    const auto ignoring = ai::expectedScores(*game, kConfig);
    const auto expected = ai::expectedScores(*game, removals);
    EXPECT_DOUBLE_EQ(expected[1], ignoring[1]);  // trappers stay to the end
    ASSERT_LT(expected[0], ignoring[0]);

    // The sheriff goes after 4 surveyor moves (both surveyors past column 1); none yet in 2 tiles
    // placed, so the pace is the assumed one over 10 tiles: (0 + 2 * 10) / (2 + 10) a tile. Closing
    // the town's one open side takes 6 tiles (EvaluationConfig::tilesPerSide).
    const int tilesToCome = game->drawPileSize() + game->tilesInHands();
    ASSERT_EQ(tilesToCome, 38);
    const double tilesUntilRemoved = 4 / (20.0 / 12);
    const double toEnd = tilesUntilRemoved / tilesToCome;
    const double toCompletion = tilesUntilRemoved / 6;
    const int town = game->followers()[0].segment;
    const int ifCompleted = game->featureScore(town, ScoreMoment::Completed).points();
    const int atEnd = game->featureScore(town, ScoreMoment::GameEnd).points();
    ASSERT_EQ(ifCompleted, 2);  // 2 a tile complete, 1 at the end
    ASSERT_EQ(atEnd, 1);
    const double done = ai::completionChance(1, tilesToCome, kConfig) * toCompletion;
    const double now = game->scoresIfEndedNow()[0];
    EXPECT_DOUBLE_EQ(expected[0], now + done * ifCompleted + (1 - done) * toEnd * atEnd - atEnd);
}

// The Discovery has no majorities: every follower scores its region for its owner when taken back, so
// with completion certain (every side closes, however few tiles are left) each player expects their
// score so far plus every follower of theirs at its region's complete value, whoever else shares the
// region and however many of their own followers are on it.
TEST(AiEvaluation, InTheDiscoveryEveryFollowerCountsItsRegionForItsOwner) {
    ai::EvaluationConfig certain;
    certain.sideClosed = 1.0;
    certain.tilesPerSide = 0.0;
    int sharedUnevenly = 0;  // followers a majority rule would count otherwise
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        carc::Setup setup;
        setup.mode = "discovery";
        setup.players = 2 + static_cast<int>(seed % 2);
        setup.seed = seed;
        playRandomGame(setup, seed * 7, [&](const Game& game, const Action&) {
            if (game.over()) return;
            std::vector<double> want(game.scores().begin(), game.scores().end());
            for (const Follower& follower : game.followers()) {
                const int complete = game.featureScore(follower.segment, ScoreMoment::Completed).points();
                const int atEnd = game.featureScore(follower.segment, ScoreMoment::GameEnd).points();
                want[follower.player] += std::max(complete, atEnd);
                // Where the other modes' majority rule (Game's own timesScored) counts it otherwise.
                const int root = game.features().find(follower.segment);
                if (game.Game::timesScored(root, follower.player) != game.timesScored(root, follower.player))
                    ++sharedUnevenly;
            }
            const std::vector<double> expected = ai::expectedScores(game, certain);
            for (int p = 0; p < game.playerCount(); ++p) ASSERT_NEAR(expected[p], want[p], 1e-9) << "player " << p;
        });
    }
    EXPECT_GT(sharedUnevenly, 0);  // the games did share regions unevenly
}

}  // namespace
}  // namespace carc::test
