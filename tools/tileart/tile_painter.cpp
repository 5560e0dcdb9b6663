#include "tile_painter.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "carc/rng.hpp"

namespace carc::art {
namespace {

constexpr Rgb kInk{34, 28, 24};  // outlines of buildings and symbols
constexpr Rgb kWhite{246, 242, 230};
constexpr Rgb kSand{222, 204, 150};
constexpr float kTau = 6.2831853f;

Vec2 add(Vec2 a, Vec2 b) {
    return {a.x + b.x, a.y + b.y};
}
Vec2 scaled(Vec2 a, float f) {
    return {a.x * f, a.y * f};
}

// Drawing in unit coordinates of the tile, with a pseudo-random source for textures.
class Brush {
public:
    Brush(Canvas& canvas, std::uint64_t seed)
        : canvas_(canvas), size_(static_cast<float>(canvas.width())), rng_(seed) {}

    float random() { return static_cast<float>(rng_.below(1u << 20)) / static_cast<float>(1u << 20); }
    Vec2 randomPoint() { return {random(), random()}; }

    void fill(const std::vector<Vec2>& polygon, Rgb colour, float alpha = 1.0f) {
        canvas_.fillPolygon(px(polygon), colour, alpha);
    }
    // A filled shape with an outline: what keeps small symbols legible on any background.
    void shape(const std::vector<Vec2>& polygon, Rgb colour, float outline = 0.014f, Rgb edge = kInk) {
        fill(polygon, colour);
        auto closed = polygon;
        closed.push_back(polygon.front());
        line(closed, outline, edge);
    }
    void line(const std::vector<Vec2>& points, float width, Rgb colour, float alpha = 1.0f) {
        canvas_.stroke(px(points), width * size_, colour, alpha);
    }
    void dot(Vec2 centre, float radius, Rgb colour, float alpha = 1.0f) {
        canvas_.disc(px(centre), radius * size_, colour, alpha);
    }
    void ring(Vec2 centre, float radius, float width, Rgb colour) { dot(centre, radius + width * 0.5f, colour); }
    void clip(const std::vector<Vec2>& polygon) { canvas_.clipTo({px(polygon)}); }
    void unclip() { canvas_.clearClip(); }

private:
    std::vector<Vec2> px(const std::vector<Vec2>& unit) const {
        std::vector<Vec2> out;
        out.reserve(unit.size());
        for (auto p : unit) out.push_back(scaled(p, size_));
        return out;
    }
    Vec2 px(Vec2 unit) const { return scaled(unit, size_); }

    Canvas& canvas_;
    float size_;
    Rng rng_;
};

std::vector<Vec2> rect(Vec2 c, float halfW, float halfH) {
    return {
        {c.x - halfW, c.y - halfH}, {c.x + halfW, c.y - halfH}, {c.x + halfW, c.y + halfH}, {c.x - halfW, c.y + halfH}};
}

std::vector<Vec2> at(Vec2 c, float r, std::initializer_list<Vec2> unitShape) {
    std::vector<Vec2> out;
    for (auto p : unitShape) out.push_back(add(c, scaled(p, r)));
    return out;
}

// ---- Textures: marks in the detail colour over a landscape (already clipped to it) ----

void grass(Brush& b, const KindColours& k, int tufts, bool dry) {
    for (int i = 0; i < tufts; ++i) {
        const Vec2 p = b.randomPoint();
        const float h = 0.022f + 0.012f * b.random();
        const float lean = dry ? 0.6f : 0.25f;
        b.line({{p.x - 0.012f, p.y}, {p.x - 0.012f - h * lean, p.y - h}}, 0.007f, k.detail);
        b.line({{p.x, p.y}, {p.x + h * 0.1f, p.y - h * 1.2f}}, 0.007f, k.detail);
        b.line({{p.x + 0.012f, p.y}, {p.x + 0.012f + h * lean, p.y - h}}, 0.007f, k.detail);
    }
}

void flowers(Brush& b, int count) {
    for (int i = 0; i < count; ++i) {
        const Vec2 p = b.randomPoint();
        b.dot(p, 0.011f, i % 3 == 0 ? Rgb{250, 214, 70} : kWhite);
    }
}

void stones(Brush& b, const KindColours& k) {  // dressed stone: courses of blocks
    const float course = 0.075f;
    int row = 0;
    for (float y = course; y < 1.0f; y += course, ++row) {
        b.line({{0, y}, {1, y}}, 0.006f, k.detail);
        for (float x = (row % 2) * 0.06f + 0.02f; x < 1.0f; x += 0.12f)
            b.line({{x, y - course}, {x, y}}, 0.006f, k.detail);
    }
}

void planks(Brush& b, const KindColours& k) {  // a timber town: boards with knots
    for (float x = 0.06f; x < 1.0f; x += 0.09f) b.line({{x, 0}, {x, 1}}, 0.006f, k.detail);
    for (int i = 0; i < 14; ++i) b.dot(b.randomPoint(), 0.008f, k.detail);
}

void waves(Brush& b, const KindColours& k, int count) {
    for (int i = 0; i < count; ++i) {
        const Vec2 p = b.randomPoint();
        std::vector<Vec2> wave;
        for (int s = 0; s <= 8; ++s) {
            const float t = static_cast<float>(s) / 8.0f;
            wave.push_back({p.x - 0.05f + 0.1f * t, p.y - 0.012f * std::sin(t * kTau)});
        }
        b.line(wave, 0.009f, k.detail);
    }
}

void rocks(Brush& b, const KindColours& k) {  // scree: small angular stones with a lit top
    for (int i = 0; i < 16; ++i) {
        const Vec2 p = b.randomPoint();
        const float r = 0.014f + 0.012f * b.random();
        b.fill(at(p, r, {{-1, 0.6f}, {-0.3f, -0.8f}, {0.7f, -0.5f}, {1, 0.6f}}), k.edge, 0.55f);
        b.fill(at(p, r, {{-0.3f, -0.8f}, {0.7f, -0.5f}, {0.2f, 0}}), k.detail, 0.8f);
    }
}

void texture(Brush& b, const std::string& kind, const KindColours& k) {
    if (kind == "field") {
        grass(b, k, 26, false);
    } else if (kind == "meadow") {
        grass(b, k, 18, false);
        flowers(b, 10);
    } else if (kind == "plain" || kind == "prairie") {
        grass(b, k, 22, true);
    } else if (kind == "city") {
        stones(b, k);
    } else if (kind == "town") {
        planks(b, k);
    } else if (kind == "sea") {
        waves(b, k, 12);
    } else if (kind == "mountain") {
        rocks(b, k);
    } else {
        for (int i = 0; i < 20; ++i) b.dot(b.randomPoint(), 0.008f, k.detail);
    }
}

// ---- Borders of areas ----

void wall(Brush& b, const std::string& kind, const KindColours& k, const std::vector<Vec2>& points) {
    if (kind == "city") {  // a stone wall with a lit walkway
        b.line(points, 0.05f, k.edge);
        b.line(points, 0.018f, k.detail);
    } else if (kind == "town") {  // a palisade: stakes
        b.line(points, 0.04f, k.edge);
        for (size_t i = 0; i < points.size(); i += 2) b.dot(points[i], 0.02f, k.detail);
    } else if (kind == "sea" || kind == "plain" || kind == "prairie" || kind == "field") {  // a sandy shore
        b.line(points, 0.05f, kSand);
        b.line(points, 0.012f, kWhite, 0.7f);
    } else {  // mountains, meadows, others: a darker rim
        b.line(points, 0.03f, k.edge);
    }
}

// ---- Paths ----

std::vector<Vec2> offsetLine(const std::vector<Vec2>& line, float distance) {
    std::vector<Vec2> out;
    for (size_t i = 0; i < line.size(); ++i) {
        const Vec2 a = line[i == 0 ? 0 : i - 1], c = line[std::min(i + 1, line.size() - 1)];
        float dx = c.x - a.x, dy = c.y - a.y;
        const float len = std::hypot(dx, dy);
        if (len > 0) dx /= len, dy /= len;
        out.push_back({line[i].x - dy * distance, line[i].y + dx * distance});
    }
    return out;
}

// Calls f(point, direction) every `step` along the line.
template <typename F>
void alongLine(const std::vector<Vec2>& line, float step, F f) {
    float carried = step * 0.5f;
    for (size_t i = 0; i + 1 < line.size(); ++i) {
        const Vec2 a = line[i], c = line[i + 1];
        const float len = std::hypot(c.x - a.x, c.y - a.y);
        if (len <= 0) continue;
        const Vec2 dir{(c.x - a.x) / len, (c.y - a.y) / len};
        for (float t = carried; t < len; t += step) f(add(a, scaled(dir, t)), dir), carried = t + step - len;
        if (carried > step || carried < 0) carried = std::fmod(std::max(carried, 0.0f), step);
    }
}

void path(Brush& b, const std::string& kind, const KindColours& k, const std::vector<Vec2>& line) {
    if (kind == "railroad") {  // ballast, wooden sleepers, two steel rails
        b.line(line, 0.12f, k.fill);
        alongLine(line, 0.055f, [&](Vec2 p, Vec2 d) {
            const Vec2 n{-d.y * 0.07f, d.x * 0.07f};
            b.line({add(p, n), add(p, scaled(n, -1))}, 0.024f, Rgb{92, 62, 40});
        });
        for (float side : {-0.035f, 0.035f}) {
            const auto rail = offsetLine(line, side);
            b.line(rail, 0.016f, k.edge);
            b.line(rail, 0.008f, k.detail);
        }
    } else if (kind == "trail") {  // a dirt track with wheel ruts
        b.line(line, 0.1f, k.edge);
        b.line(line, 0.075f, k.fill);
        for (float side : {-0.018f, 0.018f}) b.line(offsetLine(line, side), 0.008f, k.detail);
    } else {  // a road: dark border, pale surface
        b.line(line, 0.11f, k.edge);
        b.line(line, 0.078f, k.fill);
        b.line(line, 0.008f, k.detail);
    }
}

// ---- Buildings and symbols (centre c, size r in tile units) ----

void house(Brush& b, Vec2 c, float r, Rgb walls, Rgb roof) {
    b.shape(rect({c.x, c.y + r * 0.35f}, r * 0.7f, r * 0.55f), walls, 0.01f);
    b.shape(at(c, r, {{-0.95f, -0.15f}, {0, -1.0f}, {0.95f, -0.15f}}), roof, 0.01f);
    b.fill(rect({c.x, c.y + r * 0.55f}, r * 0.16f, r * 0.35f), kInk);
}

void church(Brush& b, Vec2 c, float r, const KindColours& k) {  // the cloister: nave, tower, cross
    b.shape(rect({c.x + r * 0.25f, c.y + r * 0.3f}, r * 0.75f, r * 0.5f), kWhite, 0.014f);
    b.shape(at(c, r, {{-0.5f, -0.2f}, {0.25f, -0.75f}, {1.0f, -0.2f}}), k.fill, 0.014f);
    b.shape(rect({c.x - r * 0.6f, c.y}, r * 0.3f, r * 0.8f), kWhite, 0.014f);
    b.shape(at(c, r, {{-0.95f, -0.8f}, {-0.6f, -1.35f}, {-0.25f, -0.8f}}), k.fill, 0.014f);
    b.line({{c.x - r * 0.6f, c.y - r * 1.35f}, {c.x - r * 0.6f, c.y - r * 1.8f}}, 0.014f, kInk);
    b.line({{c.x - r * 0.78f, c.y - r * 1.62f}, {c.x - r * 0.42f, c.y - r * 1.62f}}, 0.014f, kInk);
    b.fill(rect({c.x + r * 0.25f, c.y + r * 0.55f}, r * 0.15f, r * 0.25f), kInk);
}

void barn(Brush& b, Vec2 c, float r, const KindColours& k) {  // a New World farm: barn and field rows
    for (int i = 0; i < 4; ++i) {
        const float y = c.y + r * (0.95f + 0.16f * static_cast<float>(i));
        b.line({{c.x - r * 1.2f, y}, {c.x + r * 1.2f, y}}, 0.012f, Rgb{120, 150, 60});
    }
    b.shape(at(c, r, {{-0.9f, 0.8f}, {-0.9f, -0.1f}, {0, -0.8f}, {0.9f, -0.1f}, {0.9f, 0.8f}}), k.fill, 0.016f);
    b.shape(rect({c.x, c.y + r * 0.4f}, r * 0.38f, r * 0.4f), k.detail, 0.012f);
    b.line({{c.x - r * 0.38f, c.y}, {c.x + r * 0.38f, c.y + r * 0.8f}}, 0.01f, k.edge);
    b.line({{c.x + r * 0.38f, c.y}, {c.x - r * 0.38f, c.y + r * 0.8f}}, 0.01f, k.edge);
}

void westernTown(Brush& b, Vec2 c, float r, const KindColours& k) {  // Gold Rush city: false fronts
    const float xs[3] = {-0.75f, 0.0f, 0.75f}, tops[3] = {-0.5f, -0.95f, -0.6f};
    for (int i = 0; i < 3; ++i) {
        const Vec2 mid{c.x + xs[i] * r, c.y};
        b.shape({{mid.x - r * 0.38f, c.y + r * 0.8f},
                 {mid.x - r * 0.38f, c.y + tops[i] * r},
                 {mid.x + r * 0.38f, c.y + tops[i] * r},
                 {mid.x + r * 0.38f, c.y + r * 0.8f}},
                i == 1 ? k.fill : k.detail, 0.014f);
        b.fill(rect({mid.x, c.y + r * 0.5f}, r * 0.12f, r * 0.3f), kInk);
        b.fill(rect({mid.x, c.y + tops[i] * r + r * 0.3f}, r * 0.22f, r * 0.08f), kInk, 0.6f);
    }
}

void pennant(Brush& b, Vec2 c, float r) {  // a blue shield with a white cross
    const auto shield = at(c, r, {{-1, -1}, {1, -1}, {1, 0.25f}, {0, 1.2f}, {-1, 0.25f}});
    b.shape(shield, Rgb{38, 70, 160}, 0.02f, kWhite);
    b.line({{c.x, c.y - r * 0.7f}, {c.x, c.y + r * 0.75f}}, 0.02f, kWhite);
    b.line({{c.x - r * 0.6f, c.y - r * 0.2f}, {c.x + r * 0.6f, c.y - r * 0.2f}}, 0.02f, kWhite);
}

void nugget(Brush& b, Vec2 c, float r) {
    b.shape(at(c, r, {{-1, 0.1f}, {-0.5f, -0.8f}, {0.5f, -0.7f}, {1, 0.2f}, {0.4f, 0.85f}, {-0.6f, 0.7f}}),
            Rgb{240, 192, 40}, 0.016f, Rgb{120, 84, 10});
    b.fill(at(c, r, {{-0.5f, -0.8f}, {0.5f, -0.7f}, {0.1f, -0.1f}, {-0.55f, 0.0f}}), Rgb{255, 236, 150});
}

void tipi(Brush& b, Vec2 c, float r) {
    b.line({{c.x - r * 0.35f, c.y - r * 1.35f}, {c.x + r * 0.2f, c.y - r * 0.5f}}, 0.014f, kInk);
    b.line({{c.x + r * 0.35f, c.y - r * 1.35f}, {c.x - r * 0.2f, c.y - r * 0.5f}}, 0.014f, kInk);
    b.shape(at(c, r, {{-1, 1}, {0, -1}, {1, 1}}), Rgb{236, 218, 176}, 0.016f);
    b.line({{c.x - r * 0.62f, c.y + r * 0.25f}, {c.x + r * 0.62f, c.y + r * 0.25f}}, 0.018f, Rgb{176, 54, 40});
    b.fill(at(c, r, {{-0.3f, 1}, {0, 0.4f}, {0.3f, 1}}), kInk);
}

void horse(Brush& b, Vec2 c, float r, Rgb coat) {
    for (float x : {-0.6f, -0.3f, 0.35f, 0.6f})
        b.line({{c.x + x * r, c.y + 0.1f * r}, {c.x + x * r, c.y + r}}, 0.018f, kInk);
    b.line({{c.x - 0.85f * r, c.y - 0.2f * r}, {c.x - 1.15f * r, c.y + 0.5f * r}}, 0.02f, kInk);  // tail
    b.shape(at(c, r, {{-0.85f, -0.3f}, {0.55f, -0.35f}, {0.75f, 0.3f}, {-0.8f, 0.35f}}), coat, 0.014f);
    b.shape(at(c, r, {{0.4f, -0.3f}, {0.75f, -1.0f}, {1.15f, -0.75f}, {0.8f, 0.0f}}), coat, 0.014f);  // neck, head
    b.line({{c.x + 0.45f * r, c.y - 0.35f * r}, {c.x + 0.72f * r, c.y - 0.95f * r}}, 0.014f, kInk);   // mane
}

void bison(Brush& b, Vec2 c, float r) {  // New World animal
    for (float x : {-0.55f, -0.25f, 0.3f, 0.55f})
        b.line({{c.x + x * r, c.y + 0.2f * r}, {c.x + x * r, c.y + 0.9f * r}}, 0.018f, kInk);
    b.shape(at(c, r,
               {{-0.95f, -0.1f},
                {-0.6f, -0.5f},
                {0.2f, -0.85f},
                {0.75f, -0.5f},
                {1.0f, 0.1f},
                {0.7f, 0.45f},
                {-0.85f, 0.45f}}),
            Rgb{104, 66, 40}, 0.014f);
    b.dot({c.x + 0.85f * r, c.y - 0.05f * r}, 0.32f * r, Rgb{70, 44, 26});
    b.line({{c.x + 0.75f * r, c.y - 0.3f * r}, {c.x + 0.8f * r, c.y - 0.55f * r}}, 0.01f, kWhite);
}

void locomotive(Brush& b, Vec2 c, float r) {
    b.shape(rect({c.x - r * 0.25f, c.y}, r * 0.7f, r * 0.35f), Rgb{40, 40, 46}, 0.014f, kWhite);               // boiler
    b.shape(rect({c.x + r * 0.65f, c.y - r * 0.2f}, r * 0.35f, r * 0.55f), Rgb{150, 40, 34}, 0.014f, kWhite);  // cab
    b.shape(at(c, r, {{-0.8f, -0.35f}, {-0.9f, -0.95f}, {-0.45f, -0.95f}, {-0.55f, -0.35f}}), Rgb{40, 40, 46}, 0.012f,
            kWhite);                                                                          // chimney
    b.fill(at(c, r, {{-0.95f, 0.35f}, {-1.25f, 0.75f}, {-0.85f, 0.75f}}), Rgb{150, 40, 34});  // cow-catcher
    for (float x : {-0.6f, 0.0f, 0.6f}) {
        b.dot({c.x + x * r, c.y + 0.55f * r}, 0.28f * r, kWhite);
        b.dot({c.x + x * r, c.y + 0.55f * r}, 0.2f * r, Rgb{176, 40, 30});
    }
}

void colonialFlag(Brush& b, Vec2 c, float r) {  // white flag with a red cross on a pole
    b.line({{c.x - r * 0.8f, c.y + r}, {c.x - r * 0.8f, c.y - r * 1.05f}}, 0.016f, kInk);
    b.shape(rect({c.x + r * 0.15f, c.y - r * 0.45f}, r * 0.95f, r * 0.55f), kWhite, 0.012f);
    b.line({{c.x + r * 0.15f, c.y - r * 0.95f}, {c.x + r * 0.15f, c.y + r * 0.05f}}, 0.018f, Rgb{196, 36, 40});
    b.line({{c.x - r * 0.75f, c.y - r * 0.45f}, {c.x + r * 1.05f, c.y - r * 0.45f}}, 0.018f, Rgb{196, 36, 40});
}

void tradingPost(Brush& b, Vec2 c, float r) {  // a log hut with a sign
    b.shape(rect({c.x, c.y + r * 0.35f}, r * 0.85f, r * 0.55f), Rgb{146, 96, 56}, 0.014f);
    for (float y : {0.05f, 0.3f, 0.55f})
        b.line({{c.x - r * 0.8f, c.y + y * r}, {c.x + r * 0.8f, c.y + y * r}}, 0.006f, kInk);
    b.shape(at(c, r, {{-1.1f, -0.2f}, {0, -1.0f}, {1.1f, -0.2f}}), Rgb{88, 56, 30}, 0.014f);
    b.shape(rect({c.x, c.y + r * 0.3f}, r * 0.45f, r * 0.17f), Rgb{242, 228, 186}, 0.01f);
}

void portCity(Brush& b, Vec2 c, float r) {  // towers with red roofs
    for (int i = 0; i < 3; ++i) {
        const float x = c.x + static_cast<float>(i - 1) * r * 0.65f, top = c.y - r * (i == 1 ? 0.55f : 0.1f);
        b.shape({{x - r * 0.28f, c.y + r}, {x - r * 0.28f, top}, {x + r * 0.28f, top}, {x + r * 0.28f, c.y + r}},
                Rgb{232, 218, 188}, 0.012f);
        b.shape({{x - r * 0.36f, top}, {x, top - r * 0.5f}, {x + r * 0.36f, top}}, Rgb{184, 60, 42}, 0.012f);
    }
}

void ship(Brush& b, Vec2 c, float r) {  // the harbour side of a port city
    b.shape(at(c, r, {{-1.05f, 0.2f}, {1.05f, 0.2f}, {0.7f, 0.75f}, {-0.7f, 0.75f}}), Rgb{120, 70, 36}, 0.014f);
    b.line({{c.x, c.y + 0.2f * r}, {c.x, c.y - 1.05f * r}}, 0.014f, kInk);
    b.shape(at(c, r, {{0.08f, -1.0f}, {0.85f, 0.05f}, {0.08f, 0.05f}}), kWhite, 0.012f);
    b.shape(at(c, r, {{-0.08f, -0.8f}, {-0.08f, 0.05f}, {-0.7f, 0.05f}}), kWhite, 0.012f);
}

void badge(Brush& b, Vec2 c, float r) {  // a symbol the painter has no picture for
    b.dot(c, r * 1.05f, kInk);
    b.dot(c, r * 0.85f, kWhite);
    b.dot(c, r * 0.35f, kInk);
}

void symbol(Brush& b, const std::string& name, bool onWater, Vec2 c, float r) {
    if (name == "pennant")
        pennant(b, c, r);
    else if (name == "nugget")
        nugget(b, c, r);
    else if (name == "tipi")
        tipi(b, c, r);
    else if (name == "horses")
        horse(b, c, r, Rgb{132, 76, 38});
    else if (name == "animal")
        bison(b, c, r);
    else if (name == "loco")
        locomotive(b, c, r);
    else if (name == "flag")
        colonialFlag(b, c, r);
    else if (name == "post")
        tradingPost(b, c, r);
    else if (name == "city")
        onWater ? ship(b, c, r) : portCity(b, c, r);
    else
        badge(b, c, r);
}

void decor(Brush& b, const std::string& kind, const KindColours& k, Vec2 c, bool western) {
    const float u = 0.05f;
    if (kind == "city") {
        house(b, c, u * 1.5f, Rgb{236, 222, 196}, Rgb{178, 62, 44});
    } else if (kind == "town") {  // a log cabin
        house(b, c, u * 1.4f, Rgb{150, 100, 58}, Rgb{92, 60, 34});
    } else if (kind == "sea") {
        waves(b, k, 2);
    } else if (kind == "mountain") {
        if (western) {  // a red mesa
            b.shape(at(c, u, {{-2, 1}, {-1.3f, -0.8f}, {1.1f, -0.8f}, {2, 1}}), k.edge, 0.008f);
            b.fill(at(c, u, {{-1.3f, -0.8f}, {1.1f, -0.8f}, {0.9f, -0.3f}, {-1.15f, -0.3f}}), k.detail);
        } else {  // peaks with snow
            b.fill(at(c, u, {{-1.8f, 1}, {-0.3f, -1.6f}, {1.2f, 1}}), k.edge);
            b.fill(at(c, u, {{-0.3f, -1.6f}, {-0.3f, 1}, {1.2f, 1}}), k.detail, 0.35f);
            b.fill(at(c, u, {{-0.85f, -0.65f}, {-0.3f, -1.6f}, {0.25f, -0.65f}}), kWhite);
            b.fill(at(c, u, {{0, 1}, {1, -0.6f}, {2, 1}}), k.detail);
        }
    } else if (kind == "meadow") {
        for (int i = 0; i < 3; ++i)
            b.dot({c.x + static_cast<float>(i - 1) * u * 1.1f, c.y + static_cast<float>(i % 2) * u * 0.8f}, u * 0.35f,
                  i == 1 ? Rgb{250, 214, 70} : kWhite);
    } else {
        for (int i = 0; i < 3; ++i) b.dot({c.x + static_cast<float>(i - 1) * u, c.y}, u * 0.3f, k.detail);
    }
}

}  // namespace

void paintTile(Canvas& canvas, const TileSet& tiles, const std::vector<KindColours>& colours, const TileArt& art,
               int design) {
    std::uint64_t seed = 1469598103934665603ull;
    for (char ch : tiles.designs[design].name) seed = (seed ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
    Brush b(canvas, seed);
    const auto kindName = [&](int kind) -> const std::string& { return tiles.kinds[kind].name; };
    const bool western = tiles.name == "goldrush";

    // The ground: the background kind (or a start space's sea) with its texture.
    const std::vector<Vec2> whole = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    if (art.coast) {
        b.fill(whole, kCoastSea.fill);
        waves(b, kCoastSea, 12);
    } else if (art.backgroundKind >= 0) {
        b.fill(whole, colours[art.backgroundKind].fill);
        texture(b, kindName(art.backgroundKind), colours[art.backgroundKind]);
    } else {
        b.fill(whole, Rgb{200, 200, 190});
    }
    for (const auto& f : art.fills) {
        b.fill(f.outline, colours[f.kind].fill);
        b.clip(f.outline);
        texture(b, kindName(f.kind), colours[f.kind]);
        b.unclip();
    }
    for (const auto& s : art.strokes)
        if (s.wall) wall(b, kindName(s.kind), colours[s.kind], s.points);
    for (const auto& s : art.strokes)
        if (!s.wall) path(b, kindName(s.kind), colours[s.kind], s.points);

    for (const auto& g : art.glyphs) {
        switch (g.type) {
            case GlyphType::Junction:
                house(b, g.at, 0.09f, Rgb{236, 222, 196}, Rgb{160, 60, 44});
                break;
            case GlyphType::Portal:  // a tunnel mouth in the hillside
                b.dot(g.at, 0.1f, Rgb{104, 96, 86});
                b.dot(g.at, 0.075f, Rgb{60, 54, 48});
                b.dot(g.at, 0.055f, Rgb{14, 12, 10});
                break;
            case GlyphType::Single: {
                const std::string& kind = kindName(g.kind);
                if (kind == "cloister")
                    church(b, {g.at.x + 0.02f, g.at.y + 0.02f}, 0.14f, colours[g.kind]);
                else if (kind == "farm")
                    barn(b, g.at, 0.13f, colours[g.kind]);
                else if (kind == "city")
                    westernTown(b, g.at, 0.14f, colours[g.kind]);
                else
                    house(b, g.at, 0.15f, colours[g.kind].detail, colours[g.kind].fill);
                break;
            }
            case GlyphType::Decor:
                decor(b, kindName(g.kind), colours[g.kind], g.at, western);
                break;
            case GlyphType::Symbol:  // drawn upright over the tile by the game (paintSymbol)
                break;
        }
    }
    // A thin dark rim so neighbouring tiles read as separate pieces.
    b.line({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}, 0.012f, Rgb{0, 0, 0}, 0.35f);
}

void paintSymbol(Canvas& canvas, const std::string& name, bool onWater, float radius) {
    Brush b(canvas, 1);
    symbol(b, name, onWater, Vec2(0.5f, 0.5f), radius);
}

}  // namespace carc::art
