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

}  // namespace

std::vector<double> expectedScores(const Game& game, const EvaluationConfig& config) {
    const std::vector<int> atEndNow = game.scoresIfEndedNow();
    std::vector<double> expected(atEndNow.begin(), atEndNow.end());
    if (game.over()) return expected;
    const Features& features = game.features();
    const int tilesToCome = game.drawPileSize() + game.tilesInHands();
    std::vector<int> roots;  // each feature once, however many followers hold it
    std::vector<Game::Prospect> prospects;
    for (const Follower& follower : game.followers()) {
        const int root = features.find(follower.segment);
        if (std::find(roots.begin(), roots.end(), root) != roots.end()) continue;
        roots.push_back(root);
        const std::uint32_t holders = features.majority(root);
        double value = 0;
        // What it gains when features it depends on are completed (a field's cities).
        game.featureProspects(root, prospects);
        for (const Game::Prospect& prospect : prospects)
            value += config.prospectWeight *
                     completionChance(openSides(game, prospect.feature, 0), tilesToCome, config) * prospect.points;
        const int ifCompleted = game.featureScore(root, ScoreMoment::Completed).points();
        const int atEnd = game.featureScore(root, ScoreMoment::GameEnd).points();
        const int gain = ifCompleted - atEnd;
        // Fields never complete; a road in base scores the same either way.
        if (gain > 0) value += completionChance(openSides(game, root, gain), tilesToCome, config) * gain;
        for (int p = 0; p < game.playerCount(); ++p)
            if (holders & (1u << p)) expected[p] += value;
    }
    return expected;
}

}  // namespace carc::ai
