#include "carc/board.hpp"

#include <stdexcept>

namespace carc {

namespace {
std::uint32_t slotHash(std::uint32_t key) {
    return (key * 2654435761u) >> 21;  // top 11 bits: 2048 slots
}
}  // namespace

int* Board::lookup(Pos p) {
    return const_cast<int*>(static_cast<const Board*>(this)->lookup(p));
}

const int* Board::lookup(Pos p) const {
    const std::uint32_t k = key(p);
    for (std::uint32_t i = slotHash(k);; i = (i + 1) & (kSlots - 1)) {
        if (slotKeys_[i] == k) return &slotValues_[i];
        if (slotKeys_[i] == 0) return nullptr;
    }
}

int& Board::insert(Pos p) {
    const std::uint32_t k = key(p);
    for (std::uint32_t i = slotHash(k);; i = (i + 1) & (kSlots - 1)) {
        if (slotKeys_[i] == k) return slotValues_[i];
        if (slotKeys_[i] == 0) {
            slotKeys_[i] = k;
            slotValues_[i] = kUnset;
            return slotValues_[i];
        }
    }
}

void Board::setEdgeClasses(int classes) {
    // Beyond the tabulated sizes the key is not used (Design::fitsByNeed is empty): keep it small.
    const int base = classes <= kTabulatedClasses ? classes : 0;
    sideWeight_ = {1, static_cast<std::uint16_t>(base), static_cast<std::uint16_t>(base * base),
                   static_cast<std::uint16_t>(base * base * base)};
}

int Board::tileAt(Pos p) const {
    const int* v = lookup(p);
    return v && *v >= 0 ? *v : -1;
}

const FrontierCell* Board::frontierAt(Pos p) const {
    const int* v = lookup(p);
    return v && *v < 0 && *v != kUnset ? &frontier_[-*v - 1] : nullptr;
}

int Board::place(Pos p, int design, int rotation, int firstSegment, const Design& def, std::array<int, 4>* neighbours) {
    if (p.x < -kLimit || p.x > kLimit || p.y < -kLimit || p.y > kLimit)
        throw std::out_of_range("tile position outside the board limit");
    int& slot = insert(p);
    if (slot >= 0) throw std::logic_error("a tile already lies there");
    if (slot != kUnset) {
        // Leaves the frontier: the last cell takes its place.
        const int index = -slot - 1;
        const int last = static_cast<int>(frontier_.size()) - 1;
        if (index != last) {
            frontier_[index] = frontier_[last];
            *lookup(frontier_[index].pos) = -(index + 1);
        }
        frontier_.pop_back();
    }
    const int tileIndex = static_cast<int>(tiles_.size());
    slot = tileIndex;  // slots never move (open addressing in a fixed table): `slot` is still p's
    tiles_.push_back({p, static_cast<std::int16_t>(design), static_cast<std::int8_t>(rotation), firstSegment});

    for (int d = 0; d < 4; ++d) {
        const Pos q = step(p, d);
        int& neighbour = insert(q);
        if (neighbours) (*neighbours)[static_cast<std::size_t>(d)] = neighbour >= 0 ? neighbour : -1;
        if (neighbour >= 0) continue;
        if (neighbour == kUnset) {
            frontier_.push_back({q, {}});
            neighbour = -static_cast<int>(frontier_.size());
        }
        FrontierCell& cell = frontier_[-neighbour - 1];
        const int side = opposite(d);  // the cell's side facing the new tile (its need was 0 until now)
        cell.need[side] = def.facingClass[rotation][d];
        cell.needKey = static_cast<std::uint16_t>(cell.needKey + cell.need[side] * sideWeight_[side]);
    }
    return tileIndex;
}

int Board::surroundingTiles(Pos p) const {
    int count = 0;
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy)
            if ((dx || dy) && tileAt({p.x + dx, p.y + dy}) >= 0) ++count;
    return count;
}

}  // namespace carc
