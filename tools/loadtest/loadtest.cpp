// carc-loadtest: starts carc-server on a free localhost port (a fresh SQLite file), fills M rooms of
// 4 players with simulated clients that play random legal turns after a think time, and reports
// moves per second, the move round trip (sent -> own `moved` back), the server's memory per room
// and its RSS and open files over time. With hostile clients mixed in (flooders, non-readers,
// malformed frames, room-creation loops; hostile.hpp) it is a soak: do honest players suffer?
// --compare runs the same honest load without and then with them. --processes N --db postgresql://...
// starts N servers on one PostgreSQL database and spreads each room's players over them (RSS and CPU are
// then the servers' sums). docs/deployment.md, "Load".
//
//   carc-loadtest --rooms 1000 [--seconds 30] [--think-ms 1000] [--hostile-share 0.1] [--compare]
//                 [--processes 2 --db postgresql://user@host/db]
#include <cstdio>
#include <exception>
#include <iostream>

#include "options.hpp"
#include "report.hpp"
#include "run.hpp"
#include "server_process.hpp"

int main(int argc, char** argv) {
    using namespace loadtest;
    Options options;
    options.server = CARC_SERVER_BIN;
    if (!parseOptions(argc, argv, options)) return 2;
    raiseFileLimit();  // 4,000+ sockets here, as many in the server (it inherits the limit)
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    try {
        bool interrupted = false;
        auto healthy = [](const RunResult& r) {
            return r.ended == "time" && r.honestErrors == 0 && r.honestDisconnects == 0;
        };
        if (!options.compare) {
            const HostileCounts hostiles = options.hostiles();
            const RunResult run = runOnce(options, hostiles, hostiles.total() ? "hostile" : "clean", interrupted);
            printText(run);
            std::printf("%s\n", toJson(run).dump().c_str());
            return healthy(run) ? 0 : 1;
        }
        const RunResult clean = runOnce(options, HostileCounts{}, "clean", interrupted);
        printText(clean);
        if (interrupted) return 1;
        const RunResult hostile = runOnce(options, options.hostiles(), "hostile", interrupted);
        printText(hostile);
        const double ratio = clean.p99Ms > 0 ? hostile.p99Ms / clean.p99Ms : 0;
        std::printf("== p99 hostile/clean: %.2f (%.2f ms / %.2f ms); moves/s %.1f / %.1f\n", ratio, hostile.p99Ms,
                    clean.p99Ms, hostile.movesPerSecond(), clean.movesPerSecond());
        nlohmann::json line = {{"clean", toJson(clean)}, {"hostile", toJson(hostile)}, {"p99Ratio", ratio}};
        std::printf("%s\n", line.dump().c_str());
        return healthy(clean) && healthy(hostile) ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "carc-loadtest: " << e.what() << "\n";
        return 1;
    }
}
