// Who becomes host when the host has gone: a table must not wait forever for someone who closed their
// tab (docs/online-protocol.md, "Host"). The role passes once the host has been disconnected for the
// room's `replaceAfter` time, to the human player connected the longest.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "room.hpp"

namespace carc::server {

// The seat that takes over as host at `nowMs` (steady), or nothing: the host is connected, has not been
// gone `afterMs` yet, or no other human is connected.
std::optional<int> nextHost(const std::vector<SeatState>& seats, std::int64_t nowMs, std::int64_t afterMs);

}  // namespace carc::server
