// deploy/haproxy.cfg as shipped (its addresses from the environment) in front of two carc-server
// processes on one PostgreSQL database: round-robin with no sticky sessions puts the two players of a
// game on different processes (the kill shows it: exactly one of them loses its connection); one
// process is SIGKILLed mid-game, its player reconnects through HAProxy (which sends it to the process
// left) and the game goes on to its end.
#include <gtest/gtest.h>

#include "multi_process.hpp"
#include "test_database.hpp"
#include "test_paths.hpp"

namespace carc::server::test {
namespace {

// The file itself, beside the source tree's assets/.
std::string haproxyConfig() {
    return (carc::test::sourceRoot() / "deploy" / "haproxy.cfg").string();
}

unsigned short freePort() {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::acceptor acceptor(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
    return acceptor.local_endpoint().port();
}

bool accepts(unsigned short port) {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::socket socket(ioc);
    boost::system::error_code ec;
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), port}, ec);
    return !ec;
}

// haproxy -f deploy/haproxy.cfg in the foreground, listening on 127.0.0.1:port() in front of `backends`.
class Haproxy {
public:
    explicit Haproxy(const std::vector<unsigned short>& backends) : port_(freePort()) {
        std::vector<std::string> env = {"CARC_LISTEN=127.0.0.1:" + std::to_string(port_)};
        for (std::size_t i = 0; i < backends.size(); ++i)
            env.push_back("CARC_SERVER_" + std::to_string(i + 1) + "=127.0.0.1:" + std::to_string(backends[i]));
        for (char** e = environ; *e; ++e) env.emplace_back(*e);
        std::vector<std::string> args = {"/usr/sbin/haproxy", "-db", "-q", "-f", haproxyConfig()};
        std::vector<char*> argv, envp;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        for (auto& e : env) envp.push_back(e.data());
        envp.push_back(nullptr);
        EXPECT_EQ(posix_spawn(&pid_, argv[0], nullptr, nullptr, argv.data(), envp.data()), 0)
            << "no HAProxy (tools/setup.sh server installs it)";
        // Ready once it accepts (it fails to start at all on a bad file: then it never does).
        for (int i = 0; i < 200 && !accepts(port_); ++i) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                ADD_FAILURE() << "haproxy exited at start: " << haproxyConfig();
                pid_ = 0;
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    ~Haproxy() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGTERM);
        int status = 0;
        waitpid(pid_, &status, 0);
    }
    unsigned short port() const { return port_; }

private:
    pid_t pid_ = 0;
    unsigned short port_;
};

// After a kill: the players whose connection ends (every client read until it is closed or has
// waited `patience` reads of a second with nothing more to read).
std::vector<int> closedAfterKill(Player (&players)[2], int patience) {
    std::vector<int> closed;
    for (int round = 0; round < patience && closed.empty(); ++round)
        for (int i = 0; i < 2; ++i) {
            while (auto text = players[i].client->receive(std::chrono::milliseconds(500)))
                players[i].client->seen.push_back(json::parse(*text));
            if (players[i].client->closed() && std::find(closed.begin(), closed.end(), i) == closed.end())
                closed.push_back(i);
        }
    return closed;
}

TEST(PostgresBehindHaproxy, TwoPlayersOnTwoProcessesPlayOnWhenOneProcessIsKilled) {
    TestDatabase database("postgres");
    const std::vector<std::string> proxied = {"--trust-forwarded-for"};
    std::vector<std::unique_ptr<ServerProcess>> servers;
    servers.push_back(std::make_unique<ServerProcess>(database.location(), proxied));
    servers.push_back(std::make_unique<ServerProcess>(database.location(), proxied));
    Haproxy proxy({servers[0]->port(), servers[1]->port()});
    if (HasFailure()) return;

    // Round-robin: one connection after the other, each goes to the next process.
    Player players[2];
    for (auto& p : players) p.client = std::make_unique<WsClient>(proxy.port());

    players[0].client->send(json{{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "Ann"}});
    json created = players[0].client->waitFor("joined");
    ASSERT_FALSE(created.is_null());
    const std::string room = created["room"];
    players[0].secret = created["secret"];
    players[1].client->send(json{{"type", "join"}, {"room", room}, {"name", "Bob"}});
    json joined = players[1].client->waitFor("joined");
    ASSERT_FALSE(joined.is_null()) << "the guest could not join through the other process";
    players[1].secret = joined["secret"];
    players[0].client->send(json{{"type", "start"}});
    for (auto& p : players) {
        json game = p.client->waitFor("game", std::chrono::seconds(20));
        ASSERT_FALSE(game.is_null());
        ASSERT_EQ(p.page.load(game["record"]), "");
    }

    Rng rng(29);
    bool killed = false;
    for (int turn = 0; !players[0].page.game().over(); ++turn) {
        auto& mover = players[players[0].page.game().activePlayer()];
        const auto lines = mover.page.randomTurn(rng);
        mover.client->send(json{{"type", "move"}, {"seq", mover.page.actions()}, {"lines", lines}});
        const std::size_t target = mover.page.actions() + lines.size();
        for (int i = 0; i < 2; ++i) {
            catchUpTo(players[i], target, i);
            if (HasFatalFailure()) return;
        }
        if (turn == 8) {
            // The first process dies: exactly one player loses its connection (the two were on two
            // processes), reconnects through HAProxy, to the one left, and resumes.
            servers[0]->kill(SIGKILL);
            killed = true;
            const auto closed = closedAfterKill(players, 20);
            ASSERT_EQ(closed.size(), 1u) << "the players were not on two processes";
            const int lost = closed[0];
            ASSERT_FALSE(players[1 - lost].client->closed()) << "both players were on the killed process";
            resume(players[lost], proxy.port(), room, lost);
            if (HasFatalFailure()) return;
            ASSERT_EQ(players[lost].page.actions(), players[1 - lost].page.actions())
                << "an acknowledged move was lost";
        }
    }
    EXPECT_TRUE(killed) << "the game ended before the kill";
    std::string record;
    for (int i = 0; i < 2; ++i) {
        json over = players[i].client->waitFor("over", std::chrono::seconds(20));
        ASSERT_FALSE(over.is_null()) << "player " << i;
        if (i == 0) record = over["record"];
        EXPECT_EQ(over["record"], record);
    }
    Replay replay = replayText(record, carc::test::catalog());
    ASSERT_EQ(replay.error, "");
    EXPECT_EQ(replay.game->scores(), players[0].page.game().scores());
}

}  // namespace
}  // namespace carc::server::test
