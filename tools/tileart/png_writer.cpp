// stb_image_write's implementation lives in this file only; it is third-party code, so this target
// is built without our warning flags (tools/tileart/CMakeLists.txt).
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb_image_write.h>

#include "png_writer.hpp"

namespace carc::art {

std::vector<std::uint8_t> encodePng(const std::vector<std::uint8_t>& rgba, int width, int height) {
    std::vector<std::uint8_t> out;
    stbi_write_png_compression_level = 9;
    stbi_write_png_to_func(
        [](void* context, void* data, int size) {
            auto* bytes = static_cast<std::vector<std::uint8_t>*>(context);
            const auto* begin = static_cast<const std::uint8_t*>(data);
            bytes->insert(bytes->end(), begin, begin + size);
        },
        &out, width, height, 4, rgba.data(), width * 4);
    return out;
}

}  // namespace carc::art
