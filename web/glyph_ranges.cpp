#include "glyph_ranges.hpp"

#include <charconv>

namespace web {
namespace {

std::optional<std::uint16_t> hexCodePoint(std::string_view field) {
    unsigned value = 0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value, 16);
    if (error != std::errc() || end != field.data() + field.size() || value == 0 || value > 0xFFFF) return std::nullopt;
    return static_cast<std::uint16_t>(value);
}

}  // namespace

std::optional<std::vector<std::uint16_t>> parseGlyphRanges(std::string_view text) {
    std::vector<std::uint16_t> ranges;
    while (!text.empty()) {
        const size_t lineEnd = text.find('\n');
        const std::string_view line = text.substr(0, lineEnd);
        text = lineEnd == std::string_view::npos ? std::string_view() : text.substr(lineEnd + 1);
        const size_t space = line.find(' ');
        if (space == std::string_view::npos) return std::nullopt;
        const auto first = hexCodePoint(line.substr(0, space));
        const auto last = hexCodePoint(line.substr(space + 1));
        if (!first || !last || *first > *last) return std::nullopt;
        ranges.push_back(*first);
        ranges.push_back(*last);
    }
    if (ranges.empty()) return std::nullopt;
    ranges.push_back(0);
    return ranges;
}

}  // namespace web
