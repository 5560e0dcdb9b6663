// Splits the blank-separated name lists of the engine's code tables ("count stack").
#pragma once

#include <string_view>
#include <vector>

namespace carc::vocabulary {

inline std::vector<std::string_view> words(std::string_view list) {
    std::vector<std::string_view> out;
    while (!list.empty()) {
        const auto blank = list.find(' ');
        if (blank != 0) out.push_back(list.substr(0, blank));
        if (blank == std::string_view::npos) break;
        list.remove_prefix(blank + 1);
    }
    return out;
}

}  // namespace carc::vocabulary
