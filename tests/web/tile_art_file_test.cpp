// The tile art's pixels as the page hands them to the game (web/tile_art_file.hpp): the build's gzip
// member inflated in place, bare pixels taken as they are, anything else refused with a reason.
#include "../../web/tile_art_file.hpp"

#include <gtest/gtest.h>
#include <libdeflate.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

// An atlas-like picture: runs of one colour (which deflate shortens) and noise (which it cannot).
Bytes pixels(int count) {
    Bytes out(static_cast<size_t>(count));
    std::uint32_t state = 12345;
    for (int i = 0; i < count; ++i) {
        state = state * 1103515245u + 12345u;
        out[static_cast<size_t>(i)] =
            (i / 4096) % 2 ? static_cast<std::uint8_t>(state >> 24) : static_cast<std::uint8_t>(i % 4 * 60);
    }
    return out;
}

Bytes rawDeflate(const Bytes& data) {
    libdeflate_compressor* compressor = libdeflate_alloc_compressor(6);
    Bytes out(libdeflate_deflate_compress_bound(compressor, data.size()));
    out.resize(libdeflate_deflate_compress(compressor, data.data(), data.size(), out.data(), out.size()));
    libdeflate_free_compressor(compressor);
    return out;
}

void append(Bytes& out, std::string_view bytes) {
    for (const char c : bytes) out.push_back(static_cast<std::uint8_t>(c));
}

// A gzip member (RFC 1952) around `data`'s deflate stream, with the header's optional fields `flags` asks for.
Bytes gzipMember(const Bytes& data, std::uint8_t flags) {
    Bytes out{0x1f, 0x8b, 8, flags, 0, 0, 0, 0, 0, 3};
    using namespace std::string_view_literals;
    if (flags & 4) append(out, "\x05\x00xyzzy"sv);  // FEXTRA: its length (5), then its bytes
    if (flags & 8) append(out, "base.rgba\0"sv);    // FNAME
    if (flags & 16) append(out, "atlas\0"sv);       // FCOMMENT
    if (flags & 2) append(out, "\xab\xcd"sv);       // FHCRC (not checked)
    const Bytes stream = rawDeflate(data);
    out.insert(out.end(), stream.begin(), stream.end());
    const std::uint32_t crc = libdeflate_crc32(0, data.data(), data.size());
    const auto size = static_cast<std::uint32_t>(data.size());
    for (const std::uint32_t word : {crc, size})
        for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<std::uint8_t>(word >> shift));
    return out;
}

Bytes read(const Bytes& file, int pixelBytes, std::string& error) {
    const auto result = web::tileArtPixels(file.data(), static_cast<int>(file.size()), pixelBytes, error);
    return result ? Bytes(result.get(), result.get() + pixelBytes) : Bytes{};
}

TEST(TileArtFile, TheBuildsGzipIsInflatedToThePixels) {
    const Bytes atlas = pixels(64 * 48 * 4);
    std::string error;
    EXPECT_EQ(read(gzipMember(atlas, 0), static_cast<int>(atlas.size()), error), atlas);
    EXPECT_EQ(error, "");
}

TEST(TileArtFile, TheHeadersOptionalFieldsAreSkipped) {
    const Bytes atlas = pixels(32 * 32 * 4);
    for (const std::uint8_t flags : {2, 4, 8, 16, 8 | 16, 2 | 4 | 8 | 16}) {
        std::string error;
        EXPECT_EQ(read(gzipMember(atlas, flags), static_cast<int>(atlas.size()), error), atlas) << int{flags};
        EXPECT_EQ(error, "") << int{flags};
    }
}

TEST(TileArtFile, BarePixelsAreTakenAsTheyAre) {
    // A server that undid a gzip Content-Encoding hands over the pixels themselves.
    const Bytes atlas = pixels(16 * 16 * 4);
    std::string error;
    EXPECT_EQ(read(atlas, static_cast<int>(atlas.size()), error), atlas);
}

TEST(TileArtFile, AnotherAtlasOrADamagedStreamIsRefused) {
    const Bytes atlas = pixels(64 * 48 * 4);
    const int size = static_cast<int>(atlas.size());
    const Bytes file = gzipMember(atlas, 8);
    Bytes truncated(file.begin(), file.begin() + static_cast<long>(file.size() / 2));
    Bytes damaged = file;
    damaged[20] |= 6;  // the first block's type (after the 10-byte header and the 10-byte name): 3, reserved
    const struct {
        const char* what;
        Bytes file;
        int pixelBytes;
    } cases[] = {
        {"a smaller atlas than the tile set needs", file, size + 4},
        {"a larger atlas than the tile set needs", file, size - 4},
        {"the file cut in half", truncated, size},
        {"a block of the reserved type", damaged, size},
    };
    for (const auto& c : cases) {
        std::string error;
        EXPECT_EQ(read(c.file, c.pixelBytes, error), Bytes{}) << c.what;
        EXPECT_EQ(error, "not the atlas this tile set needs") << c.what;
    }
}

TEST(TileArtFile, AFileThatIsNeitherIsRefused) {
    const Bytes atlas = pixels(16 * 16 * 4);
    Bytes notGzip = gzipMember(atlas, 0);
    notGzip[2] = 7;  // not deflate
    for (const Bytes& file : {Bytes{}, Bytes{0x1f, 0x8b, 8, 0}, notGzip, Bytes(100, 0)}) {
        std::string error;
        EXPECT_EQ(read(file, static_cast<int>(atlas.size()), error), Bytes{}) << file.size();
        EXPECT_EQ(error, "neither gzip nor the atlas's pixels") << file.size();
    }
}

}  // namespace
