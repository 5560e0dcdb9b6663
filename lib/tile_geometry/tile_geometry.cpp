#include "tile_geometry/tile_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <queue>

namespace carc::art {
namespace {

const Vec2 kCentre(0.5f, 0.5f);

Vec2 lerp(Vec2 a, Vec2 b, float t) {
    return Vec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}
float dist(Vec2 a, Vec2 b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

// A point on the rim, s in [0, 12): port p covers [p, p + 1), clockwise from the north-west corner.
Vec2 rim(float s) {
    s = std::fmod(s + 12.0f, 12.0f);
    const int edge = static_cast<int>(s / 3.0f);
    const float f = (s - 3.0f * static_cast<float>(edge)) / 3.0f;
    switch (edge) {
        case 0:
            return Vec2(f, 0);
        case 1:
            return Vec2(1, f);
        case 2:
            return Vec2(1 - f, 1);
        default:
            return Vec2(0, 1 - f);
    }
}

Vec2 portPoint(int port) {
    return rim(static_cast<float>(port) + 0.5f);
}

void quadratic(std::vector<Vec2>& out, Vec2 a, Vec2 c, Vec2 b, int steps, bool includeEnds) {
    for (int i = includeEnds ? 0 : 1; i <= (includeEnds ? steps : steps - 1); ++i) {
        const float t = static_cast<float>(i) / static_cast<float>(steps);
        out.push_back(lerp(lerp(a, c, t), lerp(c, b, t), t));
    }
}

// Ear clipping of a simple polygon (either orientation) into triangles.
std::vector<Vec2> triangulate(std::vector<Vec2> poly) {
    std::vector<Vec2> tris;
    float area = 0;
    for (size_t i = 0; i < poly.size(); ++i) {
        const Vec2 a = poly[i], b = poly[(i + 1) % poly.size()];
        area += a.x * b.y - b.x * a.y;
    }
    if (area < 0) std::reverse(poly.begin(), poly.end());
    auto cross = [](Vec2 a, Vec2 b, Vec2 c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); };
    auto inside = [&](Vec2 p, Vec2 a, Vec2 b, Vec2 c) {
        return cross(a, b, p) > 1e-7f && cross(b, c, p) > 1e-7f && cross(c, a, p) > 1e-7f;
    };
    int guard = static_cast<int>(poly.size() * poly.size()) + 10;
    while (poly.size() > 3 && guard-- > 0) {
        bool clipped = false;
        for (size_t i = 0; i < poly.size(); ++i) {
            const size_t ia = (i + poly.size() - 1) % poly.size(), ic = (i + 1) % poly.size();
            const Vec2 a = poly[ia], b = poly[i], c = poly[ic];
            if (cross(a, b, c) <= 1e-9f) continue;  // reflex or flat corner
            bool ear = true;
            for (size_t j = 0; j < poly.size() && ear; ++j)
                if (j != ia && j != i && j != ic && inside(poly[j], a, b, c)) ear = false;
            if (!ear) continue;
            tris.insert(tris.end(), {a, b, c});
            poly.erase(poly.begin() + static_cast<long>(i));
            clipped = true;
            break;
        }
        if (!clipped) {  // degenerate remainder: drop a flat vertex
            poly.erase(poly.begin());
        }
    }
    if (poly.size() == 3) tris.insert(tris.end(), {poly[0], poly[1], poly[2]});
    return tris;
}

// Runs of consecutive ports (cyclic) as [start, end) in rim units.
std::vector<std::pair<int, int>> portRuns(std::uint16_t ports) {
    std::vector<std::pair<int, int>> runs;
    for (int p = 0; p < carc::kPorts; ++p) {
        const bool on = ports & (1u << p);
        const bool before = ports & (1u << ((p + carc::kPorts - 1) % carc::kPorts));
        if (!on || before) continue;
        int end = p;
        while (ports & (1u << (end % carc::kPorts))) ++end;
        runs.emplace_back(p, end);
    }
    return runs;
}

// The outline of an area segment: the rim along its ports, and curves bulging inwards between them.
void areaOutline(std::uint16_t ports, std::vector<Vec2>& polygon, std::vector<std::vector<Vec2>>& walls) {
    if (ports == 0xFFF) {
        polygon = {Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)};
        return;
    }
    const auto runs = portRuns(ports);
    for (size_t r = 0; r < runs.size(); ++r) {
        const auto [start, end] = runs[r];
        polygon.push_back(rim(static_cast<float>(start)));
        for (int corner = (start / 3 + 1) * 3; corner < end; corner += 3)
            polygon.push_back(rim(static_cast<float>(corner)));
        const Vec2 from = rim(static_cast<float>(end));
        polygon.push_back(from);
        int next = runs[(r + 1) % runs.size()].first;
        if (next <= end) next += carc::kPorts;
        const Vec2 to = rim(static_cast<float>(next));
        const Vec2 gapMiddle = rim(0.5f * static_cast<float>(end + next));
        const Vec2 control = lerp(kCentre, gapMiddle, 0.15f);
        std::vector<Vec2> wall;
        quadratic(wall, from, control, to, 12, true);
        walls.push_back(wall);
        polygon.insert(polygon.end(), wall.begin() + 1, wall.end() - 1);
    }
}

// Labels a grid over the tile with the segment each cell shows, then picks per segment the cell
// farthest from every other segment: where a follower (and a symbol) reads best.
constexpr int kGrid = kLabelGrid;

struct Labels {
    std::vector<int> cell = std::vector<int>(kGrid * kGrid, -1);
    std::vector<int> clearance = std::vector<int>(kGrid * kGrid, 0);
    static Vec2 centre(int i) {
        return Vec2((static_cast<float>(i % kGrid) + 0.5f) / kGrid, (static_cast<float>(i / kGrid) + 0.5f) / kGrid);
    }
};

void computeClearance(Labels& labels) {
    std::queue<int> frontier;
    std::vector<int>& d = labels.clearance;
    std::fill(d.begin(), d.end(), -1);
    for (int i = 0; i < kGrid * kGrid; ++i) {
        const int x = i % kGrid, y = i / kGrid;
        bool border = x == 0 || y == 0 || x == kGrid - 1 || y == kGrid - 1;
        for (int k = 0; k < 4 && !border; ++k) {
            const int j = (y + carc::kStep[k].y) * kGrid + x + carc::kStep[k].x;
            if (labels.cell[j] != labels.cell[i]) border = true;
        }
        if (border) d[i] = 1, frontier.push(i);
    }
    while (!frontier.empty()) {
        const int i = frontier.front();
        frontier.pop();
        const int x = i % kGrid, y = i / kGrid;
        for (int k = 0; k < 4; ++k) {
            const int nx = x + carc::kStep[k].x, ny = y + carc::kStep[k].y;
            if (nx < 0 || ny < 0 || nx >= kGrid || ny >= kGrid) continue;
            const int j = ny * kGrid + nx;
            if (d[j] < 0) d[j] = d[i] + 1, frontier.push(j);
        }
    }
}

// The best cell of segment `seg`, at least `minDistance` from every point of `avoid`.
int bestCell(const Labels& labels, int seg, const std::vector<Vec2>& avoid = {}, float minDistance = 0) {
    int best = -1;
    float bestScore = -1;
    for (int i = 0; i < kGrid * kGrid; ++i) {
        if (labels.cell[i] != seg) continue;
        const Vec2 c = Labels::centre(i);
        if (std::any_of(avoid.begin(), avoid.end(), [&](Vec2 a) { return dist(c, a) < minDistance; })) continue;
        // Prefer clearance, then closeness to the tile centre (tidy, away from the rim).
        const float score = static_cast<float>(labels.clearance[i]) - 0.5f * dist(c, kCentre) * kGrid * 0.1f;
        if (score > bestScore) bestScore = score, best = i;
    }
    return best;
}

}  // namespace

TileGround groundOf(const TileSet& tiles, const Design& design) {
    TileGround ground;
    const auto& segs = design.segments;
    auto cls = [&](size_t s) { return tiles.kinds[segs[s].kind].cls; };
    // Background: the field kind with most ports, else the area with most ports.
    int bestPorts = -1;
    for (int pass = 0; pass < 2 && ground.backgroundKind < 0; ++pass)
        for (size_t s = 0; s < segs.size(); ++s)
            if (cls(s) == (pass == 0 ? KindClass::Field : KindClass::Area) && segs[s].portCount() > bestPorts)
                bestPorts = segs[s].portCount(), ground.backgroundKind = segs[s].kind,
                ground.backgroundSegment = static_cast<int>(s);

    // A start space's ports that no segment covers are its coast: sea under the land, whose fields
    // then get shapes of their own like areas.
    std::uint16_t covered = 0;
    for (const auto& seg : segs) covered |= seg.ports;
    ground.coast = covered != 0xFFF;
    if (ground.coast) ground.backgroundKind = -1, ground.backgroundSegment = -1;
    return ground;
}

namespace {

TileArt buildDesign(const TileSet& tiles, const Design& design) {
    TileArt art;
    const auto& segs = design.segments;
    std::vector<std::vector<Vec2>> segmentShape(segs.size());  // areas' triangles
    std::vector<std::vector<Vec2>> pathLine(segs.size());
    std::vector<Vec2> singleAt(segs.size(), kCentre);
    auto cls = [&](int s) { return tiles.kinds[segs[s].kind].cls; };
    const int portalFlag = tiles.findFlag("portal");

    const TileGround ground = groundOf(tiles, design);
    art.backgroundKind = ground.backgroundKind;
    art.backgroundSegment = ground.backgroundSegment;
    art.coast = ground.coast;

    // Areas (the background kind's full-tile segment needs no shape).
    for (size_t s = 0; s < segs.size(); ++s) {
        const KindClass c = cls(static_cast<int>(s));
        const bool shaped = c == KindClass::Area || (art.coast && c == KindClass::Field);
        if (!shaped || segs[s].ports == 0) continue;
        std::vector<Vec2> polygon;
        std::vector<std::vector<Vec2>> walls;
        areaOutline(segs[s].ports, polygon, walls);
        segmentShape[s] = triangulate(polygon);
        art.fills.push_back({segs[s].kind, segmentShape[s], polygon, static_cast<int>(s)});
        for (auto& w : walls) art.strokes.push_back({segs[s].kind, true, std::move(w), static_cast<int>(s)});
    }

    // Paths: through the centre between two ports; a path with one port ends inside the tile.
    int closedEnds = 0, singles = 0;
    for (size_t s = 0; s < segs.size(); ++s) {
        if (cls(static_cast<int>(s)) == KindClass::Path && segs[s].portCount() == 1) ++closedEnds;
        if (cls(static_cast<int>(s)) == KindClass::Single) ++singles;
    }
    const bool junction = closedEnds >= 3 || (closedEnds >= 1 && singles > 0);
    int singleIndex = 0;
    for (size_t s = 0; s < segs.size(); ++s) {
        const auto& seg = segs[s];
        if (cls(static_cast<int>(s)) == KindClass::Single) {
            const float angle =
                6.2831853f * static_cast<float>(singleIndex++) / static_cast<float>(std::max(singles, 1));
            singleAt[s] = singles == 1 ? kCentre : Vec2(0.5f + 0.2f * std::sin(angle), 0.5f - 0.2f * std::cos(angle));
            art.glyphs.push_back({GlyphType::Single, seg.kind, 1, static_cast<int>(s), singleAt[s], kCentre});
            continue;
        }
        if (cls(static_cast<int>(s)) != KindClass::Path) continue;
        std::vector<int> ports;
        for (int p = 0; p < carc::kPorts; ++p)
            if (seg.ports & (1u << p)) ports.push_back(p);
        std::vector<Vec2> line;
        const bool portal = portalFlag >= 0 && (seg.flags & (1u << portalFlag));
        if (ports.size() == 2) {
            quadratic(line, portPoint(ports[0]), kCentre, portPoint(ports[1]), 16, true);
        } else if (ports.size() == 1) {
            const Vec2 edge = portPoint(ports[0]);
            const float reach = portal ? 0.62f : (junction ? 1.0f : 0.64f);
            const Vec2 end = lerp(edge, kCentre, reach);
            line = {edge, lerp(edge, end, 0.5f), end};
            if (portal)
                art.glyphs.push_back(
                    {GlyphType::Portal, seg.kind, static_cast<int>(s), static_cast<int>(s), end, edge});
        } else {
            for (int p : ports) {  // several ports meeting in the centre
                if (!line.empty()) line.push_back(kCentre);
                line.push_back(portPoint(p));
            }
            line.push_back(kCentre);
        }
        pathLine[s] = line;
        art.strokes.push_back({seg.kind, false, std::move(line), static_cast<int>(s)});
    }
    if (junction && singles == 0) art.glyphs.push_back({GlyphType::Junction, 0, 1, -1, kCentre, kCentre});

    // Label the grid: areas, then paths and singles on top, then fields by flooding from their ports.
    Labels labels;
    for (int i = 0; i < kGrid * kGrid; ++i) {
        const Vec2 c = Labels::centre(i);
        for (size_t s = 0; s < segs.size(); ++s) {
            if (!segmentShape[s].empty() && inTriangles(segmentShape[s], c)) labels.cell[i] = static_cast<int>(s);
        }
        for (size_t s = 0; s < segs.size(); ++s) {
            if (!pathLine[s].empty() && distToPolyline(pathLine[s], c) < 0.075f) labels.cell[i] = static_cast<int>(s);
            if (cls(static_cast<int>(s)) == KindClass::Single && dist(singleAt[s], c) < 0.16f)
                labels.cell[i] = static_cast<int>(s);
        }
    }
    std::queue<int> flood;
    for (size_t s = 0; s < segs.size(); ++s) {
        if (cls(static_cast<int>(s)) != KindClass::Field) continue;
        for (int p = 0; p < carc::kPorts; ++p) {
            if (!(segs[s].ports & (1u << p))) continue;
            for (float t = 0.1f; t < 1.0f; t += 0.2f) {
                const Vec2 r = rim(static_cast<float>(p) + t);
                const int gx = std::clamp(static_cast<int>(r.x * kGrid), 0, kGrid - 1);
                const int gy = std::clamp(static_cast<int>(r.y * kGrid), 0, kGrid - 1);
                const int i = gy * kGrid + gx;
                if (labels.cell[i] == -1) labels.cell[i] = static_cast<int>(s), flood.push(i);
            }
        }
    }
    while (!flood.empty()) {
        const int i = flood.front();
        flood.pop();
        for (int k = 0; k < 4; ++k) {
            const int nx = i % kGrid + carc::kStep[k].x, ny = i / kGrid + carc::kStep[k].y;
            if (nx < 0 || ny < 0 || nx >= kGrid || ny >= kGrid) continue;
            const int j = ny * kGrid + nx;
            if (labels.cell[j] == -1) labels.cell[j] = labels.cell[i], flood.push(j);
        }
    }
    computeClearance(labels);
    art.labels = labels.cell;

    art.spots.assign(segs.size(), kCentre);
    std::vector<Vec2> symbolsPlaced;
    for (size_t s = 0; s < segs.size(); ++s) {
        const int seg = static_cast<int>(s);
        if (cls(seg) == KindClass::Path && !pathLine[s].empty()) {
            const auto& line = pathLine[s];
            art.spots[s] = line.size() == 3 ? line[1] : line[line.size() / 2];
            if (segs[s].portCount() > 2) art.spots[s] = lerp(line[0], kCentre, 0.5f);
        } else if (cls(seg) == KindClass::Single) {
            art.spots[s] = singleAt[s];
        } else {
            const int cell = bestCell(labels, seg);
            if (cell >= 0) art.spots[s] = Labels::centre(cell);
        }
        // Symbols beside the follower spot, clear of the tile's other symbols.
        std::vector<Vec2> taken = symbolsPlaced;
        taken.push_back(art.spots[s]);
        int symbolSlot = 0;
        for (int k = 0; k < carc::kMaxSymbols && k < static_cast<int>(tiles.symbols.size()); ++k) {
            if (segs[s].symbols[k] == 0) continue;
            // As far from the follower and the other symbols as the segment allows.
            int cell = -1;
            for (float clear = 0.24f; cell < 0 && clear > 0.15f; clear -= 0.02f)
                cell = bestCell(labels, seg, taken, clear);
            Vec2 at = cell >= 0 ? Labels::centre(cell) : lerp(art.spots[s], kCentre, 0.4f);
            if (cls(seg) == KindClass::Path) {  // a path is too thin: diagonally beside it, where most room is
                float roomiest = -1;
                for (Vec2 dir : {Vec2(1, -1), Vec2(-1, -1), Vec2(1, 1), Vec2(-1, 1)}) {
                    const Vec2 p(std::clamp(art.spots[s].x + 0.13f * dir.x, 0.12f, 0.88f),
                                 std::clamp(art.spots[s].y + 0.13f * dir.y, 0.12f, 0.88f));
                    float room = 9;
                    for (auto t : taken) room = std::min(room, dist(p, t));
                    if (room > roomiest + 0.01f) roomiest = room, at = p;
                }
            }
            art.glyphs.push_back({GlyphType::Symbol, k, segs[s].symbols[k], seg, at, art.spots[s],
                                  tiles.kinds[segs[s].kind].name == "sea"});
            taken.push_back(at);
            symbolsPlaced.push_back(at);
            ++symbolSlot;
        }
        // A few decorations (houses, waves, peaks...) where the area has room, away from the rest.
        if (cls(seg) == KindClass::Area) {
            for (int decor = 0; decor < 3; ++decor) {
                int best = -1;
                float bestScore = 0;
                for (int i = 0; i < kGrid * kGrid; ++i) {
                    if (labels.cell[i] != seg || labels.clearance[i] < 3) continue;
                    const Vec2 c = Labels::centre(i);
                    float nearest = 9;
                    for (auto t : taken) nearest = std::min(nearest, dist(c, t));
                    if (nearest < 0.2f) continue;
                    const float score = static_cast<float>(labels.clearance[i]) + 8.0f * std::min(nearest, 0.35f);
                    if (score > bestScore) bestScore = score, best = i;
                }
                if (best < 0) break;
                const Vec2 at = Labels::centre(best);
                art.glyphs.push_back({GlyphType::Decor, segs[s].kind, 1, seg, at, at});
                taken.push_back(at);
            }
        }
    }
    return art;
}

}  // namespace

bool inTriangles(const std::vector<Vec2>& tris, Vec2 p) {
    auto side = [](Vec2 a, Vec2 b, Vec2 c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); };
    for (size_t i = 0; i + 2 < tris.size(); i += 3) {
        const float d1 = side(tris[i], tris[i + 1], p), d2 = side(tris[i + 1], tris[i + 2], p),
                    d3 = side(tris[i + 2], tris[i], p);
        const bool neg = d1 < 0 || d2 < 0 || d3<0, pos = d1> 0 || d2 > 0 || d3 > 0;
        if (!(neg && pos)) return true;
    }
    return false;
}

float distToPolyline(const std::vector<Vec2>& line, Vec2 p) {
    float best = 1e9f;
    for (size_t i = 0; i + 1 < line.size(); ++i) {
        const Vec2 a = line[i], b = line[i + 1];
        const float len2 = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y);
        float t = len2 > 0 ? ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len2 : 0;
        t = std::clamp(t, 0.0f, 1.0f);
        best = std::min(best, dist(p, lerp(a, b, t)));
    }
    return best;
}

std::vector<SymbolPlace> symbolPlaces(const Glyph& symbol) {
    const int shown = std::clamp(symbol.count, 1, 3);
    const float r = shown == 1 ? 0.1f : 0.08f;
    std::vector<SymbolPlace> places;
    for (int i = 0; i < shown; ++i) {
        const float offset = (static_cast<float>(i) - static_cast<float>(shown - 1) * 0.5f) * r * 2.1f;
        places.push_back({Vec2(std::clamp(symbol.at.x + offset, r * 1.2f, 1 - r * 1.2f), symbol.at.y), r});
    }
    return places;
}

TileArt buildDesignArt(const TileSet& tiles, int design) {
    return buildDesign(tiles, tiles.designs[static_cast<size_t>(design)]);
}

std::vector<TileArt> buildTileArt(const TileSet& tiles) {
    std::vector<TileArt> arts;
    arts.reserve(tiles.designs.size());
    for (const auto& design : tiles.designs) arts.push_back(buildDesign(tiles, design));
    return arts;
}

}  // namespace carc::art
