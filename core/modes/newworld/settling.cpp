#include "settling.hpp"

#include <algorithm>
#include <optional>

namespace carc::newworld {

std::vector<Award> awardsFor(const std::vector<Claim>& claims, int points, const Surveyors& surveyors, bool withBonus) {
    std::vector<int> count;
    for (const Claim& c : claims) {
        if (c.removed) continue;
        if (static_cast<int>(count.size()) <= c.player) count.resize(c.player + 1, 0);
        ++count[c.player];
    }
    const int best = count.empty() ? 0 : *std::max_element(count.begin(), count.end());
    std::vector<Award> awards;
    if (best == 0) return awards;
    for (int player = 0; player < static_cast<int>(count.size()); ++player) {
        if (count[player] != best) continue;
        Award award{player, points, 0};
        if (withBonus) {
            for (int s = 0; s < Surveyors::kCount; ++s) {
                if (!surveyors.onBoard(s)) continue;
                const bool beside = std::any_of(claims.begin(), claims.end(), [&](const Claim& c) {
                    return !c.removed && c.player == player && c.column == surveyors.column(s);
                });
                if (beside) ++award.surveyors;
            }
        }
        awards.push_back(award);
    }
    return awards;
}

namespace {

struct Outcome {
    std::vector<int> points;
    Surveyors surveyors;
    friend bool operator==(const Outcome&, const Outcome&) = default;
};

// Scores the features in every order (depth first) and stops at the first outcome that differs.
class OrderExplorer {
public:
    OrderExplorer(int westernmost, int players) : westernmost_(westernmost), players_(players) {}

    bool differs(std::vector<PendingFeature> features, const Surveyors& surveyors) {
        explore(features, std::vector<bool>(features.size(), false), Outcome{std::vector<int>(players_, 0), surveyors});
        return differs_;
    }

private:
    void explore(const std::vector<PendingFeature>& features, const std::vector<bool>& done, const Outcome& now) {
        if (differs_) return;
        bool any = false;
        for (std::size_t i = 0; i < features.size() && !differs_; ++i) {
            if (done[i]) continue;
            any = true;
            std::vector<PendingFeature> next = features;
            std::vector<bool> nextDone = done;
            nextDone[i] = true;
            Outcome after = now;
            scoreOne(next, i, after);
            explore(next, nextDone, after);
        }
        if (any) return;
        if (!first_)
            first_ = now;
        else if (!(*first_ == now))
            differs_ = true;
    }

    // The same steps as the game's: award, then (if anyone scored) move, then leave settlers behind.
    void scoreOne(std::vector<PendingFeature>& features, std::size_t index, Outcome& outcome) const {
        const auto awards = awardsFor(features[index].claims, features[index].points, outcome.surveyors, true);
        if (awards.empty()) return;
        for (const Award& a : awards) outcome.points[a.player] += a.points + a.bonus();
        for (Claim& c : features[index].claims) c.removed = true;  // scored and returned
        const auto move = outcome.surveyors.afterScoredFeature(westernmost_);
        if (move.step != Surveyors::Step::Moved) return;
        const int front = outcome.surveyors.easternmost();
        for (auto& feature : features)
            for (Claim& c : feature.claims)
                if (c.column < front) c.removed = true;
    }

    int westernmost_;
    int players_;
    std::optional<Outcome> first_;
    bool differs_ = false;
};

}  // namespace

bool scoringOrderMatters(const std::vector<PendingFeature>& features, const Surveyors& surveyors, int westernmost,
                         int players) {
    if (features.size() < 2) return false;
    if (static_cast<int>(features.size()) > kMaxExplored) return true;
    return OrderExplorer(westernmost, players).differs(features, surveyors);
}

}  // namespace carc::newworld
