// web/unchanged_frame.*: a frame that would draw what the canvas already shows is left out, but never
// for longer than the floor; any change is drawn at once.
#include <gtest/gtest.h>

#include <vector>

#include "../../web/unchanged_frame.hpp"

namespace web {
namespace {

std::vector<unsigned char> frame(unsigned char a, unsigned char b) {
    return {a, b};
}

TEST(UnchangedFrames, TheFirstFrameAndEveryChangeAreDrawn) {
    UnchangedFrames frames(250);
    auto f = frame(1, 2);
    EXPECT_TRUE(frames.needsDrawing(f, 0));
    f = frame(1, 3);
    EXPECT_TRUE(frames.needsDrawing(f, 16)) << "a vertex moved";
    f = frame(1, 3);
    f.push_back(0);
    EXPECT_TRUE(frames.needsDrawing(f, 33)) << "something more to draw";
    EXPECT_EQ(frames.drawn(), 3);
    EXPECT_EQ(frames.skipped(), 0);
}

TEST(UnchangedFrames, AnUnchangedFrameIsLeftOutUntilTheFloor) {
    UnchangedFrames frames(250);
    auto f = frame(7, 7);
    ASSERT_TRUE(frames.needsDrawing(f, 1000));
    int drawn = 0;
    for (double now = 1016; now < 2000; now += 16) {
        f = frame(7, 7);
        if (frames.needsDrawing(f, now)) ++drawn;
    }
    // 62 frames in that second; one drawn each 250 ms.
    EXPECT_EQ(drawn, 3);
    EXPECT_EQ(frames.drawn(), 4);
    EXPECT_EQ(frames.skipped(), 59);
}

TEST(UnchangedFrames, AChangeAfterSkippedFramesIsComparedWithTheLastDrawnOne) {
    UnchangedFrames frames(1000);
    auto f = frame(1, 1);
    ASSERT_TRUE(frames.needsDrawing(f, 0));
    f = frame(1, 1);
    ASSERT_FALSE(frames.needsDrawing(f, 16));
    f = frame(2, 2);
    EXPECT_TRUE(frames.needsDrawing(f, 33));
    f = frame(1, 1);
    EXPECT_TRUE(frames.needsDrawing(f, 50)) << "back to the first picture: not what the canvas shows now";
}

TEST(SteppedPulse, HoldsForEachStepAndMovesBetweenThem) {
    const double step = 1.0 / kPulseSteps;
    for (int i = 0; i < 60; ++i) {
        const double start = i * step;
        const float value = steppedPulse(start + step * 0.1, 4.0f);
        EXPECT_GE(value, 0.0f);
        EXPECT_LE(value, 1.0f);
        EXPECT_EQ(steppedPulse(start + step * 0.9, 4.0f), value) << "one value within a step";
        EXPECT_NE(steppedPulse(start + step * 1.1, 4.0f), value) << "the next step moves on";
    }
}

}  // namespace
}  // namespace web
