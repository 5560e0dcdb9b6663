#include "tile_arts.hpp"

#include <algorithm>

namespace web {

const carc::art::TileArt& TileArts::operator[](size_t design) const {
    auto& art = built_.at(design);
    if (!art) art = carc::art::buildDesignArt(*tiles_, static_cast<int>(design));
    return *art;
}

int TileArts::builtCount() const {
    return static_cast<int>(std::count_if(built_.begin(), built_.end(), [](const auto& a) { return a.has_value(); }));
}

}  // namespace web
