// Port cities as data: the symbol `city` on a land segment (meadow or mountain) and on the sea segment
// it faces. Each city must pair one land segment with one sea segment of the same tile that touch.
#pragma once

#include <string>
#include <vector>

#include "carc/tileset.hpp"

namespace carc::discovery {

// Designs whose cities do not pair up (empty: every city lies between touching land and sea).
std::vector<std::string> portCityProblems(const TileSet& tiles);

}  // namespace carc::discovery
