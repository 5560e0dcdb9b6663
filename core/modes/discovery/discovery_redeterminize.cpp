// The Discovery hides the draw pile and, in the double-tile variant, the other players' hands.
#include <algorithm>

#include "discovery_game.hpp"

namespace carc::discovery {

void DiscoveryGame::redeterminize(int viewer, Rng& rng) {
    Game::redeterminize(viewer, rng);
    if (!variants_.doubleTile) return;
    // The other players' hands are as unknown as the pile: pool them, in canonical order, and deal again.
    std::vector<int> pool(deck_.begin() + deckNext_, deck_.end());
    for (int p = 0; p < playerCount(); ++p)
        if (p != viewer) pool.insert(pool.end(), hands_[p].begin(), hands_[p].end());
    std::sort(pool.begin(), pool.end());
    rng.shuffle(pool);
    auto next = pool.begin();
    for (int p = 0; p < playerCount(); ++p)
        if (p != viewer)
            for (int& design : hands_[p]) design = *next++;
    std::copy(next, pool.end(), deck_.begin() + deckNext_);
    if (activePlayer() != viewer && phase() == Phase::PlaceTile) choices_ = hands_[activePlayer()];
}

}  // namespace carc::discovery
