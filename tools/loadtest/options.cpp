#include "options.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <iostream>

namespace loadtest {

const char* const kUsage = R"(usage: carc-loadtest --rooms M [options]
  --seconds S             measure for S seconds once every room has started (default 30)
  --think-ms T            honest think time: T/2 to 3T/2 (default 1000)
  --mode NAME             game mode of the honest rooms (default base)
  --server PATH           the carc-server binary (default: the one built alongside)
  --server-arg X          pass X on to carc-server (repeatable; after the tool's own flags, so it wins)
  --hostile-share F       hostile clients per honest client, split over the four kinds (e.g. 0.1)
  --flooders N            hostile kinds, each overriding the share's count for that kind:
  --non-readers N           ping/lobby floods; watch/lobby without ever reading;
  --malformed N             oversized, invalid, binary and deeply nested frames;
  --room-creators N         create loops
  --reconnect-ms MS       a closed hostile client comes back after MS/2 to 3MS/2 (default 250)
  --compare               run twice, each on a fresh server: without and then with the hostile clients
                          (--hostile-share 0.1 unless counts are given)
  --sample-seconds S      server RSS and open files sampled every S seconds (default 10)
  --setup-seconds S       stop waiting for rooms to start after S seconds (default 30 + rooms/20)
  --max-server-rss-mb N   end the run early if the server's RSS passes N MiB (default 4096)
  --processes N           N carc-server processes on one database, each room's four players spread over
                          them round-robin (default 1; more than 1 needs --db postgresql://...)
  --db URI                the servers' database (default: a fresh SQLite file per run); give a PostgreSQL
                          database that is empty (the rooms of a run stay until the sweep takes them)
)";

HostileCounts Options::hostiles() const {
    const int total = static_cast<int>(std::lround(hostileShare * rooms * 4));
    HostileCounts counts{total / 4, total / 4, total / 4, total / 4};
    const int rest = total % 4;
    if (rest > 0) ++counts.flooders;
    if (rest > 1) ++counts.nonReaders;
    if (rest > 2) ++counts.malformed;
    if (explicitCounts.flooders >= 0) counts.flooders = explicitCounts.flooders;
    if (explicitCounts.nonReaders >= 0) counts.nonReaders = explicitCounts.nonReaders;
    if (explicitCounts.malformed >= 0) counts.malformed = explicitCounts.malformed;
    if (explicitCounts.roomCreators >= 0) counts.roomCreators = explicitCounts.roomCreators;
    return counts;
}

bool parseOptions(int argc, char** argv, Options& options) {
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i];
            if (arg == "--compare") {
                options.compare = true;
                continue;
            }
            if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
            const std::string value = argv[++i];
            auto count = [&] {
                const int n = std::stoi(value);
                if (n < 0 || n > 100000) throw std::invalid_argument(arg + " out of range");
                return n;
            };
            if (arg == "--rooms")
                options.rooms = std::max(1, count());
            else if (arg == "--seconds")
                options.seconds = std::max(1, count());
            else if (arg == "--think-ms")
                options.thinkMs = count();
            else if (arg == "--mode")
                options.mode = value;
            else if (arg == "--server")
                options.server = value;
            else if (arg == "--server-arg")
                options.serverArgs.push_back(value);
            else if (arg == "--hostile-share") {
                options.hostileShare = std::stod(value);
                if (!(options.hostileShare >= 0 && options.hostileShare <= 10))
                    throw std::invalid_argument("--hostile-share out of range");
            } else if (arg == "--flooders")
                options.explicitCounts.flooders = count();
            else if (arg == "--non-readers")
                options.explicitCounts.nonReaders = count();
            else if (arg == "--malformed")
                options.explicitCounts.malformed = count();
            else if (arg == "--room-creators")
                options.explicitCounts.roomCreators = count();
            else if (arg == "--reconnect-ms")
                options.reconnectMs = std::max(1, count());
            else if (arg == "--sample-seconds")
                options.sampleSeconds = std::max(1, count());
            else if (arg == "--setup-seconds")
                options.setupSeconds = count();
            else if (arg == "--max-server-rss-mb")
                options.maxServerRssMb = std::max(1, count());
            else if (arg == "--processes")
                options.processes = std::clamp(count(), 1, 64);
            else if (arg == "--db")
                options.db = value;
            else
                throw std::invalid_argument("unknown option " + arg);
        }
    } catch (const std::exception& e) {
        std::cerr << "carc-loadtest: " << e.what() << "\n" << kUsage;
        return false;
    }
    const bool postgres = options.db.rfind("postgresql://", 0) == 0 || options.db.rfind("postgres://", 0) == 0;
    if (options.processes > 1 && !postgres) {
        // A SQLite file has one writer: several processes share rooms only through PostgreSQL.
        std::cerr << "carc-loadtest: --processes " << options.processes << " needs --db postgresql://...\n";
        return false;
    }
    if (options.compare && options.hostiles().total() == 0) options.hostileShare = 0.1;
    return true;
}

}  // namespace loadtest
