// A mode with option values, for suites parameterised over every mode and variant.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "carc/modes.hpp"
#include "carc/rng.hpp"
#include "carc/setup.hpp"

namespace carc::test {

struct Variant {
    std::string mode;
    std::vector<std::pair<std::string, std::string>> options;
};

inline void PrintTo(const Variant& variant, std::ostream* out) {
    *out << variant.mode;
    for (const auto& [key, value] : variant.options) *out << ' ' << key << '=' << value;
}

// A setup of `variant` with a player count the mode allows and a seed, both drawn from `seeds`.
inline Setup randomSetup(const Variant& variant, const ModeInfo& mode, Rng& seeds) {
    Setup setup;
    setup.mode = variant.mode;
    setup.options = variant.options;
    setup.players = mode.minPlayers + static_cast<int>(seeds.below(mode.maxPlayers - mode.minPlayers + 1));
    setup.seed = seeds.next();
    return setup;
}

}  // namespace carc::test
