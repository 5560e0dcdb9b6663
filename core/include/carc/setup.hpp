// What fixes a game before the first action: mode, options, players, seed (and, for tests, the deck).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "carc/secrets.hpp"

namespace carc {

struct OptionSpec {
    std::string key;
    std::vector<std::string> values;  // allowed values; the first is the default
    std::string description;          // one line, for the setup screen and `carc modes`
};

// The newest game record format version (docs/record-format.md, "Versioning").
constexpr int kRecordVersion = 2;

struct Setup {
    // The record version the game was started under: a game keeps it for good, and rules that a
    // version changed follow the game's version (1: as before record version 2).
    int recordVersion = kRecordVersion;
    std::string mode;
    int players = 2;
    std::uint64_t seed = 0;
    std::vector<std::pair<std::string, std::string>> options;  // only non-default values, sorted by key
    std::vector<std::string> names;                            // optional, one per player
    std::vector<std::string> deck;  // explicit draw order by design name; empty: shuffled from the seed
    // A dealt game (one seat's view of a game a server deals): no seed; every hidden value is unknown
    // until revealed. `reveals` holds what the seat may know before the first action (the first tile,
    // its hand, tiles set aside); later ones come between actions (Game::reveal).
    bool dealt = false;
    int pileSize = 0;  // dealt: tiles in the draw pile (the dealer's deck may be a test's short one)
    std::vector<Reveal> reveals;

    // The value of an option, or its default when the setup leaves it out.
    std::string option(const std::vector<OptionSpec>& specs, const std::string& key) const;
};

}  // namespace carc
