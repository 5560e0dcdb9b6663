// One run's figures, and how they are printed: readable text, and JSON for the last line.
#pragma once

#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "hostile.hpp"
#include "options.hpp"

namespace loadtest {

struct Sample {
    double seconds = 0;  // since measuring began
    long rssKb = 0;
    long openFiles = 0;
    double movesPerSecond = 0;  // honest, since the previous sample
    double p99Ms = 0;           // honest, since the previous sample
};

// A series' last half: its spread and its least-squares slope.
struct Trend {
    double spread = 0;          // max - min
    double slopePerMinute = 0;  // units per minute
    bool flat = false;
};

struct RunResult {
    std::string label;
    int rooms = 0;
    int roomsStarted = 0;
    int thinkMs = 0;
    std::string mode;
    HostileCounts hostiles;
    double seconds = 0;
    long moves = 0;
    double p50Ms = 0, p99Ms = 0, maxMs = 0;
    long honestErrors = 0, honestDisconnects = 0;
    long gamesStarted = 0, gamesFinished = 0;
    std::map<std::string, long> honestProblems;
    long rssBeforeKb = 0, rssStartedKb = 0, rssEndKb = 0;
    double serverCpuPercent = 0;
    double honestThreadCpuPercent = 0, hostileThreadCpuPercent = 0;  // this tool's two threads
    double loadAverage = 0;                                          // the machine's, at the end
    std::vector<Sample> samples;
    Trend rss, openFiles;
    std::array<KindStats, kHostileKinds> hostileStats;
    std::string ended = "time";  // or why it ended early
    std::vector<std::string> serverArgs;
    int processes = 1;             // carc-server processes (their RSS and CPU summed)
    std::string store = "sqlite";  // or "postgresql"

    double movesPerSecond() const { return seconds > 0 ? static_cast<double>(moves) / seconds : 0; }
};

// Percentile p (0-1) of `values`, which it sorts.
double percentile(std::vector<double>& values, double p);
// The trend of samples[].*field over the last half of the run. Flat: the fitted change over that
// half is within `tolerance` (and so is the spread).
Trend trend(const std::vector<Sample>& samples, long Sample::*field, double tolerance);

void printText(const RunResult& r);
nlohmann::json toJson(const RunResult& r);

}  // namespace loadtest
