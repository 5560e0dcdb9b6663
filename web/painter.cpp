#include "painter.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace web {
namespace {

ImU32 withAlpha(ImU32 c, float alpha) {
    const auto a = static_cast<unsigned>(static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF) * alpha);
    return (c & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

}  // namespace

void drawTile(ImDrawList* dl, const TileLook& look, int design, int rotation, ImVec2 topLeft, float size, float alpha) {
    const ImVec2 bottomRight(topLeft.x + size, topLeft.y + size);
    if (!look.atlas || !look.atlas->ready()) {  // the art is still on its way: the tile's ground colour
        dl->AddRectFilled(topLeft, bottomRight, withAlpha(look.palette->ground[design], alpha));
        dl->AddRect(topLeft, bottomRight, withAlpha(IM_COL32(0, 0, 0, 70), alpha), 0, 0, 1.0f);
        return;
    }
    // The picture's corners (unrotated top-left, top-right, bottom-right, bottom-left) go where the
    // rotation puts them on screen.
    static const ImVec2 unitCorners[4] = {ImVec2(0, 0), ImVec2(1, 0), ImVec2(1, 1), ImVec2(0, 1)};
    ImVec2 uv[4], screen[4];
    look.atlas->drawn(size);
    look.atlas->corners(design, uv);
    for (int i = 0; i < 4; ++i) screen[i] = tilePoint(unitCorners[i], rotation, topLeft, size);
    const ImU32 tint = withAlpha(IM_COL32_WHITE, alpha);
    dl->AddImageQuad(look.atlas->texture(), screen[0], screen[1], screen[2], screen[3], uv[0], uv[1], uv[2], uv[3],
                     tint);
    // Symbols stand upright wherever the turned tile puts them.
    const auto& layout = look.atlas->layout();
    for (const auto& glyph : (*look.art)[design].glyphs) {
        if (glyph.type != carc::art::GlyphType::Symbol) continue;
        look.atlas->corners(layout.spriteCell(glyph.kind, glyph.onWater), uv);
        for (const auto& place : carc::art::symbolPlaces(glyph)) {
            const ImVec2 c = tilePoint(ImVec2(place.at.x, place.at.y), rotation, topLeft, size);
            const float half = 0.5f * place.radius * size / carc::art::AtlasLayout::kSpriteRadius;
            dl->AddImage(look.atlas->texture(), ImVec2(c.x - half, c.y - half), ImVec2(c.x + half, c.y + half), uv[0],
                         uv[2], tint);
        }
    }
}

void drawSimpleTile(ImDrawList* dl, const TileLook& look, int design, int rotation, ImVec2 topLeft, float size) {
    const ImVec2 bottomRight(topLeft.x + size, topLeft.y + size);
    dl->AddRectFilled(topLeft, bottomRight, look.palette->ground[design]);
    const carc::art::TileArt& art = (*look.art)[design];
    const auto at = [&](carc::art::Vec2 p) { return tilePoint(ImVec2(p.x, p.y), rotation, topLeft, size); };
    // Without anti-aliasing: a shape's triangles would show their seams as lines.
    const ImDrawListFlags flags = dl->Flags;
    dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;
    for (const auto& fill : art.fills)
        for (size_t i = 0; i + 2 < fill.triangles.size(); i += 3)
            dl->AddTriangleFilled(at(fill.triangles[i]), at(fill.triangles[i + 1]), at(fill.triangles[i + 2]),
                                  look.palette->kinds[fill.kind]);
    dl->Flags = flags;
    std::vector<ImVec2> points;
    for (const auto& stroke : art.strokes) {
        if (stroke.wall) continue;
        points.clear();
        for (const auto& p : stroke.points) points.push_back(at(p));
        dl->AddPolyline(points.data(), static_cast<int>(points.size()), look.palette->kinds[stroke.kind], 0,
                        std::max(1.5f, size * 0.1f));
    }
    dl->AddRect(topLeft, bottomRight, IM_COL32(0, 0, 0, 60), 0, 0, 1.0f);
}

void drawTent(ImDrawList* dl, ImVec2 c, float r, int player) {
    dl->AddTriangleFilled(ImVec2(c.x - r, c.y + r * 0.8f), ImVec2(c.x + r, c.y + r * 0.8f), ImVec2(c.x, c.y - r),
                          IM_COL32(20, 20, 20, 230));
    dl->AddTriangleFilled(ImVec2(c.x - r * 0.8f, c.y + r * 0.65f), ImVec2(c.x + r * 0.8f, c.y + r * 0.65f),
                          ImVec2(c.x, c.y - r * 0.8f), playerColour(player));
    drawPlayerMark(dl, ImVec2(c.x, c.y + r * 0.2f), r * 0.25f, player, playerInk(player));
}

void drawPlayerMark(ImDrawList* dl, ImVec2 c, float r, int player, ImU32 colour) {
    drawColourMark(dl, c, r, seatColour(player), colour);
}

void drawColourMark(ImDrawList* dl, ImVec2 c, float r, int colourIndex, ImU32 colour) {
    switch (colourIndex % kMaxSeats) {
        case 0:
            dl->AddCircleFilled(c, r, colour);
            break;
        case 1:
            dl->AddRectFilled(ImVec2(c.x - r * 0.85f, c.y - r * 0.85f), ImVec2(c.x + r * 0.85f, c.y + r * 0.85f),
                              colour);
            break;
        case 2:
            dl->AddTriangleFilled(ImVec2(c.x, c.y - r * 1.1f), ImVec2(c.x + r, c.y + r * 0.8f),
                                  ImVec2(c.x - r, c.y + r * 0.8f), colour);
            break;
        case 3:
            dl->AddQuadFilled(ImVec2(c.x, c.y - r * 1.1f), ImVec2(c.x + r, c.y), ImVec2(c.x, c.y + r * 1.1f),
                              ImVec2(c.x - r, c.y), colour);
            break;
        case 4:
            dl->AddLine(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), colour, r * 0.6f);
            dl->AddLine(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y - r), colour, r * 0.6f);
            break;
        default:
            dl->AddNgonFilled(c, r, colour, 6);
            break;
    }
}

void drawFollower(ImDrawList* dl, ImVec2 centre, float size, int player, bool lying, float alpha) {
    // Meeple silhouette in a unit box centred on 0,0 (upright); lying turns it a quarter.
    static const ImVec2 body[] = {{-0.13f, -0.18f}, {-0.46f, -0.06f}, {-0.46f, 0.08f}, {-0.2f, 0.08f}, {-0.36f, 0.48f},
                                  {-0.06f, 0.48f},  {0.0f, 0.3f},     {0.06f, 0.48f},  {0.36f, 0.48f}, {0.2f, 0.08f},
                                  {0.46f, 0.08f},   {0.46f, -0.06f},  {0.13f, -0.18f}};
    static const std::vector<ImVec2> tris = [] {
        // Fan from the body centre: the silhouette is star-shaped around it.
        std::vector<ImVec2> t;
        const int n = static_cast<int>(std::size(body));
        for (int i = 0; i < n; ++i) t.insert(t.end(), {ImVec2(0, 0.08f), body[i], body[(i + 1) % n]});
        return t;
    }();
    auto at = [&](ImVec2 p) {
        if (lying) p = ImVec2(-p.y, p.x);
        return ImVec2(centre.x + p.x * size, centre.y + p.y * size);
    };
    const ImU32 fill = withAlpha(playerColour(player), alpha);
    const ImU32 outline = withAlpha(IM_COL32(20, 20, 20, 230), alpha);
    // Shadow.
    dl->AddCircleFilled(ImVec2(centre.x + size * 0.06f, centre.y + size * 0.42f), size * 0.34f,
                        withAlpha(IM_COL32(0, 0, 0, 60), alpha));
    std::vector<ImVec2> outlinePts;
    for (const auto& p : body) outlinePts.push_back(at(p));
    dl->AddPolyline(outlinePts.data(), static_cast<int>(outlinePts.size()), outline, ImDrawFlags_Closed,
                    std::max(1.5f, size * 0.09f));
    dl->AddCircleFilled(at(ImVec2(0, -0.32f)), size * 0.2f, outline);
    for (size_t i = 0; i + 2 < tris.size(); i += 3)
        dl->AddTriangleFilled(at(tris[i]), at(tris[i + 1]), at(tris[i + 2]), fill);
    dl->AddCircleFilled(at(ImVec2(0, -0.32f)), size * 0.155f, fill);
    drawPlayerMark(dl, at(ImVec2(0, 0.02f)), size * 0.11f, player, withAlpha(playerInk(player), alpha));
}

void drawTunnelToken(ImDrawList* dl, ImVec2 centre, float size, int player, int number) {
    dl->AddCircleFilled(centre, size * 0.5f, IM_COL32(20, 20, 20, 230));
    dl->AddCircleFilled(centre, size * 0.42f, playerColour(player));
    drawPlayerMark(dl, ImVec2(centre.x - size * 0.14f, centre.y), size * 0.13f, player, playerInk(player));
    const std::string n = std::to_string(number);
    dl->AddText(ImVec2(centre.x + size * 0.02f, centre.y - ImGui::GetFontSize() * 0.5f), playerInk(player), n.c_str());
}

}  // namespace web
