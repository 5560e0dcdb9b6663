// Work the game asks of the page while a frame is being drawn, held until the frame ends. The page
// answers some requests by calling back into the game at once: "enter" (shell/online.js) calls
// carc_online_enter, which drops the match the frame is still drawing, so "Join" of Play again
// pressed on the end screen left the rest of that frame on a destroyed match and the page never
// reached the new room. Outside a frame (a server message's answer) the work runs at once. No ImGui
// here, so the native tests read it (tests/web).
#pragma once

#include <functional>
#include <vector>

namespace web {

class AfterFrame {
public:
    void beginFrame() { inFrame_ = true; }
    // Now outside a frame; inside one, at endFrame(), in the order asked.
    void run(std::function<void()> work);
    // Runs what waited; work asked for while it runs (the frame is over) runs at once.
    void endFrame();
    bool inFrame() const { return inFrame_; }

private:
    bool inFrame_ = false;
    std::vector<std::function<void()>> waiting_;
};

}  // namespace web
