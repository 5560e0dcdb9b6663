// The pixels of a tile-art file (art/NAME.rgba.gz, written by the build: tools/tileart --format rgba,
// then gzip): bare RGBA rows inflated straight into place, no image decoding (docs/load-time.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace web {

// The `pixelBytes` bytes of pixels in `file` (`size` bytes): a gzip member, or the bare pixels when the
// server already undid a gzip Content-Encoding. Null, with `error` set, when they are not there.
std::unique_ptr<std::uint8_t[]> tileArtPixels(const std::uint8_t* file, int size, int pixelBytes, std::string& error);

}  // namespace web
