#include "tile_geometry/segment_shape.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace carc::art {
namespace {

constexpr float kSingleRadius = 0.16f;  // as far as a single's glyph owns the grid (tile_geometry.cpp)

bool labelled(const TileArt& art, int x, int y, int segment) {
    if (x < 0 || y < 0 || x >= kLabelGrid || y >= kLabelGrid) return false;
    return art.labels[static_cast<size_t>(y * kLabelGrid + x)] == segment;
}

// Marching squares over the cell centres (outside the tile counts as outside), then chains the pieces
// into loops. Points are kept in doubled grid units until the end, so that equal points compare equal.
std::vector<std::vector<Vec2>> contour(const TileArt& art, int segment) {
    using Key = std::pair<int, int>;
    std::map<Key, std::vector<Key>> links;
    auto link = [&](Key a, Key b) {
        links[a].push_back(b);
        links[b].push_back(a);
    };
    for (int j = -1; j < kLabelGrid; ++j)
        for (int i = -1; i < kLabelGrid; ++i) {
            const bool a = labelled(art, i, j, segment), b = labelled(art, i + 1, j, segment),
                       c = labelled(art, i + 1, j + 1, segment), d = labelled(art, i, j + 1, segment);
            const Key top{2 * i + 1, 2 * j}, right{2 * i + 2, 2 * j + 1}, bottom{2 * i + 1, 2 * j + 2},
                left{2 * i, 2 * j + 1};
            std::vector<Key> crossed;
            if (a != b) crossed.push_back(top);
            if (b != c) crossed.push_back(right);
            if (c != d) crossed.push_back(bottom);
            if (d != a) crossed.push_back(left);
            if (crossed.size() == 2) {
                link(crossed[0], crossed[1]);
            } else if (crossed.size() == 4) {  // a saddle: the inside corners stay apart
                if (a)
                    link(top, left), link(right, bottom);
                else
                    link(top, right), link(bottom, left);
            }
        }
    std::vector<std::vector<Vec2>> loops;
    std::map<Key, bool> visited;
    for (const auto& entry : links) {
        if (visited[entry.first]) continue;
        std::vector<Vec2> loop;
        Key previous = entry.first, at = entry.first;
        while (!visited[at]) {
            visited[at] = true;
            loop.push_back(Vec2((static_cast<float>(at.first) * 0.5f + 0.5f) / kLabelGrid,
                                (static_cast<float>(at.second) * 0.5f + 0.5f) / kLabelGrid));
            const auto& next = links[at];
            const Key step = next[0] != previous || next.size() < 2 ? next[0] : next[1];
            previous = at, at = step;
        }
        if (loop.size() >= 3) loops.push_back(std::move(loop));
    }
    return loops;
}

// Chaikin's corner cutting on a closed polygon: the grid's steps become curves.
std::vector<Vec2> smooth(const std::vector<Vec2>& loop) {
    std::vector<Vec2> out;
    out.reserve(loop.size() * 2);
    for (size_t i = 0; i < loop.size(); ++i) {
        const Vec2 a = loop[i], b = loop[(i + 1) % loop.size()];
        out.push_back(Vec2(0.75f * a.x + 0.25f * b.x, 0.75f * a.y + 0.25f * b.y));
        out.push_back(Vec2(0.25f * a.x + 0.75f * b.x, 0.25f * a.y + 0.75f * b.y));
    }
    return out;
}

}  // namespace

int segmentAt(const TileArt& art, Vec2 p, float pathReach) {
    for (const auto& g : art.glyphs)
        if (g.type == GlyphType::Single && std::hypot(g.at.x - p.x, g.at.y - p.y) < kSingleRadius) return g.segment;
    int nearestPath = -1;
    float nearest = pathReach;
    for (const auto& s : art.strokes) {
        if (s.wall) continue;
        const float d = distToPolyline(s.points, p);
        if (d < nearest) nearest = d, nearestPath = s.segment;
    }
    if (nearestPath >= 0) return nearestPath;
    for (auto f = art.fills.rbegin(); f != art.fills.rend(); ++f)  // the last painted lies on top
        if (inTriangles(f->triangles, p)) return f->segment;
    if (art.labels.empty()) return -1;
    const int x = std::clamp(static_cast<int>(p.x * kLabelGrid), 0, kLabelGrid - 1);
    const int y = std::clamp(static_cast<int>(p.y * kLabelGrid), 0, kLabelGrid - 1);
    return art.labels[static_cast<size_t>(y * kLabelGrid + x)];
}

SegmentOutline segmentOutline(const TileArt& art, int segment) {
    SegmentOutline outline;
    for (const auto& f : art.fills)
        if (f.segment == segment) outline.loops.push_back(f.outline);
    for (const auto& s : art.strokes)
        if (!s.wall && s.segment == segment) outline.lines.push_back(s.points);
    for (const auto& g : art.glyphs) {
        if (g.type != GlyphType::Single || g.segment != segment) continue;
        std::vector<Vec2> ring;
        for (int i = 0; i < 24; ++i) {
            const float angle = 6.2831853f * static_cast<float>(i) / 24.0f;
            ring.push_back(Vec2(g.at.x + kSingleRadius * std::cos(angle), g.at.y + kSingleRadius * std::sin(angle)));
        }
        outline.loops.push_back(std::move(ring));
    }
    if (outline.loops.empty() && outline.lines.empty())
        for (const auto& loop : contour(art, segment)) outline.loops.push_back(smooth(smooth(loop)));
    return outline;
}

}  // namespace carc::art
