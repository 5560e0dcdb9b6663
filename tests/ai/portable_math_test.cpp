// The AI's own log and tanh (core/ai/portable_math.hpp) must agree with the standard library's to
// within rounding, over the range the search uses: visit counts for log, leads for tanh.
#include <gtest/gtest.h>

#include <cmath>

#include "../../core/ai/portable_math.hpp"

namespace carc::ai {
namespace {

TEST(PortableMath, LogMatchesTheStandardLibraryOnVisitCounts) {
    for (double x = 1.0; x < 2e6; x = x * 1.37 + 1.0)
        EXPECT_NEAR(portable::log(x), std::log(x), 1e-13 * std::max(1.0, std::log(x))) << x;
    EXPECT_EQ(portable::log(1.0), 0.0);
    EXPECT_NEAR(portable::log(0.25), std::log(0.25), 1e-15);
}

TEST(PortableMath, TanhMatchesTheStandardLibraryAndSaturates) {
    for (double x = -30.0; x <= 30.0; x += 0.173) EXPECT_NEAR(portable::tanh(x), std::tanh(x), 1e-14) << x;
    EXPECT_EQ(portable::tanh(0.0), 0.0);
    EXPECT_NEAR(portable::tanh(1000.0), 1.0, 1e-15);
    EXPECT_NEAR(portable::tanh(-1000.0), -1.0, 1e-15);
}

}  // namespace
}  // namespace carc::ai
