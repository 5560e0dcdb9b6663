#include "palette.hpp"

#include <iterator>

#include "colour_keys.hpp"
#include "tile_geometry/kind_colours.hpp"

namespace web {
namespace {

ImU32 rgb(int r, int g, int b) {
    return IM_COL32(r, g, b, 255);
}

}  // namespace

Palette paletteFor(const carc::TileSet& tiles) {
    Palette p;
    p.table = rgb(52, 58, 50);
    p.grid = IM_COL32(255, 236, 140, 110);
    const auto kinds = carc::art::kindColours(tiles);
    for (const auto& k : kinds) p.kinds.push_back(rgb(k.fill.r, k.fill.g, k.fill.b));
    for (const auto& design : tiles.designs) {
        const carc::art::TileGround ground = carc::art::groundOf(tiles, design);
        const carc::art::Rgb c = ground.coast                 ? carc::art::kCoastSea.fill
                                 : ground.backgroundKind >= 0 ? kinds[ground.backgroundKind].fill
                                                              : carc::art::Rgb{200, 200, 190};
        p.ground.push_back(rgb(c.r, c.g, c.b));
    }
    return p;
}

namespace {
std::vector<int> seatColours;  // seat -> colour index
}  // namespace

void setSeatColours(const std::vector<int>& colourOfSeat) {
    seatColours = colourOfSeat;
}

int seatColour(int player) {
    if (player >= 0 && player < static_cast<int>(seatColours.size())) return seatColours[player] % kMaxSeats;
    return ((player % kMaxSeats) + kMaxSeats) % kMaxSeats;
}

ImU32 colourOf(int colourIndex) {
    // Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
    static const ImU32 colours[kMaxSeats] = {rgb(213, 94, 0),  rgb(0, 114, 178), rgb(240, 228, 66),
                                             rgb(0, 158, 115), rgb(40, 40, 40),  rgb(204, 121, 167)};
    return colours[colourIndex % kMaxSeats];
}

ImU32 inkOf(int colourIndex) {
    return (colourIndex % kMaxSeats == 2) ? rgb(30, 30, 30) : rgb(250, 250, 245);
}

const char* colourKey(int colourIndex) {
    static_assert(std::size(kColourKeys) == kMaxSeats, "one name per colour");
    return kColourKeys[colourIndex % kMaxSeats];
}

ImU32 playerColour(int player) {
    return colourOf(seatColour(player));
}

ImU32 playerInk(int player) {
    return inkOf(seatColour(player));
}

const char* playerColourKey(int player) {
    return colourKey(seatColour(player));
}

}  // namespace web
