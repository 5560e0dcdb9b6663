#include "atlas.hpp"

#include <algorithm>
#include <cmath>

#include "canvas.hpp"
#include "tile_painter.hpp"

namespace carc::art {
namespace {

struct Rgba {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

// Copies a cell's picture into the atlas, and its edge pixels over the gutter around it.
template <typename PixelAt>
void place(AtlasImage& image, int cellIndex, PixelAt pixelAt) {
    const AtlasLayout& layout = image.layout;
    constexpr int cell = AtlasLayout::kCell, gutter = AtlasLayout::kGutter;
    for (int y = -gutter; y < cell + gutter; ++y)
        for (int x = -gutter; x < cell + gutter; ++x) {
            const Rgba p = pixelAt(std::clamp(x, 0, cell - 1), std::clamp(y, 0, cell - 1));
            const size_t i =
                (static_cast<size_t>(layout.pictureY(cellIndex) + y) * static_cast<size_t>(layout.width()) +
                 static_cast<size_t>(layout.pictureX(cellIndex) + x)) *
                4;
            image.rgba[i] = p.r, image.rgba[i + 1] = p.g, image.rgba[i + 2] = p.b, image.rgba[i + 3] = p.a;
        }
}

// A symbol painted over black and over white: where they differ, the symbol lets the ground through.
Rgba spritePixel(const Canvas& onBlack, const Canvas& onWhite, int x, int y) {
    const Rgb k = onBlack.pixel(x, y), w = onWhite.pixel(x, y);
    const int see = ((w.r - k.r) + (w.g - k.g) + (w.b - k.b)) / 3;  // 255 * (1 - alpha)
    const int alpha = std::clamp(255 - see, 0, 255);
    if (alpha == 0) return {0, 0, 0, 0};
    auto colour = [&](std::uint8_t c) { return static_cast<std::uint8_t>(std::min(255, c * 255 / alpha)); };
    return {colour(k.r), colour(k.g), colour(k.b), static_cast<std::uint8_t>(alpha)};
}

}  // namespace

AtlasImage renderAtlas(const TileSet& tiles) {
    AtlasImage image;
    image.layout.designs = static_cast<int>(tiles.designs.size());
    image.layout.symbols = static_cast<int>(tiles.symbols.size());
    const AtlasLayout& layout = image.layout;
    image.rgba.assign(static_cast<size_t>(layout.width()) * static_cast<size_t>(layout.height()) * 4, 0);
    const auto colours = kindColours(tiles);
    const auto arts = buildTileArt(tiles);
    constexpr int cell = AtlasLayout::kCell;
    for (int d = 0; d < layout.designs; ++d) {
        Canvas canvas(cell, cell, Rgb{});
        paintTile(canvas, tiles, colours, arts[d], d);
        place(image, d, [&](int x, int y) {
            const Rgb p = canvas.pixel(x, y);
            return Rgba{p.r, p.g, p.b, 255};
        });
    }
    for (int s = 0; s < layout.symbols; ++s)
        for (bool onWater : {false, true}) {
            Canvas onBlack(cell, cell, Rgb{0, 0, 0}), onWhite(cell, cell, Rgb{255, 255, 255});
            paintSymbol(onBlack, tiles.symbols[s], onWater, AtlasLayout::kSpriteRadius);
            paintSymbol(onWhite, tiles.symbols[s], onWater, AtlasLayout::kSpriteRadius);
            place(image, layout.spriteCell(s, onWater),
                  [&](int x, int y) { return spritePixel(onBlack, onWhite, x, y); });
        }
    return image;
}

AtlasImage halveAtlas(const AtlasImage& full) {
    AtlasImage half;
    half.layout = full.layout.halved();
    const size_t fullWidth = static_cast<size_t>(full.layout.width());
    const size_t width = static_cast<size_t>(half.layout.width()), height = static_cast<size_t>(half.layout.height());
    half.rgba.assign(width * height * 4, 0);
    for (size_t y = 0; y < height; ++y)
        for (size_t x = 0; x < width; ++x) {
            unsigned alpha = 0, weighted[3] = {0, 0, 0};
            for (size_t dy = 0; dy < 2; ++dy)
                for (size_t dx = 0; dx < 2; ++dx) {
                    const std::uint8_t* p = &full.rgba[((2 * y + dy) * fullWidth + 2 * x + dx) * 4];
                    alpha += p[3];
                    for (int c = 0; c < 3; ++c) weighted[c] += p[c] * p[3];
                }
            std::uint8_t* out = &half.rgba[(y * width + x) * 4];
            for (int c = 0; c < 3; ++c)
                out[c] = static_cast<std::uint8_t>(alpha ? (weighted[c] + alpha / 2) / alpha : 0);
            out[3] = static_cast<std::uint8_t>((alpha + 2) / 4);
        }
    return half;
}

}  // namespace carc::art
