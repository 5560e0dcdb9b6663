#include "flood_penalty.hpp"

#include <algorithm>

namespace carc::server {

void FloodPenalties::punish(const std::string& key, std::int64_t nowMs) {
    if (policy_.firstMs <= 0) return;
    if (entries_.size() >= forgetAt_) forgetForgiven(nowMs);
    auto [it, fresh] = entries_.try_emplace(key);
    Entry& entry = it->second;
    const bool again = !fresh && nowMs - entry.last < policy_.forgiveMs;
    entry.waitMs = again ? std::min(std::max(policy_.maxMs, policy_.firstMs), 2 * entry.waitMs) : policy_.firstMs;
    entry.last = nowMs;
    entry.until = nowMs + entry.waitMs;
}

std::int64_t FloodPenalties::remainingMs(const std::string& key, std::int64_t nowMs) const {
    auto it = entries_.find(key);
    if (it == entries_.end()) return 0;
    return std::max<std::int64_t>(0, it->second.until - nowMs);
}

void FloodPenalties::forgetForgiven(std::int64_t nowMs) {
    std::erase_if(entries_, [&](const auto& entry) { return nowMs - entry.second.last >= policy_.forgiveMs; });
    // Sweep again only once the map has doubled, so a flood of addresses costs amortised O(1) each.
    forgetAt_ = std::max<std::size_t>(1024, 2 * entries_.size());
}

}  // namespace carc::server
