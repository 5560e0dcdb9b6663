#include "source_tree/source_tree.hpp"

#ifndef CARC_SOURCE_ROOT
#error "CARC_SOURCE_ROOT is set by lib/source_tree/CMakeLists.txt"
#endif

namespace carc::source_tree {

std::string root() {
    return CARC_SOURCE_ROOT;
}

std::string assets() {
    return root() + "/assets";
}

std::string tilesets() {
    return assets() + "/tilesets";
}

}  // namespace carc::source_tree
