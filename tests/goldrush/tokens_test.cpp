// Gold Rush mining tokens: who takes which token, the nuggets they are worth at the end, and that a
// token's value stays hidden from everyone but its holder until the game is over. These games stack
// the token supply (top first) the way a record's `deck` line stacks the tiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <sstream>

#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "carc/event_json.hpp"
#include "carc/feature_report.hpp"
#include "carc/record.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using goldrush::GoldRushGame;
using goldrush::kHiddenToken;

std::unique_ptr<GoldRushGame> stackedGame(const std::string& header, const std::vector<int>& tokens) {
    Replay setup = replay(header);
    EXPECT_EQ(setup.error, "");
    if (!setup.game) return nullptr;
    std::string error;
    auto tiles = catalog().tileSet("goldrush", error);
    std::vector<std::int8_t> supply(tokens.begin(), tokens.end());
    return std::make_unique<GoldRushGame>(setup.game->setup(), tiles, supply);
}

std::vector<Action> parseMoves(const std::string& moves, const TileSet& tiles) {
    std::vector<Action> actions;
    std::istringstream lines(moves);
    std::string line;
    Problem error;
    while (std::getline(lines, line)) {
        auto action = parseAction(line, tiles, error);
        EXPECT_TRUE(action) << line << ": " << error;
        if (action) actions.push_back(*action);
    }
    return actions;
}

void playMoves(GoldRushGame& game, const std::string& moves) {
    for (const auto& action : parseMoves(moves, game.tileSet()))
        ASSERT_EQ(game.apply(action), "") << actionText(action, game.tileSet());
}

// BLUE's gold miner on 42 (west of 0,1), RED's on 08 (east of 0,1); BLUE's tent on 52 mines the
// west mountain empty; BLUE's 42 at 0,1 joins both and completes a mountain of 1+1+2+1 = 5 symbols.
const std::string kTiedHeader =
    "carcassonne 1\nmode goldrush\nplayers 2\nseed 1\nnames BLUE,RED\n"
    "deck 01 01 42 08 52 26 26 26 26 26 42 12\n";
const std::string kTiedMoves =
    "place 01 -1,0 r0\npass\n"
    "place 01 1,0 r0\npass\n"
    "place 42 -1,1 r0\nfollower 0\n"   // BLUE's miner: 1 token (t1)
    "place 08 1,1 r3\nfollower 0\n"    // RED's miner: 2 tokens (t2, t3)
    "place 52 -2,1 r1\ntent -2,1 0\n"  // joins BLUE's mountain: 1 token (t4)
    "place 26 2,0 r0\npass\n"
    "place 26 -2,0 r0\nmine\n"  // BLUE mines t4
    "place 26 3,0 r0\npass\n"
    "place 26 -3,0 r0\nmine\n"  // then t1
    "place 26 4,0 r0\npass\n";
const std::string kTiedCompletion = "place 42 0,1 r0\npass\n";  // t5 on top of t2, t3

TEST(GoldRushTokens, TiedMinersTakeTheRemainingTokensInTurnStartingWithTheActivePlayer) {
    //                                   t0 (start) t1 t2 t3 t4 t5
    auto game = stackedGame(kTiedHeader, {1, 1, 3, 5, 2, 0});
    ASSERT_TRUE(game);
    playMoves(*game, kTiedMoves);
    EXPECT_EQ(game->tokenValues(0, 0), (std::vector<int>{2, 1}));
    EXPECT_EQ(game->stackSize({1, 1}, 0), 2);
    playMoves(*game, kTiedCompletion);
    // BLUE (active) takes t5, RED t3, BLUE t2; both score the 5 nugget symbols.
    EXPECT_EQ(game->tokenValues(0, 0), (std::vector<int>{2, 1, 0, 3}));
    EXPECT_EQ(game->tokenValues(1, 1), (std::vector<int>{5}));
    EXPECT_EQ(pointsFor(*game, 0, "mountain"), 5);
    EXPECT_EQ(pointsFor(*game, 1, "mountain"), 5);
    EXPECT_EQ(game->tentSegment(0), -1);
}

// Three players: BLUE's miner on the west mountain, GREEN's on the east one; the last move is a 42
// at 0,1 that joins and completes them, with the stack t1 t4 t2 t3 and t5 on top.
std::unique_ptr<GoldRushGame> blueAndGreenTied(const std::string& moreDeck, const std::string& completion) {
    const std::string header =
        "carcassonne 1\nmode goldrush\nplayers 3\nseed 1\nnames BLUE,RED,GREEN\n"
        "deck 01 01 12 42 12 08 52 " +
        moreDeck + " 01\n";
    //                               t0 t1 t2 t3 t4 t5
    auto game = stackedGame(header, {0, 1, 2, 3, 5, 2});
    if (!game) return nullptr;
    playMoves(*game,
              "place 01 -1,0 r0\npass\n"
              "place 01 1,0 r0\npass\n"
              "place 12 2,0 r0\npass\n"
              "place 42 -1,1 r0\nfollower 0\n"  // BLUE: t1
              "place 12 3,0 r0\npass\n"
              "place 08 1,1 r3\nfollower 0\n"  // GREEN: t2, t3
              "place 52 -2,1 r1\npass\n" +     // closes the west end: t4
                  completion);
    return game;
}

TEST(GoldRushTokens, WhenTheActivePlayerIsNotTiedTheNextTiedPlayerClockwiseStarts) {
    auto game = blueAndGreenTied("42", "place 42 0,1 r0\npass\n");  // RED completes; clockwise: GREEN first
    ASSERT_TRUE(game);
    EXPECT_EQ(game->tokenValues(2, 2), (std::vector<int>{2, 2, 1}));  // t5, t2, t1
    EXPECT_EQ(game->tokenValues(0, 0), (std::vector<int>{3, 5}));     // t3, t4
    EXPECT_EQ(game->tokensHeld(1), 0);
    EXPECT_EQ(pointsFor(*game, 0, "mountain"), 5);
    EXPECT_EQ(pointsFor(*game, 2, "mountain"), 5);
    EXPECT_EQ(pointsFor(*game, 1, "mountain"), 0);
}

TEST(GoldRushTokens, ATiedActivePlayerTakesTheFirstToken) {
    auto game = blueAndGreenTied("12 42", "place 12 4,0 r0\npass\nplace 42 0,1 r0\npass\n");  // GREEN completes
    ASSERT_TRUE(game);
    EXPECT_EQ(game->tokenValues(2, 2), (std::vector<int>{2, 2, 1}));
    EXPECT_EQ(game->tokenValues(0, 0), (std::vector<int>{3, 5}));
}

TEST(GoldRushTokens, BlueTurnsOverNineTokensWorthSixteenNuggets) {
    // BLUE's miner on 38 north of the start tile; 08, 08 and 52 close the mountain: 9 tokens for BLUE.
    const std::string header = "carcassonne 1\nmode goldrush\nplayers 2\nseed 1\nnames BLUE,RED\ndeck 38 08 08 52\n";
    auto game = stackedGame(header, {1, 2, 1, 2, 5, 2, 0, 2, 1});
    ASSERT_TRUE(game);
    playMoves(*game,
              "place 38 0,-1 r0\nfollower 0\n"
              "place 08 -1,-1 r1\npass\n"
              "place 08 1,-1 r3\npass\n"
              "place 52 0,-2 r2\npass\n");
    ASSERT_TRUE(game->over());
    EXPECT_EQ(game->tokensHeld(0), 9);
    EXPECT_EQ(pointsFor(*game, 0, "mountain"), 9);
    EXPECT_EQ(pointsFor(*game, 0, "gold", When::Final), 16);
    std::string detail;
    for (const auto& e : game->events())
        if (e.type == EventType::Scored && game->scoreCategories()[e.category] == "gold") detail = wording(e, *game);
    EXPECT_EQ(detail, "3x1 + 4x2 + 1x5 + 1x0 = 16");
    // Over: everyone sees every token.
    auto seenByRed = game->tokenValues(1, 0);
    std::sort(seenByRed.begin(), seenByRed.end());
    EXPECT_EQ(seenByRed, (std::vector<int>{0, 1, 1, 1, 2, 2, 2, 2, 5}));
}

// ---- The order of a stack (RULES.md §5, "Stacks, decisions"). Seed 003: a tile's tokens are put
// "pe jetoanele de exploatare existente" (on the existing tokens); the rest are the project's decisions.

const std::string kStackHeader = "carcassonne 2\nmode goldrush\nplayers 2\nseed 1\nnames BLUE,RED\n";

TEST(GoldRushStacks, ATilesTokensGoOnOneAtATimeSoTheLastOnePutIsMinedFirst) {
    // 38 (3 nugget symbols) joins the start tile's mountain: t0 below, then t1 t2 t3; BLUE's tent on
    // 38 mines t3, then t2.
    //                                                              t0 t1 t2 t3
    auto game = stackedGame(kStackHeader + "deck 38 01 01 01 01 01\n", {0, 1, 2, 3, 5, 5});
    ASSERT_TRUE(game);
    playMoves(*game,
              "place 38 0,-1 r0\ntent 0,-1 0\n"
              "place 01 1,0 r0\npass\n"
              "place 01 -1,0 r0\nmine\n"
              "place 01 2,0 r0\npass\n"
              "place 01 -2,0 r0\nmine\n");
    EXPECT_EQ(game->tokenValues(0, 0), (std::vector<int>{3, 2}));
    EXPECT_EQ(game->stackSize({0, 0}, 0), 2);  // t0 and t1 still there
}

// The feature card (carc/feature_report.hpp) shows a mountain's stack as it shrinks and whose tent is on it.
TEST(GoldRushStacks, TheFeatureCardCountsTheStackAndNamesTheTentOnTheMountain) {
    auto game = stackedGame(kStackHeader + "deck 38 01 01 01 01 01\n", {0, 1, 2, 3, 5, 5});
    ASSERT_TRUE(game);
    const auto pieces = [&](Pos pos) {
        std::vector<std::string> out;
        const auto report = reportFeature(*game, pos, 0);
        if (report)
            for (const auto& p : report->pieces)
                out.push_back(p.name + " " + std::to_string(p.count) + " " + std::to_string(p.player));
        return out;
    };
    EXPECT_EQ(pieces({0, 0}), (std::vector<std::string>{"mining_token 1 -1"}));
    playMoves(*game, "place 38 0,-1 r0\ntent 0,-1 0\n");
    EXPECT_EQ(pieces({0, 0}), (std::vector<std::string>{"mining_token 4 -1", "tent 1 0"}));
    playMoves(*game, "place 01 1,0 r0\npass\nplace 01 -1,0 r0\nmine\n");
    EXPECT_EQ(pieces({0, -1}), (std::vector<std::string>{"mining_token 3 -1", "tent 1 0"}));
    // Not a mountain: nothing of Gold Rush's own on it.
    const auto railroad = reportFeature(*game, {1, 0}, 0);
    ASSERT_TRUE(railroad);
    EXPECT_NE(railroad->kind, "mountain");
    EXPECT_TRUE(railroad->pieces.empty());
}

TEST(GoldRushStacks, WhenATileJoinsTwoMountainsTheStackBegunLaterGoesOnTop) {
    // The start tile's stack (t0) was begun first, 08's (t1 t2) later; BLUE's 17 joins them, lays
    // t3 t4 t5 on top and completes the mountain, where BLUE's gold miner alone takes the tokens
    // from the top down.
    //                                                        t0 t1 t2 t3 t4 t5
    auto game = stackedGame(kStackHeader + "deck 01 08 17 01\n", {0, 1, 2, 3, 5, 5});
    ASSERT_TRUE(game);
    playMoves(*game,
              "place 01 1,0 r0\npass\n"
              "place 08 1,-1 r3\npass\n"
              "place 17 0,-1 r1\nfollower 0\n");
    EXPECT_EQ(game->tokenValues(0, 0), (std::vector<int>{5, 5, 3, 2, 1, 0}));
    EXPECT_EQ(pointsFor(*game, 0, "mountain", When::DuringPlay), 6);  // 1 + 2 + 3 nugget symbols
}

TEST(GoldRushStacks, MiningIsOfferedOnlyWhileTheStackUnderTheTentHoldsAToken) {
    auto game = stackedGame(kStackHeader + "deck 01 01 01 01 01 01\n", {2, 1, 1, 1});
    ASSERT_TRUE(game);
    auto offersMine = [&] {
        const auto legal = game->legalActions();
        return std::find(legal.begin(), legal.end(), Action::mine()) != legal.end();
    };
    playMoves(*game,
              "place 01 1,0 r0\ntent 0,0 0\n"
              "place 01 -1,0 r0\npass\n"
              "place 01 2,0 r0\n");
    EXPECT_TRUE(offersMine());
    playMoves(*game,
              "mine\n"  // the start tile's only token
              "place 01 -2,0 r0\npass\n"
              "place 01 3,0 r0\n");
    EXPECT_EQ(game->stackSize({0, 0}, 0), 0);
    EXPECT_FALSE(offersMine());
    EXPECT_EQ(game->whyIllegal(Action::mine()), "the mountain under your tent has no mining token left");
}

TEST(GoldRushStacks, OnceTheSupplyIsEmptyTilesGetWhatIsLeftThenNothing) {
    // Two tokens in the whole supply: t0 on the start tile, t1 for 38's three symbols, none for 08.
    auto game = stackedGame(kStackHeader + "deck 38 08 01\n", {3, 5});
    ASSERT_TRUE(game);
    playMoves(*game, "place 38 0,-1 r0\npass\n");
    EXPECT_EQ(game->stackSize({0, 0}, 0), 2);
    EXPECT_EQ(game->tokensInSupply(), 0);
    ASSERT_EQ(game->apply(Action::place(game->tileSet().findDesign("08"), {0, 1}, 2)), "");
    EXPECT_EQ(game->stackSize({0, 1}, 0), 0);  // a mountain of its own, and no token for it
    EXPECT_EQ(game->tokensInBox(), 2);
    std::vector<std::string> laid;
    for (const auto& e : game->events())
        if (const std::string text = wording(e, *game); text.find("laid face down") != std::string::npos)
            laid.push_back(text);
    EXPECT_EQ(laid, (std::vector<std::string>{
                        "1 mining token laid face down on the mountain (stack of 1)",
                        "1 mining token laid face down on the mountain (stack of 2); the supply is empty",
                        "0 mining tokens laid face down on the mountain (stack of 0); the supply is empty",
                    }));
}

// ---- Hidden information.

struct PublicView {
    std::string state;
    std::vector<std::string> events;
    std::vector<Action> legal;
    std::vector<int> ifEndedNow;
    std::vector<std::vector<int>> othersTokens;  // what each player sees of each other player's
};

PublicView publicView(const GoldRushGame& game) {
    PublicView view;
    view.state = game.stateText();
    for (const auto& e : game.events()) view.events.push_back(json::dump(json::event(e, game)));
    view.legal = game.legalActions();
    view.ifEndedNow = game.scoresIfEndedNow();
    for (int viewer = 0; viewer < game.playerCount(); ++viewer)
        for (int holder = 0; holder < game.playerCount(); ++holder)
            if (viewer != holder) view.othersTokens.push_back(game.tokenValues(viewer, holder));
    return view;
}

TEST(GoldRushTokens, GamesDifferingOnlyInHiddenTokenValuesLookTheSameToOtherPlayers) {
    auto first = stackedGame(kTiedHeader, {1, 1, 3, 5, 2, 0, 2, 2});
    auto second = stackedGame(kTiedHeader, {5, 0, 2, 1, 3, 5, 0, 1});
    ASSERT_TRUE(first && second);
    for (const auto& action : parseMoves(kTiedMoves + kTiedCompletion, first->tileSet())) {
        ASSERT_EQ(first->apply(action), "");
        ASSERT_EQ(second->apply(action), "");
        const PublicView a = publicView(*first), b = publicView(*second);
        ASSERT_EQ(a.state, b.state) << actionText(action, first->tileSet());
        ASSERT_EQ(a.events, b.events);
        ASSERT_EQ(a.legal, b.legal);
        ASSERT_EQ(a.ifEndedNow, b.ifEndedNow);
        ASSERT_EQ(a.othersTokens, b.othersTokens);
        for (const auto& seen : a.othersTokens)
            for (int value : seen) ASSERT_EQ(value, kHiddenToken);
    }
    // The games do differ, as their holders see.
    EXPECT_EQ(first->tokensHeld(0), 4);
    EXPECT_NE(first->tokenValues(0, 0), second->tokenValues(0, 0));
}

TEST(GoldRushTokens, RedeterminizingForAViewerRedrawsOnlyWhatTheyCannotSee) {
    auto game = stackedGame(kTiedHeader, {1, 1, 3, 5, 2, 0});
    ASSERT_TRUE(game);
    playMoves(*game, kTiedMoves);
    ASSERT_EQ(game->tokenValues(0, 0), (std::vector<int>{2, 1}));
    int redrawn = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Rng rng(seed);
        auto forRed = game->clone();
        forRed->redeterminize(1, rng);
        const auto& sample = dynamic_cast<const GoldRushGame&>(*forRed);
        EXPECT_EQ(sample.stateText(), game->stateText());  // the public face is unchanged
        EXPECT_EQ(sample.tokensInBox(), game->tokensInBox());
        EXPECT_EQ(sample.tokensHeld(0), 2);
        if (sample.tokenValues(0, 0) != game->tokenValues(0, 0)) ++redrawn;  // BLUE's are hidden from RED

        auto forBlue = game->clone();
        forBlue->redeterminize(0, rng);
        EXPECT_EQ(dynamic_cast<const GoldRushGame&>(*forBlue).tokenValues(0, 0), game->tokenValues(0, 0));
    }
    EXPECT_GT(redrawn, 0);
}

TEST(GoldRushTokens, TheBoxHoldsSixtyThreeTokensWorth115Nuggets) {
    const auto box = goldrush::MiningTokens::box();
    EXPECT_EQ(box.size(), 63u);
    EXPECT_EQ(std::count(box.begin(), box.end(), 1), 10);
    EXPECT_EQ(std::count(box.begin(), box.end(), 2), 30);
    EXPECT_EQ(std::count(box.begin(), box.end(), 3), 10);
    EXPECT_EQ(std::count(box.begin(), box.end(), 5), 3);
    EXPECT_EQ(std::count(box.begin(), box.end(), 0), 10);
    EXPECT_EQ(std::accumulate(box.begin(), box.end(), 0), 115);
}

}  // namespace
}  // namespace carc::test
