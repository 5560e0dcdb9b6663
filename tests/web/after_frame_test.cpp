// web/after_frame.*: what the game asks of the page while a frame is drawn waits for the frame's end
// (the page's answer may call back into the game and drop what the frame still draws: "Join" of Play
// again); outside a frame it runs at once.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../web/after_frame.hpp"

namespace web {
namespace {

TEST(AfterFrame, WorkAskedDuringAFrameWaitsForItsEnd) {
    AfterFrame after;
    std::vector<std::string> done;
    after.beginFrame();
    after.run([&] { done.push_back("enter A"); });
    after.run([&] { done.push_back("enter B"); });
    EXPECT_TRUE(done.empty()) << "nothing runs while the frame is drawn";
    after.endFrame();
    EXPECT_EQ(done, (std::vector<std::string>{"enter A", "enter B"}));
    after.beginFrame();
    after.endFrame();
    EXPECT_EQ(done.size(), 2u) << "each piece of work runs once";
}

TEST(AfterFrame, OutsideAFrameWorkRunsAtOnce) {
    AfterFrame after;
    int runs = 0;
    after.run([&] { ++runs; });  // a server message's answer, between frames
    EXPECT_EQ(runs, 1);
    after.beginFrame();
    after.endFrame();
    EXPECT_EQ(runs, 1);
}

TEST(AfterFrame, WorkAskedForByWaitingWorkRunsAtOnce) {
    // The page answering "enter" calls back into the game, which may ask for more: the frame is over.
    AfterFrame after;
    std::vector<int> order;
    after.beginFrame();
    after.run([&] {
        order.push_back(1);
        EXPECT_FALSE(after.inFrame());
        after.run([&] { order.push_back(2); });
    });
    after.endFrame();
    EXPECT_EQ(order, (std::vector<int>{1, 2}));
}

}  // namespace
}  // namespace web
