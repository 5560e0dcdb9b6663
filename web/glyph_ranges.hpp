// The UI font's glyph ranges as web/ui_font.py writes them at build time ("first last" in hex, one
// pair per line), read into the zero-terminated list ImGui's atlas takes. Plain C++: tests/web reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace web {

// [first, last, first, last, ..., 0]; nullopt when a line is not two hex code points in order within
// U+0001..U+FFFF (ImGui's 16-bit code points), or when there is no range at all.
std::optional<std::vector<std::uint16_t>> parseGlyphRanges(std::string_view text);

}  // namespace web
