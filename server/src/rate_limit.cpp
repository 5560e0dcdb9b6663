#include "rate_limit.hpp"

#include <algorithm>

namespace carc::server {

RateLimit::RateLimit(const Limits& limits, std::int64_t nowMs) : limits_(limits), tokens_(limits.burst), at_(nowMs) {}

void RateLimit::advance(std::int64_t nowMs) {
    // A steady clock never goes back; a test's fake one might, which then simply refills nothing.
    const double seconds = std::max<std::int64_t>(0, nowMs - at_) / 1000.0;
    at_ = std::max(at_, nowMs);
    tokens_ = std::min<double>(limits_.burst, tokens_ + seconds * limits_.messagesPerSecond);
    refusals_ = std::max(0.0, refusals_ - seconds * leakPerSecond(limits_));
}

RateLimit::Verdict RateLimit::take(int cost, std::int64_t nowMs) {
    advance(nowMs);
    if (tokens_ >= cost) {
        tokens_ -= cost;
        return Verdict::Accepted;
    }
    refusals_ += 1;
    if (refusals_ > closeAfter(limits_)) return Verdict::Close;
    // at_, not nowMs: a fake clock that goes back must not silence the answers for good.
    if (answeredAt_ && at_ - *answeredAt_ < 1000) return Verdict::Dropped;
    answeredAt_ = at_;
    return Verdict::Refused;
}

int messageCost(ClientType type, const Limits& limits) {
    switch (type) {
        case ClientType::Create:
        case ClientType::Join:
        case ClientType::Watch:
        case ClientType::Resume:
        case ClientType::Leave:
        case ClientType::Lobby:
        case ClientType::Start:
        case ClientType::Rematch:
            return limits.heavyCost;
        default:
            return 1;
    }
}

}  // namespace carc::server
