// Refusals carry parameters (text, lists), but checking a legal action must stay as cheap as before for
// the AI's playouts: Game::whyIllegal allocates nothing when the action is legal. Counted by replacing
// the global operator new in this test program (not under AddressSanitizer, which owns it there).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <new>

#include "carc/rng.hpp"
#include "scenario.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define CARC_COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CARC_COUNT_ALLOCATIONS 0
#endif
#endif
#ifndef CARC_COUNT_ALLOCATIONS
#define CARC_COUNT_ALLOCATIONS 1
#endif

namespace {
long allocations = 0;
bool counting = false;
}  // namespace

#if CARC_COUNT_ALLOCATIONS
void* operator new(std::size_t size) {
    if (counting) ++allocations;
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
#endif

namespace carc::test {
namespace {

TEST(LegalCheck, CheckingALegalActionAllocatesNothing) {
    if (!CARC_COUNT_ALLOCATIONS) GTEST_SKIP() << "AddressSanitizer replaces operator new";
    long checks = 0;
    for (const ModeInfo& mode : allModes()) {
        carc::Setup setup;
        setup.mode = mode.id;
        setup.players = mode.minPlayers + 1;
        setup.seed = 77;
        for (const auto& option : mode.options) setup.options.emplace_back(option.key, option.values.back());
        std::sort(setup.options.begin(), setup.options.end());
        Problem problem;
        auto game = catalog().newGame(setup, problem);
        ASSERT_TRUE(game) << problem;
        game->setEventLog(false);
        Rng rng(3);
        std::vector<Action> legal;
        while (!game->over()) {
            game->legalActions(legal);
            game->whyIllegal(legal.front());  // the first check may size the game's scratch space
            int refused = 0;
            allocations = 0;
            counting = true;
            for (const Action& action : legal)
                if (game->whyIllegal(action)) ++refused;
            counting = false;
            ASSERT_EQ(refused, 0) << mode.id << ": a listed legal action was refused";
            checks += static_cast<long>(legal.size());
            ASSERT_EQ(allocations, 0) << mode.id << ": checking " << legal.size() << " legal actions allocated";
            game->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
    }
    EXPECT_GT(checks, 10000);
}

}  // namespace
}  // namespace carc::test
