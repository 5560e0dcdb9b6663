#include "unchanged_frame.hpp"

#include <cmath>

namespace web {

bool UnchangedFrames::needsDrawing(std::vector<unsigned char>& signature, double nowMs) {
    if (drawn_ > 0 && signature == lastDrawn_ && nowMs - lastDrawnAtMs_ < floorMs_) {
        ++skipped_;
        return false;
    }
    lastDrawn_.swap(signature);
    lastDrawnAtMs_ = nowMs;
    ++drawn_;
    return true;
}

float steppedPulse(double seconds, float radiansPerSecond) {
    const double stepped = std::floor(seconds * kPulseSteps) / kPulseSteps;
    return 0.5f + 0.5f * static_cast<float>(std::sin(stepped * radiansPerSecond));
}

}  // namespace web
