#include "palette.hpp"

#include <string_view>

namespace web {
namespace {

ImU32 rgb(int r, int g, int b) {
    return IM_COL32(r, g, b, 255);
}

ImU32 darker(ImU32 c, float f) {
    const auto ch = [&](int shift) { return static_cast<int>(((c >> shift) & 0xFF) * f); };
    return IM_COL32(ch(IM_COL32_R_SHIFT), ch(IM_COL32_G_SHIFT), ch(IM_COL32_B_SHIFT), 255);
}

// Hand-picked looks for the kinds of the games we know (names from the tile sets).
bool namedLook(std::string_view name, KindLook& look) {
    struct Named {
        std::string_view name;
        ImU32 fill, edge, detail;
    };
    static const Named named[] = {
        {"field", rgb(126, 170, 74), rgb(96, 140, 56), rgb(104, 150, 60)},
        {"city", rgb(206, 164, 104), rgb(122, 82, 52), rgb(178, 134, 84)},
        {"road", rgb(238, 226, 196), rgb(92, 80, 64), rgb(210, 196, 164)},
        {"cloister", rgb(196, 72, 52), rgb(90, 40, 30), rgb(240, 230, 210)},
        // Spin-off kinds, as the tile sets are expected to name them.
        {"sea", rgb(70, 130, 190), rgb(40, 84, 140), rgb(120, 170, 220)},
        {"coast", rgb(70, 130, 190), rgb(40, 84, 140), rgb(120, 170, 220)},
        {"meadow", rgb(150, 190, 90), rgb(100, 140, 60), rgb(130, 170, 76)},
        {"mountain", rgb(150, 140, 132), rgb(90, 84, 80), rgb(190, 184, 176)},
        {"town", rgb(214, 172, 120), rgb(120, 84, 56), rgb(186, 146, 96)},
        {"trail", rgb(222, 200, 150), rgb(110, 86, 60), rgb(200, 176, 126)},
        {"railroad", rgb(120, 104, 92), rgb(50, 40, 34), rgb(180, 170, 160)},
        {"plains", rgb(206, 182, 110), rgb(160, 134, 76), rgb(186, 160, 92)},
        {"prairie", rgb(206, 182, 110), rgb(160, 134, 76), rgb(186, 160, 92)},
        {"farm", rgb(170, 96, 60), rgb(84, 48, 30), rgb(230, 210, 170)},
    };
    for (const auto& n : named)
        if (n.name == name) {
            look = {n.fill, n.edge, n.detail};
            return true;
        }
    return false;
}

// A stable colour from a name, shaded by class.
KindLook classLook(const carc::KindDef& kind) {
    unsigned hash = 2166136261u;
    for (char c : kind.name) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
    const float hue = static_cast<float>(hash % 360) / 360.0f;
    float r, g, b;
    float sat = 0.45f, val = 0.75f;
    if (kind.cls == carc::KindClass::Field) sat = 0.35f, val = 0.65f;
    if (kind.cls == carc::KindClass::Path) sat = 0.15f, val = 0.9f;
    ImGui::ColorConvertHSVtoRGB(hue, sat, val, r, g, b);
    const ImU32 fill = IM_COL32(static_cast<int>(r * 255), static_cast<int>(g * 255), static_cast<int>(b * 255), 255);
    return {fill, darker(fill, 0.5f), darker(fill, 0.85f)};
}

}  // namespace

Palette paletteFor(const carc::TileSet& tiles) {
    Palette p;
    p.table = rgb(52, 58, 50);
    p.grid = IM_COL32(255, 236, 140, 110);
    p.symbol = rgb(40, 72, 160);
    p.symbolMark = rgb(245, 240, 225);
    for (const auto& kind : tiles.kinds) {
        KindLook look;
        if (!namedLook(kind.name, look)) look = classLook(kind);
        p.kinds.push_back(look);
    }
    return p;
}

ImU32 playerColour(int player) {
    // Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
    static const ImU32 colours[kMaxSeats] = {rgb(213, 94, 0),  rgb(0, 114, 178), rgb(240, 228, 66),
                                             rgb(0, 158, 115), rgb(40, 40, 40),  rgb(204, 121, 167)};
    return colours[player % kMaxSeats];
}

ImU32 playerInk(int player) {
    return (player % kMaxSeats == 2) ? rgb(30, 30, 30) : rgb(250, 250, 245);
}

const char* playerColourKey(int player) {
    static const char* keys[kMaxSeats] = {"orange", "blue", "yellow", "green", "black", "pink"};
    return keys[player % kMaxSeats];
}

}  // namespace web
