// carc tiles: prints a mode's tile set and fails if it does not validate.
#include <iostream>

#include "cli.hpp"

namespace carc::cli {

namespace {

std::string edgeSummary(const TileSet& set, const Design& d, int edge) {
    std::string out;
    for (int third = 0; third < 3; ++third) {
        const int seg = d.segmentAt(0, edge * 3 + third);
        if (third) out += '/';
        out += seg < 0 ? std::string("coast") : set.kinds[d.segments[seg].kind].name;
    }
    return out;
}

}  // namespace

int cmdTiles(const Args& args) {
    if (!args.has("mode")) return fail("--mode is required");
    const ModeInfo* mode = findMode(args.get("mode"));
    if (!mode) return fail("unknown mode '" + args.get("mode") + "'");
    Catalog catalog = makeCatalog(args);
    std::string error;
    auto set = catalog.tileSet(mode->tileset, error);
    if (!set) {
        std::cout << "tile set " << mode->tileset << " is NOT valid:\n" << error << '\n';
        return 1;
    }
    std::cout << "tileset " << set->name << " \"" << set->title << "\""
              << (set->reconstruction ? " (a reconstruction)" : "") << '\n';
    for (const auto& note : set->notes) std::cout << "note: " << note << '\n';
    for (const auto& d : set->designs) {
        std::cout << "design " << d.name << (d.boardSpace ? " (start space)" : " x" + std::to_string(d.count)) << "  "
                  << d.description << '\n';
        std::cout << "  edges N:" << edgeSummary(*set, d, 0) << " E:" << edgeSummary(*set, d, 1)
                  << " S:" << edgeSummary(*set, d, 2) << " W:" << edgeSummary(*set, d, 3) << '\n';
        for (std::size_t s = 0; s < d.segments.size(); ++s) {
            const auto& seg = d.segments[s];
            std::cout << "  " << s << ' ' << set->kinds[seg.kind].name;
            for (int p = 0; p < kPorts; ++p)
                if (seg.ports & (1u << p)) std::cout << ' ' << portName(p);
            for (std::size_t y = 0; y < set->symbols.size(); ++y)
                if (seg.symbols[y])
                    std::cout << ' ' << set->symbols[y]
                              << (seg.symbols[y] > 1 ? "=" + std::to_string(seg.symbols[y]) : "");
            for (std::size_t f = 0; f < set->flags.size(); ++f)
                if (seg.flags & (1u << f)) std::cout << ' ' << set->flags[f];
            std::cout << '\n';
        }
    }
    int boardSpaces = 0;
    for (const auto& d : set->designs) boardSpaces += d.boardSpace ? 1 : 0;
    std::cout << "total: " << set->tileCount() << " tiles, " << set->designCount() << " designs";
    if (boardSpaces) std::cout << ", " << boardSpaces << " start spaces";
    if (!mode->components.empty()) std::cout << ", " << mode->components;
    std::cout << "; valid\n";
    return 0;
}

}  // namespace carc::cli
