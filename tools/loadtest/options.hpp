// carc-loadtest's command line.
#pragma once

#include <string>
#include <vector>

namespace loadtest {

// Hostile clients per kind (docs/deployment.md, "Load").
struct HostileCounts {
    int flooders = 0;
    int nonReaders = 0;
    int malformed = 0;
    int roomCreators = 0;
    int total() const { return flooders + nonReaders + malformed + roomCreators; }
};

struct Options {
    int rooms = 10;
    int seconds = 30;
    int thinkMs = 1000;
    std::string mode = "base";
    std::string server;
    std::vector<std::string> serverArgs;  // appended after the tool's own, so they win
    double hostileShare = 0;              // hostile clients per honest client
    HostileCounts explicitCounts{-1, -1, -1, -1};
    bool compare = false;
    int reconnectMs = 250;
    int sampleSeconds = 10;
    int setupSeconds = 0;  // 0: 30 s + 1 s per 20 rooms
    long maxServerRssMb = 4096;
    int processes = 1;  // carc-server processes on one database, the honest clients spread round-robin
    std::string db;     // the servers' --db: "" a fresh SQLite file per run, or a PostgreSQL URI

    HostileCounts hostiles() const;
    int setupLimitSeconds() const { return setupSeconds > 0 ? setupSeconds : 30 + rooms / 20; }
};

extern const char* const kUsage;

// Fills `options` from argv; false (with a message on stderr) on a bad command line.
bool parseOptions(int argc, char** argv, Options& options);

}  // namespace loadtest
