#include "after_frame.hpp"

#include <utility>

namespace web {

void AfterFrame::run(std::function<void()> work) {
    if (inFrame_)
        waiting_.push_back(std::move(work));
    else
        work();
}

void AfterFrame::endFrame() {
    inFrame_ = false;
    std::vector<std::function<void()>> due;
    due.swap(waiting_);
    for (auto& work : due) work();
}

}  // namespace web
