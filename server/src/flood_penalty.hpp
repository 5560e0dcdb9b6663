// Addresses whose connection was closed for flooding wait before they may connect again: the first
// time `firstMs`, each new close within `forgiveMs` of the last one twice as long (up to `maxMs`). A
// flooder that reconnects at once is then refused before any WebSocket is opened, which costs the
// server a short HTTP answer instead of reading its flood again (docs/deployment.md, "Limits").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>

namespace carc::server {

struct FloodPolicy {
    std::int64_t firstMs = 10'000;  // 0: nobody waits
    std::int64_t maxMs = 300'000;
    std::int64_t forgiveMs = 600'000;  // a close this long after the last one counts as a first again
};

class FloodPenalties {
public:
    explicit FloodPenalties(FloodPolicy policy) : policy_(policy) {}
    // A connection of `key` was closed for flooding at `nowMs` (a steady clock).
    void punish(const std::string& key, std::int64_t nowMs);
    // How long `key` must still wait at `nowMs`; 0 when it may connect.
    std::int64_t remainingMs(const std::string& key, std::int64_t nowMs) const;
    // Addresses remembered (the ones forgiven are forgotten as the map grows).
    std::size_t size() const { return entries_.size(); }

private:
    struct Entry {
        std::int64_t until = 0;
        std::int64_t last = 0;
        std::int64_t waitMs = 0;
    };
    void forgetForgiven(std::int64_t nowMs);

    FloodPolicy policy_;
    std::unordered_map<std::string, Entry> entries_;
    std::size_t forgetAt_ = 1024;
};

}  // namespace carc::server
