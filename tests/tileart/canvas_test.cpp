// The rasteriser under the tile art: coverage is exact where it can be checked by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "canvas.hpp"

namespace {

using carc::art::Canvas;
using carc::art::Rgb;
using carc::art::Vec2;

constexpr Rgb kBlack{0, 0, 0};
constexpr Rgb kWhite{255, 255, 255};

double totalInk(const Canvas& c) {  // white pixels count 1, black 0
    double sum = 0;
    for (int y = 0; y < c.height(); ++y)
        for (int x = 0; x < c.width(); ++x) sum += c.pixel(x, y).r / 255.0;
    return sum;
}

TEST(Canvas, PolygonCoversItsAreaWithSoftEdges) {
    Canvas c(20, 20, kBlack);
    c.fillPolygon({{2, 2}, {12.5f, 2}, {12.5f, 10}, {2, 10}}, kWhite);  // 10.5 x 8
    EXPECT_EQ(c.pixel(5, 5).r, 255);
    EXPECT_EQ(c.pixel(15, 5).r, 0);
    EXPECT_NEAR(c.pixel(12, 5).r, 128, 2);  // half the pixel covered
    EXPECT_NEAR(totalInk(c), 10.5 * 8, 0.1);
}

TEST(Canvas, TriangleAreaMatchesGeometry) {
    Canvas c(40, 40, kBlack);
    c.fillPolygon({{5, 5}, {35, 8}, {12, 33}}, kWhite);
    const double area = std::fabs((35.0 - 5) * (33.0 - 5) - (12.0 - 5) * (8.0 - 5)) / 2;
    EXPECT_NEAR(totalInk(c), area, area * 0.01);
}

TEST(Canvas, EvenOddLeavesHoles) {
    Canvas c(20, 20, kBlack);
    c.fillPolygons({{{0, 0}, {20, 0}, {20, 20}, {0, 20}}, {{5, 5}, {15, 5}, {15, 15}, {5, 15}}}, kWhite);
    EXPECT_EQ(c.pixel(10, 10).r, 0);
    EXPECT_EQ(c.pixel(2, 2).r, 255);
}

TEST(Canvas, StrokeHasItsWidthAndRoundEnds) {
    Canvas c(60, 20, kBlack);
    c.stroke({{10, 10}, {50, 10}}, 4, kWhite);
    EXPECT_EQ(c.pixel(30, 9).r, 255);
    EXPECT_EQ(c.pixel(30, 13).r, 0);
    // A 40 x 4 band plus two half discs of radius 2.
    EXPECT_NEAR(totalInk(c), 40 * 4 + 3.14159 * 4, 4);
    EXPECT_EQ(c.pixel(7, 10).r, 0);    // beyond the round cap
    EXPECT_GT(c.pixel(8, 10).r, 200);  // inside it
}

TEST(Canvas, JoinsDoNotDarkenWhereStrokePiecesOverlap) {
    Canvas c(40, 40, kBlack);
    c.stroke({{5, 20}, {20, 20}, {20, 35}}, 6, Rgb{100, 100, 100}, 0.5f);
    EXPECT_EQ(c.pixel(20, 20).r, c.pixel(12, 20).r);
}

TEST(Canvas, DiscAreaIsPiRSquared) {
    Canvas c(40, 40, kBlack);
    c.disc({20, 20}, 10, kWhite);
    EXPECT_NEAR(totalInk(c), 3.14159 * 100, 3);
}

TEST(Canvas, ClipKeepsDrawingInside) {
    Canvas c(20, 20, kBlack);
    c.clipTo({{{0, 0}, {10, 0}, {10, 20}, {0, 20}}});
    c.fillPolygon({{0, 0}, {20, 0}, {20, 20}, {0, 20}}, kWhite);
    EXPECT_EQ(c.pixel(5, 5).r, 255);
    EXPECT_EQ(c.pixel(15, 5).r, 0);
    c.clearClip();
    c.disc({15, 5}, 2, kWhite);
    EXPECT_EQ(c.pixel(15, 5).r, 255);
}

}  // namespace
