// PNG encoding of an RGBA image (stb_image_write, from Debian's libstb-dev).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace carc::art {

// The PNG file's bytes, at the strongest compression stb offers.
std::vector<std::uint8_t> encodePng(const std::vector<std::uint8_t>& rgba, int width, int height);

}  // namespace carc::art
