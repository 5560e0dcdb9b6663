// carc-server as a library: the HTTP + WebSocket front (Boost.Beast over Asio, one I/O thread), the
// rooms (Hub), the SQLite store and the bots' thread pool. main.cpp and the tests run it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "protocol.hpp"
#include "sqlite_store.hpp"

namespace carc::server {

struct ServerOptions {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;  // 0: any free port
    std::string db;              // the SQLite file
    std::string staticDir;       // the static game; "" serves none
    std::string assetsDir;       // the folder holding tilesets/ ("" : <static>/assets, else the source tree's)
    int botThreads = 1;
    std::int64_t roomTtlSeconds = 24 * 3600;
    int sweepSeconds = 60;
    Durability durability = Durability::Normal;
    std::vector<std::string> allowOrigins;  // page origins besides the server's own; "*" any
    std::size_t maxRooms = 10000;
    Limits limits;
    bool quiet = false;  // no log lines
};

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
