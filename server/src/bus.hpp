// How the processes sharing one database hear that a room changed (issue 46): each change is
// announced as {room, seq} only (never a line, a secret or a seed); a process with connections in
// that room reads the change from the store and sends its own connections their own views.
// One process on SQLite needs none of it: its hub tells its connections as it writes (LocalBus).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace carc::server {

class Bus {
public:
    // `changed(room, seq)`: a room's version is now `seq`. `missed()`: the bus listens (at first, and
    // after its connection dropped): what was said before may have been missed, so every room in use
    // should be read again. `lost()`: it stopped listening; until `missed()`, nothing is heard.
    struct Listener {
        std::function<void(const std::string& room, std::int64_t seq)> changed;
        std::function<void()> missed;
        std::function<void()> lost;
        // Who is connected to `room` changed on another process (payload {room, seq: 0, presence: 1}).
        std::function<void(const std::string& room)> presence;
    };
    virtual ~Bus() = default;
    // Calls the listener from the bus's own thread: the caller posts it to the hub thread.
    virtual void start(Listener listener) = 0;
};

// A single process: nothing to listen to.
class LocalBus : public Bus {
public:
    void start(Listener) override {}
};

}  // namespace carc::server
