// English wording of the scoring log's breakdowns ("3 tiles x2"), shared by every mode.
#pragma once

#include <string>

namespace carc {

// "1 city", "2 cities": `many` is the plural when adding an "s" is wrong.
inline std::string counted(int n, const std::string& one, const std::string& many = "") {
    return std::to_string(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
}

}  // namespace carc
