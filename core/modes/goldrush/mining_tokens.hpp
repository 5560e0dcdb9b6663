// Gold Rush mining tokens (RULES.md §5): 63 face-down tokens, a stack per mountain, tokens held by
// players. A token's value is hidden: only its holder may see it, everyone once the game is over.
// Tokens are named by their position in the shuffled supply (the game's secrets of kind Token); a
// dealt game knows only the values revealed to it (kUnknown for the rest).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "carc/breakdown.hpp"
#include "carc/features.hpp"
#include "carc/problem.hpp"
#include "carc/rng.hpp"
#include "carc/secrets.hpp"

namespace carc::goldrush {

// What a viewer sees of a token whose value is hidden from them.
constexpr int kHiddenToken = -1;

class MiningTokens {
public:
    // The box: 10 x 1 nugget, 30 x 2, 10 x 3, 3 x 5, 10 x gravel (0), in this fixed order.
    static std::vector<std::int8_t> box();

    // `supply` is the face-down pile in the order tokens will be laid out (top first); kUnknown values
    // in a dealt game.
    MiningTokens(std::vector<std::int8_t> supply, int players);

    int supplyLeft() const { return static_cast<int>(supply_.size()) - nextInSupply_; }
    int outOfGame() const { return outOfGame_; }
    int held(int player) const { return static_cast<int>(held_[player].size()); }
    // Tokens on the stack of the mountain that `segment` belongs to.
    int stackSize(const Features& features, int segment) const;
    // Every token is somewhere: supply, a stack, a player, or out of the game.
    int total() const;

    // Lays up to `count` tokens from the supply onto the mountain's stack; returns how many it laid.
    int lay(const Features& features, int segment, int count);
    // Stacks of mountains that have become one are put together (the newer stack on top).
    void mergeJoined(const Features& features);
    // The top token of the mountain's stack goes face down to `player`; false when the stack is empty.
    bool take(const Features& features, int segment, int player);
    // The mountain's remaining tokens leave the game; returns how many.
    int discard(const Features& features, int segment);

    // The values of `holder`'s tokens as `viewer` may see them: kHiddenToken for each token unless
    // the viewer is the holder or the game is over (`revealed`).
    std::vector<int> valuesSeenBy(int viewer, int holder, bool revealed) const;
    // The nuggets on a player's tokens (final scoring only: reveals the values).
    int nuggets(int player) const;
    // A player's tokens turned over, one part per value (3x1 + 4x2 + 1x5 + 1x0): final scoring only.
    Breakdown breakdown(int player) const;

    // ---- Secrets: every token whose value `seat` may know (its own; all once `revealed`); a dealt
    // game's learning of one (no problem, or the reason it cannot).
    void visibleTo(int seat, bool revealed, std::vector<Reveal>& out) const;
    Problem reveal(int index, int value);

    // For search (AI): every value `viewer` (-1: a spectator) cannot see, or this game was not told,
    // is redrawn from the tokens not both known and visible (mining_tokens_resample.cpp); `revealed`:
    // the game is over, every value is visible. Only for copies: it changes the game's future.
    void resample(int viewer, bool revealed, Rng& rng);

    // Sizes of stacks, supply and holdings: the public face of the tokens, no values.
    std::string publicText(const Features& features) const;

private:
    struct Stack {
        std::int32_t segment = 0;         // any segment of the mountain; its root names the mountain
        std::vector<std::int8_t> tokens;  // supply positions, bottom first
    };
    int findStack(const Features& features, int segment) const;

    std::vector<std::int8_t> supply_;  // values by supply position
    std::vector<SeenBy> seen_;         // who has seen each token
    int nextInSupply_ = 0;
    std::vector<Stack> stacks_;
    std::vector<std::vector<std::int8_t>> held_;  // supply positions per player
    int outOfGame_ = 0;
};

}  // namespace carc::goldrush
