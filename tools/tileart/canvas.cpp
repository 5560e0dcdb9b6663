#include "canvas.hpp"

#include <algorithm>
#include <cmath>

namespace carc::art {
namespace {

constexpr int kSubScanlines = 4;

}  // namespace

Canvas::Canvas(int width, int height, Rgb background) : width_(width), height_(height) {
    rgb_.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    for (size_t i = 0; i < rgb_.size(); i += 3)
        rgb_[i] = background.r, rgb_[i + 1] = background.g, rgb_[i + 2] = background.b;
}

Rgb Canvas::pixel(int x, int y) const {
    const size_t i = (static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x)) * 3;
    auto byte = [](float v) { return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L)); };
    return {byte(rgb_[i]), byte(rgb_[i + 1]), byte(rgb_[i + 2])};
}

void Canvas::blend(int x, int y, Rgb colour, float amount) {
    const size_t p = static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x);
    if (!clip_.empty()) amount *= clip_[p];
    if (amount <= 0) return;
    float* px = &rgb_[p * 3];
    px[0] += (colour.r - px[0]) * amount;
    px[1] += (colour.g - px[1]) * amount;
    px[2] += (colour.b - px[2]) * amount;
}

std::vector<float> Canvas::coverage(const std::vector<std::vector<Vec2>>& polygons) const {
    std::vector<float> cover(static_cast<size_t>(width_) * static_cast<size_t>(height_), 0.0f);
    float top = 1e9f, bottom = -1e9f;
    for (const auto& poly : polygons)
        for (auto p : poly) top = std::min(top, p.y), bottom = std::max(bottom, p.y);
    const int firstRow = std::max(0, static_cast<int>(std::floor(top)));
    const int lastRow = std::min(height_ - 1, static_cast<int>(std::ceil(bottom)));
    std::vector<float> crossings;
    for (int row = firstRow; row <= lastRow; ++row) {
        float* line = &cover[static_cast<size_t>(row) * static_cast<size_t>(width_)];
        for (int sub = 0; sub < kSubScanlines; ++sub) {
            const float y = static_cast<float>(row) + (static_cast<float>(sub) + 0.5f) / kSubScanlines;
            crossings.clear();
            for (const auto& poly : polygons)
                for (size_t i = 0; i < poly.size(); ++i) {
                    const Vec2 a = poly[i], b = poly[(i + 1) % poly.size()];
                    if ((a.y <= y) == (b.y <= y)) continue;
                    crossings.push_back(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
                }
            std::sort(crossings.begin(), crossings.end());
            for (size_t i = 0; i + 1 < crossings.size(); i += 2) {
                const float x0 = std::clamp(crossings[i], 0.0f, static_cast<float>(width_));
                const float x1 = std::clamp(crossings[i + 1], 0.0f, static_cast<float>(width_));
                // Each pixel gets the part of the span over it.
                for (int x = static_cast<int>(x0); x < width_ && static_cast<float>(x) < x1; ++x) {
                    const float overlap = std::min(x1, static_cast<float>(x + 1)) - std::max(x0, static_cast<float>(x));
                    line[x] += overlap / kSubScanlines;
                }
            }
        }
    }
    return cover;
}

void Canvas::fillPolygons(const std::vector<std::vector<Vec2>>& polygons, Rgb colour, float alpha) {
    const auto cover = coverage(polygons);
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
            const float c = cover[static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x)];
            if (c > 0) blend(x, y, colour, std::min(c, 1.0f) * alpha);
        }
}

void Canvas::stroke(const std::vector<Vec2>& points, float width, Rgb colour, float alpha) {
    if (points.empty()) return;
    const float half = width * 0.5f;
    // Per pixel the highest coverage of any piece, so overlapping pieces do not darken the joins.
    float left = 1e9f, right = -1e9f, top = 1e9f, bottom = -1e9f;
    for (auto p : points)
        left = std::min(left, p.x), right = std::max(right, p.x), top = std::min(top, p.y),
        bottom = std::max(bottom, p.y);
    const int x0 = std::max(0, static_cast<int>(std::floor(left - half - 1)));
    const int x1 = std::min(width_ - 1, static_cast<int>(std::ceil(right + half + 1)));
    const int y0 = std::max(0, static_cast<int>(std::floor(top - half - 1)));
    const int y1 = std::min(height_ - 1, static_cast<int>(std::ceil(bottom + half + 1)));
    if (x0 > x1 || y0 > y1) return;
    const int boxW = x1 - x0 + 1;
    std::vector<float> cover(static_cast<size_t>(boxW) * static_cast<size_t>(y1 - y0 + 1), 0.0f);
    const size_t pieces = points.size() == 1 ? 1 : points.size() - 1;
    for (size_t i = 0; i < pieces; ++i) {
        const Vec2 a = points[i], b = points[std::min(i + 1, points.size() - 1)];
        const int px0 = std::max(x0, static_cast<int>(std::floor(std::min(a.x, b.x) - half - 1)));
        const int px1 = std::min(x1, static_cast<int>(std::ceil(std::max(a.x, b.x) + half + 1)));
        const int py0 = std::max(y0, static_cast<int>(std::floor(std::min(a.y, b.y) - half - 1)));
        const int py1 = std::min(y1, static_cast<int>(std::ceil(std::max(a.y, b.y) + half + 1)));
        const float dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
        for (int y = py0; y <= py1; ++y)
            for (int x = px0; x <= px1; ++x) {
                const float cx = static_cast<float>(x) + 0.5f, cy = static_cast<float>(y) + 0.5f;
                float t = len2 > 0 ? ((cx - a.x) * dx + (cy - a.y) * dy) / len2 : 0.0f;
                t = std::clamp(t, 0.0f, 1.0f);
                const float d = std::hypot(cx - (a.x + t * dx), cy - (a.y + t * dy));
                const float c = std::clamp(half - d + 0.5f, 0.0f, 1.0f);
                float& slot =
                    cover[static_cast<size_t>(y - y0) * static_cast<size_t>(boxW) + static_cast<size_t>(x - x0)];
                slot = std::max(slot, c);
            }
    }
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            const float c =
                cover[static_cast<size_t>(y - y0) * static_cast<size_t>(boxW) + static_cast<size_t>(x - x0)];
            if (c > 0) blend(x, y, colour, c * alpha);
        }
}

void Canvas::disc(Vec2 centre, float radius, Rgb colour, float alpha) {
    const int x0 = std::max(0, static_cast<int>(std::floor(centre.x - radius - 1)));
    const int x1 = std::min(width_ - 1, static_cast<int>(std::ceil(centre.x + radius + 1)));
    const int y0 = std::max(0, static_cast<int>(std::floor(centre.y - radius - 1)));
    const int y1 = std::min(height_ - 1, static_cast<int>(std::ceil(centre.y + radius + 1)));
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            const float d =
                std::hypot(static_cast<float>(x) + 0.5f - centre.x, static_cast<float>(y) + 0.5f - centre.y);
            const float c = std::clamp(radius - d + 0.5f, 0.0f, 1.0f);
            if (c > 0) blend(x, y, colour, c * alpha);
        }
}

void Canvas::clipTo(const std::vector<std::vector<Vec2>>& polygons) {
    clip_ = coverage(polygons);
    for (auto& c : clip_) c = std::min(c, 1.0f);
}

void Canvas::clearClip() {
    clip_.clear();
}

}  // namespace carc::art
