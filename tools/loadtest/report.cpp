#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace loadtest {

double percentile(std::vector<double>& values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, static_cast<std::size_t>(p * static_cast<double>(values.size())))];
}

Trend trend(const std::vector<Sample>& samples, long Sample::*field, double tolerance) {
    Trend t;
    if (samples.empty()) return t;
    const double half = samples.back().seconds / 2;
    std::vector<std::pair<double, double>> points;
    for (const auto& s : samples)
        if (s.seconds >= half) points.emplace_back(s.seconds, static_cast<double>(s.*field));
    if (points.size() < 2) return t;
    double lo = points[0].second, hi = lo, sx = 0, sy = 0;
    for (const auto& [x, y] : points) {
        lo = std::min(lo, y);
        hi = std::max(hi, y);
        sx += x;
        sy += y;
    }
    const double n = static_cast<double>(points.size()), mx = sx / n, my = sy / n;
    double sxy = 0, sxx = 0;
    for (const auto& [x, y] : points) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
    }
    t.spread = hi - lo;
    t.slopePerMinute = sxx > 0 ? 60 * sxy / sxx : 0;
    const double span = points.back().first - points.front().first;
    t.flat = std::abs(t.slopePerMinute * span / 60) <= tolerance && t.spread <= 2 * tolerance;
    return t;
}

namespace {

void printCounts(const char* title, const std::map<std::string, long>& counts) {
    if (counts.empty()) return;
    std::printf("      %s:", title);
    for (const auto& [what, n] : counts) std::printf(" %s x%ld;", what.c_str(), n);
    std::printf("\n");
}

nlohmann::json trendJson(const Trend& t) {
    return {{"spread", t.spread}, {"slopePerMinute", t.slopePerMinute}, {"flat", t.flat}};
}

}  // namespace

void printText(const RunResult& r) {
    std::printf(
        "== %s: %d rooms (%d started), %d honest players, think %d ms, %d hostile clients; %d process%s on %s\n",
        r.label.c_str(), r.rooms, r.roomsStarted, r.rooms * 4, r.thinkMs, r.hostiles.total(), r.processes,
        r.processes == 1 ? "" : "es", r.store.c_str());
    std::printf("  measured %.1f s (ended: %s); games started %ld, finished %ld\n", r.seconds, r.ended.c_str(),
                r.gamesStarted, r.gamesFinished);
    std::printf("  honest moves: %ld (%.1f/s); round trip p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", r.moves,
                r.movesPerSecond(), r.p50Ms, r.p99Ms, r.maxMs);
    std::printf("  honest errors %ld, disconnects %ld\n", r.honestErrors, r.honestDisconnects);
    printCounts("honest problems", r.honestProblems);
    std::printf("  server: RSS %ld KB empty, %ld KB all started, %ld KB at the end; CPU %.1f%% of a core\n",
                r.rssBeforeKb, r.rssStartedKb, r.rssEndKb, r.serverCpuPercent);
    std::printf("  this tool: honest thread %.1f%%, hostile thread %.1f%% of a core; machine load average %.2f\n",
                r.honestThreadCpuPercent, r.hostileThreadCpuPercent, r.loadAverage);
    std::printf("  samples (s: RSS KB, open files, honest moves/s, p99 ms):\n");
    for (const auto& s : r.samples)
        std::printf("    %6.0f: %9ld %6ld %8.1f %8.2f\n", s.seconds, s.rssKb, s.openFiles, s.movesPerSecond, s.p99Ms);
    std::printf(
        "  last half: RSS spread %.0f KB, slope %+.0f KB/min (%s); open files spread %.0f, slope %+.1f/min (%s)\n",
        r.rss.spread, r.rss.slopePerMinute, r.rss.flat ? "flat" : "NOT flat", r.openFiles.spread,
        r.openFiles.slopePerMinute, r.openFiles.flat ? "flat" : "NOT flat");
    for (int k = 0; k < kHostileKinds; ++k) {
        const KindStats& h = r.hostileStats[k];
        if (h.clients == 0) continue;
        std::printf("  %s x%d: sessions %ld, connect failures %ld, handshake failures %ld, sent %ld, read %ld",
                    kindName(static_cast<HostileKind>(k)), h.clients, h.connects, h.connectFailures,
                    h.handshakeFailures, h.sent, h.replies);
        if (static_cast<HostileKind>(k) == HostileKind::RoomCreator) std::printf(", rooms created %ld", h.roomsCreated);
        std::printf("\n");
        printCounts("closed by", h.closes);
        printCounts("errors", h.errors);
    }
}

nlohmann::json toJson(const RunResult& r) {
    nlohmann::json samples = nlohmann::json::array();
    for (const auto& s : r.samples)
        samples.push_back(
            {s.seconds, s.rssKb, s.openFiles, std::round(s.movesPerSecond * 10) / 10, std::round(s.p99Ms * 100) / 100});
    nlohmann::json hostile = nlohmann::json::object();
    for (int k = 0; k < kHostileKinds; ++k) {
        const KindStats& h = r.hostileStats[k];
        if (h.clients == 0) continue;
        hostile[kindName(static_cast<HostileKind>(k))] = {{"clients", h.clients},
                                                          {"sessions", h.connects},
                                                          {"connectFailures", h.connectFailures},
                                                          {"handshakeFailures", h.handshakeFailures},
                                                          {"sent", h.sent},
                                                          {"read", h.replies},
                                                          {"roomsCreated", h.roomsCreated},
                                                          {"closes", h.closes},
                                                          {"errors", h.errors}};
    }
    return {{"label", r.label},
            {"rooms", r.rooms},
            {"roomsStarted", r.roomsStarted},
            {"players", r.rooms * 4},
            {"mode", r.mode},
            {"thinkMs", r.thinkMs},
            {"hostileClients", r.hostiles.total()},
            {"seconds", std::round(r.seconds * 10) / 10},
            {"ended", r.ended},
            {"moves", r.moves},
            {"movesPerSecond", std::round(r.movesPerSecond() * 10) / 10},
            {"p50Ms", r.p50Ms},
            {"p99Ms", r.p99Ms},
            {"maxMs", r.maxMs},
            {"errors", r.honestErrors},
            {"disconnects", r.honestDisconnects},
            {"gamesStarted", r.gamesStarted},
            {"gamesFinished", r.gamesFinished},
            {"rssBeforeKb", r.rssBeforeKb},
            {"rssStartedKb", r.rssStartedKb},
            {"rssEndKb", r.rssEndKb},
            {"kbPerRoom", r.rooms > 0 ? static_cast<double>(r.rssEndKb - r.rssBeforeKb) / r.rooms : 0},
            {"serverCpuPercent", std::round(r.serverCpuPercent * 10) / 10},
            {"honestThreadCpuPercent", std::round(r.honestThreadCpuPercent * 10) / 10},
            {"hostileThreadCpuPercent", std::round(r.hostileThreadCpuPercent * 10) / 10},
            {"loadAverage", r.loadAverage},
            {"samples", samples},
            {"rssTrend", trendJson(r.rss)},
            {"openFilesTrend", trendJson(r.openFiles)},
            {"hostile", hostile},
            {"serverArgs", r.serverArgs},
            {"processes", r.processes},
            {"store", r.store}};
}

}  // namespace loadtest
