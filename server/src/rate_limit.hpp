// A connection's message budget on a monotonic clock: a token bucket (`messagesPerSecond` on average,
// bursts of `burst`) and a count of refusals that leaks away, so a connection that keeps sending over
// its rate is closed while one that is only now and then too fast just has messages dropped. Only the
// first refusal of each second is answered: a flood must not make the server write as much as it reads.
#pragma once

#include <cstdint>
#include <optional>

#include "protocol.hpp"

namespace carc::server {

class RateLimit {
public:
    // Refused: answer `rate_limited`; Dropped: refused without an answer (one was sent less than a
    // second ago); Close: the connection kept flooding.
    enum class Verdict { Accepted, Refused, Dropped, Close };

    RateLimit() : RateLimit(Limits{}, 0) {}
    RateLimit(const Limits& limits, std::int64_t nowMs);

    // Takes `cost` tokens for one message at `nowMs` (a steady clock: setting the wall clock back must
    // not refuse anyone).
    Verdict take(int cost, std::int64_t nowMs);

    // Refusals a connection may pile up before it is closed; they leak at `burst / 5` per second, so
    // a flood at 1.5x the rate is closed within a minute and one at 15x within a second.
    static double closeAfter(const Limits& limits) { return 2.0 * limits.burst; }
    static double leakPerSecond(const Limits& limits) { return limits.burst / 5.0; }

private:
    void advance(std::int64_t nowMs);

    Limits limits_;
    double tokens_;
    double refusals_ = 0;
    std::int64_t at_;
    std::optional<std::int64_t> answeredAt_;  // the last refusal that was answered
};

// What a message of `type` costs: the ones that replay a game, list rooms or change membership cost
// `Limits::heavyCost` (docs/online-protocol.md, "Limits"), the rest one token.
int messageCost(ClientType type, const Limits& limits);

}  // namespace carc::server
