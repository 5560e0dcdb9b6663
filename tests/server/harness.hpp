// What the server suite shares: temporary folders, a page's side of a game (a dealt game fed by the
// server's lines, choosing random legal moves), fake connections for the Hub, a real WebSocket client
// (Boost.Beast) and the carc-server process.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs it

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "carc/english.hpp"
#include "carc/record.hpp"
#include "carc/rng.hpp"
#include "hub.hpp"
#include "scenario.hpp"
#include "test_paths.hpp"

extern char** environ;

namespace carc::server::test {

using nlohmann::json;

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "carc-server-XXXXXX").string();
        path_ = mkdtemp(pattern.data());
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

// A page's game: the seat's dealt record replayed by the core, then the server's lines applied.
class PageView {
public:
    std::string load(const std::string& record) {
        Replay r = replayText(record, carc::test::catalog());
        if (r.error) return english::describe(r.error);
        game_ = std::move(r.game);
        actions_ = r.record.actions.size();
        return "";
    }
    // A `moved` message's lines: reveals through Game::reveal, actions through parseAction + apply.
    std::string apply(const std::vector<std::string>& lines) {
        for (const auto& line : lines) {
            std::istringstream in(line);
            std::string word, kind, value;
            int position = -1;
            in >> word;
            if (word == "reveal") {
                in >> kind >> position >> value;
                Reveal r;
                r.index = position;
                if (kind == "tile") {
                    r.kind = SecretKind::Tile;
                    r.value = game_->tileSet().findDesign(value);
                } else {
                    r.kind = SecretKind::Token;
                    r.value = std::stoi(value);
                }
                if (auto problem = game_->reveal(r)) return line + ": " + english::describe(problem);
                continue;
            }
            Problem problem;
            auto action = parseAction(line, game_->tileSet(), problem);
            if (action) problem = game_->apply(*action);
            if (problem) return line + ": " + english::describe(problem);
            ++actions_;
        }
        return "";
    }
    // A random turn of the active seat: legal actions chosen one after another on a copy, as long as
    // the turn goes on (at most `maxLines`).
    std::vector<std::string> randomTurn(Rng& rng, int maxLines = 8) const {
        std::vector<std::string> lines;
        auto copy = game_->clone();
        const int seat = copy->activePlayer();
        while (static_cast<int>(lines.size()) < maxLines && !copy->over() && copy->activePlayer() == seat &&
               !copy->waitingForReveal()) {
            const auto legal = copy->legalActions();
            if (legal.empty()) break;
            const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
            lines.push_back(actionText(a, copy->tileSet()));
            copy->apply(a);
        }
        return lines;
    }
    const Game& game() const { return *game_; }
    bool loaded() const { return game_ != nullptr; }
    std::size_t actions() const { return actions_; }

private:
    std::unique_ptr<Game> game_;
    std::size_t actions_ = 0;
};

// A connection the Hub talks to directly (no network): keeps every message.
class FakePeer : public Peer {
public:
    void send(std::shared_ptr<const std::string> message) override { inbox.push_back(*message); }
    void close(int code) override { closedWith = code; }

    // Every message received since the last call, parsed.
    std::vector<json> take() {
        std::vector<json> out;
        for (auto& text : inbox) out.push_back(json::parse(text));
        raw.insert(raw.end(), inbox.begin(), inbox.end());
        inbox.clear();
        return out;
    }
    // The last message of a type among those taken now (fails the test when there is none).
    json last(const std::string& type) {
        json found;
        for (auto& m : take())
            if (m["type"] == type) found = m;
        EXPECT_FALSE(found.is_null()) << "no " << type << " message";
        return found;
    }

    // The last message of a type among all taken so far (null when none).
    json lastSeen(const std::string& type) const {
        json found;
        for (const auto& text : raw)
            if (json m = json::parse(text); m["type"] == type) found = m;
        return found;
    }

    std::vector<std::string> inbox;
    std::vector<std::string> raw;  // everything taken so far
    int closedWith = 0;
};

// A WebSocket client on a real socket: every frame it receives is kept in `raw`.
class WsClient {
public:
    // `source`: the loopback address it connects from (per-address limits); `receiveBuffer`: the
    // socket's receive buffer in bytes (0: the system's); `reading`: false for a client that never reads.
    explicit WsClient(unsigned short port, const std::string& origin = "", const std::string& source = "",
                      int receiveBuffer = 0, bool reading = true)
        : ws_(ioc_) {
        namespace asio = boost::asio;
        auto& socket = ws_.next_layer();
        socket.open(asio::ip::tcp::v4());
        if (receiveBuffer > 0) socket.set_option(asio::socket_base::receive_buffer_size(receiveBuffer));
        if (!source.empty()) socket.bind({asio::ip::make_address(source), 0});
        socket.connect({asio::ip::make_address("127.0.0.1"), port});
        if (!origin.empty())
            ws_.set_option(boost::beast::websocket::stream_base::decorator(
                [origin](boost::beast::websocket::request_type& req) { req.set("Origin", origin); }));
        ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
        if (reading) readNext();
    }
    // A client that did not read starts now: every frame until the connection ends; the bytes it got.
    std::size_t drain(std::chrono::milliseconds timeout) {
        std::size_t bytes = 0;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        boost::beast::error_code ec;
        ws_.next_layer().non_blocking(true);
        while (std::chrono::steady_clock::now() < deadline) {
            char chunk[65536];
            const std::size_t n = ws_.next_layer().read_some(boost::asio::buffer(chunk), ec);
            if (ec == boost::asio::error::would_block) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                continue;
            }
            if (ec) {
                closed_ = true;
                break;
            }
            bytes += n;
        }
        return bytes;
    }

    void send(const std::string& text) {
        ws_.text(true);
        ws_.write(boost::asio::buffer(text));
    }
    void send(const json& message) { send(message.dump()); }

    // The next frame, or nothing after `timeout` (or once the server closed the connection).
    std::optional<std::string> receive(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (inbox_.empty() && !closed_ && std::chrono::steady_clock::now() < deadline)
            ioc_.run_one_for(deadline - std::chrono::steady_clock::now());
        if (inbox_.empty()) return std::nullopt;
        std::string text = std::move(inbox_.front());
        inbox_.pop_front();
        return text;
    }
    // Reads until a message of `type` (the ones before it are kept in `seen`); null on timeout.
    json waitFor(const std::string& type, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return nullptr;
            auto text = receive(left);
            if (!text) return nullptr;
            json m = json::parse(*text);
            seen.push_back(m);
            if (m["type"] == type) return m;
        }
    }
    bool closed() const { return closed_; }
    int closeCode() const { return closeCode_; }

    std::vector<std::string> raw;
    std::vector<json> seen;

private:
    void readNext() {
        ws_.async_read(buffer_, [this](boost::beast::error_code ec, std::size_t) {
            if (ec) {
                closed_ = true;
                closeCode_ = ws_.reason().code;
                return;
            }
            std::string text = boost::beast::buffers_to_string(buffer_.data());
            buffer_.consume(buffer_.size());
            raw.push_back(text);
            inbox_.push_back(std::move(text));
            readNext();
        });
    }

    boost::asio::io_context ioc_;
    boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
    boost::beast::flat_buffer buffer_;
    std::deque<std::string> inbox_;
    bool closed_ = false;
    int closeCode_ = 0;
};

// The carc-server binary as a child process (crash tests kill it).
class ServerProcess {
public:
    // `logFile`: its log lines (standard error) go there instead of nowhere (--quiet).
    ServerProcess(const std::string& db, std::vector<std::string> extra = {}, const std::string& logFile = "") {
        int out[2];
        EXPECT_EQ(pipe(out), 0);
        const std::string server = carc::test::serverBinary();
        std::vector<std::string> args = {server, "--port", "0", "--db", db};
        if (logFile.empty()) args.push_back("--quiet");
        args.insert(args.end(), extra.begin(), extra.end());
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        posix_spawn_file_actions_addclose(&actions, out[0]);
        if (!logFile.empty())
            posix_spawn_file_actions_addopen(&actions, 2, logFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        EXPECT_EQ(posix_spawn(&pid_, server.c_str(), &actions, nullptr, argv.data(), environ), 0);
        posix_spawn_file_actions_destroy(&actions);
        close(out[1]);
        std::string line;
        char c;
        while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
        close(out[0]);
        const std::string prefix = "listening on http://127.0.0.1:";
        EXPECT_EQ(line.rfind(prefix, 0), 0u) << line;
        if (line.rfind(prefix, 0) == 0) port_ = static_cast<unsigned short>(std::stoi(line.substr(prefix.size())));
    }
    ~ServerProcess() { kill(SIGTERM); }
    void kill(int signal) {
        if (pid_ <= 0) return;
        ::kill(pid_, signal);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = 0;
    }
    unsigned short port() const { return port_; }

private:
    pid_t pid_ = 0;
    unsigned short port_ = 0;
};

}  // namespace carc::server::test
