// A small software rasteriser for the tile art: an RGB canvas with anti-aliased polygon fills
// (4 sub-scanlines per pixel with exact horizontal coverage), thick polylines with round joins and
// caps (coverage from the distance to the line), discs, and a clip mask so a texture stays inside
// its area. Coordinates are pixels; pixel (x, y) covers [x, x+1) x [y, y+1).
#pragma once

#include <vector>

#include "tile_geometry/kind_colours.hpp"
#include "tile_geometry/tile_geometry.hpp"

namespace carc::art {

class Canvas {
public:
    Canvas(int width, int height, Rgb background);
    int width() const { return width_; }
    int height() const { return height_; }
    Rgb pixel(int x, int y) const;

    // Even-odd fill of a polygon (any orientation; several polygons fill as one shape).
    void fillPolygons(const std::vector<std::vector<Vec2>>& polygons, Rgb colour, float alpha = 1.0f);
    void fillPolygon(const std::vector<Vec2>& polygon, Rgb colour, float alpha = 1.0f) {
        fillPolygons({polygon}, colour, alpha);
    }
    // A line of `width` pixels through the points, round at joins and ends.
    void stroke(const std::vector<Vec2>& points, float width, Rgb colour, float alpha = 1.0f);
    void disc(Vec2 centre, float radius, Rgb colour, float alpha = 1.0f);

    // Later drawing is limited to the inside of the polygons (anti-aliased), until clearClip().
    void clipTo(const std::vector<std::vector<Vec2>>& polygons);
    void clearClip();

private:
    // Coverage of the polygons, 0..1 per pixel, over the canvas.
    std::vector<float> coverage(const std::vector<std::vector<Vec2>>& polygons) const;
    void blend(int x, int y, Rgb colour, float amount);

    int width_, height_;
    std::vector<float> rgb_;   // 3 floats per pixel, 0..255
    std::vector<float> clip_;  // empty: no clip
};

}  // namespace carc::art
