// A bot thinking in slices (as the browser does, a few iterations per frame) decides exactly as it
// does when it thinks all at once.
#include <gtest/gtest.h>

#include "carc/bots.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(SlicedThinking, EveryBotDecidesTheSameInSlicesAsAtOnce) {
    carc::Setup setup;
    setup.mode = "base+tunnel";
    setup.players = 2;
    setup.seed = 31;
    int compared = 0;
    playRandomGame(setup, 5, [&](const Game& game, const Action&) {
        if (game.turnNumber() % 9 != 0) return;
        for (const char* name : {"random", "greedy", "easy", "medium"}) {
            auto whole = makeBot(name, 77);
            auto sliced = makeBot(name, 77);
            const Action once = whole->choose(game);
            sliced->begin(game);
            int slices = 0;
            while (!sliced->think(7)) ASSERT_LT(++slices, 10000) << name << " never finishes";
            EXPECT_EQ(sliced->decision(), once) << name << " at turn " << game.turnNumber();
            ++compared;
        }
    });
    EXPECT_GT(compared, 20);
}

}  // namespace
}  // namespace carc::test
