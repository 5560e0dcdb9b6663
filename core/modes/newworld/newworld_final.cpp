// Final scoring (RULES.md §3): incomplete trails, towns and farms by majority, then the plains'
// animals for their trappers. No surveyor moves; the surveyor bonus only with its option, and then
// for every settler scored, trappers included (a trapper is a settler scored in its column).
#include <algorithm>

#include "newworld_game.hpp"

namespace carc::newworld {

void NewWorldGame::finalScoring() {
    // Each feature once, in the order its first settler was placed; scoring returns its settlers.
    for (std::size_t i = 0; i < followers_.size();) {
        if (!standing(followers_[i])) {
            ++i;
            continue;
        }
        award(features().find(followers_[i].segment), true, finalBonus_);
    }
    std::vector<int> plains;
    for (std::size_t i = 0; i < followers_.size(); ++i) {
        const int root = features().find(followers_[i].segment);
        if (std::find(plains.begin(), plains.end(), root) != plains.end()) continue;
        plains.push_back(root);
        award(root, true, finalBonus_);
    }
}

}  // namespace carc::newworld
