#include "tile_art_file.hpp"

// stb_image is here only for its inflate (zlib), which it compiles only with the PNG decoder.
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#include <stb_image.h>

namespace web {
namespace {

// Where the deflate data of the gzip member at `file` starts (RFC 1952: a 10-byte header, then the
// optional fields its flags announce), or -1 when it is not one.
int deflateStart(const std::uint8_t* file, int size) {
    if (size < 18 || file[0] != 0x1f || file[1] != 0x8b || file[2] != 8) return -1;
    const int flags = file[3];
    int at = 10;
    if (flags & 4) at += 2 + (file[at] | file[at + 1] << 8);  // FEXTRA
    for (const int textField : {8, 16})                       // FNAME, FCOMMENT: zero-terminated
        if (flags & textField)
            while (at < size && file[at++] != 0) {
            }
    if (flags & 2) at += 2;  // FHCRC
    return at < size ? at : -1;
}

}  // namespace

std::vector<std::uint8_t> tileArtPixels(const std::uint8_t* file, int size, int pixelBytes, std::string& error) {
    if (size == pixelBytes) return {file, file + size};
    const int start = deflateStart(file, size);
    if (start < 0) {
        error = "neither gzip nor the atlas's pixels";
        return {};
    }
    std::vector<std::uint8_t> pixels(static_cast<size_t>(pixelBytes));
    const int inflated = stbi_zlib_decode_noheader_buffer(reinterpret_cast<char*>(pixels.data()), pixelBytes,
                                                          reinterpret_cast<const char*>(file + start), size - start);
    if (inflated != pixelBytes) {
        error = "not the atlas this tile set needs";
        return {};
    }
    return pixels;
}

}  // namespace web
