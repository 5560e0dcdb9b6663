// Gold Rush hides more than the draw pile: the mining tokens' values (RULES.md §5).
#include "goldrush_game.hpp"

namespace carc::goldrush {

void GoldRushGame::redeterminize(int viewer, Rng& rng) {
    Game::redeterminize(viewer, rng);
    tokens_.resample(viewer, over(), rng);
}

}  // namespace carc::goldrush
