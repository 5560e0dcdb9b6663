// The source tree the build was configured from. Read through functions rather than macros, so that
// only source_tree.cpp's object depends on where the clone lies (lib/source_tree/CMakeLists.txt).
#pragma once

#include <string>

namespace carc::source_tree {

// The root of the source tree ("/home/me/carcassonne").
std::string root();

// Its assets folder (tile sets, catalogues): the default of `carc --assets` and of carc-server.
std::string assets();

// Its tile sets (assets/tilesets): what the tools and the tests load their catalogue from.
std::string tilesets();

}  // namespace carc::source_tree
