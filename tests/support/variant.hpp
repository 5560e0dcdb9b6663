// A mode with option values, for suites parameterised over every mode and variant.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace carc::test {

struct Variant {
    std::string mode;
    std::vector<std::pair<std::string, std::string>> options;
};

inline void PrintTo(const Variant& variant, std::ostream* out) {
    *out << variant.mode;
    for (const auto& [key, value] : variant.options) *out << ' ' << key << '=' << value;
}

}  // namespace carc::test
