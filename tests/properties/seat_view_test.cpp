// Dealt records (docs/record-format.md): for whole random games in every mode and variant with hidden
// parts, each seat's dealt record replays to the same public position as the full game at every step,
// and the seat's own game never holds a value the rules hide from that seat: no tile before it is
// drawn, no other player's face-down hand, no other player's mining token, until the game is over.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "../../core/modes/discovery/discovery_game.hpp"
#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "carc/seat_view.hpp"
#include "scenario.hpp"
#include "variant.hpp"

namespace carc::test {
namespace {

std::vector<Variant> hiddenVariants() {
    return {{"base", {}},
            {"base+tunnel", {}},
            {"newworld", {}},
            {"discovery", {}},
            {"discovery", {{"discovery.double-tile", "on"}}},
            {"discovery", {{"discovery.equal-turns", "on"}}},
            {"discovery", {{"discovery.double-tile", "on"}, {"discovery.equal-turns", "on"}}},
            {"goldrush", {}}};
}

// The state every seat may see: stateText without other players' face-down hands.
std::string publicState(const Game& game, int seat) {
    std::istringstream in(game.stateText());
    std::string line, out;
    while (std::getline(in, line)) {
        if (line.rfind("hand ", 0) == 0 && line.rfind("hand " + std::to_string(seat) + " ", 0) != 0 &&
            line != "hand " + std::to_string(seat) && !game.over())
            continue;
        out += line + '\n';
    }
    return out;
}

// What the dealt game holds, checked against the rules (not against the visibility marks that
// produced it): drawn tiles only, own hand only, own tokens only.
void checkHoldsNothingHidden(const Game& full, const Game& dealt, int seat) {
    if (full.over()) return;
    const auto known = dealt.secretsKnown();
    const int drawn = full.deckSize() - full.drawPileSize();
    for (const Reveal& r : known)
        if (r.kind == SecretKind::Tile) {
            ASSERT_LT(r.index, drawn) << "seat " << seat << " knows a tile not drawn yet";
        }
    if (auto* d = dynamic_cast<const discovery::DiscoveryGame*>(&dealt)) {
        for (int p = 0; p < dealt.playerCount(); ++p) {
            if (p == seat) {
                ASSERT_EQ(d->hand(p), dynamic_cast<const discovery::DiscoveryGame&>(full).hand(p));
                continue;
            }
            for (int design : d->hand(p)) ASSERT_EQ(design, kUnknown) << "seat " << seat << " sees hand " << p;
        }
    }
    if (auto* g = dynamic_cast<const goldrush::GoldRushGame*>(&dealt)) {
        const auto tokens =
            std::count_if(known.begin(), known.end(), [](const Reveal& r) { return r.kind == SecretKind::Token; });
        ASSERT_EQ(tokens, seat >= 0 ? g->tokensHeld(seat) : 0) << "seat " << seat << " knows other tokens";
        if (seat >= 0) {
            auto mine = g->tokenValues(seat, seat);
            auto real = dynamic_cast<const goldrush::GoldRushGame&>(full).tokenValues(seat, seat);
            ASSERT_EQ(mine, real);
        }
    }
}

class SeatViewGames : public ::testing::TestWithParam<Variant> {};

TEST_P(SeatViewGames, EverySeatFollowsTheGameKnowingOnlyWhatItMay) {
    const Variant& variant = GetParam();
    const ModeInfo* mode = findMode(variant.mode);
    ASSERT_TRUE(mode);
    Rng seeds(0x5EA7 + variant.options.size());
    for (int g = 0; g < 12; ++g) {
        const carc::Setup setup = randomSetup(variant, *mode, seeds);
        auto played = playRandomGame(setup, seeds.next());
        ASSERT_TRUE(played.game && played.game->over());
        for (int seat = -1; seat < setup.players; ++seat) {
            Record view;
            ASSERT_EQ(dealtRecordFor(played.record, seat, catalog(), view), "");
            ASSERT_TRUE(view.setup.dealt);
            // Step by step: the full game and the seat's dealt game side by side.
            Problem error;
            auto full = catalog().newGame(played.record.setup, error);
            auto dealt = catalog().newGame(view.setup, error);
            ASSERT_TRUE(full && dealt) << error;
            std::size_t nextReveal = 0;
            for (std::size_t i = 0; i <= view.actions.size(); ++i) {
                ASSERT_EQ(publicState(*dealt, seat), publicState(*full, seat)) << "seat " << seat << " step " << i;
                checkHoldsNothingHidden(*full, *dealt, seat);
                if (HasFatalFailure()) return;
                if (i == view.actions.size()) break;
                for (; nextReveal < view.reveals.size() && view.reveals[nextReveal].before == i; ++nextReveal)
                    ASSERT_EQ(dealt->reveal(view.reveals[nextReveal].reveal), "");
                ASSERT_EQ(dealt->apply(view.actions[i]), "") << "seat " << seat << " action " << i;
                ASSERT_EQ(full->apply(view.actions[i]), "");
            }
            ASSERT_TRUE(dealt->over());
            EXPECT_EQ(dealt->scores(), full->scores());
            EXPECT_EQ(dealt->stateText(), full->stateText()) << "everything is shown at the end";
            // The text and link forms carry the same dealt record.
            const std::string text = formatRecord(view, dealt->tileSet());
            Replay again = replayText(text, catalog());
            ASSERT_EQ(again.error, "") << text;
            EXPECT_EQ(again.game->stateText(), full->stateText());
            EXPECT_EQ(formatRecord(again.record, dealt->tileSet()), text);
            Record fromLink;
            ASSERT_TRUE(decodeRecord(encodeRecord(view, dealt->tileSet()), catalog(), fromLink, error)) << error;
            EXPECT_EQ(formatRecord(fromLink, dealt->tileSet()), text);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(HiddenParts, SeatViewGames, ::testing::ValuesIn(hiddenVariants()),
                         [](const ::testing::TestParamInfo<Variant>& param) {
                             std::string name = param.param.mode;
                             for (const auto& [k, v] : param.param.options) name += "_" + k.substr(k.find('.') + 1);
                             std::replace_if(
                                 name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
                             return name;
                         });

}  // namespace
}  // namespace carc::test
