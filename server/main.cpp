// carc-server: the online game's server (docs/online-protocol.md, docs/deployment.md).
#include <exception>
#include <iostream>
#include <string>

#include "src/server.hpp"

namespace {

const char* const kUsage = R"(usage: carc-server --port P --db FILE|URI [options]
  --port P            TCP port (0: any free port)
  --db FILE           the SQLite file that keeps rooms and games (created if missing; never inside --static)
  --db URI            or a PostgreSQL database, as a libpq URI: postgresql://user@host:port/database
                      (also postgres://...; docs/deployment.md, "PostgreSQL")
  --static DIR        serve the static game from DIR: the site folder the wasm preset builds (build/site)
  --assets DIR        the folder holding tilesets/ (default: DIR/assets of --static, else the source tree's)
  --host ADDRESS      address to listen on (default 127.0.0.1)
  --bot-threads N     worker threads for bots (default 1)
  --room-ttl SECONDS  a room nobody is connected to expires after this long idle (default 86400)
  --sweep SECONDS     how often idle rooms are looked for (default 60)
  --max-rooms N       refuse new rooms beyond N (default 10000)
  --sync normal|full  SQLite synchronous setting (default normal: see docs/deployment.md); SQLite only,
                      PostgreSQL's durability is its own synchronous_commit
  --allow-origin O    also accept WebSocket pages from origin O (repeatable; * for any)
  --replace-after S   seconds a player must be gone before the host may hand their seat to a bot (default 60)
  --clock-ms-per-second N  a test aid: how long a turn clock's second lasts (default 1000; 100 makes a
                      30 s move time last 3 s)
  --rate N            messages per second per connection (default 20; bursts of 2N)
  --lobby-ttl SECONDS a room whose game has not started expires after this long idle, nobody connected
                      (default 1800)
  --max-connections N             WebSocket connections in all (default 10000); more get HTTP 503
  --max-connections-per-address N the same per client address, IPv6 per /64 (default 32)
  --rooms-per-connection N        rooms not yet over one connection may have created (default 4)
  --rooms-per-address N           the same for one client address (default 16)
  --max-queue KIB     unsent data a connection may have before it is dropped (default 1024)
  --slow-queue KIB    a connection over this for --slow-seconds is dropped as not reading (default 256)
  --slow-seconds S    (default 5)
  --flood-cooldown S  an address closed for flooding waits S seconds before it may connect again, twice as
                      long for each new close within 10 minutes, up to 5 minutes (default 10; 0: no wait)
  --trust-forwarded-for  behind a reverse proxy: the client address is X-Forwarded-For's last entry
  --check             bring the schema up to date as a start would, read every stored room, list the ones
                      that do not load, exit 1 if any (no serving) or if the schema is newer than known
  --heartbeat-ms N    PostgreSQL: how often this process tells the others it is alive; one silent for 3
                      beats counts as gone, its connections with it (default 2000)
  --bot-claim-ms N    PostgreSQL: how long a process's claim of a bot turn lasts before another process
                      may take the turn (default 10000)
  --bot-delay-ms N    a test aid: each bot waits this long before it thinks (default 0)
  --log-bot-turns     a test aid: log each bot turn this process claims
  --quiet             no log lines
)";

bool number(const std::string& text, long long low, long long high, long long& out) {
    try {
        std::size_t used = 0;
        out = std::stoll(text, &used);
        return used == text.size() && out >= low && out <= high;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace

int main(int argc, char** argv) {
    using carc::server::Durability;
    carc::server::ServerOptions options;
    bool havePort = false;
    bool check = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::cout << kUsage;
            return 0;
        }
        if (arg == "--quiet") {
            options.quiet = true;
            continue;
        }
        if (arg == "--check") {
            check = true;
            continue;
        }
        if (arg == "--trust-forwarded-for") {
            options.trustForwardedFor = true;
            continue;
        }
        if (arg == "--log-bot-turns") {
            options.logBotTurns = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::cerr << "carc-server: " << arg << " needs a value\n" << kUsage;
            return 2;
        }
        const std::string value = argv[++i];
        long long n = 0;
        auto bad = [&] {
            std::cerr << "carc-server: bad value for " << arg << ": '" << value << "'\n";
            return 2;
        };
        if (arg == "--port") {
            if (!number(value, 0, 65535, n)) return bad();
            options.port = static_cast<unsigned short>(n);
            havePort = true;
        } else if (arg == "--db") {
            options.db = value;
        } else if (arg == "--static") {
            options.staticDir = value;
        } else if (arg == "--assets") {
            options.assetsDir = value;
        } else if (arg == "--host") {
            options.host = value;
        } else if (arg == "--bot-threads") {
            if (!number(value, 1, 64, n)) return bad();
            options.botThreads = static_cast<int>(n);
        } else if (arg == "--room-ttl") {
            if (!number(value, 1, 10LL * 365 * 24 * 3600, n)) return bad();
            options.roomTtlSeconds = n;
        } else if (arg == "--sweep") {
            if (!number(value, 1, 24 * 3600, n)) return bad();
            options.sweepSeconds = static_cast<int>(n);
        } else if (arg == "--max-rooms") {
            if (!number(value, 1, 10'000'000, n)) return bad();
            options.maxRooms = static_cast<std::size_t>(n);
        } else if (arg == "--sync") {
            if (value != "normal" && value != "full") return bad();
            options.durability = value == "full" ? Durability::Full : Durability::Normal;
        } else if (arg == "--allow-origin") {
            options.allowOrigins.push_back(value);
        } else if (arg == "--replace-after") {
            if (!number(value, 0, 24 * 3600, n)) return bad();
            options.limits.replaceAfter = static_cast<int>(n);
        } else if (arg == "--clock-ms-per-second") {
            if (!number(value, 1, 1000, n)) return bad();
            options.clockMsPerSecond = n;
        } else if (arg == "--rate") {
            if (!number(value, 1, 10000, n)) return bad();
            options.limits.messagesPerSecond = static_cast<int>(n);
            options.limits.burst = static_cast<int>(2 * n);
        } else if (arg == "--lobby-ttl") {
            if (!number(value, 1, 10LL * 365 * 24 * 3600, n)) return bad();
            options.lobbyTtlSeconds = n;
        } else if (arg == "--max-connections") {
            if (!number(value, 1, 10'000'000, n)) return bad();
            options.maxConnections = static_cast<std::size_t>(n);
        } else if (arg == "--max-connections-per-address") {
            if (!number(value, 1, 10'000'000, n)) return bad();
            options.maxConnectionsPerAddress = static_cast<std::size_t>(n);
        } else if (arg == "--rooms-per-connection") {
            if (!number(value, 1, 10'000, n)) return bad();
            options.limits.roomsPerConnection = static_cast<int>(n);
        } else if (arg == "--rooms-per-address") {
            if (!number(value, 1, 10'000'000, n)) return bad();
            options.limits.roomsPerAddress = static_cast<int>(n);
        } else if (arg == "--flood-cooldown") {
            if (!number(value, 0, 300, n)) return bad();
            options.floodCooldownSeconds = n;
        } else if (arg == "--max-queue") {
            if (!number(value, 64, 1024 * 1024, n)) return bad();
            options.maxQueuedBytes = static_cast<std::size_t>(n) * 1024;
        } else if (arg == "--slow-queue") {
            if (!number(value, 16, 1024 * 1024, n)) return bad();
            options.slowQueuedBytes = static_cast<std::size_t>(n) * 1024;
        } else if (arg == "--heartbeat-ms") {
            if (!number(value, 50, 600'000, n)) return bad();
            options.heartbeatMs = n;
        } else if (arg == "--bot-claim-ms") {
            if (!number(value, 100, 3'600'000, n)) return bad();
            options.botClaimMs = n;
        } else if (arg == "--bot-delay-ms") {
            if (!number(value, 0, 3'600'000, n)) return bad();
            options.botDelayMs = n;
        } else if (arg == "--slow-seconds") {
            if (!number(value, 1, 3600, n)) return bad();
            options.slowSeconds = static_cast<int>(n);
        } else {
            std::cerr << "carc-server: unknown option " << arg << "\n" << kUsage;
            return 2;
        }
    }
    if (check) {
        if (options.db.empty()) {
            std::cerr << "carc-server: --check needs --db\n";
            return 2;
        }
        try {
            return carc::server::checkStore(options, std::cout) ? 0 : 1;
        } catch (const std::exception& e) {
            std::cerr << "carc-server: " << e.what() << "\n";
            return 1;
        }
    }
    if (!havePort || options.db.empty()) {
        std::cerr << "carc-server: --port and --db are required\n" << kUsage;
        return 2;
    }
    if (options.slowQueuedBytes >= options.maxQueuedBytes) {
        std::cerr << "carc-server: --slow-queue must be below --max-queue\n";
        return 2;
    }
    try {
        carc::server::Server server(options);
        if (!options.quiet) std::cerr << "carc-server: " << server.roomsLoaded() << " rooms loaded" << std::endl;
        std::cout << "listening on http://" << options.host << ":" << server.port() << std::endl;
        server.run(/*signals=*/true);
    } catch (const std::exception& e) {
        std::cerr << "carc-server: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
