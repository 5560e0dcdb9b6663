#include "carc/features.hpp"

#include <utility>

namespace carc {

void Features::reserve(int segments, int tiles) {
    parent_.reserve(segments);
    next_.reserve(segments);
    info_.reserve(segments);
    data_.reserve(segments);
    tileStamp_.reserve(tiles);
}

int Features::addTile(const Design& design, int tileIndex) {
    const int first = static_cast<int>(info_.size());
    for (std::size_t i = 0; i < design.segments.size(); ++i) {
        const auto& seg = design.segments[i];
        const int id = first + static_cast<int>(i);
        parent_.push_back(id);
        next_.push_back(id);
        info_.push_back(
            {static_cast<std::int16_t>(tileIndex), static_cast<std::int8_t>(i), static_cast<std::uint8_t>(seg.kind)});
        FeatureData& d = data_.emplace_back();  // built in place: no copy of the totals
        d.open = static_cast<std::int16_t>(seg.portCount());
        d.segments = 1;
        d.kind = static_cast<std::uint8_t>(seg.kind);
        for (int s = 0; s < kMaxSymbols; ++s) d.symbols[s] = seg.symbols[s];
    }
    if (tileStamp_.size() <= static_cast<std::size_t>(tileIndex)) tileStamp_.resize(tileIndex + 1, 0);
    return first;
}

int Features::find(int segment) const {
    while (parent_[segment] != segment) {
        parent_[segment] = parent_[parent_[segment]];
        segment = parent_[segment];
    }
    return segment;
}

int Features::unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return a;
    if (data_[a].segments < data_[b].segments) std::swap(a, b);
    parent_[b] = a;
    std::swap(next_[a], next_[b]);  // splices the two circular lists into one
    FeatureData& into = data_[a];
    const FeatureData& from = data_[b];
    into.open = static_cast<std::int16_t>(into.open + from.open);
    into.segments = static_cast<std::uint16_t>(into.segments + from.segments);
    into.followerTotal = static_cast<std::uint8_t>(into.followerTotal + from.followerTotal);
    for (int p = 0; p < kMaxPlayers; ++p)
        into.followers[p] = static_cast<std::uint8_t>(into.followers[p] + from.followers[p]);
    for (int s = 0; s < kMaxSymbols; ++s)
        into.symbols[s] = static_cast<std::uint16_t>(into.symbols[s] + from.symbols[s]);
    return a;
}

int Features::distinctTiles(int root) const {
    ++stamp_;
    int count = 0;
    forEachSegment(root, [&](int s) {
        auto& mark = tileStamp_[info_[s].tile];
        if (mark != stamp_) {
            mark = stamp_;
            ++count;
        }
    });
    return count;
}

std::uint32_t Features::majority(int root) const {
    const FeatureData& d = data_[find(root)];
    int best = 0;
    for (int p = 0; p < kMaxPlayers; ++p) best = d.followers[p] > best ? d.followers[p] : best;
    if (best == 0) return 0;
    std::uint32_t winners = 0;
    for (int p = 0; p < kMaxPlayers; ++p)
        if (d.followers[p] == best) winners |= 1u << p;
    return winners;
}

}  // namespace carc
