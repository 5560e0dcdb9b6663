// Features (roads, cities, fields, ...) as a union-find over the segments of placed tiles, merged
// incrementally as each tile or tunnel joins them. Every root carries the feature's running totals.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "carc/tileset.hpp"

namespace carc {

constexpr int kMaxPlayers = 6;

struct FeatureData {
    std::int16_t open = 0;  // unmatched ports plus unlinked portals: 0 means complete
    std::uint16_t segments = 0;
    std::uint8_t kind = 0;
    std::uint8_t followerTotal = 0;
    std::array<std::uint8_t, kMaxPlayers> followers{};
    std::array<std::uint16_t, kMaxSymbols> symbols{};
};

struct SegmentInfo {
    std::int16_t tile = 0;  // index into Board::tiles()
    std::int8_t index = 0;  // segment number within its design
    std::uint8_t kind = 0;
};

class Features {
public:
    // Room for this many segments and tiles without reallocating during a game.
    void reserve(int segments, int tiles);
    // Registers the segments of a newly placed tile, each its own feature; returns the first id.
    int addTile(const Design& design, int tileIndex);

    int find(int segment) const;
    // Joins two features (no-op when already one); returns the root. Totals add up.
    int unite(int a, int b);

    FeatureData& data(int root) { return data_[root]; }
    const FeatureData& data(int root) const { return data_[root]; }
    const SegmentInfo& segment(int id) const { return info_[id]; }
    int segmentCount() const { return static_cast<int>(info_.size()); }

    template <typename F>
    void forEachSegment(int root, F&& visit) const {
        int s = root;
        do {
            visit(s);
            s = next_[s];
        } while (s != root);
    }

    // Tiles the feature covers; two segments of it on one tile count that tile once.
    int distinctTiles(int root) const;

    // Players with the most followers on the feature (bit per player); 0 when it has none.
    std::uint32_t majority(int root) const;

private:
    mutable std::vector<std::int32_t> parent_;
    std::vector<std::int32_t> next_;  // circular list of the segments of each feature
    std::vector<SegmentInfo> info_;
    std::vector<FeatureData> data_;
    mutable std::vector<std::uint32_t> tileStamp_;
    mutable std::uint32_t stamp_ = 0;
};

}  // namespace carc
