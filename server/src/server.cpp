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
#include <ostream>
#include <thread>

#include "bot_pool.hpp"
#include "bus.hpp"
#include "client_address.hpp"
#include "flood_penalty.hpp"
#include "hub.hpp"
#include "open_store.hpp"
#include "posted_peer.hpp"
#include "postgres_bus.hpp"
#include "source_tree/source_tree.hpp"
#include "static_files.hpp"

namespace carc::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

std::int64_t wallClockMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::int64_t steadyClockMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
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
    // The hub runs on its own thread (its io_context): sessions post to it, it posts back (PostedPeer).
    Hub* hub = nullptr;
    asio::io_context* hubContext = nullptr;
    std::filesystem::path staticRoot;
    bool serveStatic = false;
    std::vector<std::string> allowOrigins;
    Limits limits;
    std::size_t maxQueuedBytes = 0;
    std::size_t slowQueuedBytes = 0;
    int slowSeconds = 0;
    bool trustForwardedFor = false;
    // Shared with every session, which gives its place back when it ends (possibly after the server).
    std::shared_ptr<ConnectionCounts> connections;
    std::shared_ptr<FloodPenalties> penalties;  // addresses closed for flooding, waiting to come back
};

class WebSocketSession : public std::enable_shared_from_this<WebSocketSession>, public Peer {
public:
    WebSocketSession(tcp::socket&& socket, Shared& shared, std::string client)
        : ws_(std::move(socket)),
          shared_(shared),
          client_(std::move(client)),
          counts_(shared.connections),
          slowTimer_(ws_.get_executor()),
          toHub_(asio::make_strand(*shared.hubContext)) {}
    ~WebSocketSession() override { counts_->release(client_); }

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
        queue_.push_back(std::move(message));
        // A client that does not read: far behind, dropped at once; somewhat behind for a while, too.
        if (queuedBytes_ > shared_.maxQueuedBytes) return abort();
        if (queuedBytes_ > shared_.slowQueuedBytes && !slowArmed_) {
            slowArmed_ = true;
            slowTimer_.expires_after(std::chrono::seconds(shared_.slowSeconds));
            slowTimer_.async_wait([self = shared_from_this()](beast::error_code ec) {
                if (!ec && self->slowArmed_ && self->queuedBytes_ > self->shared_.slowQueuedBytes) self->abort();
            });
        }
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
        hubPeer_ = std::make_shared<PostedPeer>(ws_.get_executor(), std::weak_ptr<Peer>(shared_from_this()));
        asio::post(toHub_,
                   [hub = shared_.hub, peer = hubPeer_, client = client_] { peer->id = hub->connect(*peer, client); });
        connected_ = true;
        read();
    }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
    }

    void onRead(beast::error_code ec) {
        if (ec) {
            // Beast has closed it with 1009 (over the hard limit) or 1007/1002 (not UTF-8, a bad frame):
            // no page sends those, so the address waits as a flooder's does before it may come back.
            if (ec == websocket::error::message_too_big || ec == websocket::condition::protocol_violation)
                shared_.penalties->punish(client_, steadyClockMs());
            // The hub peer lives on in this task until the hub has let it go.
            if (connected_) asio::post(toHub_, [hub = shared_.hub, peer = hubPeer_] { hub->disconnect(peer->id); });
            connected_ = false;
            return;
        }
        std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (!closing_)
            asio::post(toHub_, [hub = shared_.hub, peer = hubPeer_, text = std::move(text), binary = !ws_.got_text()] {
                hub->receive(peer->id, text, binary);
            });
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
            queuedBytes_ = 0;
            return;
        }
        if (slowArmed_ && queuedBytes_ <= shared_.slowQueuedBytes) {
            slowArmed_ = false;
            slowTimer_.cancel();
        }
        if (!queue_.empty()) return write();
        if (closing_) closeNow();
    }

    void closeNow() {
        ws_.async_close(websocket::close_reason(closeCode_), [self = shared_from_this()](beast::error_code) {});
    }

    // No closing handshake with a client that does not read: the socket goes, and with it the queue
    // (the pending read fails, which disconnects it from the hub).
    void abort() {
        closing_ = true;
        slowArmed_ = false;
        slowTimer_.cancel();
        beast::error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

    websocket::stream<beast::tcp_stream> ws_;
    Shared& shared_;
    std::string client_;  // its key in `counts_`
    std::shared_ptr<ConnectionCounts> counts_;
    asio::steady_timer slowTimer_;
    bool slowArmed_ = false;
    beast::flat_buffer buffer_;
    std::deque<std::shared_ptr<const std::string>> queue_;
    std::size_t queuedBytes_ = 0;
    bool closing_ = false;
    bool connected_ = false;
    websocket::close_code closeCode_ = websocket::close_code::normal;
    // This connection on the hub's thread; its tasks go there in order, through one strand.
    std::shared_ptr<PostedPeer> hubPeer_;
    asio::strand<asio::io_context::executor_type> toHub_;
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
            beast::error_code endpointError;
            const auto peer = stream_.socket().remote_endpoint(endpointError);
            if (endpointError) return;
            std::string client = peer.address().to_string();
            if (shared_.trustForwardedFor) client = forwardedClient(view(request["X-Forwarded-For"]), client);
            client = clientKey(client);
            if (const auto waitMs = shared_.penalties->remainingMs(client, steadyClockMs()); waitMs > 0) {
                auto res = text(request, http::status::too_many_requests, "closed for flooding: wait\n");
                res.set(http::field::retry_after, std::to_string((waitMs + 999) / 1000));
                return respond(std::move(res));
            }
            if (!shared_.connections->admit(client)) {
                auto res = text(request, http::status::service_unavailable, "too many connections\n");
                res.set(http::field::retry_after, "30");
                return respond(std::move(res));
            }
            stream_.expires_never();
            std::make_shared<WebSocketSession>(stream_.release_socket(), shared_, client)->run(std::move(request));
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

std::string assetsFolder(const ServerOptions& o) {
    if (!o.assetsDir.empty()) return o.assetsDir;
    if (!o.staticDir.empty() &&
        std::filesystem::is_directory(std::filesystem::path(o.staticDir) / "assets" / "tilesets"))
        return (std::filesystem::path(o.staticDir) / "assets").string();
    return source_tree::assets();
}

OpenedStore openStoreOf(const ServerOptions& o) {
    std::function<void(const std::string&)> log;  // null: standard error
    if (o.quiet) log = [](const std::string&) {};
    return openStore(o.db, o.durability, log);
}

}  // namespace

struct Server::Impl {
    ServerOptions options;
    Catalog catalog;
    OpenedStore opened;
    // The hub, its timers, the bots' answers and the bus: a thread of its own, so a slow database call
    // delays no other connection's reads and writes (issue 46). Before `ioc`: the sessions that
    // `ioc` drops when it goes still hold strands of this one.
    asio::io_context hubContext{1};
    asio::io_context ioc{1};  // the network: sockets, HTTP, WebSocket
    asio::executor_work_guard<asio::io_context::executor_type> hubWork = asio::make_work_guard(hubContext);
    std::thread hubThread;
    std::unique_ptr<Hub> hub;
    Shared shared;
    tcp::acceptor acceptor{ioc};
    asio::steady_timer sweepTimer{hubContext};
    asio::steady_timer beatTimer{hubContext};
    asio::steady_timer acceptPause{ioc};
    asio::signal_set signals{ioc};
    std::size_t loaded = 0;
    std::unique_ptr<Bus> bus;       // joined before the io_context it posts to goes
    std::unique_ptr<BotPool> pool;  // last: joined first, while the io_context it posts to still exists

    // Before the store opens (and creates) the database.
    static ServerOptions checked(ServerOptions o) {
        if (!isPostgresUri(o.db)) refuseDatabaseUnderStatic(o.db, o.staticDir);
        return o;
    }

    explicit Impl(ServerOptions o)
        : options(checked(std::move(o))),
          catalog(folderSource(assetsFolder(options) + "/tilesets")),
          opened(openStoreOf(options)) {
        pool = std::make_unique<BotPool>(options.botThreads,
                                         [this](std::function<void()> f) { asio::post(hubContext, std::move(f)); });
        shared.penalties = std::make_shared<FloodPenalties>(
            FloodPolicy{.firstMs = options.floodCooldownSeconds * 1000, .maxMs = 300'000, .forgiveMs = 600'000});
        HubOptions hubOptions;
        hubOptions.limits = options.limits;
        // The penalties are the network thread's (it turns the address away at the door).
        hubOptions.flooded = [this, penalties = shared.penalties](const std::string& client) {
            asio::post(ioc, [penalties, client] { penalties->punish(client, steadyClockMs()); });
        };
        hubOptions.roomTtlMs = options.roomTtlSeconds * 1000;
        hubOptions.maxRooms = options.maxRooms;
        hubOptions.lobbyTtlMs = options.lobbyTtlSeconds * 1000;
        hubOptions.clockMsPerSecond = options.clockMsPerSecond;
        hubOptions.heartbeatMs = options.heartbeatMs;
        hubOptions.botClaimMs = options.botClaimMs;
        hubOptions.logBotTurns = options.logBotTurns;
        if (options.quiet) hubOptions.log = [](const std::string&) {};
        hubOptions.steadyMs = steadyClockMs;
        hubOptions.later = [this](std::int64_t delayMs, std::function<void()> task) {
            auto timer = std::make_shared<asio::steady_timer>(hubContext, std::chrono::milliseconds(delayMs));
            timer->async_wait([timer, task = std::move(task)](beast::error_code ec) {
                if (!ec) task();
            });
        };
        hub = std::make_unique<Hub>(
            catalog, *opened.store,
            [this](std::function<Action()> think, std::function<void(std::optional<Action>)> done) {
                if (options.botDelayMs > 0)
                    think = [think = std::move(think), delay = options.botDelayMs] {
                        std::this_thread::sleep_for(std::chrono::milliseconds(delay));
                        return think();
                    };
                pool->submit(std::move(think), std::move(done));
            },
            hubOptions, wallClockMs);
        loaded = hub->load();
        // Processes sharing a database hear each other's changes of rooms (bus.hpp).
        if (isPostgresUri(options.db))
            bus = std::make_unique<PostgresBus>(options.db);
        else
            bus = std::make_unique<LocalBus>();
        bus->start({[this](const std::string& room, std::int64_t seq) {
                        asio::post(hubContext, [this, room, seq] { hub->roomChanged(room, seq); });
                    },
                    [this] { asio::post(hubContext, [this] { hub->catchUpAll(); }); },
                    [this] { asio::post(hubContext, [this] { hub->busLost(); }); },
                    [this](const std::string& room) {
                        asio::post(hubContext, [this, room] { hub->presenceChanged(room); });
                    }});
        shared.hub = hub.get();
        shared.hubContext = &hubContext;
        shared.staticRoot = options.staticDir;
        shared.serveStatic = !options.staticDir.empty();
        shared.allowOrigins = options.allowOrigins;
        shared.limits = options.limits;
        shared.maxQueuedBytes = options.maxQueuedBytes;
        shared.slowQueuedBytes = options.slowQueuedBytes;
        shared.slowSeconds = std::max(1, options.slowSeconds);
        shared.trustForwardedFor = options.trustForwardedFor;
        shared.connections =
            std::make_shared<ConnectionCounts>(options.maxConnections, options.maxConnectionsPerAddress);

        const tcp::endpoint endpoint{asio::ip::make_address(options.host), options.port};
        acceptor.open(endpoint.protocol());
        acceptor.set_option(asio::socket_base::reuse_address(true));
        acceptor.bind(endpoint);
        acceptor.listen(asio::socket_base::max_listen_connections);
        accept();
        sweep();
        beat();
        hubThread = std::thread([this] { hubContext.run(); });
    }

    // The hub's thread first (what it has in hand finishes; tasks not begun are dropped), then a clean
    // stop: the other processes count this one's connections as gone at once.
    ~Impl() {
        hubWork.reset();
        hubContext.stop();
        if (hubThread.joinable()) hubThread.join();
        if (hub) hub->retire();
    }

    // Shared store: the heartbeat, the reaping of silent processes and of unplayed bot turns.
    void beat() {
        if (!opened.store->shared()) return;
        hub->heartbeat();
        beatTimer.expires_after(std::chrono::milliseconds(std::max<std::int64_t>(50, options.heartbeatMs)));
        beatTimer.async_wait([this](beast::error_code ec) {
            if (!ec) beat();
        });
    }

    void accept() {
        acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
            if (!ec) std::make_shared<HttpSession>(std::move(socket), shared)->run();
            if (!acceptor.is_open()) return;
            if (!ec) return accept();
            // Out of file descriptors (or the like): accepting again at once would spin on the error.
            acceptPause.expires_after(std::chrono::milliseconds(100));
            acceptPause.async_wait([this](beast::error_code waitError) {
                if (!waitError && acceptor.is_open()) accept();
            });
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

bool checkStore(const ServerOptions& options, std::ostream& out) {
    Catalog catalog(folderSource(assetsFolder(options) + "/tilesets"));
    const OpenedStore opened = openStoreOf(options);
    HubOptions hubOptions;
    hubOptions.log = [](const std::string&) {};
    // Nothing is served: bots are not asked to think.
    Hub hub(
        catalog, *opened.store, [](auto, auto) {}, hubOptions, wallClockMs);
    const std::size_t loaded = hub.load(true);  // every room, shared store or not
    const Migration& schema = opened.migration;
    out << "schema version " << schema.to;
    if (schema.from != schema.to) out << " (migrated from version " << schema.from << ")";
    out << "\n";
    for (const auto& problem : hub.loadProblems()) out << problem.room << ": " << problem.reason << "\n";
    out << loaded << " rooms load, " << hub.loadProblems().size() << " do not" << std::endl;
    return hub.loadProblems().empty();
}

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
