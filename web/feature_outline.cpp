// The feature card's outline and picking (web/feature_card.cpp): a placed tile's segments by their own
// shapes (lib/tile_geometry/segment_shape.hpp) turned with the tile and put on screen. An area shows its
// polygon, a path both sides of its band, a field the contour of its ground; each tinted, clipped to
// its tile.
#include <algorithm>
#include <cmath>

#include "app.hpp"
#include "test_hook.hpp"
#include "tile_geometry/segment_shape.hpp"

namespace web {
namespace {

// The tile side (carc::Dir) that a piece of outline from a to b runs along, in the turned tile's unit
// square; -1 when it crosses the tile.
int sideAlong(carc::art::Vec2 a, carc::art::Vec2 b) {
    constexpr float e = 1e-3f;
    if (a.y < e && b.y < e) return carc::North;
    if (a.x > 1 - e && b.x > 1 - e) return carc::East;
    if (a.y > 1 - e && b.y > 1 - e) return carc::South;
    if (a.x < e && b.x < e) return carc::West;
    return -1;
}

// Half the width of a path's band, as the label grid gives paths (tile_geometry.cpp).
constexpr float kPathHalfWidth = 0.075f;

// The polyline moved sideways by `offset` pixels (to its right for a positive offset).
std::vector<ImVec2> besideLine(const std::vector<ImVec2>& line, float offset) {
    std::vector<ImVec2> out;
    for (size_t i = 0; i < line.size(); ++i) {
        const ImVec2 a = line[i > 0 ? i - 1 : i], b = line[i + 1 < line.size() ? i + 1 : i];
        const float dx = b.x - a.x, dy = b.y - a.y, length = std::hypot(dx, dy);
        if (length <= 0) continue;
        out.push_back(ImVec2(line[i].x - dy / length * offset, line[i].y + dx / length * offset));
    }
    return out;
}

// How near a road's line the pointer picks the road: a share of the tile, at least a few pixels.
float pathReach(float tileSize) {
    return std::max(0.08f, 6.0f / tileSize);
}

}  // namespace

int App::segmentDrawnAt(int tileIndex, ImVec2 screen) const {
    const auto& t = match_->view().board().tiles()[tileIndex];
    const ImVec2 b = toBoard(screen);
    const carc::art::Vec2 turned(b.x - static_cast<float>(t.pos.x), b.y - static_cast<float>(t.pos.y));
    const carc::art::Vec2 unit = carc::art::rotateUnit(turned, 4 - (t.rotation & 3));  // back to the design's frame
    return carc::art::segmentAt(art_[t.design], unit, pathReach(camera_.tile));
}

void App::drawFeatureOutline(ImDrawList* dl, const std::vector<carc::FeatureReport::Place>& places) {
    const carc::Game& g = match_->view();
    const float ts = camera_.tile;
    const ImU32 ink = IM_COL32(255, 250, 210, 240), shadow = IM_COL32(20, 16, 10, 150),
                tint = IM_COL32(255, 250, 210, 64);
    const float width = std::max(2.0f, ts * 0.03f);
    hook::Json published = hook::Json::array();
    for (const auto& place : places) {
        const int tile = g.board().tileAt(place.pos);
        if (tile < 0) continue;
        const auto& t = g.board().tiles()[tile];
        const carc::art::TileArt& art = art_[t.design];
        const ImVec2 corner = toScreen(ImVec2(static_cast<float>(place.pos.x), static_cast<float>(place.pos.y)));
        auto onScreen = [&](carc::art::Vec2 unit) {
            const carc::art::Vec2 r = carc::art::rotateUnit(unit, t.rotation);
            return ImVec2(corner.x + r.x * ts, corner.y + r.y * ts);
        };
        dl->PushClipRect(corner, ImVec2(corner.x + ts, corner.y + ts), true);
        // The tint: the segment's cells of the label grid, a row's run at a time.
        const float cell = 1.0f / carc::art::kLabelGrid;
        for (int y = 0; y < carc::art::kLabelGrid; ++y)
            for (int x = 0; x < carc::art::kLabelGrid;) {
                if (art.labels[static_cast<size_t>(y * carc::art::kLabelGrid + x)] != place.segment) {
                    ++x;
                    continue;
                }
                const int from = x;
                while (x < carc::art::kLabelGrid &&
                       art.labels[static_cast<size_t>(y * carc::art::kLabelGrid + x)] == place.segment)
                    ++x;
                const ImVec2 a =
                    onScreen(carc::art::Vec2(static_cast<float>(from) * cell, static_cast<float>(y) * cell));
                const ImVec2 b =
                    onScreen(carc::art::Vec2(static_cast<float>(x) * cell, static_cast<float>(y + 1) * cell));
                dl->AddRectFilled(ImVec2(std::min(a.x, b.x), std::min(a.y, b.y)),
                                  ImVec2(std::max(a.x, b.x), std::max(a.y, b.y)), tint);
            }
        // The shape's edge: a dark line under a light one reads on any art. A side shared with another tile
        // of the feature is left out, so the outline runs round the feature rather than each tile.
        auto continues = [&](int side) {
            return side >= 0 && std::any_of(places.begin(), places.end(), [&](const carc::FeatureReport::Place& p) {
                       return p.pos == carc::step(place.pos, side);
                   });
        };
        ImVec2 low(1e9f, 1e9f), high(-1e9f, -1e9f);
        auto stroke = [&](const std::vector<ImVec2>& points, bool closed, float w) {
            if (points.size() < 2) return;
            for (const ImVec2& q : points) {
                low = ImVec2(std::min(low.x, q.x), std::min(low.y, q.y));
                high = ImVec2(std::max(high.x, q.x), std::max(high.y, q.y));
            }
            const ImDrawFlags flags = closed ? ImDrawFlags_Closed : ImDrawFlags_None;
            dl->AddPolyline(points.data(), static_cast<int>(points.size()), shadow, flags, w + 2.5f);
            dl->AddPolyline(points.data(), static_cast<int>(points.size()), ink, flags, w);
        };
        const carc::art::SegmentOutline outline = carc::art::segmentOutline(art, place.segment);
        for (const auto& loop : outline.loops) {
            std::vector<carc::art::Vec2> turned;
            for (const auto& u : loop) turned.push_back(carc::art::rotateUnit(u, t.rotation));
            const size_t n = turned.size();
            size_t start = n;  // a hidden piece to start after, if any
            for (size_t i = 0; i < n && start == n; ++i)
                if (continues(sideAlong(turned[i], turned[(i + 1) % n]))) start = i + 1;
            if (start == n) {
                std::vector<ImVec2> points;
                for (const auto& r : turned) points.push_back(ImVec2(corner.x + r.x * ts, corner.y + r.y * ts));
                stroke(points, true, width);
                continue;
            }
            std::vector<ImVec2> run;
            for (size_t k = 0; k < n; ++k) {
                const carc::art::Vec2 a = turned[(start + k) % n], b = turned[(start + k + 1) % n];
                if (run.empty()) run.push_back(ImVec2(corner.x + a.x * ts, corner.y + a.y * ts));
                if (continues(sideAlong(a, b))) {
                    stroke(run, false, width);
                    run.clear();
                } else {
                    run.push_back(ImVec2(corner.x + b.x * ts, corner.y + b.y * ts));
                }
            }
            stroke(run, false, width);
        }
        // A path by both its sides, the path's own art showing between them.
        for (const auto& line : outline.lines) {
            std::vector<ImVec2> points;
            for (const auto& u : line) points.push_back(onScreen(u));
            for (float side : {-1.0f, 1.0f}) stroke(besideLine(points, side * ts * kPathHalfWidth), false, width);
        }
        dl->PopClipRect();
        dl->AddCircle(segmentPoint(tile, place.segment), ts * 0.2f, ink, 0, width);
        if (hook::active())
            published.push_back(hook::Json{{"bx", place.pos.x},
                                           {"by", place.pos.y},
                                           {"segment", place.segment},
                                           {"tile", {corner.x, corner.y, ts}},
                                           {"box", {low.x, low.y, high.x, high.y}}});
    }
    hook::value("featureOutline", std::move(published));
}

}  // namespace web
