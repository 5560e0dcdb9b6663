// Where tiles lie, and which empty cells could take one (the frontier, kept up to date per placement).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "carc/geometry.hpp"
#include "carc/tileset.hpp"

namespace carc {

struct PlacedTile {
    Pos pos;
    std::int16_t design = 0;
    std::int8_t rotation = 0;
    std::int32_t firstSegment = 0;  // id of its segment 0 in the Features graph
};

// An empty cell beside at least one tile: `need` holds, per side, the edge class its tile must show
// there (TileSet::edgeClasses; 0 where the side has no neighbour).
struct FrontierCell {
    Pos pos;
    std::array<std::uint8_t, 4> need{};
    // The four needs as one number, need[0] + C * need[1] + C^2 * need[2] + C^3 * need[3] for the
    // tile set's C edge classes: the index into Design::fitsByNeed.
    std::uint16_t needKey = 0;
};

class Board {
public:
    static constexpr int kLimit = 500;  // coordinates stay within +-kLimit

    int tileAt(Pos p) const;  // index into tiles(), or -1
    const std::vector<PlacedTile>& tiles() const { return tiles_; }
    const std::vector<FrontierCell>& frontier() const { return frontier_; }
    const FrontierCell* frontierAt(Pos p) const;

    // Rotations (bit r) in which `design` fits the cell: edges match every neighbour. Repeated
    // rotations of symmetric designs are left out.
    static std::uint8_t fittingRotations(const FrontierCell& cell, const Design& design) {
        // This runs for every frontier cell of every turn: one look-up where the tile set is tabulated,
        // else four.
        if (!design.fitsByNeed.empty()) return design.fitsByNeed[cell.needKey];
        const std::uint8_t* showing = design.rotationsShowing.data();
        return static_cast<std::uint8_t>(design.distinctRotations & showing[cell.need[0] * 4 + 0] &
                                         showing[cell.need[1] * 4 + 1] & showing[cell.need[2] * 4 + 2] &
                                         showing[cell.need[3] * 4 + 3]);
    }
    static int rotationCount(std::uint8_t fits) {
        static constexpr std::uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        return kBits[fits & 15];
    }

    // The tile set's number of edge classes, for FrontierCell::needKey (once, before any tile).
    void setEdgeClasses(int classes);
    // Room for this many tiles and frontier cells without reallocating during a game.
    void reserve(int tiles, int cells) {
        tiles_.reserve(static_cast<std::size_t>(tiles));
        frontier_.reserve(static_cast<std::size_t>(cells));
    }

    // Puts a tile down (the caller checked legality) and returns its index. `neighbours`, if given,
    // receives the index of the tile beyond each side (North, East, South, West), or -1.
    int place(Pos p, int design, int rotation, int firstSegment, const Design& def,
              std::array<int, 4>* neighbours = nullptr);

    // Tiles among the 8 cells around p (cloister/farm completion).
    int surroundingTiles(Pos p) const;

private:
    static constexpr int kSlots = 2048;
    static constexpr int kUnset = -0x40000000;  // a slot just claimed, neither tile nor frontier
    static std::uint32_t key(Pos p) {
        return (static_cast<std::uint32_t>(p.x + 1024) << 11) | static_cast<std::uint32_t>(p.y + 1024);
    }
    // Slot value: tile index (>= 0) or -(frontier index + 1); an empty slot has key 0.
    int* lookup(Pos p);
    const int* lookup(Pos p) const;
    int& insert(Pos p);

    std::array<std::uint16_t, 4> sideWeight_{1, 0, 0, 0};  // C^side: a need's share of needKey
    std::vector<PlacedTile> tiles_;
    std::vector<FrontierCell> frontier_;
    std::vector<std::uint32_t> slotKeys_ = std::vector<std::uint32_t>(kSlots, 0);
    std::vector<int> slotValues_ = std::vector<int>(kSlots, 0);
};

}  // namespace carc
