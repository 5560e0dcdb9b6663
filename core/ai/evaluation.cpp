#include "carc/evaluation.hpp"

#include <algorithm>

namespace carc::ai {

double completionChance(int openSides, int tilesToCome, const EvaluationConfig& config) {
    if (openSides <= 0) return 1.0;
    double chance = 1.0;
    for (int side = 0; side < openSides; ++side) chance *= config.sideClosed;
    const double needed = config.tilesPerSide * openSides;
    if (tilesToCome < needed) chance *= tilesToCome / needed;
    return chance;
}

namespace {

// Open sides of a feature: a path has one port per side (the edge's centre), an area or field up to
// three (the thirds of the edge); a feature on a single tile (a cloister) lacks a tile per missing point.
int openSides(const Game& game, int root, int gain) {
    const FeatureData& data = game.features().data(root);
    switch (game.tileSet().kinds[data.kind].cls) {
        case KindClass::Path:
            return data.open;
        case KindClass::Single:
            return gain;
        default:
            return (data.open + 2) / 3;
    }
}

struct Survival {
    double toEnd = 1.0;
    double toCompletion = 1.0;
};

// The mode's removal steps a tile: the game's pace so far, starting from the assumed one.
double removalPace(const Game& game, const EvaluationConfig& config) {
    return (game.removalStepsTaken() + config.removalStepsPerTile * config.removalPriorTiles) /
           (game.tilesPlaced() + config.removalPriorTiles);
}

// Chances that `player`'s last follower on `root` is still there at the game's end and when the
// feature could be completed (`sides` open sides), at `pace` removal steps a tile.
Survival survivalOf(const Game& game, int root, int player, int tilesToCome, int sides, double pace,
                    const EvaluationConfig& config) {
    Survival survival;
    int stepsLeft = -1;
    for (const Follower& follower : game.followers()) {
        if (follower.player != player || game.features().find(follower.segment) != root) continue;
        const int left = game.removalStepsLeft(follower);
        if (left < 0) return survival;  // one that is never taken keeps the feature
        stepsLeft = std::max(stepsLeft, left);
    }
    if (stepsLeft < 0 || tilesToCome <= 0) return survival;
    const double tilesUntilRemoved = stepsLeft / pace;
    survival.toEnd = std::min(1.0, tilesUntilRemoved / tilesToCome);
    const double tilesToComplete = std::min<double>(tilesToCome, config.tilesPerSide * std::max(1, sides));
    survival.toCompletion = std::min(1.0, tilesUntilRemoved / tilesToComplete);
    return survival;
}

}  // namespace

std::vector<double> expectedScores(const Game& game, const EvaluationConfig& config) {
    const std::vector<int> atEndNow = game.scoresIfEndedNow();
    std::vector<double> expected(atEndNow.begin(), atEndNow.end());
    if (game.over()) return expected;
    const Features& features = game.features();
    const int tilesToCome = game.drawPileSize() + game.tilesInHands();
    std::vector<int> roots;  // each feature once, however many followers hold it
    std::vector<Game::Prospect> prospects;
    const bool removals = config.removalStepsPerTile > 0;
    const double pace = removals ? removalPace(game, config) : 0.0;
    for (const Follower& follower : game.followers()) {
        const int root = features.find(follower.segment);
        if (std::find(roots.begin(), roots.end(), root) != roots.end()) continue;
        roots.push_back(root);
        double prospectValue = 0;
        // What it gains when features it depends on are completed (a field's cities).
        game.featureProspects(root, prospects);
        for (const Game::Prospect& prospect : prospects)
            prospectValue += config.prospectWeight *
                             completionChance(openSides(game, prospect.feature, 0), tilesToCome, config) *
                             prospect.points;
        const int ifCompleted = game.featureScore(root, ScoreMoment::Completed).points();
        const int atEnd = game.featureScore(root, ScoreMoment::GameEnd).points();
        const int gain = ifCompleted - atEnd;
        // Fields never complete; a road in base scores the same either way.
        const int sides = gain > 0 ? openSides(game, root, gain) : 0;
        const double chance = gain > 0 ? completionChance(sides, tilesToCome, config) : 0.0;
        const double value = prospectValue + chance * gain;
        for (int p = 0; p < game.playerCount(); ++p) {
            const int times = game.timesScored(root, p);
            if (times == 0) continue;
            const Survival survival =
                removals ? survivalOf(game, root, p, tilesToCome, sides, pace, config) : Survival{};
            if (survival.toEnd >= 1.0 && survival.toCompletion >= 1.0) {
                expected[p] += times * value;
                continue;
            }
            const double done = chance * survival.toCompletion;
            expected[p] += times * (prospectValue * survival.toEnd + done * ifCompleted +
                                    (1.0 - done) * survival.toEnd * atEnd - atEnd);
        }
    }
    return expected;
}

}  // namespace carc::ai
