// The players' colours by name, in the palette's order (web/palette.cpp): what saves and startRecord's
// colours= hold, and the catalogue keys of their names ("colour.orange"). No ImGui here, so the native
// tests (tests/i18n) can read it.
#pragma once

namespace web {

inline constexpr const char* kColourKeys[] = {"orange", "blue", "yellow", "green", "black", "pink"};

}  // namespace web
