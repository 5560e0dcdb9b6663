// What a feature on the board is, who holds it and what it is worth (the front ends' feature card), as
// data: the values come from the mode's own scoring (Game::featureScore), never from a second copy.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "carc/game.hpp"

namespace carc {

struct FeatureReport {
    struct Symbol {
        std::string name;  // the tile set's symbol ("pennant", "flag", ...)
        int count = 0;
    };
    struct Place {
        Pos pos;
        int segment = 0;  // segment index on the tile at pos
    };

    std::string kind;  // the tile set's kind name ("road", "city", ...)
    int tiles = 0;     // tiles covered, each counted once
    bool complete = false;
    std::vector<Symbol> symbols;               // symbols on it (count > 0 only)
    std::array<int, kMaxPlayers> followers{};  // per player
    int followerTotal = 0;
    std::uint32_t majority = 0;  // bit per player with the most followers (0: none)
    Breakdown ifCompleted;       // rule None: not scored on completion
    Breakdown takenBack;         // The Discovery only: if its follower left now
    Breakdown atEnd;             // rule None: not scored at the end
    // The mode's bonuses beside ifCompleted / atEnd, per player who would earn them now.
    std::vector<Game::FeatureBonus> bonusIfCompleted, bonusAtEnd;
    std::vector<Game::FeaturePiece> pieces;  // the mode's own pieces on it (Gold Rush: tokens, tents)
    std::vector<Place> places;               // every segment of it, in the graph's order (for outlining)
};

// The feature holding segment `index` of the tile at `pos`, or none when there is no such segment.
std::optional<FeatureReport> reportFeature(const Game& game, Pos pos, int index);

}  // namespace carc
