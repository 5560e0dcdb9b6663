#include "tile_geometry/kind_colours.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace carc::art {
namespace {

Rgb darker(Rgb c, float f) {
    auto ch = [&](std::uint8_t v) { return static_cast<std::uint8_t>(static_cast<float>(v) * f); };
    return {ch(c.r), ch(c.g), ch(c.b)};
}

// Hand-picked looks for the kinds of the games we know; "set/kind" entries win over "kind".
bool namedColours(std::string_view set, std::string_view kind, KindColours& out) {
    struct Named {
        std::string_view set, kind;
        KindColours colours;
    };
    static const Named named[] = {
        // The base game: a green medieval countryside, sandstone cities, pale roads.
        {"", "field", {{122, 168, 70}, {92, 136, 52}, {98, 146, 56}}},
        {"", "city", {{204, 168, 112}, {112, 80, 54}, {176, 138, 90}}},
        {"", "road", {{236, 224, 194}, {92, 80, 64}, {206, 192, 160}}},
        {"", "cloister", {{196, 72, 52}, {90, 40, 30}, {240, 230, 210}}},
        // New World: golden plains, timber towns, dirt trails.
        {"", "plain", {{176, 178, 92}, {130, 132, 62}, {152, 156, 74}}},
        {"", "town", {{196, 150, 98}, {98, 64, 38}, {164, 120, 74}}},
        {"", "trail", {{214, 184, 132}, {104, 80, 54}, {190, 160, 110}}},
        {"", "farm", {{170, 96, 60}, {84, 48, 30}, {230, 210, 170}}},
        // The Discovery: meadow, mountain, sea.
        {"", "sea", {{64, 122, 178}, {34, 76, 124}, {120, 170, 218}}},
        {"", "meadow", {{142, 188, 88}, {96, 140, 58}, {120, 166, 72}}},
        {"", "mountain", {{146, 138, 130}, {84, 78, 74}, {190, 184, 176}}},
        // Gold Rush: ochre prairie, red rock, railroads.
        {"", "prairie", {{208, 182, 108}, {160, 132, 74}, {186, 158, 88}}},
        {"", "railroad", {{126, 96, 70}, {44, 36, 30}, {176, 176, 184}}},
        {"goldrush", "mountain", {{166, 104, 72}, {90, 50, 34}, {206, 150, 110}}},
        {"goldrush", "city", {{190, 150, 100}, {80, 52, 32}, {236, 216, 176}}},
    };
    const Named* best = nullptr;
    for (const auto& n : named)
        if (n.kind == kind && (n.set == set || (n.set.empty() && !best))) best = &n;
    if (best) out = best->colours;
    return best != nullptr;
}

Rgb fromHsv(float h, float s, float v) {
    const float c = v * s, x = c * (1 - std::fabs(std::fmod(h * 6.0f, 2.0f) - 1)), m = v - c;
    float r = 0, g = 0, b = 0;
    switch (static_cast<int>(h * 6.0f) % 6) {
        case 0:
            r = c, g = x;
            break;
        case 1:
            r = x, g = c;
            break;
        case 2:
            g = c, b = x;
            break;
        case 3:
            g = x, b = c;
            break;
        case 4:
            r = x, b = c;
            break;
        default:
            r = c, b = x;
            break;
    }
    auto byte = [&](float f) { return static_cast<std::uint8_t>(std::clamp((f + m) * 255.0f, 0.0f, 255.0f)); };
    return {byte(r), byte(g), byte(b)};
}

// A stable colour from the kind's name, shaded by its class.
KindColours classColours(const KindDef& kind) {
    unsigned hash = 2166136261u;
    for (char c : kind.name) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
    float sat = 0.45f, val = 0.75f;
    if (kind.cls == KindClass::Field) sat = 0.35f, val = 0.65f;
    if (kind.cls == KindClass::Path) sat = 0.15f, val = 0.9f;
    const Rgb fill = fromHsv(static_cast<float>(hash % 360) / 360.0f, sat, val);
    return {fill, darker(fill, 0.5f), darker(fill, 0.85f)};
}

}  // namespace

std::vector<KindColours> kindColours(const TileSet& tiles) {
    // A set that extends another (the Tunnel) keeps the look of the set it extends.
    std::vector<KindColours> out;
    for (const auto& kind : tiles.kinds) {
        KindColours c;
        if (!namedColours(tiles.name, kind.name, c)) c = classColours(kind);
        out.push_back(c);
    }
    return out;
}

}  // namespace carc::art
