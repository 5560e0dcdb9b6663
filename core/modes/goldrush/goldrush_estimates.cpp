// What Gold Rush tells the AI's evaluation beyond the feature cards (carc/evaluation.hpp): a mountain's
// majority takes the tokens left on its stack, and a tent can mine them first.
#include <algorithm>

#include "goldrush_game.hpp"

namespace carc::goldrush {

namespace {

// The box holds 115 nuggets on 63 tokens; held tokens count 2 in a what-if (goldrush_scoring.cpp),
// so a token still on a stack counts the same.
constexpr double kNuggetsPerToken = 2.0;

}  // namespace

double GoldRushGame::completionSpoils(int root) const {
    if (features().data(root).kind != mountainKind_) return 0.0;
    return kNuggetsPerToken * tokens_.stackSize(features(), root);
}

// Mining takes the top token under the tent, one a turn, while the mountain stays open.
double GoldRushGame::reachableSpoils(int player, int turns) const {
    if (tents_[player] < 0) return 0.0;
    return kNuggetsPerToken * std::min(turns, tokens_.stackSize(features(), tents_[player]));
}

}  // namespace carc::goldrush
