#include "server.hpp"

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange without it

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <iostream>

#include "bot_pool.hpp"
#include "hub.hpp"
#include "static_files.hpp"

#ifndef CARC_ASSETS_DIR
#define CARC_ASSETS_DIR "assets"
#endif

namespace carc::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

constexpr std::size_t kMaxQueuedBytes = 8 * 1024 * 1024;  // a client this far behind is dropped

std::int64_t wallClockMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string_view view(beast::string_view s) {
    return {s.data(), s.size()};
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Whether a WebSocket upgrade comes from a page the server may talk to: its own host, an allowed
// origin, or no browser at all (no Origin header).
bool originAllowed(const http::request<http::string_body>& req, const std::vector<std::string>& allowed) {
    const auto origin = view(req[http::field::origin]);
    if (origin.empty()) return true;
    for (const auto& a : allowed)
        if (a == "*" || lower(a) == lower(origin)) return true;
    const std::string o = lower(origin);
    const auto scheme = o.find("://");
    if (scheme == std::string::npos) return false;
    return o.substr(scheme + 3) == lower(view(req[http::field::host]));
}

struct Shared {
    Hub* hub = nullptr;
    std::filesystem::path staticRoot;
    bool serveStatic = false;
    std::vector<std::string> allowOrigins;
    Limits limits;
};

class WebSocketSession : public std::enable_shared_from_this<WebSocketSession>, public Peer {
public:
    WebSocketSession(tcp::socket&& socket, Shared& shared) : ws_(std::move(socket)), shared_(shared) {}

    void run(http::request<http::string_body> request) {
        websocket::stream_base::timeout timeout{};
        timeout.handshake_timeout = std::chrono::seconds(30);
        timeout.idle_timeout = std::chrono::seconds(60);  // a ping after 30 s of silence, closed after 60 s
        timeout.keep_alive_pings = true;
        ws_.set_option(timeout);
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& res) { res.set(http::field::server, "carc-server"); }));
        ws_.read_message_max(shared_.limits.hardMaxMessage);
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) { self->accepted(ec); });
    }

    void send(std::shared_ptr<const std::string> message) override {
        if (closing_) return;
        queuedBytes_ += message->size();
        if (queuedBytes_ > kMaxQueuedBytes) return close(1008);
        queue_.push_back(std::move(message));
        if (queue_.size() == 1) write();
    }

    void close(int code) override {
        if (closing_) return;
        closing_ = true;
        closeCode_ = static_cast<websocket::close_code>(code);
        if (queue_.empty()) closeNow();
    }

private:
    void accepted(beast::error_code ec) {
        if (ec) return;
        id_ = shared_.hub->connect(*this);
        connected_ = true;
        read();
    }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
    }

    void onRead(beast::error_code ec) {
        if (ec) {
            if (connected_) shared_.hub->disconnect(id_);
            connected_ = false;
            return;
        }
        const std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (!closing_) shared_.hub->receive(id_, text, !ws_.got_text());
        read();
    }

    void write() {
        ws_.text(true);
        ws_.async_write(asio::buffer(*queue_.front()),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->written(ec); });
    }

    void written(beast::error_code ec) {
        queuedBytes_ -= queue_.front()->size();
        queue_.pop_front();
        if (ec) {
            queue_.clear();
            return;
        }
        if (!queue_.empty()) return write();
        if (closing_) closeNow();
    }

    void closeNow() {
        ws_.async_close(websocket::close_reason(closeCode_), [self = shared_from_this()](beast::error_code) {});
    }

    websocket::stream<beast::tcp_stream> ws_;
    Shared& shared_;
    beast::flat_buffer buffer_;
    std::deque<std::shared_ptr<const std::string>> queue_;
    std::size_t queuedBytes_ = 0;
    bool closing_ = false;
    bool connected_ = false;
    websocket::close_code closeCode_ = websocket::close_code::normal;
    PeerId id_ = 0;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket&& socket, Shared& shared) : stream_(std::move(socket)), shared_(shared) {}

    void run() { read(); }

private:
    void read() {
        parser_.emplace();
        parser_->header_limit(8 * 1024);
        parser_->body_limit(8 * 1024);
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
    }

    void onRead(beast::error_code ec) {
        if (ec == http::error::end_of_stream) return shutdown();
        if (ec) return;
        auto request = parser_->release();
        if (websocket::is_upgrade(request)) {
            if (request.target() != "/ws") return respond(text(request, http::status::not_found, "not found\n"));
            if (!originAllowed(request, shared_.allowOrigins))
                return respond(text(request, http::status::forbidden, "origin not allowed\n"));
            stream_.expires_never();
            std::make_shared<WebSocketSession>(stream_.release_socket(), shared_)->run(std::move(request));
            return;
        }
        serve(request);
    }

    http::response<http::string_body> text(const http::request<http::string_body>& req, http::status status,
                                           std::string body) {
        http::response<http::string_body> res{status, req.version()};
        res.set(http::field::server, "carc-server");
        res.set(http::field::content_type, "text/plain; charset=utf-8");
        res.keep_alive(req.keep_alive());
        res.body() = std::move(body);
        res.prepare_payload();
        return res;
    }

    void serve(const http::request<http::string_body>& req) {
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return respond(text(req, http::status::method_not_allowed, "only GET and HEAD\n"));
        if (req.target() == "/ws") return respond(text(req, http::status::upgrade_required, "WebSocket only\n"));
        auto path = shared_.serveStatic
                        ? staticPath(shared_.staticRoot, std::string_view(req.target().data(), req.target().size()))
                        : std::nullopt;
        if (!path) return respond(text(req, http::status::not_found, "not found\n"));
        beast::error_code ec;
        http::file_body::value_type file;
        file.open(path->c_str(), beast::file_mode::scan, ec);
        if (ec) return respond(text(req, http::status::not_found, "not found\n"));
        const auto size = file.size();
        auto headers = [&](auto& res) {
            res.set(http::field::server, "carc-server");
            res.set(http::field::content_type, std::string(contentType(path->filename().string())));
            // The service worker (sw.js) keeps the offline copy; the browser asks again each time.
            res.set(http::field::cache_control, "no-cache");
            res.set("X-Content-Type-Options", "nosniff");
            res.set("Referrer-Policy", "no-referrer");
            res.keep_alive(req.keep_alive());
        };
        if (req.method() == http::verb::head) {
            http::response<http::empty_body> res{http::status::ok, req.version()};
            headers(res);
            res.content_length(size);
            return respond(std::move(res));
        }
        http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(file)),
                                            std::make_tuple(http::status::ok, req.version())};
        headers(res);
        res.content_length(size);
        respond(std::move(res));
    }

    template <class Body>
    void respond(http::response<Body>&& response) {
        auto res = std::make_shared<http::response<Body>>(std::move(response));
        const bool close = res->need_eof();
        http::async_write(stream_, *res, [self = shared_from_this(), res, close](beast::error_code ec, std::size_t) {
            if (ec) return;
            if (close) return self->shutdown();
            self->read();
        });
    }

    void shutdown() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    }

    beast::tcp_stream stream_;
    Shared& shared_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

struct Server::Impl {
    ServerOptions options;
    Catalog catalog;
    SqliteStore store;
    asio::io_context ioc{1};
    std::unique_ptr<Hub> hub;
    Shared shared;
    tcp::acceptor acceptor{ioc};
    asio::steady_timer sweepTimer{ioc};
    asio::signal_set signals{ioc};
    std::size_t loaded = 0;
    std::unique_ptr<BotPool> pool;  // last: joined first, while the io_context it posts to still exists

    static std::string assetsFolder(const ServerOptions& o) {
        if (!o.assetsDir.empty()) return o.assetsDir;
        if (!o.staticDir.empty() &&
            std::filesystem::is_directory(std::filesystem::path(o.staticDir) / "assets" / "tilesets"))
            return (std::filesystem::path(o.staticDir) / "assets").string();
        return CARC_ASSETS_DIR;
    }

    // Before the store opens (and creates) the database.
    static ServerOptions checked(ServerOptions o) {
        refuseDatabaseUnderStatic(o.db, o.staticDir);
        return o;
    }

    explicit Impl(ServerOptions o)
        : options(checked(std::move(o))),
          catalog(folderSource(assetsFolder(options) + "/tilesets")),
          store(options.db, options.durability) {
        pool = std::make_unique<BotPool>(options.botThreads,
                                         [this](std::function<void()> f) { asio::post(ioc, std::move(f)); });
        HubOptions hubOptions;
        hubOptions.limits = options.limits;
        hubOptions.roomTtlMs = options.roomTtlSeconds * 1000;
        hubOptions.maxRooms = options.maxRooms;
        if (options.quiet) hubOptions.log = [](const std::string&) {};
        hub = std::make_unique<Hub>(
            catalog, store,
            [this](std::function<Action()> think, std::function<void(Action)> done) {
                pool->submit(std::move(think), std::move(done));
            },
            hubOptions, wallClockMs);
        loaded = hub->load();
        shared.hub = hub.get();
        shared.staticRoot = options.staticDir;
        shared.serveStatic = !options.staticDir.empty();
        shared.allowOrigins = options.allowOrigins;
        shared.limits = options.limits;

        const tcp::endpoint endpoint{asio::ip::make_address(options.host), options.port};
        acceptor.open(endpoint.protocol());
        acceptor.set_option(asio::socket_base::reuse_address(true));
        acceptor.bind(endpoint);
        acceptor.listen(asio::socket_base::max_listen_connections);
        accept();
        sweep();
    }

    void accept() {
        acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
            if (!ec) std::make_shared<HttpSession>(std::move(socket), shared)->run();
            if (acceptor.is_open()) accept();
        });
    }

    void sweep() {
        sweepTimer.expires_after(std::chrono::seconds(std::max(1, options.sweepSeconds)));
        sweepTimer.async_wait([this](beast::error_code ec) {
            if (ec) return;
            hub->sweep();
            sweep();
        });
    }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() = default;

unsigned short Server::port() const {
    return impl_->acceptor.local_endpoint().port();
}

std::size_t Server::roomsLoaded() const {
    return impl_->loaded;
}

void Server::run(bool signals) {
    if (signals) {
        impl_->signals.add(SIGINT);
        impl_->signals.add(SIGTERM);
        impl_->signals.async_wait([this](beast::error_code ec, int) {
            if (!ec) impl_->ioc.stop();
        });
    }
    impl_->ioc.run();
}

void Server::stop() {
    impl_->ioc.stop();
}

}  // namespace carc::server
