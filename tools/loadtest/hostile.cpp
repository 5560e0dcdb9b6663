#include "hostile.hpp"

#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <nlohmann/json.hpp>

#include "carc/rng.hpp"
#include "loopback.hpp"
#include "server_process.hpp"

namespace loadtest {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using namespace std::chrono_literals;

// Paces, each under the server's default rate (20 tokens a second, `watch`, `lobby` and `create`
// taking 5) so that what is measured is the kind's own effect, not the rate limiter (flooders are
// the ones that test the limiter).
constexpr auto kNonReaderPace = 300ms;
constexpr auto kMalformedPace = 100ms;
constexpr auto kCreatorPace = 300ms;

struct Frame {
    std::string name;
    std::string payload;
    bool binary = false;
};

// The malformed kind's cycle; the two the server closes the socket for come last.
const std::vector<Frame>& malformedFrames() {
    static const std::vector<Frame> frames = [] {
        std::vector<Frame> f;
        f.push_back({"over 16 KiB", R"({"type":"ping","pad":")" + std::string(20 * 1024, 'x') + "\"}", false});
        f.push_back({"invalid JSON", R"({"type": "ping", )", false});
        f.push_back({"binary", R"({"type":"ping"})", true});
        f.push_back({"not an object", "[1,2,3]", false});
        f.push_back({"deeply nested array", std::string(5000, '[') + std::string(5000, ']'), false});
        std::string object;
        for (int i = 0; i < 1500; ++i) object += R"({"a":)";
        object += "0" + std::string(1500, '}');
        f.push_back({"deeply nested object", object, false});
        f.push_back({"over 64 KiB", R"({"type":"ping","pad":")" + std::string(70 * 1024, 'x') + "\"}", false});
        f.push_back({"invalid UTF-8", "{\"type\":\"ping\",\"ref\":\"\xff\xfe\xfd\"}", false});
        return f;
    }();
    return frames;
}

}  // namespace

const char* kindName(HostileKind kind) {
    switch (kind) {
        case HostileKind::Flooder:
            return "flooder";
        case HostileKind::NonReader:
            return "non-reader";
        case HostileKind::Malformed:
            return "malformed";
        case HostileKind::RoomCreator:
            return "room-creator";
    }
    return "?";
}

// One hostile client. Each WebSocket session is a Connection; a handler whose Connection is no
// longer the current one belongs to a closed session and does nothing.
class HostileClient : public std::enable_shared_from_this<HostileClient> {
public:
    HostileClient(asio::io_context& ioc, HostileKind kind, KindStats& stats, const Options& options,
                  RoomDirectory& directory, const tcp::endpoint& endpoint, asio::ip::address_v4 from,
                  std::uint64_t seed)
        : ioc_(ioc),
          kind_(kind),
          stats_(stats),
          options_(options),
          directory_(directory),
          endpoint_(endpoint),
          from_(from),
          reconnect_(ioc),
          pace_(ioc),
          rng_(seed) {}

    void start() { connect(); }

    void stop() {
        stopped_ = true;
        reconnect_.cancel();
        pace_.cancel();
        if (conn_) {
            beast::error_code ec;
            beast::get_lowest_layer(conn_->ws).socket().close(ec);
        }
    }

private:
    struct Connection {
        explicit Connection(asio::io_context& ioc) : ws(ioc) {}
        websocket::stream<beast::tcp_stream> ws;
        beast::flat_buffer buffer;
        std::string outgoing;
        bool writing = false;
    };
    using ConnectionPtr = std::shared_ptr<Connection>;

    bool current(const ConnectionPtr& c) const { return !stopped_ && c == conn_; }

    void connect() {
        if (stopped_) return;
        conn_ = std::make_shared<Connection>(ioc_);
        live_ = false;
        auto c = conn_;
        auto& stream = beast::get_lowest_layer(c->ws);
        if (auto ec = bindSource(stream.socket(), from_)) {
            ++stats_.connectFailures;
            ++stats_.closes["bind: " + ec.message()];
            return later();
        }
        stream.expires_after(10s);
        stream.async_connect(endpoint_, [self = shared_from_this(), c](beast::error_code ec) {
            if (!self->current(c)) return;
            if (ec) {
                ++self->stats_.connectFailures;
                ++self->stats_.closes["connect: " + ec.message()];
                return self->later();
            }
            beast::get_lowest_layer(c->ws).expires_never();
            c->ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
            c->ws.async_handshake("127.0.0.1:" + std::to_string(self->endpoint_.port()), "/ws",
                                  [self, c](beast::error_code ec2) {
                                      if (!self->current(c)) return;
                                      if (ec2) {
                                          ++self->stats_.handshakeFailures;
                                          ++self->stats_.closes["handshake: " + ec2.message()];
                                          return self->later();
                                      }
                                      ++self->stats_.connects;
                                      self->live_ = true;
                                      self->opened(c);
                                  });
        });
    }

    // Back after reconnectMs/2 to 3*reconnectMs/2: sustained pressure, bounded in rate.
    void later() {
        live_ = false;
        if (stopped_) return;
        const auto ms = options_.reconnectMs / 2 +
                        static_cast<int>(rng_.below(static_cast<std::uint32_t>(options_.reconnectMs + 1)));
        reconnect_.expires_after(std::chrono::milliseconds(ms));
        reconnect_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->connect();
        });
    }

    void dropped(const ConnectionPtr& c, beast::error_code ec) {
        if (!current(c) || !live_) return;
        live_ = false;
        if (ec == websocket::error::closed)
            ++stats_.closes[std::to_string(static_cast<int>(c->ws.reason().code))];
        else
            ++stats_.closes[ec.message()];
        pace_.cancel();
        beast::error_code ignored;
        beast::get_lowest_layer(c->ws).socket().close(ignored);
        later();
    }

    void opened(const ConnectionPtr& c) {
        switch (kind_) {
            case HostileKind::Flooder:
                read(c);
                return flood(c);
            case HostileKind::NonReader:
                return nonReaderTick(c);  // and never a read
            case HostileKind::Malformed:
                read(c);
                return malformedTick(c);
            case HostileKind::RoomCreator:
                read(c);
                return createTick(c);
        }
    }

    void write(const ConnectionPtr& c, std::string text, bool binary, std::function<void()> then) {
        c->outgoing = std::move(text);
        c->writing = true;
        c->ws.binary(binary);
        c->ws.async_write(asio::buffer(c->outgoing),
                          [self = shared_from_this(), c, then](beast::error_code ec, std::size_t) {
                              if (!self->current(c)) return;
                              c->writing = false;
                              if (ec) return self->dropped(c, ec);
                              ++self->stats_.sent;
                              if (then) then();
                          });
    }

    void read(const ConnectionPtr& c) {
        c->ws.async_read(c->buffer, [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
            if (!self->current(c)) return;
            if (ec) return self->dropped(c, ec);
            ++self->stats_.replies;
            const json m = json::parse(beast::buffers_to_string(c->buffer.data()), nullptr, false);
            c->buffer.consume(c->buffer.size());
            const std::string type = m.is_object() ? m.value("type", std::string()) : std::string();
            if (type == "error") ++self->stats_.errors[m.value("code", std::string("?"))];
            if (self->kind_ == HostileKind::RoomCreator) self->creatorReply(type);
            self->read(c);
        });
    }

    // Flooder: cheap valid messages back to back, as fast as the socket takes them.
    void flood(const ConnectionPtr& c) {
        const bool ping = (flooded_++ % 2) == 0;
        write(c, ping ? R"({"type":"ping","ref":"f"})" : R"({"type":"lobby"})", false,
              [self = shared_from_this(), c] { self->flood(c); });
    }

    // Non-reader: watch busy rooms (each watch brings the room's game) and ask for the lobby,
    // never reading; once the socket is full a write stays pending and the ticks just wait.
    void nonReaderTick(const ConnectionPtr& c) {
        if (!c->writing) {
            const std::string room = directory_.any(rng_.below(1u << 30));
            if ((flooded_++ % 4) != 3 && !room.empty())
                write(c, json{{"type", "watch"}, {"room", room}}.dump(), false, nullptr);
            else
                write(c, R"({"type":"lobby"})", false, nullptr);
        }
        pace(c, kNonReaderPace, &HostileClient::nonReaderTick);
    }

    // Malformed: the frames in turn, the cycle going on across reconnections.
    void malformedTick(const ConnectionPtr& c) {
        if (!c->writing) {
            const auto& frames = malformedFrames();
            const Frame& frame = frames[cycle_++ % frames.size()];
            write(c, frame.payload, frame.binary, nullptr);
        }
        pace(c, kMalformedPace, &HostileClient::malformedTick);
    }

    // Room creator: a new room as often as the rate allows, whatever the answers (the server answers
    // only the first refusal of each second, so waiting for one would stall).
    void createTick(const ConnectionPtr& c) {
        if (!c->writing)
            write(c, R"({"type":"create","setup":{"mode":"base","players":2},"name":"Loop"})", false, nullptr);
        pace(c, kCreatorPace, &HostileClient::createTick);
    }
    void creatorReply(const std::string& type) {
        if (type == "joined") ++stats_.roomsCreated;
    }

    void pace(const ConnectionPtr& c, std::chrono::milliseconds after,
              void (HostileClient::*tick)(const ConnectionPtr&)) {
        pace_.expires_after(after);
        pace_.async_wait([self = shared_from_this(), c, tick](beast::error_code ec) {
            if (!ec && self->current(c) && self->live_) ((*self).*tick)(c);
        });
    }

    asio::io_context& ioc_;
    HostileKind kind_;
    KindStats& stats_;
    const Options& options_;
    RoomDirectory& directory_;
    tcp::endpoint endpoint_;
    asio::ip::address_v4 from_;
    asio::steady_timer reconnect_;
    asio::steady_timer pace_;
    carc::Rng rng_;
    ConnectionPtr conn_;
    bool live_ = false;
    bool stopped_ = false;
    std::uint64_t flooded_ = 0;
    std::size_t cycle_ = 0;
};

HostileFleet::HostileFleet(const HostileCounts& counts, const Options& options, RoomDirectory& directory,
                           const tcp::endpoint& endpoint) {
    const std::array<int, kHostileKinds> perKind = {counts.flooders, counts.nonReaders, counts.malformed,
                                                    counts.roomCreators};
    int index = 0;
    for (int k = 0; k < kHostileKinds; ++k) {
        stats_[k].clients = perKind[k];
        for (int i = 0; i < perKind[k]; ++i, ++index)
            clients_.push_back(std::make_shared<HostileClient>(
                ioc_, static_cast<HostileKind>(k), stats_[k], options, directory, endpoint,
                loopbackAddress(kHostileBlock, index), 0x5eed0000u + static_cast<std::uint64_t>(index)));
    }
}

HostileFleet::~HostileFleet() {
    stop();
}

void HostileFleet::start() {
    if (clients_.empty()) return;
    for (auto& c : clients_) asio::post(ioc_, [c] { c->start(); });
    thread_ = std::thread([this] {
        auto guard = asio::make_work_guard(ioc_);
        ioc_.run();
        threadCpuSeconds_ = loadtest::threadCpuSeconds();
    });
}

void HostileFleet::stop() {
    if (!thread_.joinable()) return;
    ioc_.stop();
    thread_.join();
    for (auto& c : clients_) c->stop();  // the thread is gone: closing the sockets here is safe
}

}  // namespace loadtest
