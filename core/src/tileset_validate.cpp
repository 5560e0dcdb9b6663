// The tile-set validator: what a person editing a .tiles file could get wrong.
#include <set>

#include "carc/tileset.hpp"

namespace carc {

namespace {

void checkDesign(const TileSet& set, const Design& design, std::vector<std::string>& problems) {
    auto report = [&](const std::string& why) { problems.push_back("design " + design.name + ": " + why); };
    if (design.segments.empty()) report("has no segments");
    std::uint16_t covered = 0;
    for (std::size_t s = 0; s < design.segments.size(); ++s) {
        const auto& seg = design.segments[s];
        const KindClass cls = set.kinds[seg.kind].cls;
        const std::string where = "segment " + std::to_string(s) + " (" + set.kinds[seg.kind].name + ")";
        if (covered & seg.ports) report(where + " uses a port another segment already uses");
        covered |= seg.ports;
        if (cls == KindClass::Single && seg.ports) report(where + " is single-tile but has ports");
        if (cls != KindClass::Single && !seg.ports) report(where + " has no ports, so nothing can reach it");
        if (seg.touches >> design.segments.size()) report(where + " touches a segment that does not exist");
        for (int p = 0; p < kPorts; ++p) {
            if (!(seg.ports & (1u << p))) continue;
            const bool centre = p % 3 == 1;
            if (cls == KindClass::Path && !centre) report(where + " is a path on an edge third (" + portName(p) + ")");
        }
    }
    if (!design.boardSpace && covered != 0xFFF) {
        for (int p = 0; p < kPorts; ++p)
            if (!(covered & (1u << p))) report("port " + portName(p) + " belongs to no segment");
    }
    // Per edge: one segment along the whole edge, or a path in the centre flanked by non-paths.
    for (int e = 0; e < 4; ++e) {
        const int a = design.portSegment[0][e * 3];
        const int centre = design.portSegment[0][e * 3 + 1];
        const int b = design.portSegment[0][e * 3 + 2];
        if (a < 0 && centre < 0 && b < 0) continue;  // a start space's coast
        if (a == centre && centre == b) continue;
        if (centre < 0 || set.kinds[design.segments[centre].kind].cls != KindClass::Path) {
            report("edge " + portName(e * 3 + 1) + " is split without a path in its centre");
            continue;
        }
        for (int side : {a, b})
            if (side < 0 || set.kinds[design.segments[side].kind].cls == KindClass::Path)
                report("edge " + portName(e * 3 + 1) + " has a path without land on both sides");
    }
}

}  // namespace

std::vector<std::string> validateTileSet(const TileSet& set) {
    std::vector<std::string> problems;
    if (set.name.empty()) problems.push_back("no 'tileset NAME' line");
    if (set.designs.empty()) problems.push_back("no designs");
    for (const auto& design : set.designs) checkDesign(set, design, problems);

    // Every edge of every tile must be able to meet a neighbour: its mirror must exist somewhere.
    std::set<std::uint16_t> edges;
    for (const auto& design : set.designs)
        for (int e = 0; e < 4; ++e) edges.insert(edgeCode(design, 0, e));
    for (const auto& design : set.designs) {
        if (design.boardSpace) continue;
        for (int e = 0; e < 4; ++e)
            if (!edges.count(reversedEdgeCode(edgeCode(design, 0, e))))
                problems.push_back("design " + design.name + ": no tile can ever lie beside its " +
                                   portName(e * 3 + 1) + " edge");
    }

    std::set<std::pair<int, int>> startCells;
    for (const auto& s : set.start)
        if (!startCells.insert({s.pos.x, s.pos.y}).second)
            problems.push_back("two start placements at " + posText(s.pos));
    if (set.start.empty()) problems.push_back("no start placement");
    const auto deck = set.deckCounts();
    for (std::size_t d = 0; d < set.designs.size(); ++d) {
        const auto& design = set.designs[d];
        if (deck[d] < 0)
            problems.push_back("design " + design.name + " is used as a start tile more often than it exists");
        if (design.boardSpace) {
            bool used = false;
            for (const auto& s : set.start) used = used || s.design == static_cast<int>(d);
            if (!used) problems.push_back("board space " + design.name + " is never placed by a start line");
        }
    }
    if (set.expectedTiles >= 0 && set.tileCount() != set.expectedTiles)
        problems.push_back("has " + std::to_string(set.tileCount()) + " tiles, expected " +
                           std::to_string(set.expectedTiles));
    if (set.expectedDesigns >= 0 && set.designCount() != set.expectedDesigns)
        problems.push_back("has " + std::to_string(set.designCount()) + " designs, expected " +
                           std::to_string(set.expectedDesigns));
    return problems;
}

}  // namespace carc
