// carc-server as a library: the HTTP + WebSocket front (Boost.Beast over Asio, one network thread), the
// rooms (Hub, on a thread of its own with its timers and the bus's news), the store (SQLite or PostgreSQL) and the
// bots' thread pool. main.cpp and the tests run it.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "protocol.hpp"
#include "sqlite_store.hpp"

namespace carc::server {

struct ServerOptions {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;  // 0: any free port
    std::string db;              // the SQLite file, or a PostgreSQL URI (open_store.hpp)
    std::string staticDir;       // the static game; "" serves none
    std::string assetsDir;       // the folder holding tilesets/ ("" : <static>/assets, else the source tree's)
    int botThreads = 1;
    std::int64_t roomTtlSeconds = 24 * 3600;
    int sweepSeconds = 60;
    Durability durability = Durability::Normal;  // SQLite only
    std::vector<std::string> allowOrigins;       // page origins besides the server's own; "*" any
    std::size_t maxRooms = 10000;
    std::int64_t lobbyTtlSeconds = 30 * 60;  // a room not started, nobody connected, expires after this long
    std::size_t maxConnections = 10000;      // WebSocket connections in all; more: the upgrade answers 503
    std::size_t maxConnectionsPerAddress = 32;
    std::size_t maxQueuedBytes = 1024 * 1024;  // a connection's unsent messages; more: closed at once
    std::size_t slowQueuedBytes = 256 * 1024;  // over this for `slowSeconds`: closed as a non-reader
    int slowSeconds = 5;
    bool trustForwardedFor = false;  // behind a proxy: the client is X-Forwarded-For's last address
    // An address closed for flooding may not connect for this long, twice as long for each new close
    // within 10 minutes (up to 5 minutes); 0: it may come back at once.
    std::int64_t floodCooldownSeconds = 10;
    Limits limits;
    std::int64_t clockMsPerSecond = 1000;  // a test aid: turn clocks run faster below 1000
    bool quiet = false;                    // no log lines
    // Processes sharing a PostgreSQL database (hub.hpp's HubOptions): heartbeat and bot-claim times;
    // test aids: a delay before each bot thinks, and a log line per claimed bot turn.
    std::int64_t heartbeatMs = 2000;
    std::int64_t botClaimMs = 10000;
    std::int64_t botDelayMs = 0;
    bool logBotTurns = false;
};

// `carc-server --check`: reads every room of the store as a start would, writes one line per room
// that would be skipped (its id and why) and a summary to `out`; true when every room loads.
bool checkStore(const ServerOptions& options, std::ostream& out);

class Server {
public:
    // Opens the store, loads the rooms and binds the port; throws std::exception with the reason.
    explicit Server(ServerOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    unsigned short port() const;
    std::size_t roomsLoaded() const;
    // Serves until stop() (or SIGINT / SIGTERM when `signals`).
    void run(bool signals = false);
    // From any thread.
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace carc::server
