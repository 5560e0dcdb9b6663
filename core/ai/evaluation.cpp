#include "carc/evaluation.hpp"

#include <algorithm>
#include <bit>
#include <optional>

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

// What the unseen tiles can do at each empty cell beside the board: how many of them fit there at all.
// A feature whose open side faces a cell no tile can fill never completes.
class CellFits {
public:
    CellFits(const Game& game, const EvaluationConfig& config) : game_(game), config_(config) {
        census_ = game.remainingCensus();
        for (int count : census_) unseen_ += count;
        fits_.assign(game.board().frontier().size(), -1);
        const int tilesToCome = game.drawPileSize() + game.tilesInHands();
        // Draws counted as chances to fill a given cell: a share of the tiles to come, at least one.
        draws_ = std::max(1, static_cast<int>(tilesToCome * config.drawShare + 0.5));
    }

    // Chance that a feature open towards `cell` is closed there: a tile that fits comes among the
    // draws, and then closes it (sideClosed).
    double closedAt(const FrontierCell& cell) {
        int& fitting = fits_[static_cast<std::size_t>(&cell - game_.board().frontier().data())];
        if (fitting < 0) fitting = countFitting(cell);
        if (fitting == 0 || unseen_ == 0) return 0.0;
        const double miss = 1.0 - static_cast<double>(fitting) / unseen_;
        double allMiss = 1.0;
        for (int draw = 0; draw < draws_; ++draw) allMiss *= miss;
        return config_.sideClosed * (1.0 - allMiss);
    }

private:
    int countFitting(const FrontierCell& cell) const {
        int tiles = 0;
        const std::vector<Design>& designs = game_.tileSet().designs;
        for (std::size_t d = 0; d < census_.size(); ++d)
            if (census_[d] > 0 && Board::fittingRotations(cell, designs[d]) != 0) tiles += census_[d];
        return tiles;
    }

    const Game& game_;
    const EvaluationConfig& config_;
    std::vector<int> census_;
    std::vector<int> fits_;  // per frontier cell, -1 until counted
    int unseen_ = 0;
    int draws_ = 1;
};

// The empty cells a feature's open edges face (each once), and the open ends that face no cell
// (The Tunnel's unlinked portals).
int openCells(const Game& game, int root, std::vector<const FrontierCell*>& cells) {
    cells.clear();
    const Board& board = game.board();
    const Features& features = game.features();
    features.forEachSegment(root, [&](int segment) {
        const SegmentInfo& info = features.segment(segment);
        const PlacedTile& tile = board.tiles()[static_cast<std::size_t>(info.tile)];
        const Design& design = game.tileSet().designs[static_cast<std::size_t>(tile.design)];
        for (int side = 0; side < 4; ++side) {
            const FrontierCell* cell = board.frontierAt(step(tile.pos, side));
            if (cell == nullptr || std::find(cells.begin(), cells.end(), cell) != cells.end()) continue;
            for (int third = 0; third < 3; ++third)
                if (design.segmentAt(tile.rotation, side * 3 + third) == info.index) {
                    cells.push_back(cell);
                    break;
                }
        }
    });
    const FeatureData& data = features.data(root);
    const bool path = game.tileSet().kinds[data.kind].cls == KindClass::Path;
    return path ? std::max(0, data.open - static_cast<int>(cells.size())) : 0;
}

// The feature's chance of completion from the cells it must fill; open ends without a cell count as
// sides of the plain estimate.
double cellChance(const Game& game, int root, CellFits& fits, std::vector<const FrontierCell*>& cells, int tilesToCome,
                  const EvaluationConfig& config) {
    const int unplaced = openCells(game, root, cells);
    double chance = unplaced > 0 ? completionChance(unplaced, tilesToCome, config) : 1.0;
    for (const FrontierCell* cell : cells) chance *= fits.closedAt(*cell);
    return chance;
}

// A feature's chance of completion: from the cells it must fill (cellFits; a feature on one tile has
// none) or from its open sides.
double chanceOf(const Game& game, int root, int sides, std::optional<CellFits>& fits,
                std::vector<const FrontierCell*>& cells, int tilesToCome, const EvaluationConfig& config) {
    const bool byCells =
        config.cellFits && game.tileSet().kinds[game.features().data(root).kind].cls != KindClass::Single;
    if (!byCells) return completionChance(sides, tilesToCome, config);
    if (!fits) fits.emplace(game, config);
    return cellChance(game, root, *fits, cells, tilesToCome, config);
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

// Turns `player` still starts, taking the tiles to come in seat order from the active player.
int turnsLeft(const Game& game, int player, int tilesToCome) {
    const int players = game.playerCount();
    const int behind = (player - game.activePlayer() + players) % players;
    return std::max(0, (tilesToCome - behind + players - 1) / players);
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
    std::optional<CellFits> fits;
    std::vector<const FrontierCell*> cells;
    if (config.reachWeight > 0)
        for (int p = 0; p < game.playerCount(); ++p)
            expected[p] += config.reachWeight * game.reachableSpoils(p, turnsLeft(game, p, tilesToCome));
    for (const Follower& follower : game.followers()) {
        const int root = features.find(follower.segment);
        if (std::find(roots.begin(), roots.end(), root) != roots.end()) continue;
        roots.push_back(root);
        double prospectValue = 0;
        // What it gains when features it depends on are completed (a field's cities).
        if (config.prospectWeight > 0) {
            game.featureProspects(root, prospects);
            for (const Game::Prospect& prospect : prospects) {
                const int sides = openSides(game, prospect.feature, 0);
                prospectValue += config.prospectWeight *
                                 chanceOf(game, prospect.feature, sides, fits, cells, tilesToCome, config) *
                                 prospect.points;
            }
        }
        const int atEnd = game.featureScore(root, ScoreMoment::GameEnd).points();
        const int completed = game.featureScore(root, ScoreMoment::Completed).points();
        const int scoreGain = completed - atEnd;
        double ifCompleted = completed;
        if (config.spoilsWeight > 0) {
            const int holders = std::popcount(features.majority(root));
            if (holders > 0) ifCompleted += config.spoilsWeight * game.completionSpoils(root) / holders;
        }
        const double gain = ifCompleted - atEnd;
        // Fields never complete; a road in base scores the same either way. A one-tile feature lacks a
        // tile per point its completion adds (a cloister), spoils aside.
        const int sides = gain > 0 ? openSides(game, root, scoreGain) : 0;
        const double chance = gain > 0 ? chanceOf(game, root, sides, fits, cells, tilesToCome, config) : 0.0;
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
