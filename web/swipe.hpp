// A one-finger horizontal swipe, decided from the touch events themselves: how far and which way the
// finger went, and the time between the browser's timestamps of the events (when the touch happened,
// not when a frame got round to it: the browser hands touch moves over at animation frames, so a slow
// frame would stretch a swipe past its time limit). Knows nothing of SDL or the DOM.
#pragma once

namespace web {

class SwipeDetector {
public:
    // A finger touches or lifts: positions in CSS pixels, `ms` the event's timestamp. `counts`
    // on the first finger down: whether a swipe starting there may step (the replay's board).
    void down(float x, float y, double ms, bool counts);
    void up(float x, float y, double ms);
    // The browser took the touch over (a scroll, a system gesture): no swipe.
    void cancel();
    // The swipe the last finger lift completed, once: +1 a swipe to the left (the next step, like
    // turning a page), -1 to the right, 0 none. `width`: the board's width in CSS pixels.
    int take(float width);
    // A finger is down on a swipe that may step: the board does not pan sideways under it.
    bool swiping() const { return fingers_ > 0 && counts_ && !spoiled_; }

private:
    int fingers_ = 0;
    bool counts_ = false;
    bool spoiled_ = false;  // a second finger came down: a pinch, never a swipe
    float startX_ = 0, startY_ = 0;
    double startMs_ = 0;
    bool ended_ = false;
    float dx_ = 0, dy_ = 0;
    double ms_ = 0;
};

}  // namespace web
