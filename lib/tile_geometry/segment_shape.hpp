// Which segment of a tile design a point shows, and the outline of one segment, in unit coordinates
// of the unrotated tile: what the browser game picks under the pointer and outlines for the feature card.
#pragma once

#include <vector>

#include "tile_geometry/tile_geometry.hpp"

namespace carc::art {

// The segment shown at p: a single's glyph (a cloister, drawn over the paths ending at it), else a
// path within `pathReach` of its line (paths lie over the ground), else the area whose shape holds p,
// else the segment the label grid gives there (fields); -1 when none.
int segmentAt(const TileArt& art, Vec2 p, float pathReach);

struct SegmentOutline {
    std::vector<std::vector<Vec2>> loops;  // closed polygons around areas, fields and singles
    std::vector<std::vector<Vec2>> lines;  // open polylines along paths
};

// An area by its polygon, a path by its line, a single by a ring around its glyph, anything else (a
// field) by the contour of its cells in the label grid, smoothed.
SegmentOutline segmentOutline(const TileArt& art, int segment);

}  // namespace carc::art
