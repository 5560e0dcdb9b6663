// A fixed number of worker threads on which bots think, so that a bot's decision never holds up the
// hub thread (and with it every other room). Results are handed back through `post`, which runs them
// on the hub thread.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "carc/action.hpp"

namespace carc::server {

class BotPool {
public:
    BotPool(int threads, std::function<void(std::function<void()>)> post);
    ~BotPool();  // finishes the decision in hand, drops the queue, joins
    BotPool(const BotPool&) = delete;
    BotPool& operator=(const BotPool&) = delete;

    // `done` gets no action when `think` threw: a bot's failure is the room's to handle, never the server's end.
    void submit(std::function<Action()> think, std::function<void(std::optional<Action>)> done);
    std::size_t queued() const;

private:
    struct Job {
        std::function<Action()> think;
        std::function<void(std::optional<Action>)> done;
    };
    void work();

    std::function<void(std::function<void()>)> post_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> jobs_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace carc::server
