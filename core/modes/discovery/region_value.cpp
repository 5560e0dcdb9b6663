#include "region_value.hpp"

#include <algorithm>
#include <vector>

namespace carc::discovery {

namespace {

int citiesOn(const Game& game, const Terrain& terrain, int root) {
    return terrain.city >= 0 ? game.features().data(root).symbols[terrain.city] : 0;
}

// Meadow: 1 per tile; complete 2 per tile, but a complete meadow of exactly 2 tiles is worth 2.
RegionValue meadowValue(int tiles, bool complete) {
    RegionValue v;
    v.category = Category::Meadow;
    v.tiles = tiles;
    v.complete = complete;
    if (!complete) {
        v.points = tiles;
        v.breakdown = Breakdown(ScoreRule::MeadowIncomplete).add(PartKind::Tiles, tiles, 1);
    } else if (tiles == 2) {
        v.points = 2;
        v.breakdown = Breakdown(ScoreRule::MeadowCompleteTwoTiles).add(PartKind::Tiles, 2, 1);
    } else {
        v.points = 2 * tiles;
        v.breakdown = Breakdown(ScoreRule::MeadowComplete).add(PartKind::Tiles, tiles, 2);
    }
    return v;
}

// Mountain: 1 per city on it and its meadows; complete 2 per city, a complete 2-tile mountain 1.
RegionValue mountainValue(int tiles, int cities, bool complete) {
    RegionValue v;
    v.category = Category::Mountain;
    v.tiles = tiles;
    v.cities = cities;
    v.complete = complete;
    const int perCity = complete && tiles != 2 ? 2 : 1;
    v.points = perCity * cities;
    const ScoreRule rule = !complete      ? ScoreRule::MountainIncomplete
                           : perCity == 2 ? ScoreRule::MountainComplete
                                          : ScoreRule::MountainCompleteTwoTiles;
    v.breakdown = Breakdown(rule).add(PartKind::Cities, cities, perCity);
    return v;
}

// Sea: 1 per city on its shores; complete adds 1 per tile, except for a complete 2-tile sea.
RegionValue seaValue(int tiles, int cities, bool complete) {
    RegionValue v;
    v.category = Category::Sea;
    v.tiles = tiles;
    v.cities = cities;
    v.complete = complete;
    const bool tileBonus = complete && tiles != 2;
    v.points = cities + (tileBonus ? tiles : 0);
    if (tileBonus)
        v.breakdown = Breakdown(ScoreRule::SeaComplete).add(PartKind::Cities, cities, 1).add(PartKind::Tiles, tiles, 1);
    else
        v.breakdown = Breakdown(complete ? ScoreRule::SeaCompleteTwoTiles : ScoreRule::SeaIncomplete)
                          .add(PartKind::Cities, cities, 1);
    return v;
}

}  // namespace

Terrain Terrain::of(const TileSet& tiles) {
    Terrain t;
    t.meadow = tiles.findKind("meadow");
    t.mountain = tiles.findKind("mountain");
    t.sea = tiles.findKind("sea");
    t.city = tiles.findSymbol("city");
    return t;
}

int mountainCities(const Game& game, const Terrain& terrain, int mountainRoot) {
    const Features& features = game.features();
    std::vector<int> meadows;
    features.forEachSegment(mountainRoot, [&](int s) {
        const SegmentInfo& info = features.segment(s);
        const PlacedTile& tile = game.board().tiles()[info.tile];
        const std::uint16_t touches = game.tileSet().designs[tile.design].segments[info.index].touches;
        for (int other = 0; other < kMaxSegments; ++other) {
            if (!(touches & (1u << other))) continue;
            const int root = features.find(tile.firstSegment + other);
            if (features.data(root).kind != terrain.meadow) continue;
            if (std::find(meadows.begin(), meadows.end(), root) == meadows.end()) meadows.push_back(root);
        }
    });
    int cities = citiesOn(game, terrain, mountainRoot);
    for (int meadow : meadows) cities += citiesOn(game, terrain, meadow);
    return cities;
}

namespace {

RegionValue valueAs(const Game& game, const Terrain& terrain, int segmentId, bool complete) {
    const Features& features = game.features();
    const int root = features.find(segmentId);
    const FeatureData& data = features.data(root);
    const int tiles = features.distinctTiles(root);
    if (data.kind == terrain.mountain) return mountainValue(tiles, mountainCities(game, terrain, root), complete);
    if (data.kind == terrain.sea) return seaValue(tiles, citiesOn(game, terrain, root), complete);
    return meadowValue(tiles, complete);
}

}  // namespace

RegionValue regionValue(const Game& game, const Terrain& terrain, int segmentId, bool asIncomplete) {
    const bool complete = game.features().data(game.features().find(segmentId)).open == 0;
    return valueAs(game, terrain, segmentId, !asIncomplete && complete);
}

RegionValue regionValueIfComplete(const Game& game, const Terrain& terrain, int segmentId) {
    return valueAs(game, terrain, segmentId, true);
}

}  // namespace carc::discovery
