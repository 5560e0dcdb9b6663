// Limits on real sockets: connections per address and in all, a client that sends but never reads,
// the client's address behind a proxy, and a store whose write-ahead log stays bounded.
#include <gtest/gtest.h>

#include <filesystem>
#include <mutex>
#include <thread>

#include "client_address.hpp"
#include "live_server.hpp"

namespace carc::server::test {
namespace {

bool connects(unsigned short port, const std::string& source) {
    try {
        WsClient client(port, "", source);
        return true;
    } catch (const boost::system::system_error&) {
        return false;  // the upgrade was answered 503
    }
}

TEST(ConnectionLimits, UpgradesOverTheCapsAreRefusedAndPlacesComeBack) {
    ServerOptions options;
    options.maxConnectionsPerAddress = 3;
    options.maxConnections = 5;
    LiveServer server(options);
    std::vector<std::unique_ptr<WsClient>> held;
    for (int i = 0; i < 3; ++i) held.push_back(std::make_unique<WsClient>(server.port(), "", "127.0.0.2"));
    EXPECT_FALSE(connects(server.port(), "127.0.0.2"));
    // Another address still gets in, up to the cap in all.
    held.push_back(std::make_unique<WsClient>(server.port(), "", "127.0.0.3"));
    held.push_back(std::make_unique<WsClient>(server.port(), "", "127.0.0.4"));
    EXPECT_FALSE(connects(server.port(), "127.0.0.5"));
    // Those inside are served as before.
    held[0]->send(json{{"type", "ping"}, {"ref", "in"}});
    EXPECT_EQ(held[0]->waitFor("pong")["ref"], "in");
    // A connection that ends gives its place back (the server notices the close first).
    held.erase(held.begin());
    bool back = false;
    for (int i = 0; i < 50 && !back; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        back = connects(server.port(), "127.0.0.2");
    }
    EXPECT_TRUE(back);
}

TEST(ConnectionLimits, AClientThatSendsButNeverReadsIsDroppedWithoutHoldingItsBacklog) {
    ServerOptions options;
    options.maxQueuedBytes = 256 * 1024;
    options.slowQueuedBytes = 64 * 1024;
    options.slowSeconds = 1;
    options.limits.messagesPerSecond = 5000;
    options.limits.burst = 10000;
    options.limits.roomsPerConnection = options.limits.roomsPerAddress = 100;
    LiveServer server(options);
    // Forty listed rooms make each lobby answer a few kilobytes.
    WsClient host(server.port());
    for (int i = 0; i < 40; ++i) {
        host.send(json{{"type", "create"},
                       {"setup", {{"mode", "base"}, {"players", 5}}},
                       {"name", "Host with a long name " + std::to_string(i)},
                       {"listed", true}});
        ASSERT_FALSE(host.waitFor("joined").is_null());
    }
    WsClient probe(server.port());
    probe.send(json{{"type", "lobby"}});
    const std::size_t answer = probe.waitFor("lobby").dump().size();
    ASSERT_GT(answer, 3000u);

    WsClient deaf(server.port(), "", "", /*receiveBuffer=*/4096, /*reading=*/false);
    const int asked = 4000;  // ~20 MB of answers, far more than the socket buffers hold
    for (int i = 0; i < asked; ++i) {
        try {
            deaf.send(json{{"type", "lobby"}});
        } catch (const boost::system::system_error&) {
            break;  // already dropped
        }
    }
    std::this_thread::sleep_for(std::chrono::seconds(3));
    // The server let go of it: what reaches the client now is what the kernel had already taken, far
    // less than was asked for, and then the end of the connection.
    const std::size_t got = deaf.drain(std::chrono::seconds(20));
    EXPECT_TRUE(deaf.closed());
    EXPECT_LT(got, answer * asked / 4) << got << " bytes of " << answer * asked;
    // Everyone else was served meanwhile.
    probe.send(json{{"type", "ping"}, {"ref", "still"}});
    EXPECT_EQ(probe.waitFor("pong")["ref"], "still");
}

TEST(ConnectionLimits, BehindAProxyTheClientIsTheLastForwardedAddress) {
    EXPECT_EQ(forwardedClient("198.51.100.7", "127.0.0.1"), "198.51.100.7");
    EXPECT_EQ(forwardedClient("10.0.0.1, 198.51.100.7 ", "127.0.0.1"), "198.51.100.7");
    EXPECT_EQ(forwardedClient("", "127.0.0.1"), "127.0.0.1");
    EXPECT_EQ(forwardedClient("unknown", "127.0.0.1"), "127.0.0.1");
    // IPv6 clients count by their /64, IPv4-mapped ones as IPv4.
    EXPECT_EQ(clientKey("2001:db8:1:2:aaaa::1"), clientKey("2001:db8:1:2:bbbb::9"));
    EXPECT_NE(clientKey("2001:db8:1:2::1"), clientKey("2001:db8:1:3::1"));
    EXPECT_EQ(clientKey("::ffff:192.0.2.1"), "192.0.2.1");
    EXPECT_EQ(clientKey("192.0.2.1"), "192.0.2.1");
}

TEST(ConnectionLimits, TheWriteAheadLogIsCutBackOnceCheckpointed) {
    TempDir dir;
    const std::string db = dir.file("rooms.db");
    SqliteOptions options;
    options.walLimitBytes = 256 * 1024;
    options.checkpointEveryMs = 50;
    std::vector<std::string> logged;
    std::mutex loggedMutex;
    options.log = [&](const std::string& line) {
        std::lock_guard lock(loggedMutex);
        logged.push_back(line);
    };
    SqliteStore store(db, Durability::Normal, options);
    StoredRoom room;
    room.id = "r";
    room.setup = "carcassonne 2\n";
    store.createRoom(room);
    const std::string line(1000, 'x');
    for (int i = 0; i < 8000; ++i) store.appendActions("r", static_cast<std::size_t>(i), {line}, i);  // ~8 MB
    auto walSize = [&] {
        std::error_code ec;
        const auto size = std::filesystem::file_size(db + "-wal", ec);
        return ec ? 0 : size;
    };
    bool cut = false;
    for (int i = 0; i < 200 && !cut; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        cut = walSize() <= static_cast<std::uintmax_t>(options.walLimitBytes);
    }
    std::lock_guard lock(loggedMutex);
    EXPECT_TRUE(cut) << "the WAL stayed at " << walSize() << " bytes" << (logged.empty() ? "" : ": " + logged.front());
    EXPECT_EQ(store.loadRooms().front().actions.size(), 8000u);
}

namespace flood {

// A WebSocket upgrade from `source` sent by hand: the answer's status and its Retry-After.
std::pair<int, std::string> upgrade(unsigned short port, const std::string& source) {
    namespace asio = boost::asio;
    namespace http = boost::beast::http;
    asio::io_context ioc;
    asio::ip::tcp::socket socket(ioc);
    socket.open(asio::ip::tcp::v4());
    socket.bind({asio::ip::make_address(source), 0});
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    http::request<http::empty_body> req{http::verb::get, "/ws", 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::upgrade, "websocket");
    req.set(http::field::connection, "upgrade");
    req.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
    req.set(http::field::sec_websocket_version, "13");
    http::write(socket, req);
    boost::beast::flat_buffer buffer;
    http::response_parser<http::empty_body> parser;
    parser.skip(true);  // a 101 has no body; read the header only
    http::read_header(socket, buffer, parser);
    const auto& res = parser.get();
    return {static_cast<int>(res.result_int()), std::string(res[http::field::retry_after])};
}

}  // namespace flood

TEST(ConnectionLimits, AnAddressClosedForFloodingWaitsBeforeItMayConnectAgain) {
    ServerOptions options;
    options.floodCooldownSeconds = 1;
    LiveServer server(options);
    WsClient flooder(server.port(), "", "127.0.0.7");
    for (int i = 0; i < 400 && !flooder.closed(); ++i) {
        try {
            flooder.send(json{{"type", "ping"}});
        } catch (const boost::system::system_error&) {
            break;
        }
    }
    int answered = 0;
    while (auto text = flooder.receive(std::chrono::seconds(5))) answered += json::parse(*text)["type"] == "error";
    EXPECT_EQ(flooder.closeCode(), 1008);
    // Refusals are answered at most once a second, not once a frame.
    EXPECT_LE(answered, 2);
    EXPECT_GE(answered, 1);
    const auto [status, retryAfter] = flood::upgrade(server.port(), "127.0.0.7");
    EXPECT_EQ(status, 429);
    EXPECT_EQ(retryAfter, "1");
    EXPECT_EQ(flood::upgrade(server.port(), "127.0.0.8").first, 101);  // another address is let in
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    EXPECT_EQ(flood::upgrade(server.port(), "127.0.0.7").first, 101);
}

TEST(ConnectionLimits, AnAddressClosedForAFrameNoPageSendsWaitsToo) {
    ServerOptions options;
    options.floodCooldownSeconds = 1;
    LiveServer server(options);
    // Over the hard size limit: Beast closes it with 1009.
    WsClient huge(server.port(), "", "127.0.0.9");
    try {
        huge.send(std::string(64 * 1024 + 16, 'x'));
    } catch (const boost::system::system_error&) {
        // the server may close before the whole frame is written
    }
    EXPECT_FALSE(huge.receive(std::chrono::seconds(5)));
    EXPECT_EQ(flood::upgrade(server.port(), "127.0.0.9").first, 429);
    // A text frame that is not UTF-8: 1007.
    WsClient garbled(server.port(), "", "127.0.0.10");
    garbled.send(std::string("{\"type\":\"ping\",\"ref\":\"\xff\xfe\"}"));
    EXPECT_FALSE(garbled.receive(std::chrono::seconds(5)));
    EXPECT_EQ(garbled.closeCode(), 1007);
    EXPECT_EQ(flood::upgrade(server.port(), "127.0.0.10").first, 429);
    // A frame refused with an error answer (invalid JSON, over the soft limit) costs no wait.
    WsClient clumsy(server.port(), "", "127.0.0.11");
    clumsy.send(std::string("{\"type\": "));
    EXPECT_EQ(clumsy.waitFor("error")["code"], "bad_json");
    clumsy.send(std::string(20'000, 'x'));
    EXPECT_EQ(clumsy.waitFor("error")["code"], "too_big");
    EXPECT_EQ(flood::upgrade(server.port(), "127.0.0.11").first, 101);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    EXPECT_EQ(flood::upgrade(server.port(), "127.0.0.9").first, 101);
}

}  // namespace
}  // namespace carc::server::test
