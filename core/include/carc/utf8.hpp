// Text as the record keeps it: UTF-8, counted in code points (what a player calls characters).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace carc {

// The number of code points in `text`, or nothing when it is not well-formed UTF-8 (overlong forms,
// surrogates and values past U+10FFFF included).
std::optional<std::size_t> utf8Length(std::string_view text);

}  // namespace carc
