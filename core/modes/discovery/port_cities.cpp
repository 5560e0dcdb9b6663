#include "port_cities.hpp"

#include <functional>

#include "region_value.hpp"

namespace carc::discovery {

namespace {

// Largest number of cities that can be paired: a tiny bipartite matching between the city
// symbols on land segments and those on the sea segments they touch, one unit at a time.
int pairableCities(const Design& design, const std::vector<int>& land, const std::vector<int>& sea, int city) {
    std::vector<int> seaLeft;
    for (int s : sea) seaLeft.push_back(design.segments[s].symbols[city]);
    // pairedWith[i][j]: cities of land[i] paired with sea[j] so far.
    std::vector<std::vector<int>> paired(land.size(), std::vector<int>(sea.size(), 0));
    std::function<bool(std::size_t, std::vector<bool>&)> place = [&](std::size_t i, std::vector<bool>& seen) {
        for (std::size_t j = 0; j < sea.size(); ++j) {
            if (seen[j] || !(design.segments[land[i]].touches & (1u << sea[j]))) continue;
            seen[j] = true;
            if (seaLeft[j] > 0) {
                --seaLeft[j];
                ++paired[i][j];
                return true;
            }
            // Move one city already paired with sea[j] to another sea segment, freeing a place.
            for (std::size_t k = 0; k < land.size(); ++k) {
                if (paired[k][j] == 0) continue;
                --paired[k][j];
                if (place(k, seen)) {
                    ++paired[i][j];
                    return true;
                }
                ++paired[k][j];
            }
        }
        return false;
    };
    int total = 0;
    for (std::size_t i = 0; i < land.size(); ++i)
        for (int c = 0; c < design.segments[land[i]].symbols[city]; ++c) {
            std::vector<bool> seen(sea.size(), false);
            if (place(i, seen)) ++total;
        }
    return total;
}

}  // namespace

std::vector<std::string> portCityProblems(const TileSet& tiles) {
    std::vector<std::string> problems;
    const Terrain terrain = Terrain::of(tiles);
    if (terrain.city < 0) return problems;  // a set without port cities has nothing to pair
    for (const auto& design : tiles.designs) {
        std::vector<int> land, sea;
        int landCities = 0, seaCities = 0;
        for (std::size_t s = 0; s < design.segments.size(); ++s) {
            const auto& seg = design.segments[s];
            const int cities = seg.symbols[terrain.city];
            if (seg.kind == terrain.sea) {
                sea.push_back(static_cast<int>(s));
                seaCities += cities;
            } else if (seg.kind == terrain.meadow || seg.kind == terrain.mountain) {
                land.push_back(static_cast<int>(s));
                landCities += cities;
            } else if (cities) {
                problems.push_back("design " + design.name + ": a city on segment " + std::to_string(s) +
                                   ", which is neither land nor sea");
            }
        }
        if (landCities != seaCities) {
            problems.push_back("design " + design.name + ": " + std::to_string(landCities) + " cities on land but " +
                               std::to_string(seaCities) + " on the sea");
            continue;
        }
        if (pairableCities(design, land, sea, terrain.city) != landCities)
            problems.push_back("design " + design.name + ": some city lies on land that does not touch its sea");
    }
    return problems;
}

}  // namespace carc::discovery
