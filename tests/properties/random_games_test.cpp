// Invariants over many random games, for every mode: followers and tiles are conserved, every action
// taken was listed as legal, scores never go down, and replaying the record (as text and as a link)
// reproduces the final state exactly.
#include <gtest/gtest.h>

#include <algorithm>

#include "carc/rng.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

class RandomGames : public ::testing::TestWithParam<std::string> {};

void checkConservation(const Game& game) {
    for (int p = 0; p < game.playerCount(); ++p) {
        const auto onBoard = std::count_if(game.followers().begin(), game.followers().end(),
                                           [&](const Follower& f) { return f.player == p; });
        ASSERT_EQ(game.supply(p) + onBoard, game.followersPerPlayer()) << "player " << p << "'s followers";
        ASSERT_GE(game.supply(p), 0);
    }
    ASSERT_EQ(
        game.tilesPlaced() + game.tilesDiscarded() + game.tilesSetAside() + game.drawPileSize() + game.tilesInHands(),
        game.deckSize())
        << "tiles";
}

TEST_P(RandomGames, ThousandGamesKeepEveryInvariant) {
    const ModeInfo* mode = findMode(GetParam());
    ASSERT_TRUE(mode);
    Rng seeds(0xC0FFEE);
    for (int g = 0; g < 1000; ++g) {
        carc::Setup setup;
        setup.mode = mode->id;
        setup.players = mode->minPlayers + static_cast<int>(seeds.below(mode->maxPlayers - mode->minPlayers + 1));
        setup.seed = seeds.next();
        std::vector<int> lastScores;
        std::vector<Action> legal;
        auto played = playRandomGame(setup, seeds.next(), [&](const Game& game, const Action& chosen) {
            checkConservation(game);
            game.legalActions(legal);
            ASSERT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end());
            for (std::size_t p = 0; p < lastScores.size(); ++p) {
                ASSERT_GE(game.scores()[p], lastScores[p]) << "score went down";
            }
            lastScores = game.scores();
        });
        ASSERT_TRUE(played.game);
        ASSERT_TRUE(played.game->over());
        checkConservation(*played.game);
        for (int p = 0; p < played.game->playerCount(); ++p) ASSERT_GE(played.game->scores()[p], lastScores[p]);
        if (HasFatalFailure()) return;
    }
}

TEST_P(RandomGames, TwoHundredRecordsReplayIdenticallyAsTextAndAsLinks) {
    const ModeInfo* mode = findMode(GetParam());
    ASSERT_TRUE(mode);
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        carc::Setup setup;
        setup.mode = mode->id;
        setup.players = 2 + static_cast<int>(seed % (mode->maxPlayers - 1));
        setup.seed = seed;
        auto played = playRandomGame(setup, seed * 7919);
        ASSERT_TRUE(played.game);
        const std::string text = formatRecord(played.record, played.game->tileSet());
        Replay fromText = replay(text);
        ASSERT_EQ(fromText.error, "") << text;
        EXPECT_EQ(fromText.game->stateText(), played.game->stateText()) << "seed " << seed;
        EXPECT_EQ(fromText.game->scores(), played.game->scores());
        EXPECT_EQ(formatRecord(fromText.record, fromText.game->tileSet()), text) << "text round trip";

        Record decoded;
        Problem error;
        ASSERT_TRUE(decodeRecord(encodeRecord(played.record, played.game->tileSet()), catalog(), decoded, error))
            << error;
        Replay fromLink = replayRecord(decoded, catalog());
        ASSERT_EQ(fromLink.error, "");
        EXPECT_EQ(fromLink.game->stateText(), played.game->stateText()) << "seed " << seed;
        if (HasFailure()) return;
    }
}

TEST_P(RandomGames, SameSeedSameTileSequenceWhateverThePlayersDo) {
    carc::Setup setup;
    setup.mode = GetParam();
    setup.players = 2;
    setup.seed = 77;
    auto drawn = [](const Game& game) {
        std::vector<int> designs;
        for (const auto& e : game.events())
            if (e.type == EventType::TileDrawn || e.type == EventType::TileDiscarded) designs.push_back(e.design);
        return designs;
    };
    auto a = playRandomGame(setup, 1);
    auto b = playRandomGame(setup, 2);
    ASSERT_TRUE(a.game && b.game);
    auto da = drawn(*a.game);
    auto db = drawn(*b.game);
    // Discards may differ with the board, but the deck order does not: compare the common prefix of
    // tiles drawn before the first discard in either game.
    std::size_t n = std::min(da.size(), db.size());
    for (std::size_t i = 0; i < n && i < 20; ++i) EXPECT_EQ(da[i], db[i]) << "draw " << i;
}

std::vector<std::string> modeIds() {
    std::vector<std::string> ids;
    for (const auto& m : allModes()) ids.push_back(m.id);
    return ids;
}

INSTANTIATE_TEST_SUITE_P(AllModes, RandomGames, ::testing::ValuesIn(modeIds()), modeParamName);

}  // namespace
}  // namespace carc::test
