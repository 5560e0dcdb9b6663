// The compact link form of a record: a byte stream of varints, written in base64url.
#include <array>

#include "carc/record.hpp"
#include "text_util.hpp"

namespace carc {

namespace {

// Fixed codes, independent of menu order, so links survive reordering the modes.
constexpr std::array<std::string_view, 5> kModeCodes = {"base", "base+tunnel", "newworld", "discovery", "goldrush"};
// Version 2: the mode byte's high bit marks a dealt record (no seed follows).
constexpr int kDealtFlag = 0x80;
constexpr std::string_view kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

struct Writer {
    std::string bytes;
    void byte(int b) { bytes.push_back(static_cast<char>(b & 0xFF)); }
    void varint(std::uint64_t v) {
        while (v >= 0x80) {
            byte(static_cast<int>((v & 0x7F) | 0x80));
            v >>= 7;
        }
        byte(static_cast<int>(v));
    }
    void zigzag(int v) {
        varint(v < 0 ? (static_cast<std::uint64_t>(-static_cast<std::int64_t>(v)) * 2 - 1)
                     : static_cast<std::uint64_t>(v) * 2);
    }
    void text(const std::string& s) {
        varint(s.size());
        bytes += s;
    }
};

struct Reader {
    std::string_view bytes;
    std::size_t at = 0;
    Problem error;
    bool ok() const { return error.ok(); }
    // The first problem found is the one reported.
    void fail(ProblemCode code) {
        if (error.ok()) error = Problem(code);
    }
    int byte() {
        if (at >= bytes.size()) {
            fail(ProblemCode::LinkTruncated);
            return 0;
        }
        return static_cast<unsigned char>(bytes[at++]);
    }
    std::uint64_t varint() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const int b = byte();
            v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
            if (!(b & 0x80)) return v;
        }
        fail(ProblemCode::LinkNumberTooLong);
        return 0;
    }
    int zigzag() {
        const std::uint64_t v = varint();
        if (v > 4000) {
            fail(ProblemCode::LinkCoordinateOutOfRange);
            return 0;
        }
        return (v & 1) ? -static_cast<int>((v + 1) / 2) : static_cast<int>(v / 2);
    }
    std::string text(std::size_t limit) {
        const std::uint64_t n = varint();
        if (n > limit || at + n > bytes.size()) {
            fail(ProblemCode::LinkBadTextLength);
            return "";
        }
        std::string s(bytes.substr(at, n));
        at += n;
        return s;
    }
};

std::string toBase64(const std::string& bytes) {
    std::string out;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (unsigned char c : bytes) {
        buffer = (buffer << 8) | c;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out.push_back(kBase64[(buffer >> bits) & 63]);
        }
    }
    if (bits > 0) out.push_back(kBase64[(buffer << (6 - bits)) & 63]);
    return out;
}

bool fromBase64(std::string_view text, std::string& bytes) {
    std::uint32_t buffer = 0;
    int bits = 0;
    for (char c : text) {
        const auto v = kBase64.find(c);
        if (v == std::string_view::npos) return false;
        buffer = (buffer << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes.push_back(static_cast<char>((buffer >> bits) & 0xFF));
        }
    }
    // Leftover bits must be the zero padding of the last character, nothing more.
    return bits < 6 && (buffer & ((1u << bits) - 1)) == 0;
}

}  // namespace

std::string encodeRecord(const Record& record, const TileSet& tiles) {
    const Setup& s = record.setup;
    Writer w;
    const int version = s.recordVersion;
    w.byte(version);
    int mode = 0;
    for (std::size_t i = 0; i < kModeCodes.size(); ++i)
        if (kModeCodes[i] == s.mode) mode = static_cast<int>(i);
    w.byte(mode | (s.dealt ? kDealtFlag : 0));
    w.byte(s.players);
    w.varint(s.dealt ? static_cast<std::uint64_t>(s.pileSize) : s.seed);
    w.varint(s.options.size());
    for (const auto& [k, v] : s.options) w.text(k + "=" + v);
    w.varint(s.names.size());
    for (const auto& n : s.names) w.text(n);
    w.varint(s.deck.size());
    for (const auto& d : s.deck) w.varint(static_cast<std::uint64_t>(tiles.findDesign(d)));
    auto reveal = [&w](const Reveal& r) {
        w.varint(static_cast<std::uint64_t>(r.index));
        w.varint(static_cast<std::uint64_t>(r.value));
    };
    if (version >= 2) w.varint(s.reveals.size());
    for (const auto& r : s.reveals) {
        w.byte(static_cast<int>(r.kind));
        reveal(r);
    }
    std::size_t nextReveal = 0;
    auto revealsBefore = [&](std::size_t action) {
        for (; nextReveal < record.reveals.size() && record.reveals[nextReveal].before <= action; ++nextReveal) {
            // A reveal is a pass head with a payload: 1 + its kind.
            w.byte(static_cast<int>(ActionType::Pass) |
                   ((1 + static_cast<int>(record.reveals[nextReveal].reveal.kind)) << 3));
            reveal(record.reveals[nextReveal].reveal);
        }
    };
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        revealsBefore(i);
        const Action& a = record.actions[i];
        const int type = static_cast<int>(a.type);
        switch (a.type) {
            case ActionType::Place:
                w.byte(type | (a.rotation << 3));
                w.varint(static_cast<std::uint64_t>(a.design));
                w.zigzag(a.pos.x);
                w.zigzag(a.pos.y);
                break;
            case ActionType::Follower:
                w.byte(type | (a.segment << 3));
                break;
            case ActionType::Pass:
            case ActionType::Mine:
                w.byte(type);
                break;
            case ActionType::Tunnel:
                w.byte(type | (a.segment << 3) | (a.design >= 0 ? 0x80 : 0));
                w.zigzag(a.pos.x);
                w.zigzag(a.pos.y);
                if (a.design >= 0) w.byte(a.design * 4 + a.rotation);
                break;
            case ActionType::Remove:
            case ActionType::Tent:
            case ActionType::Score:
                w.byte(type | (a.segment << 3));
                w.zigzag(a.pos.x);
                w.zigzag(a.pos.y);
                break;
        }
    }
    revealsBefore(record.actions.size());
    return toBase64(w.bytes);
}

bool decodeRecord(std::string_view text, Catalog& catalog, Record& record, Problem& error) {
    std::string bytes;
    if (text.size() > 64 * 1024 || !fromBase64(text, bytes)) {
        error = Problem(ProblemCode::LinkNotBase64);
        return false;
    }
    Reader r{bytes, 0, {}};
    const int version = r.byte();
    if (r.ok() && (version < 1 || version > kRecordVersion)) {
        error = Problem(version > kRecordVersion ? ProblemCode::LinkTooNew : ProblemCode::LinkVersionUnknown);
        return false;
    }
    const int modeByte = r.byte();
    const bool dealt = version >= 2 && (modeByte & kDealtFlag);
    const int mode = version >= 2 ? (modeByte & ~kDealtFlag) : modeByte;
    if (r.ok() && mode >= static_cast<int>(kModeCodes.size())) r.fail(ProblemCode::LinkUnknownMode);
    Setup& s = record.setup;
    s = Setup{};
    s.recordVersion = version;
    if (r.ok()) s.mode = std::string(kModeCodes[mode]);
    s.players = r.byte();
    s.dealt = dealt;
    if (dealt) {
        const std::uint64_t pile = r.varint();
        if (pile > 1000) r.fail(ProblemCode::LinkBadPileSize);
        s.pileSize = static_cast<int>(pile);
    } else {
        s.seed = r.varint();
    }
    const std::uint64_t options = r.varint();
    for (std::uint64_t i = 0; r.ok() && i < options && i < 16; ++i) {
        const std::string kv = r.text(64);
        const auto eq = kv.find('=');
        if (eq == std::string::npos)
            r.fail(ProblemCode::LinkBadOption);
        else
            s.options.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    if (r.ok() && options > 16) r.fail(ProblemCode::LinkTooManyOptions);
    const std::uint64_t names = r.varint();
    if (r.ok() && names > 6) r.fail(ProblemCode::LinkTooManyNames);
    for (std::uint64_t i = 0; r.ok() && i < names; ++i) {
        s.names.push_back(r.text(64));
        // The text form trims names: a name with blanks around it would not survive a round trip.
        if (r.ok() && trim(s.names.back()) != s.names.back()) r.fail(ProblemCode::LinkBadPlayerName);
    }
    const std::uint64_t deck = r.varint();
    if (r.ok() && deck > 200) r.fail(ProblemCode::LinkDeckTooLong);
    const ModeInfo* info = r.ok() ? findMode(s.mode) : nullptr;
    std::shared_ptr<const TileSet> tiles;
    if (r.ok()) {
        if (!info)
            r.error = Problem(ProblemCode::ModeUnavailable).with(Param::Mode, s.mode);
        else if (std::string tilesetError; !(tiles = catalog.tileSet(info->tileset, tilesetError))) {
            error = Problem(ProblemCode::TilesetUnreadable)
                        .with(Param::Tileset, info->tileset)
                        .with(Param::Detail, tilesetError);
            return false;
        }
    }
    for (std::uint64_t i = 0; r.ok() && i < deck; ++i) {
        const std::uint64_t d = r.varint();
        if (d >= tiles->designs.size())
            r.fail(ProblemCode::LinkUnknownDeckTile);
        else
            s.deck.push_back(tiles->designs[d].name);
    }
    auto readReveal = [&r](SecretKind kind) {
        Reveal rv;
        rv.kind = kind;
        const std::uint64_t index = r.varint(), value = r.varint();
        if (index > 1000 || value > 1000) r.fail(ProblemCode::LinkBadReveal);
        rv.index = static_cast<int>(index);
        rv.value = static_cast<int>(value);
        return rv;
    };
    const std::uint64_t setupReveals = version >= 2 ? r.varint() : 0;
    if (r.ok() && setupReveals > 1000) r.fail(ProblemCode::LinkTooManyReveals);
    for (std::uint64_t i = 0; r.ok() && i < setupReveals; ++i) {
        const int kind = r.byte();
        if (kind > 1) r.fail(ProblemCode::LinkBadReveal);
        s.reveals.push_back(readReveal(static_cast<SecretKind>(kind)));
    }
    record.actions.clear();
    record.reveals.clear();
    while (r.ok() && r.at < bytes.size()) {
        const int head = r.byte();
        Action a;
        const int type = head & 7;
        a.type = static_cast<ActionType>(type);
        if (version >= 2 && a.type == ActionType::Pass && (head >> 3) >= 1 && (head >> 3) <= 2) {
            const Reveal rv = readReveal(static_cast<SecretKind>((head >> 3) - 1));
            if (r.ok()) record.reveals.push_back({record.actions.size(), rv});
            continue;
        }
        switch (a.type) {
            case ActionType::Place: {
                a.rotation = static_cast<std::int8_t>((head >> 3) & 3);
                const std::uint64_t d = r.varint();
                if (head >> 5) r.fail(ProblemCode::LinkBadPlacement);
                if (d >= tiles->designs.size()) r.fail(ProblemCode::LinkUnknownTile);
                a.design = static_cast<std::int16_t>(d);
                a.pos.x = r.zigzag();
                a.pos.y = r.zigzag();
                break;
            }
            case ActionType::Follower:
                a.segment = static_cast<std::int8_t>(head >> 3);
                if (a.segment >= kMaxSegments) r.fail(ProblemCode::LinkBadSegment);
                break;
            case ActionType::Pass:
            case ActionType::Mine:
                if (head >> 3) r.fail(ProblemCode::LinkBadAction);
                break;
            case ActionType::Tunnel:
                a.segment = static_cast<std::int8_t>((head >> 3) & 15);
                a.pos.x = r.zigzag();
                a.pos.y = r.zigzag();
                if (head & 0x80) {
                    const int pair = r.byte();
                    a.design = static_cast<std::int16_t>(pair / 4);
                    a.rotation = static_cast<std::int8_t>(pair % 4);
                    if (a.design > 5 || a.rotation == 0) r.fail(ProblemCode::LinkBadTunnelPair);
                }
                break;
            case ActionType::Remove:
            case ActionType::Tent:
            case ActionType::Score:
                a.segment = static_cast<std::int8_t>(head >> 3);
                if (a.segment >= kMaxSegments) r.fail(ProblemCode::LinkBadSegment);
                a.pos.x = r.zigzag();
                a.pos.y = r.zigzag();
                break;
        }
        if (r.ok()) record.actions.push_back(a);
    }
    if (!r.ok()) {
        error = r.error;
        return false;
    }
    return true;
}

}  // namespace carc
