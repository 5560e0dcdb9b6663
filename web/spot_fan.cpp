#include "spot_fan.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace web {
namespace {

constexpr float kPi = 3.14159265f;

float distance(ImVec2 a, ImVec2 b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

bool crowded(const std::vector<ImVec2>& at, const std::vector<size_t>& members, float gap) {
    for (size_t i = 0; i < members.size(); ++i)
        for (size_t j = i + 1; j < members.size(); ++j)
            if (distance(at[members[i]], at[members[j]]) < gap) return true;
    return false;
}

// One tile's spots on the ring, evenly spaced, turned so that each lies as near its own direction as
// the spacing allows.
void fanTile(const std::vector<SpotAnchor>& spots, std::vector<size_t> members, float gap, std::vector<ImVec2>& at) {
    const ImVec2 c = spots[members.front()].tileCentre;
    const auto direction = [&](size_t i) {
        const ImVec2 p = spots[i].at;
        // A spot in the tile's very middle (a cloister, a mountain) points north.
        if (distance(p, c) < 0.5f) return -kPi * 0.5f;
        return std::atan2(p.y - c.y, p.x - c.x);
    };
    std::sort(members.begin(), members.end(), [&](size_t a, size_t b) { return direction(a) < direction(b); });
    const int n = static_cast<int>(members.size());
    const float step = 2 * kPi / static_cast<float>(n);
    float sx = 0, sy = 0;
    for (int k = 0; k < n; ++k) {
        const float d = direction(members[static_cast<size_t>(k)]) - step * static_cast<float>(k);
        sx += std::cos(d);
        sy += std::sin(d);
    }
    const float offset = std::atan2(sy, sx);
    const float radius = fanRadius(n, spots[members.front()].tileSize, gap);
    for (int k = 0; k < n; ++k) {
        const float a = offset + step * static_cast<float>(k);
        at[members[static_cast<size_t>(k)]] = ImVec2(c.x + radius * std::cos(a), c.y + radius * std::sin(a));
    }
}

}  // namespace

float fanRadius(int count, float tileSize, float gap) {
    const float ring = count > 1 ? gap / (2 * std::sin(kPi / static_cast<float>(count))) : 0.0f;
    return std::max(tileSize * 0.5f + gap * 0.5f, ring);
}

std::vector<ImVec2> fanOutSpots(const std::vector<SpotAnchor>& spots, float gap) {
    std::vector<ImVec2> at;
    for (const auto& s : spots) at.push_back(s.at);
    std::map<int, std::vector<size_t>> byTile;
    for (size_t i = 0; i < spots.size(); ++i) byTile[spots[i].tile].push_back(i);
    for (const auto& [tile, members] : byTile)
        if (members.size() > 1 && crowded(at, members, gap)) fanTile(spots, members, gap, at);
    // Spots of different tiles too close: each pair moves apart along the line between them.
    for (int round = 0; round < 60; ++round) {
        bool moved = false;
        for (size_t i = 0; i < at.size(); ++i)
            for (size_t j = i + 1; j < at.size(); ++j) {
                const float d = distance(at[i], at[j]);
                if (d >= gap) continue;
                const ImVec2 u = d > 0.01f ? ImVec2((at[j].x - at[i].x) / d, (at[j].y - at[i].y) / d) : ImVec2(1, 0);
                const float push = (gap - d) * 0.5f + 0.5f;
                at[i] = ImVec2(at[i].x - u.x * push, at[i].y - u.y * push);
                at[j] = ImVec2(at[j].x + u.x * push, at[j].y + u.y * push);
                moved = true;
            }
        if (!moved) break;
    }
    return at;
}

}  // namespace web
