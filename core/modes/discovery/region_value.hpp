// What a region of The Discovery is worth when a follower leaves it (RULES.md §4, "Region values").
// Meadow, mountain and sea are areas; a region is complete when no edge of it is left open.
#pragma once

#include "carc/game.hpp"

namespace carc::discovery {

// The kinds and the city symbol of the Discovery tile set, looked up once.
struct Terrain {
    int meadow = -1;
    int mountain = -1;
    int sea = -1;
    int city = -1;

    static Terrain of(const TileSet& tiles);
};

enum class Category { Meadow, Mountain, Sea };

struct RegionValue {
    Category category = Category::Meadow;
    int points = 0;
    int tiles = 0;
    int cities = 0;         // meadows: 0 (cities do not count); mountains: on it and its meadows
    bool complete = false;  // as scored: final scoring scores every region as incomplete
    Breakdown breakdown;    // the rule and its parts, e.g. mountain_complete: 4 cities x2
};

// The value of the region holding segment id `segmentId`, scored as incomplete when
// `asIncomplete` (final scoring) and otherwise as it stands now.
RegionValue regionValue(const Game& game, const Terrain& terrain, int segmentId, bool asIncomplete);
// The same region's value were it complete with what it holds now (the feature card's "if completed").
RegionValue regionValueIfComplete(const Game& game, const Terrain& terrain, int segmentId);

// Cities that count for a mountain: those on the mountain's own shore plus every city anywhere on a
// meadow region that touches the mountain (each meadow region once).
int mountainCities(const Game& game, const Terrain& terrain, int mountainRoot);

}  // namespace carc::discovery
