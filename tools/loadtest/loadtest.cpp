// carc-loadtest: starts carc-server on a free localhost port (a fresh SQLite file), fills M rooms of
// 4 players with simulated clients that play random legal turns after a think time, and reports
// moves per second, the move round-trip latency (sent -> own `moved` back) and the server's memory
// per room (RSS growth / rooms). One thread, asynchronous Beast WebSocket clients.
//
//   carc-loadtest --rooms 1000 [--seconds 30] [--think-ms 1000] [--mode base] [--server PATH]
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs it

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "carc/english.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"
#include "carc/rng.hpp"

extern char** environ;

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Options {
    int rooms = 10;
    int seconds = 30;
    int thinkMs = 1000;
    std::string mode = "base";
    std::string server = CARC_SERVER_BIN;
};

struct Stats {
    std::vector<double> latenciesMs;
    long moves = 0;
    long errors = 0;
    bool measuring = false;
};

carc::Catalog& catalog() {
    static carc::Catalog c(carc::folderSource(std::string(CARC_ASSETS_DIR) + "/tilesets"));
    return c;
}

long rssKb(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return 0;
}

double cpuSeconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), {});
    std::istringstream rest(text.substr(text.rfind(')') + 2));
    std::string field;
    long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i) {
        if (i == 14) utime = std::stol(field);
        if (i == 15) stime = std::stol(field);
    }
    return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

class Room;

// One simulated page: a WebSocket, the seat's dealt game, and a think timer.
class Player : public std::enable_shared_from_this<Player> {
public:
    Player(asio::io_context& ioc, Room& room, int index, Stats& stats, const Options& options, std::uint64_t seed)
        : ws_(asio::make_strand(ioc)),
          think_(ioc),
          room_(room),
          index_(index),
          stats_(stats),
          options_(options),
          rng_(seed) {}

    void connect(const tcp::endpoint& endpoint, std::function<void()> ready) {
        beast::get_lowest_layer(ws_).async_connect(
            endpoint, [self = shared_from_this(), ready, endpoint](beast::error_code ec) {
                if (ec) return self->fail("connect", ec);
                self->ws_.async_handshake("127.0.0.1:" + std::to_string(endpoint.port()), "/ws",
                                          [self, ready](beast::error_code ec2) {
                                              if (ec2) return self->fail("handshake", ec2);
                                              self->read();
                                              ready();
                                          });
            });
    }
    void send(const json& message) {
        queue_.push_back(message.dump());
        if (queue_.size() == 1) write();
    }
    std::function<void(const json&)> onJoined;
    bool started = false;

private:
    void fail(const char* what, beast::error_code ec) {
        if (ec == asio::error::operation_aborted) return;
        std::cerr << "loadtest: " << what << ": " << ec.message() << "\n";
        ++stats_.errors;
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
            const std::string text = beast::buffers_to_string(self->buffer_.data());
            self->buffer_.consume(self->buffer_.size());
            self->handle(json::parse(text));
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
                std::cerr << "loadtest: bad game record: " << carc::english::describe(r.error) << "\n";
                ++stats_.errors;
                return;
            }
            game_ = std::move(r.game);
            actions_ = r.record.actions.size();
            started = true;
            maybeMove();
        } else if (type == "moved") {
            apply(m["lines"].get<std::vector<std::string>>());
            if (waiting_ && m["seq"].get<std::size_t>() == expected_) {
                waiting_ = false;
                if (stats_.measuring) {
                    stats_.latenciesMs.push_back(
                        std::chrono::duration<double, std::milli>(Clock::now() - sentAt_).count());
                    ++stats_.moves;
                }
            }
            maybeMove();
        } else if (type == "error") {
            ++stats_.errors;
            std::cerr << "loadtest: server error " << m["code"] << ": " << m["message"] << "\n";
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
        if (!game_ || game_->over() || waiting_ || thinking_ || game_->activePlayer() != index_ ||
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
        std::vector<std::string> lines;
        auto copy = game_->clone();
        while (lines.size() < 8 && !copy->over() && copy->activePlayer() == index_ && !copy->waitingForReveal()) {
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
    int index_;
    Stats& stats_;
    const Options& options_;
    carc::Rng rng_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    std::unique_ptr<carc::Game> game_;
    std::size_t actions_ = 0, expected_ = 0;
    bool waiting_ = false, thinking_ = false;
    Clock::time_point sentAt_;
};

// Four players: the host creates the room, the others join, the host starts.
class Room {
public:
    Room(asio::io_context& ioc, Stats& stats, const Options& options, std::uint64_t seed) {
        for (int i = 0; i < 4; ++i)
            players_.push_back(std::make_shared<Player>(ioc, *this, i, stats, options, seed * 4 + i));
    }
    void open(const tcp::endpoint& endpoint, const Options& options, std::function<void()> started) {
        auto& host = players_[0];
        host->onJoined = [this, endpoint, started](const json& joined) {
            const std::string id = joined["room"];
            auto pending = std::make_shared<int>(3);
            for (int i = 1; i < 4; ++i) {
                players_[i]->onJoined = [this, pending, started](const json&) {
                    if (--*pending == 0) {
                        players_[0]->send({{"type", "start"}});
                        started();
                    }
                };
                players_[i]->connect(endpoint, [this, i, id] {
                    players_[i]->send({{"type", "join"}, {"room", id}, {"name", "P" + std::to_string(i)}, {"seat", i}});
                });
            }
        };
        host->connect(endpoint, [host, mode = options.mode] {
            host->send({{"type", "create"}, {"setup", {{"mode", mode}, {"players", 4}}}, {"name", "Host"}});
        });
    }

private:
    std::vector<std::shared_ptr<Player>> players_;
};

pid_t startServer(const Options& options, const std::string& db, unsigned short& port) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe");
    std::vector<std::string> args = {options.server, "--port", "0",  "--db",        db,
                                     "--quiet",      "--rate", "50", "--max-rooms", "1000000"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    pid_t pid = 0;
    if (posix_spawn(&pid, options.server.c_str(), &actions, nullptr, argv.data(), environ) != 0)
        throw std::runtime_error("cannot start " + options.server);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    close(out[0]);
    port = static_cast<unsigned short>(std::stoi(line.substr(line.rfind(':') + 1)));
    return pid;
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string arg = argv[i], value = argv[i + 1];
        if (arg == "--rooms")
            options.rooms = std::stoi(value);
        else if (arg == "--seconds")
            options.seconds = std::stoi(value);
        else if (arg == "--think-ms")
            options.thinkMs = std::stoi(value);
        else if (arg == "--mode")
            options.mode = value;
        else if (arg == "--server")
            options.server = value;
        else {
            std::cerr << "usage: carc-loadtest --rooms M [--seconds S] [--think-ms T] [--mode base] [--server PATH]\n";
            return 2;
        }
    }
    const auto dir = std::filesystem::temp_directory_path() / ("carc-loadtest-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    unsigned short port = 0;
    const pid_t server = startServer(options, (dir / "rooms.db").string(), port);
    const tcp::endpoint endpoint{asio::ip::make_address("127.0.0.1"), port};

    asio::io_context ioc;
    Stats stats;
    std::vector<std::unique_ptr<Room>> rooms;
    const long rssBefore = rssKb(server);
    int started = 0, next = 0;
    Clock::time_point measureFrom;
    double cpuFrom = 0;
    long rssAfter = 0;
    asio::steady_timer stopTimer(ioc);
    // Rooms open 20 at a time, so the server's listen queue never overflows.
    std::function<void()> openNext = [&] {
        if (next >= options.rooms) return;
        auto& room =
            rooms.emplace_back(std::make_unique<Room>(ioc, stats, options, static_cast<std::uint64_t>(next) + 1));
        ++next;
        room->open(endpoint, options, [&] {
            ++started;
            openNext();
            if (started == options.rooms) {
                rssAfter = rssKb(server);
                stats.measuring = true;
                measureFrom = Clock::now();
                cpuFrom = cpuSeconds(server);
                stopTimer.expires_after(std::chrono::seconds(options.seconds));
                stopTimer.async_wait([&](beast::error_code) { ioc.stop(); });
            }
        });
    };
    for (int i = 0; i < 20; ++i) openNext();
    ioc.run();
    const double seconds = std::chrono::duration<double>(Clock::now() - measureFrom).count();
    const double cpu = cpuSeconds(server) - cpuFrom;
    const long rssEnd = rssKb(server);
    kill(server, SIGTERM);
    waitpid(server, nullptr, 0);
    std::filesystem::remove_all(dir);

    auto& l = stats.latenciesMs;
    std::sort(l.begin(), l.end());
    auto pct = [&](double p) {
        return l.empty() ? 0.0 : l[std::min(l.size() - 1, static_cast<std::size_t>(p * l.size()))];
    };
    std::printf(
        "{\"rooms\":%d,\"players\":%d,\"mode\":\"%s\",\"thinkMs\":%d,\"seconds\":%.1f,\"moves\":%ld,\"movesPerSecond\":"
        "%.1f,"
        "\"p50Ms\":%.2f,\"p99Ms\":%.2f,\"maxMs\":%.2f,\"errors\":%ld,\"rssBeforeKb\":%ld,\"rssStartedKb\":%ld,"
        "\"rssEndKb\":%ld,\"kbPerRoom\":%.1f,\"serverCpuPercent\":%.1f}\n",
        options.rooms, options.rooms * 4, options.mode.c_str(), options.thinkMs, seconds, stats.moves,
        static_cast<double>(stats.moves) / seconds, pct(0.5), pct(0.99), l.empty() ? 0.0 : l.back(), stats.errors,
        rssBefore, rssAfter, rssEnd, static_cast<double>(rssEnd - rssBefore) / options.rooms, 100.0 * cpu / seconds);
    return stats.errors == 0 ? 0 : 1;
}
