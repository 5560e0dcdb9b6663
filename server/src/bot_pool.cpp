#include "bot_pool.hpp"

#include <algorithm>
#include <exception>

namespace carc::server {

BotPool::BotPool(int threads, std::function<void(std::function<void()>)> post) : post_(std::move(post)) {
    for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { work(); });
}

BotPool::~BotPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        jobs_.clear();
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
}

void BotPool::submit(std::function<Action()> think, std::function<void(std::optional<Action>)> done) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back({std::move(think), std::move(done)});
    }
    wake_.notify_one();
}

std::size_t BotPool::queued() const {
    std::lock_guard lock(mutex_);
    return jobs_.size();
}

void BotPool::work() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (stopping_) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        std::optional<Action> action;
        try {
            action = job.think();
        } catch (const std::exception&) {
            action.reset();
        }
        post_([done = std::move(job.done), action] { done(action); });
    }
}

}  // namespace carc::server
