// Determinization of the mining tokens for the AI: what a player cannot see, sampled from what they
// do not know.
#include <algorithm>

#include "mining_tokens.hpp"

namespace carc::goldrush {

void MiningTokens::resample(int viewer, Rng& rng) {
    // Unknown to the viewer: the box minus their own tokens. Tokens already out of the game are
    // unknown too, so the sample is drawn from the whole rest of the box, not from the tokens left.
    std::vector<std::int8_t> unknown = box();
    for (const std::int8_t mine : held_[viewer])
        unknown.erase(std::find(unknown.begin(), unknown.end(), supply_[static_cast<std::size_t>(mine)]));
    rng.shuffle(unknown);
    std::size_t next = 0;
    auto draw = [&](std::int8_t position) {
        if (next < unknown.size()) supply_[static_cast<std::size_t>(position)] = unknown[next++];
    };
    for (std::size_t i = static_cast<std::size_t>(nextInSupply_); i < supply_.size(); ++i)
        draw(static_cast<std::int8_t>(i));
    for (auto& stack : stacks_)
        for (auto token : stack.tokens) draw(token);
    for (std::size_t p = 0; p < held_.size(); ++p)
        if (static_cast<int>(p) != viewer)
            for (auto token : held_[p]) draw(token);
}

}  // namespace carc::goldrush
