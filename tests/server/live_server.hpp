// A real carc-server (the Server class) on 127.0.0.1 and a free port, on a thread of its own, over a
// fresh database of the store named ("sqlite" or "postgres") unless the options name one.
#pragma once

#include <boost/beast/http.hpp>
#include <filesystem>
#include <memory>
#include <thread>

#include "harness.hpp"
#include "server.hpp"
#include "test_database.hpp"
#include "test_paths.hpp"

namespace carc::server::test {

class LiveServer {
public:
    explicit LiveServer(ServerOptions options = {}, const std::string& store = "sqlite") : db_(store) {
        options.port = 0;
        if (options.db.empty()) options.db = db_.location();
        options.quiet = true;
        if (options.staticDir.empty()) options.staticDir = carc::test::sourceRoot().string();
        server_ = std::make_unique<Server>(options);
        thread_ = std::thread([this] { server_->run(); });
    }
    ~LiveServer() {
        server_->stop();
        thread_.join();
    }
    unsigned short port() const { return server_->port(); }
    const TestDatabase& database() const { return db_; }

private:
    TestDatabase db_;
    std::unique_ptr<Server> server_;
    std::thread thread_;
};

// A GET of `target` (sent as it is, undecoded): the status and body, and the Content-Type in `type`.
inline std::pair<int, std::string> httpGet(unsigned short port, const std::string& target,
                                           std::string* type = nullptr) {
    namespace asio = boost::asio;
    namespace http = boost::beast::http;
    asio::io_context ioc;
    asio::ip::tcp::socket socket(ioc);
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    http::write(socket, req);
    boost::beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(socket, buffer, res);
    if (type) *type = std::string(res[http::field::content_type]);
    return {static_cast<int>(res.result_int()), res.body()};
}

}  // namespace carc::server::test
