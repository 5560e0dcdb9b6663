// Hostile clients, each from its own loopback address, on a thread of their own (so their
// floods do not delay the honest clients' event loop): they run until stopped, come back a
// short while after the server closes them, and count how they were refused.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs it

#include <array>
#include <boost/asio.hpp>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "honest.hpp"
#include "options.hpp"

namespace loadtest {

enum class HostileKind { Flooder, NonReader, Malformed, RoomCreator };
inline constexpr int kHostileKinds = 4;
const char* kindName(HostileKind kind);

struct KindStats {
    int clients = 0;
    long connects = 0;                   // WebSocket sessions opened
    long connectFailures = 0;            // TCP connect (or bind) failed
    long handshakeFailures = 0;          // the upgrade was refused or broke
    long sent = 0;                       // messages written
    long replies = 0;                    // messages read (non-readers read none)
    long roomsCreated = 0;               // room creators' `joined`
    std::map<std::string, long> closes;  // close code ("1008") or socket error -> count
    std::map<std::string, long> errors;  // `error` code -> count
};

class HostileClient;

class HostileFleet {
public:
    HostileFleet(const HostileCounts& counts, const Options& options, RoomDirectory& directory,
                 const boost::asio::ip::tcp::endpoint& endpoint);
    ~HostileFleet();
    HostileFleet(const HostileFleet&) = delete;
    HostileFleet& operator=(const HostileFleet&) = delete;

    void start();
    void stop();  // joins the thread; the stats are stable after it
    const std::array<KindStats, kHostileKinds>& stats() const { return stats_; }
    double threadCpuSeconds() const { return threadCpuSeconds_; }  // after stop

private:
    boost::asio::io_context ioc_{1};
    std::array<KindStats, kHostileKinds> stats_;
    std::vector<std::shared_ptr<HostileClient>> clients_;
    std::thread thread_;
    double threadCpuSeconds_ = 0;
};

}  // namespace loadtest
