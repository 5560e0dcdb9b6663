// The server on a real socket: WebSocket limits and origins, bots on the thread pool, static files.
#include <gtest/gtest.h>

#include <boost/beast/http.hpp>

#include "live_server.hpp"
#include "static_files.hpp"
#include "test_paths.hpp"

namespace carc::server::test {
namespace {

namespace http = boost::beast::http;

TEST(Transport, OversizedMessagesAreRefusedAndHugeOnesCloseTheConnection) {
    LiveServer server;
    WsClient client(server.port());
    client.send(std::string(20'000, 'x'));
    json error = client.waitFor("error");
    EXPECT_EQ(error["code"], "too_big");
    client.send(json{{"type", "ping"}, {"ref", "still here"}});
    EXPECT_EQ(client.waitFor("pong")["ref"], "still here");
    client.send(std::string(100'000, 'x'));
    EXPECT_FALSE(client.receive(std::chrono::seconds(5)));
    EXPECT_TRUE(client.closed());
    // The server goes on for everyone else (this address now waits: transport limits' tests).
    WsClient other(server.port(), "", "127.0.0.3");
    other.send(json{{"type", "ping"}});
    EXPECT_FALSE(other.waitFor("pong").is_null());
}

TEST(Transport, PagesFromOtherOriginsAreTurnedAway) {
    LiveServer server;
    const std::string own = "http://127.0.0.1:" + std::to_string(server.port());
    WsClient same(server.port(), own);
    same.send(json{{"type", "ping"}});
    EXPECT_FALSE(same.waitFor("pong").is_null());
    EXPECT_THROW(WsClient(server.port(), "https://evil.example"), boost::system::system_error);
    ServerOptions options;
    options.allowOrigins = {"https://fans.example"};
    LiveServer allowing(options);
    WsClient fan(allowing.port(), "https://fans.example");
    fan.send(json{{"type", "ping"}});
    EXPECT_FALSE(fan.waitFor("pong").is_null());
}

TEST(Transport, BotsPlayEachOtherOnTheWorkerThreadsWhileTheServerAnswers) {
    LiveServer server;
    WsClient host(server.port());
    host.send(json{{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 3}}}, {"name", "Ann"}});
    ASSERT_FALSE(host.waitFor("joined").is_null());
    host.send(json{{"type", "seat"}, {"seat", 1}, {"kind", "easy"}});
    host.send(json{{"type", "seat"}, {"seat", 2}, {"kind", "greedy"}});
    host.send(json{{"type", "start"}});
    json game = host.waitFor("game");
    ASSERT_FALSE(game.is_null());
    PageView page;
    ASSERT_EQ(page.load(game["record"]), "");
    Rng rng(1);
    int botMoves = 0;
    while (!page.game().over()) {
        if (page.game().activePlayer() == 0) {
            host.send(json{{"type", "move"}, {"seq", page.actions()}, {"lines", page.randomTurn(rng)}});
            // A ping is answered at once even while a bot is thinking.
            host.send(json{{"type", "ping"}});
        }
        // An easy AI's turn on a loaded machine can take seconds: a minute means the room froze.
        json moved = host.waitFor("moved", std::chrono::seconds(60));
        ASSERT_FALSE(moved.is_null()) << "no move came";
        botMoves += moved["by"] != 0;
        ASSERT_EQ(page.apply(moved["lines"].get<std::vector<std::string>>()), "");
    }
    EXPECT_GT(botMoves, 20);
    EXPECT_FALSE(host.waitFor("over").is_null());
}

TEST(Transport, ServesTheStaticGameAndNothingOutsideIt) {
    LiveServer server;
    std::string type;
    auto [status, body] = httpGet(server.port(), "/", &type);
    EXPECT_EQ(status, 200);
    EXPECT_EQ(type, "text/html; charset=utf-8");
    EXPECT_NE(body.find("<canvas"), std::string::npos);
    EXPECT_EQ(httpGet(server.port(), "/shell/shell.js", &type).first, 200);
    EXPECT_EQ(type, "text/javascript; charset=utf-8");
    EXPECT_EQ(httpGet(server.port(), "/assets/tilesets/base.tiles").first, 200);
    for (const char* bad : {"/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/shell/..%2f..%2fREADME.md", "/.git/HEAD",
                            "/nothing-here", "/shell%00.js", "/ws"})
        EXPECT_NE(httpGet(server.port(), bad).first, 200) << bad;
}

TEST(StaticFiles, MapsTargetsInsideTheRootOnly) {
    const std::filesystem::path root = carc::test::sourceRoot();
    EXPECT_EQ(staticPath(root, "/"), root / "index.html");
    EXPECT_EQ(staticPath(root, "/index.html?room=1"), root / "index.html");
    EXPECT_EQ(staticPath(root, "/shell/shell.js"), root / "shell" / "shell.js");
    EXPECT_EQ(staticPath(root, "/%73hell/shell.js"), root / "shell" / "shell.js");
    for (const char* bad : {"", "index.html", "/..", "/../etc/passwd", "/shell/../../x", "/%2E%2E/x", "/a%2fb", "/%",
                            "/%4", "/%zz", "/.git/config", "/shell/.hidden", "//etc/passwd", "/shell\\..\\x"})
        EXPECT_FALSE(staticPath(root, bad)) << bad;
    EXPECT_EQ(contentType("x.wasm"), "application/wasm");
    EXPECT_EQ(contentType("manifest.webmanifest"), "application/manifest+json");
    EXPECT_EQ(contentType("a.svg"), "image/svg+xml");
    EXPECT_EQ(contentType("a.unknown"), "application/octet-stream");
}

}  // namespace
}  // namespace carc::server::test
