// Who scores a feature and how much, with the surveyor bonus; and whether the order in which one
// tile's completed features are scored can change anything (RULES.md §3, "Order").
// Pure functions over a small model of the settlers, shared by real scoring and by the look-ahead.
#pragma once

#include <vector>

#include "surveyors.hpp"

namespace carc::newworld {

// One settler on a feature about to be scored.
struct Claim {
    int player = 0;
    int column = 0;
    bool removed = false;  // left behind by a surveyor before its feature was scored
};

struct Award {
    int player = 0;
    int points = 0;     // the feature's value
    int surveyors = 0;  // surveyors in a column holding one of this player's settlers on it
    int bonus() const { return surveyors * Surveyors::kBonus; }
    // The bonus as the event log and the feature card word it.
    Breakdown bonusBreakdown() const {
        return Breakdown(ScoreRule::SurveyorBonus).add(PartKind::SurveyorsInColumn, surveyors, Surveyors::kBonus);
    }
};

// Majority players (most settlers not removed; ties all score) each earn `points`, plus the bonus
// for every surveyor whose column holds one of their settlers on the feature (if `withBonus`).
std::vector<Award> awardsFor(const std::vector<Claim>& claims, int points, const Surveyors& surveyors, bool withBonus);

// A completed feature waiting to be scored this turn, as the look-ahead sees it.
struct PendingFeature {
    int points = 0;
    std::vector<Claim> claims;
};

// True when scoring `features` in different orders can end with different scores or surveyors:
// each scored feature moves a surveyor, which can raise or lower the next bonus and leave the
// settlers of a later feature behind. Many features (more than kMaxExplored) count as "can change".
constexpr int kMaxExplored = 7;
bool scoringOrderMatters(const std::vector<PendingFeature>& features, const Surveyors& surveyors, int westernmost,
                         int players);

}  // namespace carc::newworld
