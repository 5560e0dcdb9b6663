// Parser for the tile-set text format (docs/tileset-format.md).
#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <tuple>
#include <vector>

#include "carc/tileset.hpp"
#include "text_util.hpp"

namespace carc {

int TileSet::findDesign(std::string_view wanted) const {
    for (std::size_t i = 0; i < designs.size(); ++i)
        if (designs[i].name == wanted) return static_cast<int>(i);
    return -1;
}

int TileSet::findKind(std::string_view wanted) const {
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (kinds[i].name == wanted) return static_cast<int>(i);
    return -1;
}

int TileSet::findSymbol(std::string_view wanted) const {
    for (std::size_t i = 0; i < symbols.size(); ++i)
        if (symbols[i] == wanted) return static_cast<int>(i);
    return -1;
}

int TileSet::findFlag(std::string_view wanted) const {
    for (std::size_t i = 0; i < flags.size(); ++i)
        if (flags[i] == wanted) return static_cast<int>(i);
    return -1;
}

int TileSet::tileCount() const {
    int total = 0;
    for (const auto& d : designs)
        if (!d.boardSpace) total += d.count;
    return total;
}

int TileSet::designCount() const {
    return static_cast<int>(
        std::count_if(designs.begin(), designs.end(), [](const Design& d) { return !d.boardSpace; }));
}

std::vector<int> TileSet::deckCounts() const {
    std::vector<int> counts;
    for (const auto& d : designs) counts.push_back(d.boardSpace ? 0 : d.count);
    for (const auto& s : start)
        if (!designs[s.design].boardSpace) --counts[s.design];
    return counts;
}

std::uint16_t reversedEdgeCode(std::uint16_t code) {
    return static_cast<std::uint16_t>(((code & 0xF) << 8) | (code & 0xF0) | ((code >> 8) & 0xF));
}

std::uint16_t edgeCode(const Design& design, int rotation, int edge) {
    std::uint16_t code = 0;
    for (int third = 0; third < 3; ++third) {
        const int seg = design.portSegment[rotation][edge * 3 + third];
        const int portCode = seg < 0 ? kBorderCode : design.segments[seg].kind + 1;
        code = static_cast<std::uint16_t>((code << 4) | portCode);
    }
    return code;
}

namespace {

// Everything derived from the segments: rotated port tables, edge codes, repeats among rotations,
// and which segments touch (neighbouring ports around the rim belong to different segments).
void deriveDesign(Design& design) {
    for (auto& seg : design.segments) seg.portTotal = static_cast<std::uint8_t>(__builtin_popcount(seg.ports));
    for (int r = 0; r < 4; ++r) {
        design.portSegment[r].fill(-1);
        for (std::size_t s = 0; s < design.segments.size(); ++s)
            for (int p = 0; p < kPorts; ++p)
                if (design.segments[s].ports & (1u << p))
                    design.portSegment[r][rotatePort(p, r)] = static_cast<std::int8_t>(s);
    }
    for (int p = 0; p < kPorts; ++p) {
        const int a = design.portSegment[0][p];
        const int b = design.portSegment[0][nextPortClockwise(p)];
        if (a >= 0 && b >= 0 && a != b) {
            design.segments[a].touches |= static_cast<std::uint16_t>(1u << b);
            design.segments[b].touches |= static_cast<std::uint16_t>(1u << a);
        }
    }
    // A rotation repeats an earlier one when every segment maps onto an identical segment: the same
    // kind, flags and symbols on the rotated ports. Compared as values (a text per segment, as this
    // was first written, made loading a tile set most of a seed link's start in the browser).
    struct SegmentSeen {
        int kind;
        std::uint16_t ports;
        std::uint32_t flags;
        std::array<std::uint8_t, kMaxSymbols> symbols;
        auto key() const { return std::tie(kind, ports, flags, symbols); }
        bool operator<(const SegmentSeen& other) const { return key() < other.key(); }
        bool operator==(const SegmentSeen& other) const { return key() == other.key(); }
    };
    std::array<std::vector<SegmentSeen>, 4> seen;
    for (int r = 0; r < 4; ++r) {
        for (const auto& seg : design.segments) {
            std::uint16_t rotated = 0;
            for (int p = 0; p < kPorts; ++p)
                if (seg.ports & (1u << p)) rotated |= static_cast<std::uint16_t>(1u << rotatePort(p, r));
            seen[r].push_back({seg.kind, rotated, seg.flags, seg.symbols});
        }
        std::sort(seen[r].begin(), seen[r].end());
    }
    design.distinctRotations = 0;
    for (int r = 0; r < 4; ++r) {
        bool repeat = false;
        for (int q = 0; q < r && !repeat; ++q)
            if ((design.distinctRotations & (1u << q)) && seen[q] == seen[r]) repeat = true;
        if (!repeat) design.distinctRotations |= static_cast<std::uint8_t>(1u << r);
    }
}

// Numbers every edge code (and its mirror) so placement checks are table look-ups.
void assignEdgeClasses(TileSet& set) {
    std::vector<int> classOf(1 << 12, 0);
    int next = 1;
    auto classFor = [&](std::uint16_t code) {
        if (!classOf[code]) classOf[code] = next++;
        return classOf[code];
    };
    for (auto& design : set.designs)
        for (int r = 0; r < 4; ++r)
            for (int e = 0; e < 4; ++e) {
                const std::uint16_t code = edgeCode(design, r, e);
                classFor(code);
                design.facingClass[r][e] = static_cast<std::uint8_t>(classFor(reversedEdgeCode(code)));
            }
    set.edgeClasses = next;
    for (auto& design : set.designs) {
        design.rotationsShowing.assign(static_cast<std::size_t>(next) * 4, 0);
        for (int e = 0; e < 4; ++e) design.rotationsShowing[e] = 0xF;
        for (int r = 0; r < 4; ++r)
            for (int e = 0; e < 4; ++e)
                design.rotationsShowing[classOf[edgeCode(design, r, e)] * 4 + e] |= static_cast<std::uint8_t>(1u << r);
    }
    // With few classes every combination of a cell's four needs gets its answer in advance: placing
    // then costs one look-up per cell instead of four.
    if (next > kTabulatedClasses) return;
    const int combinations = next * next * next * next;
    for (auto& design : set.designs) {
        design.fitsByNeed.assign(static_cast<std::size_t>(combinations), 0);
        design.fitCountByNeed.assign(static_cast<std::size_t>(combinations), 0);
        for (int key = 0; key < combinations; ++key) {
            std::uint8_t fits = design.distinctRotations;
            for (int side = 0, rest = key; side < 4; ++side, rest /= next)
                fits &= design.rotationsShowing[static_cast<std::size_t>((rest % next) * 4 + side)];
            design.fitsByNeed[static_cast<std::size_t>(key)] = fits;
            design.fitCountByNeed[static_cast<std::size_t>(key)] =
                static_cast<std::uint8_t>(std::popcount(static_cast<unsigned>(fits)));
        }
    }
}

struct Parser {
    TileSet& set;
    std::string file;
    const TileSetSource& source;
    std::string& error;
    int depth = 0;
    std::string ownName;  // this file's `tileset` name (an extending set's differs from its base's)

    bool fail(int line, const std::string& why) {
        error = file + ":" + std::to_string(line) + ": " + why;
        return false;
    }

    bool parseKindClass(std::string_view text, KindClass& cls) {
        if (text == "path")
            cls = KindClass::Path;
        else if (text == "area")
            cls = KindClass::Area;
        else if (text == "field")
            cls = KindClass::Field;
        else if (text == "single")
            cls = KindClass::Single;
        else
            return false;
        return true;
    }

    bool parseSegment(int line, const std::vector<std::string_view>& words, Design& design) {
        SegmentDef seg;
        seg.kind = set.findKind(words[0]);
        if (seg.kind < 0) return fail(line, "unknown segment kind '" + std::string(words[0]) + "'");
        const KindClass cls = set.kinds[seg.kind].cls;
        std::uint16_t explicitTouches = 0;
        for (std::size_t i = 1; i < words.size(); ++i) {
            const std::string_view w = words[i];
            if (w[0] >= 'A' && w[0] <= 'Z') {
                if (cls == KindClass::Single) return fail(line, "a single-tile kind has no ports");
                const int port = parsePortName(w);
                if (port < 0) return fail(line, "unknown port '" + std::string(w) + "'");
                std::uint16_t bits = static_cast<std::uint16_t>(1u << port);
                // A whole edge for areas and fields; the centre alone for paths.
                if (w.size() == 1 && cls != KindClass::Path) bits = static_cast<std::uint16_t>(7u << (port - 1));
                if (seg.ports & bits) return fail(line, "port '" + std::string(w) + "' named twice");
                seg.ports |= bits;
                continue;
            }
            std::string_view key = w;
            std::string_view value;
            if (auto eq = w.find('='); eq != std::string_view::npos) {
                key = w.substr(0, eq);
                value = w.substr(eq + 1);
            }
            if (key == "touches") {
                for (auto part : splitChar(value, ',')) {
                    int index = 0;
                    if (!parseInt(part, index) || index < 0 || index >= kMaxSegments)
                        return fail(line, "bad segment index in touches");
                    explicitTouches |= static_cast<std::uint16_t>(1u << index);
                }
                continue;
            }
            if (int sym = set.findSymbol(key); sym >= 0) {
                int count = 1;
                if (!value.empty() && (!parseInt(value, count) || count < 1 || count > 99))
                    return fail(line, "bad count for symbol '" + std::string(key) + "'");
                seg.symbols[sym] = static_cast<std::uint8_t>(seg.symbols[sym] + count);
                continue;
            }
            if (int flag = set.findFlag(key); flag >= 0 && value.empty()) {
                seg.flags |= 1u << flag;
                continue;
            }
            return fail(line, "unknown word '" + std::string(w) + "' (not a port, symbol or flag)");
        }
        if (design.segments.size() >= kMaxSegments) return fail(line, "too many segments on one design");
        seg.touches = explicitTouches;
        design.segments.push_back(seg);
        return true;
    }

    bool parse(std::string_view text) {
        Design* design = nullptr;
        int designLine = 0;
        int lineNo = 0;
        std::vector<std::tuple<int, std::string, Pos, int>> pendingStarts;
        for (auto rawLine : splitChar(text, '\n')) {
            ++lineNo;
            std::string_view lineText = rawLine;
            if (auto hash = lineText.find('#'); hash != std::string_view::npos) lineText = lineText.substr(0, hash);
            std::string quoted;
            if (auto q = lineText.find('"'); q != std::string_view::npos) {
                auto end = lineText.find('"', q + 1);
                if (end == std::string_view::npos) return fail(lineNo, "unclosed quote");
                quoted = std::string(lineText.substr(q + 1, end - q - 1));
                if (!trim(lineText.substr(end + 1)).empty()) return fail(lineNo, "text after the quoted description");
                lineText = lineText.substr(0, q);
            }
            auto words = splitWords(lineText);
            if (words.empty()) continue;
            const bool indented = rawLine[0] == ' ' || rawLine[0] == '\t';
            const std::string_view head = words[0];
            if (indented) {
                if (!design) return fail(lineNo, "segment line outside a design");
                if (!parseSegment(lineNo, words, *design)) return false;
                continue;
            }
            design = nullptr;
            if (head == "tileset" && words.size() == 2) {
                ownName = std::string(words[1]);
                if (depth == 0) set.name = ownName;
            } else if (head == "title") {
                if (depth == 0) set.title = quoted;
            } else if (head == "reconstruction" && words.size() == 2) {
                if (words[1] != "yes" && words[1] != "no") return fail(lineNo, "reconstruction takes yes or no");
                if (depth == 0) set.reconstruction = words[1] == "yes";
            } else if (head == "expect") {
                for (std::size_t i = 1; i < words.size(); ++i) {
                    auto kv = splitChar(words[i], '=');
                    int value = 0;
                    if (kv.size() != 2 || !parseInt(kv[1], value))
                        return fail(lineNo, "expect takes tiles=N designs=M");
                    if (kv[0] != "tiles" && kv[0] != "designs") return fail(lineNo, "expect takes tiles=N designs=M");
                    if (depth > 0) continue;  // the extending set states its own totals
                    (kv[0] == "tiles" ? set.expectedTiles : set.expectedDesigns) = value;
                }
            } else if (head == "note") {
                if (depth == 0) set.notes.push_back(quoted);
            } else if (head == "extends" && words.size() == 2) {
                if (depth > 4) return fail(lineNo, "extends nested too deeply");
                auto other = source(words[1]);
                if (!other) return fail(lineNo, "cannot read tile set '" + std::string(words[1]) + "'");
                Parser inner{set, std::string(words[1]) + ".tiles", source, error, depth + 1, ""};
                if (!inner.parse(*other)) return false;
            } else if (head == "kind" && words.size() == 3) {
                KindDef kind{std::string(words[1]), KindClass::Area};
                if (!parseKindClass(words[2], kind.cls))
                    return fail(lineNo, "kind class must be path, area, field or single");
                if (set.findKind(kind.name) >= 0) continue;  // re-declared by an extending set
                if (set.kinds.size() >= kBorderCode - 1) return fail(lineNo, "too many kinds");
                set.kinds.push_back(kind);
            } else if (head == "symbol" && words.size() == 2) {
                if (set.findSymbol(words[1]) >= 0) continue;
                if (set.symbols.size() >= kMaxSymbols) return fail(lineNo, "too many symbols");
                set.symbols.emplace_back(words[1]);
            } else if (head == "flag" && words.size() == 2) {
                if (set.findFlag(words[1]) >= 0) continue;
                if (set.flags.size() >= 32) return fail(lineNo, "too many flags");
                set.flags.emplace_back(words[1]);
            } else if (head == "start" && (words.size() == 3 || words.size() == 4)) {
                Pos pos;
                int rotation = 0;
                auto xy = splitChar(words[2], ',');
                if (xy.size() != 2 || !parseInt(xy[0], pos.x) || !parseInt(xy[1], pos.y))
                    return fail(lineNo, "start position must be x,y");
                if (words.size() == 4 &&
                    (words[3].size() != 2 || words[3][0] != 'r' || words[3][1] < '0' || words[3][1] > '3'))
                    return fail(lineNo, "rotation must be r0..r3");
                if (words.size() == 4) rotation = words[3][1] - '0';
                pendingStarts.emplace_back(lineNo, std::string(words[1]), pos, rotation);
            } else if (head == "design" && (words.size() == 3 || words.size() == 4)) {
                if (set.findDesign(words[1]) >= 0)
                    return fail(lineNo, "design '" + std::string(words[1]) + "' defined twice");
                Design d;
                d.name = std::string(words[1]);
                d.description = quoted;
                d.origin = ownName;
                if (!parseInt(words[2], d.count) || d.count < 0 || d.count > 99)
                    return fail(lineNo, "design count must be 0..99");
                if (words.size() == 4) {
                    if (words[3] != "board")
                        return fail(lineNo, "unknown design attribute '" + std::string(words[3]) + "'");
                    d.boardSpace = true;
                }
                set.designs.push_back(std::move(d));
                design = &set.designs.back();
                designLine = lineNo;
            } else {
                return fail(lineNo, "unknown line '" + std::string(head) + "'");
            }
        }
        (void)designLine;
        for (auto& [line, name, pos, rotation] : pendingStarts) {
            const int d = set.findDesign(name);
            if (d < 0) return fail(line, "start names unknown design '" + name + "'");
            set.start.push_back({d, pos, rotation});
        }
        return true;
    }
};

}  // namespace

std::shared_ptr<const TileSet> loadTileSet(std::string_view name, const TileSetSource& source, std::string& error) {
    auto text = source(name);
    if (!text) {
        error = "cannot read tile set '" + std::string(name) + "'";
        return nullptr;
    }
    auto set = std::make_shared<TileSet>();
    Parser parser{*set, std::string(name) + ".tiles", source, error, 0, ""};
    if (!parser.parse(*text)) return nullptr;
    for (auto& design : set->designs) deriveDesign(design);
    assignEdgeClasses(*set);
    if (set->edgeClasses > 255) {
        error = std::string(name) + ".tiles: too many different edges";
        return nullptr;
    }
    auto problems = validateTileSet(*set);
    if (!problems.empty()) {
        error.clear();
        for (const auto& problem : problems) {
            if (!error.empty()) error += '\n';
            error.append(name).append(".tiles: ").append(problem);
        }
        return nullptr;
    }
    return set;
}

}  // namespace carc
