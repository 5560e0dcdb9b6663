// A real carc-server (the Server class) on 127.0.0.1 and a free port, on a thread of its own.
#pragma once

#include <filesystem>
#include <memory>
#include <thread>

#include "harness.hpp"
#include "server.hpp"

namespace carc::server::test {

class LiveServer {
public:
    explicit LiveServer(ServerOptions options = {}) {
        options.port = 0;
        if (options.db.empty()) options.db = dir_.file("rooms.db");
        options.quiet = true;
        if (options.staticDir.empty())
            options.staticDir = std::filesystem::path(CARC_ASSETS_DIR).parent_path().string();
        server_ = std::make_unique<Server>(options);
        thread_ = std::thread([this] { server_->run(); });
    }
    ~LiveServer() {
        server_->stop();
        thread_.join();
    }
    unsigned short port() const { return server_->port(); }

private:
    TempDir dir_;
    std::unique_ptr<Server> server_;
    std::thread thread_;
};

}  // namespace carc::server::test
