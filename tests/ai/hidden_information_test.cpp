// The AI never reads what its player cannot see: two games that differ only in hidden information
// (the order of the undrawn tiles, mining-token values, the other player's hand) give the same
// thinking for the same AI seed, option by option and visit by visit.
#include <gtest/gtest.h>

#include <algorithm>

#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "carc/bots.hpp"
#include "carc/mcts.hpp"
#include "carc/record.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

// Playouts run to the end of the game, so that any hidden value that leaked would show in the scores;
// their players pass 60% of their optional steps (a tuning option that draws more random numbers).
ai::MctsConfig fullPlayouts(int iterations) {
    ai::MctsConfig config;
    config.iterations = iterations;
    config.playoutTurns = -1;
    config.playoutPassPercent = 60;
    return config;
}

void expectSameThinking(const Game& first, const Game& second, const ai::MctsConfig& config) {
    ai::Mcts a(config, 11), b(config, 11);
    EXPECT_EQ(a.choose(first), b.choose(second));
    const auto optionsA = a.rootOptions(), optionsB = b.rootOptions();
    ASSERT_EQ(optionsA.size(), optionsB.size());
    ASSERT_GT(optionsA.size(), 1u);
    for (std::size_t i = 0; i < optionsA.size(); ++i) {
        EXPECT_EQ(optionsA[i].action, optionsB[i].action);
        EXPECT_EQ(optionsA[i].visits, optionsB[i].visits);
        EXPECT_DOUBLE_EQ(optionsA[i].mean, optionsB[i].mean);
    }
}

std::string firstTurnsRecord(const std::string& deck) {
    return baseRecord(deck, R"(
        place F 0,-1 r1
        follower 0
        place B 0,1 r0
        pass
    )");
}

TEST(AiHiddenInformation, TheOrderOfTheUndrawnTilesDoesNotChangeTheThinking) {
    // Red is to place G; the same eight tiles are still to come, in two different orders.
    auto first = play(firstTurnsRecord("F B G B E B A A J K U V"));
    auto second = play(firstTurnsRecord("F B G V K J U A B A E B"));
    ASSERT_TRUE(first && second);
    ASSERT_EQ(first->stateText(), second->stateText());
    expectSameThinking(*first, *second, fullPlayouts(150));
}

// Every mode: the same four tiles played alike and the same fifth in hand, then the rest of the pile
// in two orders.
TEST(AiHiddenInformation, InEveryModeTheOrderOfTheUndrawnTilesDoesNotChangeTheThinking) {
    for (const auto& mode : allModes()) {
        const std::string header = "carcassonne 1\nmode " + mode.id + "\nplayers 2\nseed 1\n";
        Replay plain = replay(header);
        ASSERT_TRUE(plain.game) << plain.error;
        const TileSet& tiles = plain.game->tileSet();
        const std::vector<int> counts = tiles.deckCounts();
        std::vector<std::string> pile;
        for (std::size_t d = 0; d < counts.size() && pile.size() < 14; ++d)
            if (counts[d] > 0) pile.push_back(tiles.designs[d].name);
        std::vector<std::string> reordered = pile;
        std::reverse(reordered.begin() + 5, reordered.end());
        auto withDeck = [&](const std::vector<std::string>& deck) {
            std::string text = header + "deck";
            for (const auto& name : deck) text += " " + name;
            return play(text + "\n");
        };
        auto first = withDeck(pile), second = withDeck(reordered);
        ASSERT_TRUE(first && second) << mode.id;
        Rng choices(5);
        while (!first->over() && first->turnNumber() < 4) {
            const Action action = first->randomLegalAction(choices);
            ASSERT_EQ(first->apply(action), "") << mode.id;
            ASSERT_EQ(second->apply(action), "") << mode.id;
        }
        ASSERT_EQ(first->stateText(), second->stateText()) << mode.id;
        SCOPED_TRACE(mode.id);
        expectSameThinking(*first, *second, fullPlayouts(100));
    }
}

TEST(AiHiddenInformation, TheOrderOfTheUndrawnTilesIsWhatMakesTheDifferenceOtherwise) {
    // The check above can fail: the same game with a different remaining census thinks differently.
    auto first = play(firstTurnsRecord("F B G B E B A A J K U V"));
    auto other = play(firstTurnsRecord("F B G B E E D D D X W W"));
    ASSERT_TRUE(first && other);
    ai::Mcts a(fullPlayouts(150), 11), b(fullPlayouts(150), 11);
    a.choose(*first);
    b.choose(*other);
    bool differs = false;
    const auto optionsA = a.rootOptions(), optionsB = b.rootOptions();
    for (std::size_t i = 0; i < std::min(optionsA.size(), optionsB.size()); ++i)
        differs = differs || optionsA[i].mean != optionsB[i].mean;
    EXPECT_TRUE(differs || optionsA.size() != optionsB.size());
}

TEST(AiHiddenInformation, GoldRushTokenValuesOnStacksAndInTheSupplyStayUnread) {
    // The same game twice, with the mining tokens stacked differently: the start mountain's token
    // and one deep in the supply trade places (a 1-nugget token and gravel).
    std::string error;
    Replay header = replay("carcassonne 1\nmode goldrush\nplayers 2\nseed 3\n");
    ASSERT_TRUE(header.game) << header.error;
    auto tiles = catalog().tileSet("goldrush", error);
    std::vector<std::int8_t> tokens = goldrush::MiningTokens::box();
    std::vector<std::int8_t> swapped = tokens;
    std::swap(swapped.front(), swapped.back());
    ASSERT_NE(swapped.front(), tokens.front());
    goldrush::GoldRushGame first(header.game->setup(), tiles, tokens);
    goldrush::GoldRushGame second(header.game->setup(), tiles, swapped);
    // A few turns of the same random play in both (nobody has mined: every token is still unseen).
    Rng choices(5);
    for (int turn = 0; turn < 6; ++turn) {
        while (first.turnNumber() == turn) {
            const Action action = first.randomLegalAction(choices);
            if (action.type == ActionType::Mine) continue;
            ASSERT_EQ(first.apply(action), "");
            ASSERT_EQ(second.apply(action), "");
        }
    }
    ASSERT_EQ(first.stateText(), second.stateText());
    for (int p = 0; p < 2; ++p) ASSERT_EQ(first.tokensHeld(p), 0);
    expectSameThinking(first, second, fullPlayouts(150));
}

TEST(AiHiddenInformation, TheGreedyBotJudgesMiningWithoutPeekingAtTheToken) {
    // Red's tent stands on a mountain holding 8 tokens (yellow's miner is on it too); red has just
    // laid a tile. The tokens are all 5-nugget tokens in one game and all gravel in the other: red
    // cannot know which, so the greedy bot (and the AI) must decide alike. (Both judge by the
    // scores as if the game ended now, which count a held token at 2 nuggets until the end.)
    const std::string header =
        "carcassonne 1\nmode goldrush\nplayers 2\nseed 1\nnames YELLOW,RED\n"
        "deck 54 08 56 08 01 12 26 39 56\n";
    Replay setup = replay(header);
    ASSERT_TRUE(setup.game) << setup.error;
    std::string tilesetError;
    auto tiles = catalog().tileSet("goldrush", tilesetError);
    Problem error;
    goldrush::GoldRushGame gold(setup.game->setup(), tiles, std::vector<std::int8_t>(63, 5));
    goldrush::GoldRushGame gravel(setup.game->setup(), tiles, std::vector<std::int8_t>(63, 0));
    for (const char* line : {"place 54 0,-1 r2", "follower 0", "place 08 -1,-1 r1", "tent 0,0 0", "place 56 -1,0 r3",
                             "pass", "place 08 1,-1 r3"}) {
        const auto action = parseAction(line, gold.tileSet(), error);
        ASSERT_TRUE(action) << line << ": " << error;
        ASSERT_EQ(gold.apply(*action), "") << line;
        ASSERT_EQ(gravel.apply(*action), "") << line;
    }
    ASSERT_EQ(gold.whyIllegal(Action::mine()), "");
    ASSERT_EQ(gold.stateText(), gravel.stateText());
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
        EXPECT_EQ(makeBot("greedy", seed)->choose(gold), makeBot("greedy", seed)->choose(gravel)) << "seed " << seed;
    expectSameThinking(gold, gravel, fullPlayouts(150));
}

TEST(AiHiddenInformation, TheDiscoveryOpponentsHandStaysUnread) {
    // Double tile: red holds 01 and 02 either way; blue holds 03 and 04, or 05 and 04 with the 03
    // deep in the pile.
    auto record = [](const std::string& deck) {
        return "carcassonne 1\nmode discovery\nplayers 2\nseed 1\noption discovery.double-tile=on\ndeck " + deck + "\n";
    };
    auto first = play(record("01 02 03 04 05 06 07 08 09 10"));
    auto second = play(record("01 02 05 04 09 06 07 08 03 10"));
    ASSERT_TRUE(first && second);
    ASSERT_EQ(first->activePlayer(), 0);
    ASSERT_EQ(first->tileChoices(), second->tileChoices());
    expectSameThinking(*first, *second, fullPlayouts(150));
}

}  // namespace
}  // namespace carc::test
