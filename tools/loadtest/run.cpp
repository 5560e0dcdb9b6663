#include "run.hpp"

#include <unistd.h>

#include <boost/beast/core/error.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>

#include "honest.hpp"
#include "hostile.hpp"
#include "server_process.hpp"

namespace loadtest {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

// The tool's own server flags: the server's own rate limits and flood cooldown (what a public
// server runs; honest players send a few messages a second), no room cap in the way of the honest rooms, and finished
// rooms swept after half a minute so that a long run reaches a steady state. --server-arg flags come after these and so
// override them.
std::vector<std::string> serverArgs(const Options& options, const std::string& db) {
    std::vector<std::string> args = {"--port",  "0",          "--db", db,        "--quiet", "--max-rooms",
                                     "1000000", "--room-ttl", "30",   "--sweep", "5"};
    args.insert(args.end(), options.serverArgs.begin(), options.serverArgs.end());
    return args;
}

// The servers of one run, seen as one: RSS, open files and CPU summed; alive while every one is.
class Servers {
public:
    Servers(const std::string& binary, const std::vector<std::string>& args, int count) {
        for (int i = 0; i < count; ++i) processes_.push_back(std::make_unique<ServerProcess>(binary, args));
    }
    std::vector<tcp::endpoint> endpoints() const {
        std::vector<tcp::endpoint> out;
        for (const auto& p : processes_) out.emplace_back(asio::ip::make_address("127.0.0.1"), p->port());
        return out;
    }
    long rssKb() const { return sum(&ServerProcess::rssKb); }
    long openFiles() const { return sum(&ServerProcess::openFiles); }
    double cpuSeconds() const {
        double total = 0;
        for (const auto& p : processes_) total += p->cpuSeconds();
        return total;
    }
    bool alive() {
        for (auto& p : processes_)
            if (!p->alive()) return false;
        return true;
    }
    std::string exit() const {
        for (const auto& p : processes_)
            if (!p->exit().empty()) return p->exit();
        return "";
    }
    void stop() {
        for (auto& p : processes_) p->stop();
    }

private:
    long sum(long (ServerProcess::*field)() const) const {
        long total = 0;
        for (const auto& p : processes_) total += ((*p).*field)();
        return total;
    }
    std::vector<std::unique_ptr<ServerProcess>> processes_;
};

}  // namespace

RunResult runOnce(const Options& options, const HostileCounts& hostiles, const std::string& label, bool& interrupted) {
    RunResult result;
    result.label = label;
    result.rooms = options.rooms;
    result.thinkMs = options.thinkMs;
    result.mode = options.mode;
    result.hostiles = hostiles;

    const auto dir =
        std::filesystem::temp_directory_path() / ("carc-loadtest-" + std::to_string(getpid()) + "-" + label);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    struct RemoveDir {
        std::filesystem::path path;
        ~RemoveDir() {
            std::error_code ec;
            std::filesystem::remove_all(path, ec);
        }
    } removeDir{dir};

    const auto args = serverArgs(options, options.db.empty() ? (dir / "rooms.db").string() : options.db);
    result.serverArgs = args;
    result.processes = options.processes;
    result.store = options.db.empty() ? "sqlite" : "postgresql";
    Servers server(options.server, args, options.processes);
    const auto endpoints = server.endpoints();
    const tcp::endpoint endpoint = endpoints.front();  // the hostile clients' server

    asio::io_context ioc{1};
    HonestStats stats;
    RoomDirectory directory;
    HostileFleet fleet(hostiles, options, directory, endpoint);
    std::vector<std::unique_ptr<Room>> rooms;
    result.rssBeforeKb = server.rssKb();

    Clock::time_point measureFrom;
    double cpuFrom = 0;
    asio::steady_timer setupTimer(ioc), stopTimer(ioc), watchTimer(ioc);
    asio::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](boost::system::error_code ec, int) {
        if (ec) return;
        interrupted = true;
        result.ended = "interrupted";
        ioc.stop();
    });

    auto sample = [&] {
        Sample s;
        s.seconds = std::chrono::duration<double>(Clock::now() - measureFrom).count();
        s.rssKb = server.rssKb();
        s.openFiles = server.openFiles();
        const double window = result.samples.empty() ? 0 : s.seconds - result.samples.back().seconds;
        s.movesPerSecond = window > 0 ? static_cast<double>(stats.windowMs.size()) / window : 0;
        s.p99Ms = percentile(stats.windowMs, 0.99);
        stats.windowMs.clear();
        result.samples.push_back(s);
    };
    auto beginMeasuring = [&] {
        if (stats.measuring) return;
        setupTimer.cancel();
        result.rssStartedKb = server.rssKb();
        stats.measuring = true;
        measureFrom = Clock::now();
        cpuFrom = server.cpuSeconds();
        sample();
        stopTimer.expires_after(std::chrono::seconds(options.seconds));
        stopTimer.async_wait([&](boost::system::error_code ec) {
            if (!ec) ioc.stop();
        });
    };

    // Every second: is the server alive and under the memory cap; every sampleSeconds, a sample.
    int ticks = 0;
    std::function<void()> watch = [&] {
        watchTimer.expires_after(std::chrono::seconds(1));
        watchTimer.async_wait([&](boost::system::error_code ec) {
            if (ec) return;
            if (!server.alive()) {
                result.ended = "server gone: " + server.exit();
                return ioc.stop();
            }
            if (server.rssKb() > options.maxServerRssMb * 1024) {
                result.ended = "server RSS over " + std::to_string(options.maxServerRssMb) + " MiB";
                if (stats.measuring) sample();
                return ioc.stop();
            }
            if (stats.measuring && ++ticks % options.sampleSeconds == 0) sample();
            watch();
        });
    };
    watch();

    // Rooms open 20 at a time, so the server's listen queue never overflows.
    int next = 0;
    std::function<void()> openNext = [&] {
        if (next >= options.rooms) return;
        auto& room = rooms.emplace_back(std::make_unique<Room>(ioc, stats, options, directory, next));
        ++next;
        room->open(endpoints, [&] {
            ++result.roomsStarted;
            openNext();
            if (result.roomsStarted == options.rooms) beginMeasuring();
        });
    };
    for (int i = 0; i < 20; ++i) openNext();
    setupTimer.expires_after(std::chrono::seconds(options.setupLimitSeconds()));
    setupTimer.async_wait([&](boost::system::error_code ec) {
        if (!ec) beginMeasuring();  // measure the rooms that did start
    });
    fleet.start();  // hostile from the first room on, for the whole run

    const double honestCpuFrom = threadCpuSeconds();
    const auto runFrom = Clock::now();
    ioc.run();
    const double runSeconds = std::max(0.001, std::chrono::duration<double>(Clock::now() - runFrom).count());
    result.honestThreadCpuPercent = 100 * (threadCpuSeconds() - honestCpuFrom) / runSeconds;
    double load[1] = {0};
    if (getloadavg(load, 1) == 1) result.loadAverage = load[0];
    if (!stats.measuring) measureFrom = Clock::now();
    result.seconds = std::chrono::duration<double>(Clock::now() - measureFrom).count();
    if (server.alive()) {
        result.serverCpuPercent = 100.0 * (server.cpuSeconds() - cpuFrom) / std::max(result.seconds, 0.001);
        result.rssEndKb = server.rssKb();
        const bool sampledJustNow = !result.samples.empty() && result.seconds - result.samples.back().seconds < 1;
        if (result.ended == "time" && !sampledJustNow) sample();
    }
    // Only after the last sample: the hostile clients' sockets are the server's open files too.
    fleet.stop();
    result.hostileThreadCpuPercent = 100 * fleet.threadCpuSeconds() / runSeconds;
    server.stop();

    result.moves = stats.moves;
    result.p50Ms = percentile(stats.latenciesMs, 0.5);
    result.p99Ms = percentile(stats.latenciesMs, 0.99);
    result.maxMs = stats.latenciesMs.empty() ? 0 : stats.latenciesMs.back();
    result.honestErrors = stats.errors;
    result.honestDisconnects = stats.disconnects;
    result.honestProblems = stats.problems;
    result.gamesStarted = stats.gamesStarted;
    result.gamesFinished = stats.gamesFinished;
    result.hostileStats = fleet.stats();
    // Flat: within 5% of the mean RSS (at least 1 MiB) and 2% of the open files (at least 5).
    long rssSum = 0, filesSum = 0;
    for (const auto& s : result.samples) {
        rssSum += s.rssKb;
        filesSum += s.openFiles;
    }
    const double n = std::max<double>(1, static_cast<double>(result.samples.size()));
    result.rss = trend(result.samples, &Sample::rssKb, std::max(1024.0, 0.05 * static_cast<double>(rssSum) / n));
    result.openFiles =
        trend(result.samples, &Sample::openFiles, std::max(5.0, 0.02 * static_cast<double>(filesSum) / n));
    return result;
}

}  // namespace loadtest
