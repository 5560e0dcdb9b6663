// The UI font's glyph ranges as web/ui_font.py writes them (web/glyph_ranges.hpp).
#include "../../web/glyph_ranges.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using Ranges = std::vector<std::uint16_t>;

TEST(GlyphRanges, TheFileAsTheBuildWritesItGivesImGuisList) {
    const auto ranges = web::parseGlyphRanges("0020 007E\n00A0 017F\n25B6 25B6\n");
    ASSERT_TRUE(ranges);
    EXPECT_EQ(*ranges, (Ranges{0x20, 0x7E, 0xA0, 0x17F, 0x25B6, 0x25B6, 0}));
}

TEST(GlyphRanges, TheLastLineNeedsNoNewline) {
    const auto ranges = web::parseGlyphRanges("0218 021b");
    ASSERT_TRUE(ranges);
    EXPECT_EQ(*ranges, (Ranges{0x218, 0x21B, 0}));
}

TEST(GlyphRanges, AnythingElseIsRefusedWhole) {
    for (const char* text : {"", "\n", "0020\n", "0020 007E\n\n", "007E 0020\n", "0000 007E\n", "0020 10000\n",
                             "0020 007G\n", "0020  007E\n", "0020 007E \n", " 0020 007E\n", "0020\t007E\n"})
        EXPECT_FALSE(web::parseGlyphRanges(text)) << '"' << text << '"';
}

}  // namespace
