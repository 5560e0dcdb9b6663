// Determinization of the mining tokens for the AI: what a viewer cannot see, sampled from what is
// unknown to them.
#include <algorithm>
#include <iterator>

#include "mining_tokens.hpp"

namespace carc::goldrush {

void MiningTokens::resample(int viewer, bool revealed, Rng& rng) {
    // What a player knows of the tokens is the box (a stacked supply, as tests set up, is no exception),
    // the same for a seeded game and a dealt one.
    std::vector<std::int8_t> unknownToViewer = box();
    std::sort(unknownToViewer.begin(), unknownToViewer.end());
    // A token keeps its value only if this game holds it and the viewer may see it (their own, all
    // once `revealed`); the others, wherever they lie (supply, stacks, other players, out of the game),
    // are drawn again from the rest. Without the viewer's own tokens a dealt game of another seat
    // keeps nothing but the public, which is nothing.
    std::vector<std::int8_t> kept;
    std::vector<std::size_t> hidden;
    for (std::size_t i = 0; i < supply_.size(); ++i) {
        if (supply_[i] != kUnknown && (revealed || seatMayKnow(seen_[i], viewer)))
            kept.push_back(supply_[i]);
        else
            hidden.push_back(i);
    }
    std::sort(kept.begin(), kept.end());
    // Both sorted: the multiset difference, by value, so only what is unknown shapes the draw.
    std::vector<std::int8_t> pool;
    pool.reserve(hidden.size());
    std::set_difference(unknownToViewer.begin(), unknownToViewer.end(), kept.begin(), kept.end(),
                        std::back_inserter(pool));
    rng.shuffle(pool);
    // The supply is as large as the box, so the pool covers every hidden token.
    for (std::size_t k = 0; k < hidden.size() && k < pool.size(); ++k) supply_[hidden[k]] = pool[k];
}

}  // namespace carc::goldrush
