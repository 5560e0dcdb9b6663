// The header every Discovery scenario starts from: two players, seed 1 (the body's `deck` line fixes
// the draw order, so the seed only matters for what the deck line does not say).
#pragma once

#include <string>

namespace carc::test {

inline std::string record(const std::string& body) {
    return std::string(R"(
    carcassonne 1
    mode discovery
    players 2
    seed 1
)") + body;
}

}  // namespace carc::test
