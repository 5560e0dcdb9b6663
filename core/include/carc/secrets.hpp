// What chance decides in a game, and who may know it. Every hidden outcome is an entry of a numbered
// sequence: the draw pile by position (kind Tile), a mode's face-down pieces by supply position (kind
// Token: Gold Rush's mining tokens). A seeded game knows every value from its seed; a dealt game (one
// seat's view, fed by a server) starts with none and learns each value from a `reveal` when the rules
// let that seat see it (docs/record-format.md, "Dealt records").
#pragma once

#include <cstdint>
#include <string_view>

namespace carc {

enum class SecretKind : std::uint8_t {
    Tile,   // a position of the draw pile; the value is a design index
    Token,  // a position of the mode's token supply; the value is the token's own value
};

// The value of a secret a dealt game has not been told.
constexpr int kUnknown = -1;

struct Reveal {
    SecretKind kind = SecretKind::Tile;
    int index = 0;
    int value = kUnknown;

    friend bool operator==(const Reveal&, const Reveal&) = default;
};

std::string_view secretKindName(SecretKind kind);

// Who has seen a secret: one bit per seat (at most 7 seats), and one for everyone.
using SeenBy = std::uint8_t;
constexpr SeenBy kSeenByNobody = 0;
constexpr SeenBy kSeenByAll = 0x80;
constexpr SeenBy seenBySeat(int seat) {
    return static_cast<SeenBy>(1u << seat);
}
// Whether `seat` (-1: a spectator, who sees only what is public) may know a secret marked `seen`.
constexpr bool seatMayKnow(SeenBy seen, int seat) {
    return (seen & kSeenByAll) || (seat >= 0 && (seen & seenBySeat(seat)));
}

}  // namespace carc
