#include "swipe.hpp"

#include <cmath>

namespace web {
namespace {

constexpr float kShareOfWidth = 0.15f;  // at least this share of the board's width
constexpr double kLongestMs = 600;      // within this time from touch to lift
constexpr float kSideways = 2.0f;       // at least this many times as far across as up or down

}  // namespace

void SwipeDetector::down(float x, float y, double ms, bool counts) {
    if (fingers_++ > 0) {
        spoiled_ = true;
        return;
    }
    counts_ = counts;
    spoiled_ = false;
    ended_ = false;
    startX_ = x;
    startY_ = y;
    startMs_ = ms;
}

void SwipeDetector::cancel() {
    fingers_ = 0;
    ended_ = false;
}

void SwipeDetector::up(float x, float y, double ms) {
    if (fingers_ == 0) return;
    if (--fingers_ > 0 || spoiled_ || !counts_) return;
    ended_ = true;
    dx_ = x - startX_;
    dy_ = y - startY_;
    ms_ = ms - startMs_;
}

int SwipeDetector::take(float width) {
    if (!ended_) return 0;
    ended_ = false;
    if (ms_ > kLongestMs || std::fabs(dx_) < width * kShareOfWidth || std::fabs(dx_) < kSideways * std::fabs(dy_))
        return 0;
    return dx_ < 0 ? 1 : -1;
}

}  // namespace web
