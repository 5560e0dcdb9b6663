// Whether a frame needs drawing. Not when what it would draw (its signature: the drawable's size and
// ImGui's draw data, as bytes) equals the last drawn frame's: the canvas still shows that one (WebGL
// presents a canvas only in a frame that drew to it). A page nobody touches and where nothing moves
// then costs no GPU work, at 60 frames a second: a phone's battery, a laptop's fan, and the software GL
// of headless browsers (an idle game page kept two cores busy). The game's logic still runs every
// frame; only the drawing is left out. A frame is drawn anyway at least every `floorMs`, so a change
// the signature cannot see (a texture's pixels) shows soon. No ImGui here: the native tests read it.
#pragma once

#include <vector>

namespace web {

class UnchangedFrames {
public:
    explicit UnchangedFrames(double floorMs) : floorMs_(floorMs) {}
    // True when the frame is to be drawn; then `signature` becomes the kept one (the vectors swap, so
    // the caller's buffer is reused without allocating).
    bool needsDrawing(std::vector<unsigned char>& signature, double nowMs);
    long long drawn() const { return drawn_; }
    long long skipped() const { return skipped_; }

private:
    double floorMs_;
    std::vector<unsigned char> lastDrawn_;
    double lastDrawnAtMs_ = 0;
    long long drawn_ = 0;
    long long skipped_ = 0;
};

// A glow that pulses (0..1, a sine of `radiansPerSecond`), taken at `kPulseSteps` steps a second rather
// than every frame: a soft highlight looks the same, and a frame whose only change is the glow is then
// drawn 8 times a second instead of 60 (a soft glow steps unseen at that rate).
inline constexpr double kPulseSteps = 8.0;
float steppedPulse(double seconds, float radiansPerSecond);

}  // namespace web
