// What Gold Rush tells the AI's evaluation beyond the feature cards (carc/evaluation.hpp): a mountain's
// majority takes the tokens left on its stack, and a tent can mine them first. A token counts as a held
// one does before the end (kEstimatedNuggetsPerToken).
#include <algorithm>

#include "goldrush_game.hpp"

namespace carc::goldrush {

double GoldRushGame::completionSpoils(int root) const {
    if (features().data(root).kind != mountainKind_) return 0.0;
    return static_cast<double>(kEstimatedNuggetsPerToken) * tokens_.stackSize(features(), root);
}

// Mining takes the top token under the tent, one a turn, while the mountain stays open.
double GoldRushGame::reachableSpoils(int player, int turns) const {
    if (tents_[player] < 0) return 0.0;
    return static_cast<double>(kEstimatedNuggetsPerToken) *
           std::min(turns, tokens_.stackSize(features(), tents_[player]));
}

}  // namespace carc::goldrush
