// What the multi-process tests share (issue 46): a player's connection and page, reading `moved`
// until a page holds an action count, resuming a seat through a given process, the race repeat count,
// and a throwaway PostgreSQL cluster of a test's own (for the tests that stop the database server).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "harness.hpp"
#include "test_paths.hpp"

namespace carc::server::test {

struct Player {
    std::unique_ptr<WsClient> client;
    std::string secret;
    PageView page;
};

// Reads `moved` messages until the page holds `target` actions.
inline void catchUpTo(Player& p, std::size_t target, int index) {
    while (p.page.actions() < target) {
        json moved = p.client->waitFor("moved", std::chrono::seconds(20));
        ASSERT_FALSE(moved.is_null()) << "player " << index << " heard no move at " << p.page.actions();
        ASSERT_EQ(p.page.apply(moved["lines"].get<std::vector<std::string>>()), "");
    }
}

// A new connection to `port` resuming `seat`; the page reloaded from the `game` it is sent.
inline void resume(Player& p, unsigned short port, const std::string& room, int seat) {
    p.client = std::make_unique<WsClient>(port);
    p.client->send(json{{"type", "resume"}, {"room", room}, {"seat", seat}, {"secret", p.secret}});
    json game = p.client->waitFor("game", std::chrono::seconds(20));
    ASSERT_FALSE(game.is_null()) << "seat " << seat << " got no game through port " << port;
    p.page = PageView{};
    ASSERT_EQ(p.page.load(game["record"]), "");
}

// How many times each race runs: $CARC_RACE_REPEATS, else 200 (CTest's registration sets fewer).
inline int raceRepeats() {
    const char* text = std::getenv("CARC_RACE_REPEATS");
    return text && *text ? std::max(1, std::atoi(text)) : 200;
}

// A `moved` message's action lines (its reveals left out).
inline std::vector<std::string> actionsOnly(const json& moved) {
    std::vector<std::string> out;
    for (const auto& line : moved["lines"])
        if (line.get<std::string>().rfind("reveal", 0) != 0) out.push_back(line);
    return out;
}

// Whether `client` was sent an error since message `from` of what it has read (its code in `code`).
inline bool sawError(const WsClient& client, std::size_t from, std::string* code = nullptr) {
    for (std::size_t i = from; i < client.seen.size(); ++i)
        if (client.seen[i]["type"] == "error") {
            if (code) *code = client.seen[i]["code"];
            return true;
        }
    return false;
}

// The action lines of a record, as the core writes them.
inline std::vector<std::string> recordActionLines(const std::string& record) {
    Replay r = replayText(record, carc::test::catalog());
    EXPECT_EQ(r.error, "");
    std::vector<std::string> lines;
    if (r.error) return lines;
    for (const auto& a : r.record.actions) lines.push_back(actionText(a, r.game->tileSet()));
    return lines;
}

// A PostgreSQL cluster of the test's own (tests/server/pg_cluster.sh), for a test that stops and
// starts the database server: the suite's shared cluster stays up for the tests running beside it.
class PrivateCluster {
public:
    PrivateCluster() {
        run("start");
        std::ifstream file(dir_.file("cluster") + "/uri");
        std::getline(file, uri_);
        if (uri_.empty()) ADD_FAILURE() << "pg_cluster.sh start wrote no URI";
    }
    ~PrivateCluster() { run("stop"); }
    PrivateCluster(const PrivateCluster&) = delete;
    PrivateCluster& operator=(const PrivateCluster&) = delete;

    const std::string& uri() const { return uri_; }
    void halt() { run("halt"); }      // the server stops; its data stays
    void resume() { run("resume"); }  // the server back on the same port

private:
    void run(const std::string& command) {
        const std::string line = carc::test::postgresClusterScript() + " " + command + " " + dir_.file("cluster");
        EXPECT_EQ(std::system(line.c_str()), 0) << line;
    }

    TempDir dir_;
    std::string uri_;
};

}  // namespace carc::server::test
