#include "painter.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

namespace web {
namespace {

ImU32 withAlpha(ImU32 c, float alpha) {
    const auto a = static_cast<unsigned>(static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF) * alpha);
    return (c & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

void fillTriangles(ImDrawList* dl, const std::vector<ImVec2>& tris, ImU32 colour, int rotation, ImVec2 topLeft,
                   float size) {
    const int n = static_cast<int>(tris.size());
    if (n == 0) return;
    dl->PrimReserve(n, n);
    const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
    const auto base = static_cast<ImDrawIdx>(dl->_VtxCurrentIdx);
    for (int i = 0; i < n; ++i) {
        dl->PrimWriteIdx(static_cast<ImDrawIdx>(base + i));
        dl->PrimWriteVtx(tilePoint(tris[i], rotation, topLeft, size), uv, colour);
    }
}

std::vector<ImVec2> toScreen(const std::vector<ImVec2>& pts, int rotation, ImVec2 topLeft, float size) {
    std::vector<ImVec2> out;
    out.reserve(pts.size());
    for (auto p : pts) out.push_back(tilePoint(p, rotation, topLeft, size));
    return out;
}

// Little marks that give areas and fields some texture; placed by a fixed pattern per design.
void drawTexture(ImDrawList* dl, const TileLook& look, const TileArt& art, int design, int rotation, ImVec2 topLeft,
                 float size, float alpha) {
    if (size < 36) return;
    unsigned seed = static_cast<unsigned>(design) * 2654435761u + 12345u;
    auto next = [&] {
        seed = seed * 1664525u + 1013904223u;
        return static_cast<float>((seed >> 8) & 0xFFFF) / 65535.0f;
    };
    if (art.backgroundKind >= 0) {
        const ImU32 c = withAlpha(look.palette->kinds[art.backgroundKind].detail, alpha);
        for (int i = 0; i < 9; ++i) {
            const ImVec2 p = tilePoint(ImVec2(0.08f + 0.84f * next(), 0.08f + 0.84f * next()), rotation, topLeft, size);
            const float w = size * 0.03f;
            dl->AddLine(ImVec2(p.x - w, p.y), ImVec2(p.x - w * 0.3f, p.y - w * 1.2f), c, std::max(1.0f, size * 0.012f));
            dl->AddLine(ImVec2(p.x, p.y), ImVec2(p.x + w * 0.4f, p.y - w * 1.4f), c, std::max(1.0f, size * 0.012f));
        }
    }
}

// Decorations inside areas, by kind name; any other kind gets small dots.
void drawDecor(ImDrawList* dl, const std::string& kind, const KindLook& look, ImVec2 c, float size, float alpha) {
    if (size < 30) return;
    const float u = size * 0.05f;
    if (kind == "city" || kind == "town") {  // a house with a red roof
        dl->AddRectFilled(ImVec2(c.x - u, c.y - u * 0.2f), ImVec2(c.x + u, c.y + u * 1.1f),
                          withAlpha(IM_COL32(236, 222, 196, 255), alpha));
        dl->AddTriangleFilled(ImVec2(c.x - u * 1.35f, c.y), ImVec2(c.x + u * 1.35f, c.y), ImVec2(c.x, c.y - u * 1.3f),
                              withAlpha(IM_COL32(178, 62, 44, 255), alpha));
        dl->AddRectFilled(ImVec2(c.x - u * 0.25f, c.y + u * 0.4f), ImVec2(c.x + u * 0.25f, c.y + u * 1.1f),
                          withAlpha(look.edge, alpha));
    } else if (kind == "sea" || kind == "coast") {  // waves
        for (int i = 0; i < 2; ++i) {
            const float y = c.y + static_cast<float>(i) * u * 1.2f;
            dl->AddBezierQuadratic(ImVec2(c.x - u * 1.4f, y), ImVec2(c.x - u * 0.7f, y - u), ImVec2(c.x, y),
                                   withAlpha(look.detail, alpha), std::max(1.0f, size * 0.015f));
            dl->AddBezierQuadratic(ImVec2(c.x, y), ImVec2(c.x + u * 0.7f, y - u), ImVec2(c.x + u * 1.4f, y),
                                   withAlpha(look.detail, alpha), std::max(1.0f, size * 0.015f));
        }
    } else if (kind == "mountain") {  // peaks with snow
        dl->AddTriangleFilled(ImVec2(c.x - u * 1.8f, c.y + u), ImVec2(c.x + u * 1.2f, c.y + u),
                              ImVec2(c.x - u * 0.3f, c.y - u * 1.6f), withAlpha(look.edge, alpha));
        dl->AddTriangleFilled(ImVec2(c.x - u * 0.7f, c.y - u * 0.6f), ImVec2(c.x + u * 0.1f, c.y - u * 0.6f),
                              ImVec2(c.x - u * 0.3f, c.y - u * 1.6f), withAlpha(IM_COL32(245, 245, 250, 255), alpha));
        dl->AddTriangleFilled(ImVec2(c.x, c.y + u), ImVec2(c.x + u * 2.0f, c.y + u), ImVec2(c.x + u, c.y - u * 0.6f),
                              withAlpha(look.detail, alpha));
    } else if (kind == "meadow") {  // flowers
        for (int i = 0; i < 3; ++i) {
            const ImVec2 p(c.x + static_cast<float>(i - 1) * u * 1.1f, c.y + static_cast<float>(i % 2) * u * 0.8f);
            dl->AddCircleFilled(p, u * 0.35f,
                                withAlpha(i == 1 ? IM_COL32(250, 220, 80, 255) : IM_COL32(250, 250, 250, 255), alpha));
        }
    } else {
        for (int i = 0; i < 3; ++i)
            dl->AddCircleFilled(ImVec2(c.x + static_cast<float>(i - 1) * u, c.y), u * 0.3f,
                                withAlpha(look.detail, alpha));
    }
}

// Symbols other than the pennant, by name; an unknown symbol shows as a badge with its initial.
void drawSymbol(ImDrawList* dl, const std::string& name, ImVec2 c, float r, float alpha) {
    const ImU32 dark = withAlpha(IM_COL32(30, 26, 22, 255), alpha);
    const float w = std::max(1.0f, r * 0.18f);
    if (name == "nugget") {
        const ImVec2 pts[6] = {ImVec2(c.x - r, c.y),
                               ImVec2(c.x - r * 0.4f, c.y - r * 0.8f),
                               ImVec2(c.x + r * 0.6f, c.y - r * 0.6f),
                               ImVec2(c.x + r, c.y + r * 0.2f),
                               ImVec2(c.x + r * 0.3f, c.y + r * 0.8f),
                               ImVec2(c.x - r * 0.6f, c.y + r * 0.6f)};
        dl->AddConvexPolyFilled(pts, 6, withAlpha(IM_COL32(236, 190, 40, 255), alpha));
        dl->AddPolyline(pts, 6, withAlpha(IM_COL32(140, 100, 10, 255), alpha), ImDrawFlags_Closed, w);
        dl->AddCircleFilled(ImVec2(c.x - r * 0.2f, c.y - r * 0.2f), r * 0.22f,
                            withAlpha(IM_COL32(255, 240, 170, 255), alpha));
    } else if (name == "tipi") {
        dl->AddTriangleFilled(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y + r), ImVec2(c.x, c.y - r),
                              withAlpha(IM_COL32(232, 214, 170, 255), alpha));
        dl->AddTriangle(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y + r), ImVec2(c.x, c.y - r), dark, w);
        dl->AddLine(ImVec2(c.x - r * 0.3f, c.y - r * 1.3f), ImVec2(c.x + r * 0.3f, c.y - r * 0.5f), dark, w);
        dl->AddLine(ImVec2(c.x + r * 0.3f, c.y - r * 1.3f), ImVec2(c.x - r * 0.3f, c.y - r * 0.5f), dark, w);
        dl->AddTriangleFilled(ImVec2(c.x - r * 0.25f, c.y + r), ImVec2(c.x + r * 0.25f, c.y + r),
                              ImVec2(c.x, c.y + r * 0.3f), dark);
    } else if (name == "loco") {
        dl->AddRectFilled(ImVec2(c.x - r, c.y - r * 0.3f), ImVec2(c.x + r * 0.4f, c.y + r * 0.5f), dark, r * 0.2f);
        dl->AddRectFilled(ImVec2(c.x + r * 0.2f, c.y - r * 0.8f), ImVec2(c.x + r, c.y + r * 0.5f), dark);
        dl->AddRectFilled(ImVec2(c.x - r * 0.8f, c.y - r), ImVec2(c.x - r * 0.45f, c.y - r * 0.3f), dark);
        for (int i = 0; i < 3; ++i)
            dl->AddCircleFilled(ImVec2(c.x - r * 0.7f + static_cast<float>(i) * r * 0.7f, c.y + r * 0.7f), r * 0.28f,
                                withAlpha(IM_COL32(190, 40, 30, 255), alpha));
    } else if (name == "horses" || name == "animal") {
        const ImU32 coat =
            withAlpha(name == "horses" ? IM_COL32(120, 70, 36, 255) : IM_COL32(240, 236, 226, 255), alpha);
        dl->AddRectFilled(ImVec2(c.x - r * 0.8f, c.y - r * 0.35f), ImVec2(c.x + r * 0.5f, c.y + r * 0.3f), coat,
                          r * 0.3f);
        dl->AddRectFilled(ImVec2(c.x + r * 0.35f, c.y - r * 0.9f), ImVec2(c.x + r * 0.9f, c.y - r * 0.2f), coat,
                          r * 0.2f);
        for (int i = 0; i < 2; ++i) {
            const float x = c.x - r * 0.6f + static_cast<float>(i) * r * 0.9f;
            dl->AddLine(ImVec2(x, c.y + r * 0.2f), ImVec2(x, c.y + r), coat, w * 1.5f);
        }
        dl->AddRect(ImVec2(c.x - r * 0.8f, c.y - r * 0.35f), ImVec2(c.x + r * 0.5f, c.y + r * 0.3f), dark, r * 0.3f, 0,
                    w * 0.6f);
    } else if (name == "flag") {
        dl->AddLine(ImVec2(c.x - r * 0.6f, c.y + r), ImVec2(c.x - r * 0.6f, c.y - r), dark, w);
        dl->AddTriangleFilled(ImVec2(c.x - r * 0.6f, c.y - r), ImVec2(c.x + r, c.y - r * 0.55f),
                              ImVec2(c.x - r * 0.6f, c.y - r * 0.1f), withAlpha(IM_COL32(200, 40, 40, 255), alpha));
    } else if (name == "post") {  // a trading post: a small hut with a sign
        dl->AddRectFilled(ImVec2(c.x - r * 0.8f, c.y - r * 0.3f), ImVec2(c.x + r * 0.8f, c.y + r * 0.8f),
                          withAlpha(IM_COL32(150, 100, 60, 255), alpha));
        dl->AddTriangleFilled(ImVec2(c.x - r, c.y - r * 0.3f), ImVec2(c.x + r, c.y - r * 0.3f), ImVec2(c.x, c.y - r),
                              withAlpha(IM_COL32(90, 56, 30, 255), alpha));
        dl->AddRectFilled(ImVec2(c.x - r * 0.5f, c.y), ImVec2(c.x + r * 0.5f, c.y + r * 0.35f),
                          withAlpha(IM_COL32(240, 226, 180, 255), alpha));
    } else if (name == "city") {  // a port city: towers
        for (int i = 0; i < 3; ++i) {
            const float x = c.x + static_cast<float>(i - 1) * r * 0.7f, top = c.y - r * (i == 1 ? 1.0f : 0.5f);
            dl->AddRectFilled(ImVec2(x - r * 0.3f, top), ImVec2(x + r * 0.3f, c.y + r),
                              withAlpha(IM_COL32(226, 210, 176, 255), alpha));
            dl->AddRect(ImVec2(x - r * 0.3f, top), ImVec2(x + r * 0.3f, c.y + r), dark, 0, 0, w * 0.6f);
        }
    } else {
        dl->AddCircleFilled(c, r, withAlpha(IM_COL32(250, 246, 232, 255), alpha));
        dl->AddCircle(c, r, dark, 0, w);
        const char initial[2] = {
            name.empty() ? '?' : static_cast<char>(std::toupper(static_cast<unsigned char>(name[0]))), 0};
        const ImVec2 t = ImGui::CalcTextSize(initial);
        dl->AddText(ImVec2(c.x - t.x * 0.5f, c.y - t.y * 0.5f), dark, initial);
    }
}

}  // namespace

void drawTile(ImDrawList* dl, const TileLook& look, int design, int rotation, ImVec2 topLeft, float size, float alpha) {
    const TileArt& art = (*look.art)[design];
    const Palette& pal = *look.palette;
    const ImVec2 bottomRight(topLeft.x + size, topLeft.y + size);
    const ImU32 bg = art.backgroundKind >= 0 ? pal.kinds[art.backgroundKind].fill : IM_COL32(200, 200, 190, 255);
    dl->AddRectFilled(topLeft, bottomRight, withAlpha(bg, alpha));
    drawTexture(dl, look, art, design, rotation, topLeft, size, alpha);

    for (const auto& fill : art.fills)
        fillTriangles(dl, fill.triangles, withAlpha(pal.kinds[fill.kind].fill, alpha), rotation, topLeft, size);
    // Walls: a dark line with a lighter top, like stone.
    for (const auto& stroke : art.strokes) {
        if (!stroke.wall) continue;
        const auto pts = toScreen(stroke.points, rotation, topLeft, size);
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), withAlpha(pal.kinds[stroke.kind].edge, alpha), 0,
                        std::max(1.5f, size * 0.045f));
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), withAlpha(pal.kinds[stroke.kind].detail, alpha), 0,
                        std::max(1.0f, size * 0.015f));
    }
    // Paths: border, then surface.
    for (const auto& stroke : art.strokes) {
        if (stroke.wall) continue;
        const auto pts = toScreen(stroke.points, rotation, topLeft, size);
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), withAlpha(pal.kinds[stroke.kind].edge, alpha), 0,
                        std::max(2.0f, size * 0.11f));
    }
    for (const auto& stroke : art.strokes) {
        if (stroke.wall) continue;
        const auto pts = toScreen(stroke.points, rotation, topLeft, size);
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), withAlpha(pal.kinds[stroke.kind].fill, alpha), 0,
                        std::max(1.0f, size * 0.075f));
    }
    for (const auto& g : art.glyphs) {
        const ImVec2 c = tilePoint(g.at, rotation, topLeft, size);
        switch (g.type) {
            case GlyphType::Junction: {
                const float r = size * 0.09f;
                dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r),
                                  withAlpha(IM_COL32(170, 70, 50, 255), alpha), r * 0.3f);
                dl->AddTriangleFilled(ImVec2(c.x - r * 1.3f, c.y - r * 0.6f), ImVec2(c.x + r * 1.3f, c.y - r * 0.6f),
                                      ImVec2(c.x, c.y - r * 1.9f), withAlpha(IM_COL32(120, 44, 34, 255), alpha));
                break;
            }
            case GlyphType::Portal: {
                const float r = size * 0.085f;
                dl->AddCircleFilled(c, r, withAlpha(IM_COL32(60, 54, 48, 255), alpha));
                dl->AddCircleFilled(c, r * 0.62f, withAlpha(IM_COL32(12, 10, 8, 255), alpha));
                break;
            }
            case GlyphType::Single: {
                // A building: walls in the kind's detail colour, a roof in its fill, a mark on top.
                const KindLook& k = pal.kinds[g.kind];
                const float w = size * 0.17f, h = size * 0.14f;
                const ImVec2 a(c.x - w, c.y - h * 0.2f), b(c.x + w, c.y + h);
                dl->AddRectFilled(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), withAlpha(k.edge, alpha), 2);
                dl->AddRectFilled(a, b, withAlpha(k.detail, alpha), 2);
                dl->AddTriangleFilled(ImVec2(c.x - w * 1.2f, a.y), ImVec2(c.x + w * 1.2f, a.y),
                                      ImVec2(c.x, c.y - h * 1.5f), withAlpha(k.fill, alpha));
                dl->AddTriangle(ImVec2(c.x - w * 1.2f, a.y), ImVec2(c.x + w * 1.2f, a.y), ImVec2(c.x, c.y - h * 1.5f),
                                withAlpha(k.edge, alpha), 1.0f);
                const float d = size * 0.035f;
                dl->AddRectFilled(ImVec2(c.x - d * 0.7f, c.y + h * 0.3f), ImVec2(c.x + d * 0.7f, b.y),
                                  withAlpha(k.edge, alpha));
                dl->AddLine(ImVec2(c.x, c.y - h * 1.5f), ImVec2(c.x, c.y - h * 2.3f), withAlpha(k.edge, alpha),
                            std::max(1.0f, size * 0.02f));
                dl->AddLine(ImVec2(c.x - d, c.y - h * 2.0f), ImVec2(c.x + d, c.y - h * 2.0f), withAlpha(k.edge, alpha),
                            std::max(1.0f, size * 0.02f));
                break;
            }
            case GlyphType::Decor:
                drawDecor(dl, look.tiles->kinds[g.kind].name, pal.kinds[g.kind], c, size, alpha);
                break;
            case GlyphType::Symbol: {
                const std::string& name = look.tiles->symbols[g.kind];
                const float r = size * 0.085f;
                if (name != "pennant") {
                    drawSymbol(dl, name, c, r, alpha);
                    if (g.count > 1 && size > 40) {
                        const std::string n = std::to_string(g.count);
                        dl->AddText(ImVec2(c.x + r * 1.1f, c.y - r), withAlpha(IM_COL32(255, 255, 255, 255), alpha),
                                    n.c_str());
                    }
                    break;
                }
                // The pennant: a shield with a mark; a count when more than one.
                const ImVec2 pts[5] = {ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y - r),
                                       ImVec2(c.x + r, c.y + r * 0.2f), ImVec2(c.x, c.y + r * 1.2f),
                                       ImVec2(c.x - r, c.y + r * 0.2f)};
                dl->AddConvexPolyFilled(pts, 5, withAlpha(pal.symbol, alpha));
                dl->AddPolyline(pts, 5, withAlpha(pal.symbolMark, alpha), ImDrawFlags_Closed,
                                std::max(1.0f, size * 0.015f));
                dl->AddLine(ImVec2(c.x, c.y - r * 0.7f), ImVec2(c.x, c.y + r * 0.7f), withAlpha(pal.symbolMark, alpha),
                            std::max(1.0f, size * 0.02f));
                if (g.count > 1 && size > 40) {
                    const std::string n = std::to_string(g.count);
                    dl->AddText(ImVec2(c.x + r * 1.1f, c.y - r), withAlpha(pal.symbolMark, alpha), n.c_str());
                }
                break;
            }
        }
    }
    dl->AddRect(topLeft, bottomRight, withAlpha(IM_COL32(0, 0, 0, 70), alpha), 0, 0, 1.0f);
}

void drawPlayerMark(ImDrawList* dl, ImVec2 c, float r, int player, ImU32 colour) {
    switch (player % kMaxSeats) {
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
