// The AI on dealt records (docs/record-format.md), in every mode and variant: at random points of random
// games, every seat's and the spectator's dealt record is read back as `carc hint` reads it, and
//  - its determinization for any viewer keeps exactly what both the record and the viewer know: it is
//    the seeded game's own determinization for the viewer when the record is the viewer's, the
//    spectator's otherwise (same generator, same sample), so it never uses a value the viewer may not
//    see, and the sample plays on to the end;
//  - every AI level (tiny budgets) and the random and greedy bots decide on it, and each decision is
//    legal in the real game for the seat to move; a record that does not know the tile to play (another
//    seat's face-down hand) gets no advice.
// Sized for CI: a few seconds in Release, fewer games under the sanitizers; CARC_DEALT_VIEW_GAMES sets
// the games per variant.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ostream>

#include "carc/bots.hpp"
#include "carc/mcts.hpp"
#include "carc/seat_view.hpp"
#include "carc/turn_advisor.hpp"
#include "scenario.hpp"
#include "variant.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define CARC_DEALT_VIEW_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CARC_DEALT_VIEW_SANITIZED 1
#endif
#endif
#ifndef CARC_DEALT_VIEW_SANITIZED
#define CARC_DEALT_VIEW_SANITIZED 0
#endif

namespace carc::test {
namespace {

// Every mode, and every option's other value at least once.
std::vector<Variant> variants() {
    return {{"base", {}},
            {"base+tunnel", {}},
            {"base+tunnel", {{"tunnel.same-turn", "on"}, {"tunnel.steal", "on"}}},
            {"base+tunnel", {{"tunnel.tokens", "spielbox"}, {"tunnel.own-road", "on"}, {"tunnel.no-blocking", "on"}}},
            {"newworld", {}},
            {"newworld", {{"newworld.final-bonus", "on"}, {"newworld.surveyor-start", "track"}}},
            {"discovery", {}},
            {"discovery", {{"discovery.double-tile", "on"}}},
            {"discovery", {{"discovery.equal-turns", "on"}}},
            {"discovery", {{"discovery.double-tile", "on"}, {"discovery.equal-turns", "on"}}},
            {"goldrush", {}},
            {"goldrush", {{"goldrush.farmers", "off"}, {"goldrush.remove-cowboy", "on"}}}};
}

int gamesPerVariant() {
    if (const char* text = std::getenv("CARC_DEALT_VIEW_GAMES"); text && std::atoi(text) > 0) return std::atoi(text);
    return CARC_DEALT_VIEW_SANITIZED ? 2 : 4;
}
constexpr int kPointsPerGame = 3;

// The seeded game after the first `length` actions of a record.
std::unique_ptr<Game> gameAfter(const Record& record, std::size_t length) {
    Problem error;
    auto game = catalog().newGame(record.setup, error);
    EXPECT_TRUE(game) << error;
    for (std::size_t i = 0; game && i < length; ++i) EXPECT_EQ(game->apply(record.actions[i]), "");
    return game;
}

// Every value a game holds, one reveal line each (readable in a failure).
std::string secretsText(const Game& game) {
    std::string text;
    for (const Reveal& r : game.secretsKnown()) text += revealText(r, game.tileSet()) + '\n';
    return text;
}

std::unique_ptr<Game> determinized(const Game& game, int viewer, std::uint64_t seed) {
    auto copy = game.clone();
    copy->setEventLog(false);
    Rng rng(seed);
    copy->redeterminize(viewer, rng);
    return copy;
}

// A dealt game of `seat` determinized for `viewer` against the seeded game's determinization.
void checkDeterminization(const Game& full, const Game& dealt, int seat, int viewer, std::uint64_t seed) {
    // What both know: the viewer's own view when the record is theirs, only the public otherwise.
    const int common = seat == viewer ? viewer : -1;
    auto fromDealt = determinized(dealt, viewer, seed);
    auto fromFull = determinized(full, common, seed);
    ASSERT_EQ(secretsText(*fromDealt), secretsText(*fromFull)) << "seat " << seat << " viewer " << viewer;
    ASSERT_EQ(fromDealt->stateText(), fromFull->stateText()) << "seat " << seat << " viewer " << viewer;
    // Every value the record showed the viewer stays; the sample leaves nothing unknown.
    const auto sampled = fromDealt->secretsKnown();
    for (const Reveal& r : dealt.secretsVisibleTo(viewer))
        ASSERT_NE(std::find(sampled.begin(), sampled.end(), r), sampled.end())
            << "viewer " << viewer << " lost " << revealText(r, dealt.tileSet());
    ASSERT_FALSE(fromDealt->waitingForReveal());
    // The sample is a game like any other: it plays on to the end.
    Rng choices(seed + 1);
    while (!fromDealt->over()) ASSERT_EQ(fromDealt->apply(fromDealt->randomLegalAction(choices)), "");
}

// A turn's actions must be legal one after the other in the real game, by the seat to move.
void checkLegalTurn(const Game& full, const std::vector<Action>& actions, const std::string& who) {
    auto real = full.clone();
    const int mover = full.activePlayer();
    for (const Action& action : actions) {
        ASSERT_EQ(real->activePlayer(), mover) << who;
        ASSERT_EQ(real->apply(action), "") << who << ": " << actionText(action, full.tileSet());
        if (real->over() || real->turnNumber() != full.turnNumber()) break;
    }
}

// Every AI level, with a budget that only exercises the code paths (priors included where the level
// has them), and the reference bots.
void checkDecisions(const Game& full, const Game& dealt, int seat, std::uint64_t seed) {
    const std::string where = "seat " + std::to_string(seat) + " turn " + std::to_string(dealt.turnNumber());
    for (const char* level : {"easy", "medium", "hard"}) {
        auto config = ai::levelConfig(level);
        ASSERT_TRUE(config);
        config->iterations = 6;
        config->playoutTurns = 1;
        ai::TurnAdvisor advisor(*config, seed);
        advisor.start(dealt);
        int slices = 0;
        while (!advisor.step(4)) ASSERT_LT(++slices, 1000) << where;
        if (dealt.waitingForReveal()) {
            EXPECT_TRUE(advisor.actions().empty()) << where << ": advice without the tile to play";
            continue;
        }
        ASSERT_FALSE(advisor.actions().empty()) << where;
        checkLegalTurn(full, advisor.actions(), where + " " + level);
    }
    if (dealt.waitingForReveal()) return;
    for (const char* name : {"random", "greedy"}) {
        auto bot = makeBot(name, seed);
        ASSERT_TRUE(bot);
        checkLegalTurn(full, {bot->choose(dealt)}, where + " " + name);
    }
}

class DealtViewAi : public ::testing::TestWithParam<Variant> {};

TEST_P(DealtViewAi, EverySeatsRecordDeterminizesByWhatItKnowsAndGetsLegalDecisions) {
    const Variant& variant = GetParam();
    const ModeInfo* mode = findMode(variant.mode);
    ASSERT_TRUE(mode);
    Rng seeds(0xDEA1 + variant.options.size() * 31 + variant.mode.size());
    for (int g = 0; g < gamesPerVariant(); ++g) {
        const carc::Setup setup = randomSetup(variant, *mode, seeds);
        auto played = playRandomGame(setup, seeds.next());
        ASSERT_TRUE(played.game && played.game->over());
        for (int point = 0; point < kPointsPerGame; ++point) {
            Record prefix = played.record;
            prefix.actions.resize(seeds.below(static_cast<std::uint32_t>(played.record.actions.size())));
            auto full = gameAfter(prefix, prefix.actions.size());
            ASSERT_TRUE(full && !full->over());
            for (int seat = -1; seat < setup.players; ++seat) {
                Record view;
                ASSERT_EQ(dealtRecordFor(prefix, seat, catalog(), view), "");
                // Read back from its text, as `carc hint FILE` reads it.
                const std::string text = formatRecord(view, full->tileSet());
                Replay loaded = replayText(text, catalog());
                ASSERT_EQ(loaded.error, "") << text;
                const Game& dealt = *loaded.game;
                for (int viewer = -1; viewer < setup.players && !HasFatalFailure(); ++viewer)
                    checkDeterminization(*full, dealt, seat, viewer, seeds.next());
                if (HasFatalFailure()) return;
                checkDecisions(*full, dealt, seat, seeds.next());
                if (HasFatalFailure()) return;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(AllModes, DealtViewAi, ::testing::ValuesIn(variants()),
                         [](const ::testing::TestParamInfo<Variant>& param) {
                             std::string name = param.param.mode;
                             for (const auto& [k, v] : param.param.options)
                                 name += "_" + k.substr(k.find('.') + 1) + "_" + v;
                             std::replace_if(
                                 name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
                             return name;
                         });

}  // namespace
}  // namespace carc::test
