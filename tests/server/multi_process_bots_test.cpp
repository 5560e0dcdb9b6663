// Bot turns and the lobby with several carc-server processes on one PostgreSQL database (issue 46):
// each bot turn is claimed in the database and thought about by one process only; a claimer that dies
// loses its claim when it expires and another process (with nobody in that room) plays the turn; the
// lobby is the store's, so a room made on one process is listed by another.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "harness.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

// Action number -> the processes (by log file) that claimed that bot turn.
void readClaims(const std::string& path, const std::string& room, const std::string& who,
                std::map<long, std::set<std::string>>& claims) {
    std::ifstream in(path);
    const std::string mark = "bot turn claimed: room " + room + " action ";
    for (std::string line; std::getline(in, line);)
        if (const auto at = line.find(mark); at != std::string::npos)
            claims[std::stol(line.substr(at + mark.size()))].insert(who);
}

struct Host {
    std::unique_ptr<WsClient> client;
    std::string room, secret;
    PageView page;
};

// A three-seat room on `port`: the host, then two random bots; started.
void startWithTwoBots(Host& host, unsigned short port) {
    host.client = std::make_unique<WsClient>(port);
    host.client->send(json{{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 3}}}, {"name", "Ann"}});
    json created = host.client->waitFor("joined");
    ASSERT_FALSE(created.is_null());
    host.room = created["room"];
    host.secret = created["secret"];
    for (int seat : {1, 2}) host.client->send(json{{"type", "seat"}, {"seat", seat}, {"kind", "random"}});
    host.client->send(json{{"type", "start"}});
    json game = host.client->waitFor("game");
    ASSERT_FALSE(game.is_null());
    ASSERT_EQ(host.page.load(game["record"]), "");
}

// The host plays its turns (random) and hears the bots' until the game is over.
void playToTheEnd(Host& host, Rng& rng) {
    while (!host.page.game().over()) {
        if (host.page.game().activePlayer() == 0) {
            const auto lines = host.page.randomTurn(rng);
            host.client->send(json{{"type", "move"}, {"seq", host.page.actions()}, {"lines", lines}});
        }
        json moved = host.client->waitFor("moved", std::chrono::seconds(30));
        ASSERT_FALSE(moved.is_null()) << "nothing was played at action " << host.page.actions();
        ASSERT_EQ(host.page.apply(moved["lines"].get<std::vector<std::string>>()), "");
    }
}

std::string logPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("carc-bots-" + std::to_string(getpid()) + "-" + name + ".log"))
        .string();
}

TEST(PostgresMultiProcessBots, EachBotTurnIsThoughtAboutByOneProcess) {
    TestDatabase database("postgres");
    const std::string logA = logPath("a"), logB = logPath("b");
    const std::vector<std::string> options = {"--log-bot-turns", "--heartbeat-ms", "200"};
    std::map<long, std::set<std::string>> claims;
    std::string room;
    {
        ServerProcess a(database.location(), options, logA), b(database.location(), options, logB);
        Host host;
        startWithTwoBots(host, a.port());
        if (::testing::Test::HasFatalFailure()) return;
        room = host.room;
        // A spectator on B: B hears every move and would think about the bots' turns too.
        WsClient watcher(b.port());
        watcher.send(json{{"type", "watch"}, {"room", room}});
        ASSERT_FALSE(watcher.waitFor("watching").is_null());
        Rng rng(21);
        playToTheEnd(host, rng);
        if (::testing::Test::HasFatalFailure()) return;
    }  // both processes stopped: their logs are complete
    readClaims(logA, room, "A", claims);
    readClaims(logB, room, "B", claims);
    std::filesystem::remove(logA);
    std::filesystem::remove(logB);
    ASSERT_GT(claims.size(), 10u) << "the bots' turns were not logged";
    for (const auto& [action, processes] : claims)
        EXPECT_EQ(processes.size(), 1u) << "action " << action << " was thought about by both processes";
}

TEST(PostgresMultiProcessBots, AKilledClaimersTurnIsTakenByAnotherProcessThatFinishesTheGame) {
    TestDatabase database("postgres");
    // A's bots think for a minute: A holds its claim when it is killed. B has nobody in the room.
    ServerProcess a(database.location(),
                    {"--bot-delay-ms", "60000", "--bot-claim-ms", "1000", "--heartbeat-ms", "200"});
    const std::string logB = logPath("takeover");
    ServerProcess b(database.location(), {"--bot-claim-ms", "1000", "--heartbeat-ms", "200", "--log-bot-turns"}, logB);
    Host host;
    startWithTwoBots(host, a.port());
    if (::testing::Test::HasFatalFailure()) return;
    Rng rng(5);
    if (host.page.game().activePlayer() == 0) {
        const auto lines = host.page.randomTurn(rng);
        host.client->send(json{{"type", "move"}, {"seq", host.page.actions()}, {"lines", lines}});
        json own = host.client->waitFor("moved");
        ASSERT_FALSE(own.is_null());
        ASSERT_EQ(host.page.apply(own["lines"].get<std::vector<std::string>>()), "");
    }
    ASSERT_NE(host.page.game().activePlayer(), 0) << "the host's move did not end its turn";
    // A bot's turn now, claimed by A, whose bot is still thinking.
    // A's claim is stored (the host may hear its move just before A claims the turn after it).
    const std::string claimed = "SELECT count(*) FROM bot_claims WHERE room = '" + host.room +
                                "' AND turn = " + std::to_string(host.page.actions());
    for (int i = 0; i < 200 && postgresRows(database.location(), claimed).at(0) == "0"; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_EQ(postgresRows(database.location(), claimed).at(0), "1") << "A never claimed the bot's turn";
    a.kill(SIGKILL);
    // B plays the bot's turn once A's claim expires, nobody connected to it.
    const std::string count = "SELECT count(*) FROM actions WHERE room = '" + host.room + "'";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    std::size_t stored = host.page.actions();
    while (stored == host.page.actions() && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        stored = std::stoul(postgresRows(database.location(), count).at(0));
    }
    ASSERT_GT(stored, host.page.actions()) << "nobody took the killed claimer's bot turn; B's log:\n"
                                           << [&] {
                                                  std::ifstream in(logB);
                                                  return std::string(std::istreambuf_iterator<char>(in), {});
                                              }();
    // The host comes back through B and the game is played to its end.
    host.client = std::make_unique<WsClient>(b.port());
    host.client->send(json{{"type", "resume"}, {"room", host.room}, {"seat", 0}, {"secret", host.secret}});
    json game = host.client->waitFor("game");
    ASSERT_FALSE(game.is_null());
    host.page = PageView{};
    ASSERT_EQ(host.page.load(game["record"]), "");
    playToTheEnd(host, rng);
    if (::testing::Test::HasFatalFailure()) return;
    json over = host.client->waitFor("over", std::chrono::seconds(20));
    ASSERT_FALSE(over.is_null());
    Replay replay = replayText(over["record"].get<std::string>(), carc::test::catalog());
    ASSERT_EQ(replay.error, "");
    EXPECT_EQ(replay.game->scores(), host.page.game().scores());
}

TEST(PostgresMultiProcessLobby, ARoomMadeOnOneProcessIsListedByAnother) {
    TestDatabase database("postgres");
    ServerProcess a(database.location()), b(database.location());
    WsClient maker(a.port());
    std::vector<std::string> made;
    for (const char* name : {"Ann", "Bea"}) {
        maker.send(
            json{{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", name}, {"listed", true}});
        json created = maker.waitFor("joined");
        ASSERT_FALSE(created.is_null());
        made.push_back(created["room"]);
        // Two rooms made in one millisecond would be ordered by id, not by age.
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        // One room a connection at a time is enough: the next create leaves it (it stays listed).
        maker.send(json{{"type", "leave"}});
        ASSERT_FALSE(maker.waitFor("left").is_null());
    }
    WsClient visitor(b.port());
    visitor.send(json{{"type", "lobby"}});
    json lobby = visitor.waitFor("lobby");
    ASSERT_FALSE(lobby.is_null());
    std::vector<std::string> listed;
    for (const auto& room : lobby["rooms"]) listed.push_back(room["room"]);
    ASSERT_EQ(listed.size(), 2u) << lobby.dump();
    // Newest first.
    EXPECT_EQ(listed[0], made[1]);
    EXPECT_EQ(listed[1], made[0]);
    EXPECT_EQ(lobby["rooms"][0]["mode"], "base");
    EXPECT_EQ(lobby["rooms"][0]["players"], 2);
}

}  // namespace
}  // namespace carc::server::test
