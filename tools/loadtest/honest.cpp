#include "honest.hpp"

#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "carc/english.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"
#include "carc/rng.hpp"
#include "loopback.hpp"
#include "source_tree/source_tree.hpp"

namespace loadtest {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

carc::Catalog& catalog() {
    static carc::Catalog c(carc::folderSource(carc::source_tree::tilesets()));
    return c;
}

}  // namespace

void HonestStats::problem(const std::string& what) {
    ++problems[what];
    if (logged < 20) {
        std::cerr << "loadtest: honest client: " << what << "\n";
        if (++logged == 20) std::cerr << "loadtest: (further honest problems only counted)\n";
    }
}

void RoomDirectory::add(const std::string& id) {
    std::lock_guard lock(mutex_);
    // Bounded: the newest rooms replace the oldest once there are many.
    if (ids_.size() < 100000)
        ids_.push_back(id);
    else
        ids_[std::hash<std::string>{}(id) % ids_.size()] = id;
}

std::string RoomDirectory::any(std::uint32_t pick) {
    std::lock_guard lock(mutex_);
    return ids_.empty() ? std::string() : ids_[pick % ids_.size()];
}

// One simulated page: a WebSocket from the room's own address, the seat's dealt game, a think timer.
class Player : public std::enable_shared_from_this<Player> {
public:
    Player(asio::io_context& ioc, Room& room, int seat, HonestStats& stats, const Options& options,
           asio::ip::address_v4 from, std::uint64_t seed)
        : ws_(asio::make_strand(ioc)),
          think_(ioc),
          room_(room),
          seat_(seat),
          stats_(stats),
          options_(options),
          from_(from),
          rng_(seed) {}

    void connect(const tcp::endpoint& endpoint, std::function<void()> ready) {
        auto& socket = beast::get_lowest_layer(ws_).socket();
        if (auto ec = bindSource(socket, from_)) return fail("bind", ec);
        beast::get_lowest_layer(ws_).async_connect(
            endpoint, [self = shared_from_this(), ready, endpoint](beast::error_code ec) {
                if (ec) return self->fail("connect", ec);
                self->ws_.async_handshake("127.0.0.1:" + std::to_string(endpoint.port()), "/ws",
                                          [self, ready](beast::error_code ec2) {
                                              if (ec2) return self->fail("handshake", ec2);
                                              self->connected_ = true;
                                              self->read();
                                              ready();
                                          });
            });
    }
    bool connected() const { return connected_; }
    bool failed() const { return failed_; }
    void send(const json& message) {
        if (!connected_) return;
        queue_.push_back(message.dump());
        if (queue_.size() == 1) write();
    }
    std::function<void(const json&)> onJoined;

private:
    void fail(const char* what, beast::error_code ec) {
        if (ec == asio::error::operation_aborted) return;
        const bool wasConnected = connected_;
        connected_ = false;
        failed_ = true;
        think_.cancel();
        if (ec == websocket::error::closed) {
            ++stats_.disconnects;
            return stats_.problem(std::string(what) + ": closed by the server, code " +
                                  std::to_string(static_cast<int>(ws_.reason().code)));
        }
        if (wasConnected)
            ++stats_.disconnects;
        else
            ++stats_.errors;
        stats_.problem(std::string(what) + ": " + ec.message());
    }
    void write() {
        ws_.text(true);
        ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->fail("write", ec);
            self->queue_.pop_front();
            if (!self->queue_.empty()) self->write();
        });
    }
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->fail("read", ec);
            const json message = json::parse(beast::buffers_to_string(self->buffer_.data()), nullptr, false);
            self->buffer_.consume(self->buffer_.size());
            if (message.is_object() && message.contains("type"))
                self->handle(message);
            else {
                ++self->stats_.errors;
                self->stats_.problem("the server sent something that is not a message");
            }
            self->read();
        });
    }
    void handle(const json& m) {
        const std::string type = m["type"];
        if (type == "joined") {
            if (onJoined) onJoined(m);
        } else if (type == "game") {
            carc::Replay r = carc::replayText(m["record"].get<std::string>(), catalog());
            if (r.error) {
                ++stats_.errors;
                stats_.problem("bad game record: " + carc::english::describe(r.error));
                return;
            }
            game_ = std::move(r.game);
            actions_ = r.record.actions.size();
            waiting_ = false;
            maybeMove();
        } else if (type == "moved") {
            if (!game_) return;
            apply(m["lines"].get<std::vector<std::string>>());
            if (waiting_ && m["seq"].get<std::size_t>() == expected_) {
                waiting_ = false;
                const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sentAt_).count();
                if (stats_.measuring) {
                    stats_.latenciesMs.push_back(ms);
                    stats_.windowMs.push_back(ms);
                    ++stats_.moves;
                }
            }
            maybeMove();
        } else if (type == "over") {
            room_.gameOver(seat_);
        } else if (type == "error") {
            ++stats_.errors;
            stats_.problem("server error " + m.value("code", std::string("?")) + ": " +
                           m.value("message", std::string()));
        }
    }
    void apply(const std::vector<std::string>& lines) {
        for (const auto& line : lines) {
            std::istringstream in(line);
            std::string word, kind, value;
            int position = 0;
            in >> word;
            if (word == "reveal") {
                in >> kind >> position >> value;
                carc::Reveal r;
                r.index = position;
                r.kind = kind == "tile" ? carc::SecretKind::Tile : carc::SecretKind::Token;
                r.value = kind == "tile" ? game_->tileSet().findDesign(value) : std::stoi(value);
                game_->reveal(r);
                continue;
            }
            carc::Problem problem;
            if (auto action = carc::parseAction(line, game_->tileSet(), problem)) game_->apply(*action);
            ++actions_;
        }
    }
    void maybeMove() {
        if (!connected_ || !game_ || game_->over() || waiting_ || thinking_ || game_->activePlayer() != seat_ ||
            game_->waitingForReveal())
            return;
        thinking_ = true;
        const int delay =
            options_.thinkMs / 2 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(options_.thinkMs + 1)));
        think_.expires_after(std::chrono::milliseconds(delay));
        think_.async_wait([self = shared_from_this()](beast::error_code ec) {
            self->thinking_ = false;
            if (!ec) self->move();
        });
    }
    void move() {
        if (!game_) return;
        std::vector<std::string> lines;
        auto copy = game_->clone();
        while (lines.size() < 8 && !copy->over() && copy->activePlayer() == seat_ && !copy->waitingForReveal()) {
            const auto legal = copy->legalActions();
            if (legal.empty()) break;
            const auto a = legal[rng_.below(static_cast<std::uint32_t>(legal.size()))];
            lines.push_back(carc::actionText(a, copy->tileSet()));
            copy->apply(a);
        }
        if (lines.empty()) return;
        expected_ = actions_ + lines.size();
        waiting_ = true;
        sentAt_ = Clock::now();
        send({{"type", "move"}, {"seq", actions_}, {"lines", lines}});
    }

    websocket::stream<beast::tcp_stream> ws_;
    asio::steady_timer think_;
    Room& room_;
    int seat_;
    HonestStats& stats_;
    const Options& options_;
    asio::ip::address_v4 from_;
    carc::Rng rng_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    std::unique_ptr<carc::Game> game_;
    std::size_t actions_ = 0, expected_ = 0;
    bool connected_ = false, failed_ = false, waiting_ = false, thinking_ = false;
    Clock::time_point sentAt_;
};

Room::Room(asio::io_context& ioc, HonestStats& stats, const Options& options, RoomDirectory& directory, int index)
    : stats_(stats), options_(options), directory_(directory), index_(index), between_(ioc), rng_(0xb0a7d000u + index) {
    const auto from = loopbackAddress(kHonestBlock, index);
    for (int seat = 0; seat < 4; ++seat)
        players_.push_back(std::make_shared<Player>(ioc, *this, seat, stats, options, from,
                                                    static_cast<std::uint64_t>(index + 1) * 4 + seat));
    players_[0]->onJoined = [this](const json& joined) { hostJoined(joined["room"].get<std::string>()); };
    for (int seat = 1; seat < 4; ++seat) players_[seat]->onJoined = [this](const json&) { guestJoined(); };
}

void Room::open(const std::vector<tcp::endpoint>& endpoints, std::function<void()> firstStart) {
    endpoints_ = endpoints;
    firstStart_ = std::move(firstStart);
    players_[0]->connect(endpointOf(0), [this] { create(); });
}

const tcp::endpoint& Room::endpointOf(int seat) const {
    return endpoints_[static_cast<std::size_t>(index_ * 4 + seat) % endpoints_.size()];
}

void Room::create() {
    players_[0]->send({{"type", "create"}, {"setup", {{"mode", options_.mode}, {"players", 4}}}, {"name", "Host"}});
}

void Room::hostJoined(const std::string& room) {
    directory_.add(room);
    pendingGuests_ = 3;
    for (int seat = 1; seat < 4; ++seat) {
        auto join = [this, seat, room] {
            players_[seat]->send(
                {{"type", "join"}, {"room", room}, {"name", "P" + std::to_string(seat)}, {"seat", seat}});
        };
        if (players_[seat]->failed()) continue;  // this room stalls: counted already as the seat's error or disconnect
        if (players_[seat]->connected())
            join();
        else
            players_[seat]->connect(endpointOf(seat), join);
    }
}

void Room::guestJoined() {
    if (--pendingGuests_ != 0) return;
    players_[0]->send({{"type", "start"}});
    ++stats_.gamesStarted;
    if (!started_) {
        started_ = true;
        firstStart_();
    }
}

// Each seat gets `over`; the host's starts the next game, in a new room the guests follow it to.
void Room::gameOver(int seat) {
    if (seat != 0) return;
    ++stats_.gamesFinished;
    between_.expires_after(std::chrono::milliseconds(rng_.below(5001)));
    between_.async_wait([this](boost::system::error_code ec) {
        if (!ec) create();
    });
}

}  // namespace loadtest
