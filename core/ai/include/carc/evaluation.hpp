// The AI's judgement of a position without playing it on: every player's expected final score.
//
// Final scoring applied now (Game::scoresIfEndedNow) already values each open feature as if the game ended
// at once: an open city at a point per tile, a cloister at its neighbours so far, Gold Rush's gold, New
// World's surveyor bonus, and so on, each mode by its own rules. What that misses is the chance that an open
// feature still gets completed, which is worth more in most modes (a city twice its tiles, a cloister 9).
// For every feature that holds followers, the expectation adds that difference, times an estimate of the
// feature's chance of completion, to the score of each player who scores it (Game::timesScored: the
// majority holders, or in The Discovery every follower for its owner, as often as they have followers there):
//
//   expected[p] = ifEndedNow[p] + sum over the features p holds of chance * (ifCompleted - atEnd)
//                 + sum over what they wait for (Game::featureProspects) of its chance * its points
//
// (a base field waits for the open cities it touches: 3 points each once complete). What a feature's
// majority takes on completion besides its score (a Gold Rush mountain's tokens, Game::completionSpoils)
// counts with ifCompleted; what a player's own pieces can take in their turns to come (a tent's
// mining, Game::reachableSpoils) is added to their score.
// Where the mode takes followers away unscored (New World), a holder keeps what they would score at the
// end only if their last follower there survives that long, and gains the completion only if it comes
// before: with survival chances sEnd and sDone (the tiles until the removal, at the pace of removals
// so far, against the tiles to come and against the tiles a completion needs), the feature is worth
//
//   chance * sDone * ifCompleted + (1 - chance * sDone) * sEnd * atEnd   instead of   atEnd + chance * gain
// The chance falls with the feature's open sides (each must be closed by a tile that fits and comes in
// time) and with the tiles still to come. With cellFits it is read off the board instead: for every
// empty cell the feature's open edges face, the chance that one of the unseen tiles fitting that cell
// (Game::remainingCensus, every neighbour matched) comes among a share of the tiles to come; a cell no
// unseen tile fits leaves the feature open for good. Everything goes through the game's public interface (the
// features graph and Game::featureScore, the modes' own scoring), so it knows no mode by name; it only
// multiplies and divides, so native and wasm get the same bits.
#pragma once

#include <vector>

#include "carc/game.hpp"

namespace carc::ai {

struct EvaluationConfig {
    // Chance that one open side of a feature is closed while the game goes on long enough.
    double sideClosed = 0.7;
    // Tiles still to come per open side that make the game "long enough" (fewer scale the chance down).
    double tilesPerSide = 6.0;
    // Weight of what features wait for (Game::featureProspects): a field's open cities. Off by default:
    // at full weight the search spent its followers on fields early and lost (docs/ai.md).
    double prospectWeight = 0.0;
    // Followers a mode takes away unscored (Game::removalStepsLeft, New World's surveyors): the mode's
    // steps per tile placed assumed until the game shows its own pace, weighed as that many tiles
    // placed. 0: removals are not estimated.
    double removalStepsPerTile = 0.0;
    double removalPriorTiles = 10.0;
    // Completion from the cells a feature must fill instead of its count of open sides: each cell
    // needs one of the unseen tiles that fit it (none: the feature never completes) among a share of
    // the tiles to come, and is then closed with sideClosed's chance.
    bool cellFits = false;
    double drawShare = 0.5;
    // Weight of what a feature's majority takes besides its score on completion (Game::completionSpoils:
    // a Gold Rush mountain's tokens).
    double spoilsWeight = 0.0;
    // Weight of what a player's own mode pieces can still take in their turns to come
    // (Game::reachableSpoils: the tokens under a Gold Rush tent).
    double reachWeight = 0.0;
};

// Expected final scores of every player (equal to the final scores once the game is over).
std::vector<double> expectedScores(const Game& game, const EvaluationConfig& config);

// The chance the estimate gives a feature with `openSides` open sides when `tilesToCome` tiles remain.
double completionChance(int openSides, int tilesToCome, const EvaluationConfig& config);

}  // namespace carc::ai
