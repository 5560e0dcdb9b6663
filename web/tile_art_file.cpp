#include "tile_art_file.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <memory>

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

std::unique_ptr<std::uint8_t[]> tileArtPixels(const std::uint8_t* file, int size, int pixelBytes, std::string& error) {
    // Not zeroed first: every byte is written below or the pixels are refused.
    auto pixels = std::unique_ptr<std::uint8_t[]>(new std::uint8_t[static_cast<size_t>(pixelBytes)]);
    if (size == pixelBytes) {
        std::copy(file, file + size, pixels.get());
        return pixels;
    }
    const int start = deflateStart(file, size);
    if (start < 0) {
        error = "neither gzip nor the atlas's pixels";
        return nullptr;
    }
    // The deflate stream alone: the trailer's CRC is not checked (a bad stream or a wrong size still is),
    // which would cost a pass over the pixels the first frame waits for.
    const std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor*)> inflater(
        libdeflate_alloc_decompressor(), libdeflate_free_decompressor);
    const auto wanted = static_cast<size_t>(pixelBytes);
    size_t inflated = 0;
    const bool whole =
        inflater && libdeflate_deflate_decompress(inflater.get(), file + start, static_cast<size_t>(size - start),
                                                  pixels.get(), wanted, &inflated) == LIBDEFLATE_SUCCESS;
    if (!whole || inflated != wanted) {
        error = "not the atlas this tile set needs";
        return nullptr;
    }
    return pixels;
}

}  // namespace web
