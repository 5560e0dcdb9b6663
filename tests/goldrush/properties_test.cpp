// Gold Rush invariants over many random games, with every combination of the options: mining tokens
// are conserved, tents stand only where they may, token values stay hidden from other players until
// the end and then score exactly their nuggets, and records replay to the same game.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "carc/record.hpp"
#include "carc/rng.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using goldrush::GoldRushGame;

carc::Setup randomSetup(Rng& rng) {
    carc::Setup setup;
    setup.mode = "goldrush";
    setup.players = 2 + static_cast<int>(rng.below(4));
    setup.seed = rng.next();
    if (rng.below(2)) setup.options.emplace_back("goldrush.farmers", "off");
    if (rng.below(2)) setup.options.emplace_back("goldrush.remove-cowboy", "on");
    return setup;
}

void checkTokensAndTents(const GoldRushGame& game) {
    ASSERT_EQ(game.tokensInBox(), 63) << "mining tokens conserved";
    for (int p = 0; p < game.playerCount(); ++p) {
        const int tent = game.tentSegment(p);
        if (tent < 0) continue;
        ASSERT_EQ(game.kindName(tent), "mountain");
        for (const auto& f : game.followers()) ASSERT_NE(f.segment, tent) << "a tent shares its segment with a cowboy";
        for (int q = 0; q < p; ++q) ASSERT_NE(game.tentSegment(q), tent) << "two tents on one segment";
        if (game.phase() == Phase::PlaceTile) {
            ASSERT_NE(game.features().data(game.features().find(tent)).open, 0) << "a tent on a complete mountain";
        }
    }
    for (int viewer = 0; viewer < game.playerCount(); ++viewer)
        for (int holder = 0; holder < game.playerCount(); ++holder) {
            const auto seen = game.tokenValues(viewer, holder);
            ASSERT_EQ(static_cast<int>(seen.size()), game.tokensHeld(holder));
            if (viewer != holder && !game.over()) {
                for (int v : seen) ASSERT_EQ(v, goldrush::kHiddenToken) << "a token's value leaked";
            }
        }
    if (!game.farmersAllowed()) {
        for (const auto& f : game.followers()) ASSERT_NE(game.kindName(f.segment), "prairie");
    }
}

TEST(GoldRushProperties, ThousandRandomGamesConserveTokensAndKeepThemHidden) {
    Rng rng(0x601D);
    for (int g = 0; g < 1000; ++g) {
        const carc::Setup setup = randomSetup(rng);
        auto played = playRandomGame(setup, rng.next(), [&](const Game& game, const Action&) {
            checkTokensAndTents(dynamic_cast<const GoldRushGame&>(game));
        });
        ASSERT_TRUE(played.game && played.game->over());
        const auto& game = dynamic_cast<const GoldRushGame&>(*played.game);
        checkTokensAndTents(game);
        if (HasFatalFailure()) return;
        // At the end every token lies face up with a player or out of the game, and gold is their sum.
        int held = 0;
        for (int p = 0; p < game.playerCount(); ++p) {
            const auto values = game.tokenValues((p + 1) % game.playerCount(), p);
            held += static_cast<int>(values.size());
            EXPECT_EQ(pointsFor(game, p, "gold"), std::accumulate(values.begin(), values.end(), 0));
            EXPECT_EQ(game.tentSegment(p), -1);
        }
        EXPECT_EQ(held + game.tokensOutOfGame() + game.tokensInSupply(), 63);
        if (HasFailure()) return;
    }
}

TEST(GoldRushProperties, TwoHundredSeededGamesWithOptionsReplayIdentically) {
    Rng rng(2026);
    for (int g = 0; g < 200; ++g) {
        const carc::Setup setup = randomSetup(rng);
        auto played = playRandomGame(setup, rng.next());
        ASSERT_TRUE(played.game);
        const std::string text = formatRecord(played.record, played.game->tileSet());
        Replay again = replay(text);
        ASSERT_EQ(again.error, "") << text;
        EXPECT_EQ(again.game->stateText(), played.game->stateText());
        EXPECT_EQ(again.game->scores(), played.game->scores());
        EXPECT_EQ(scoringLog(*again.game), scoringLog(*played.game));
        if (HasFailure()) return;
    }
}

TEST(GoldRushProperties, TheSameSeedLaysTheSameTokensWhateverThePlayersDo) {
    // The start tile's token is the first of the seeded shuffle: completing that mountain at once
    // with a gold miner gives it (and the next one) to the first player, whatever came before.
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const std::string header = "carcassonne 1\nmode goldrush\nplayers 2\nseed " + seedToText(seed) + "\n";
        auto direct = play(header + "deck 52 01 01\nplace 52 0,-1 r2\nfollower 0\n");
        auto later = play(
            header + "deck 01 01 52 01\nplace 01 1,0 r0\npass\nplace 01 -1,0 r0\npass\nplace 52 0,-1 r2\nfollower 0\n");
        ASSERT_TRUE(direct && later);
        const auto& a = dynamic_cast<const GoldRushGame&>(*direct);
        const auto& b = dynamic_cast<const GoldRushGame&>(*later);
        EXPECT_EQ(a.tokenValues(0, 0), b.tokenValues(0, 0)) << "seed " << seed;
    }
}

}  // namespace
}  // namespace carc::test
