// carc arena: bots play many games against each other, changing seats; prints what each achieved.
// Game g deals deck g / (number of bots) and turns the seats by g, so every deal is played from
// every seat. --jobs N plays N games at a time on threads, with the same results.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <ctime>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "carc/bots.hpp"
#include "carc/english.hpp"
#include "carc/event_json.hpp"
#include "cli.hpp"
#include "setup_args.hpp"

namespace carc::cli {

namespace {

struct BotTally {
    std::string name;
    int wins = 0, draws = 0, losses = 0;
    long long marginSum = 0;  // own final score minus the best other player's
    long long scoreSum = 0;
    double seconds = 0;     // thinking time in total (wall clock)
    double cpuSeconds = 0;  // the same in processor time: what a busy machine does not inflate
    long long turns = 0;    // turns played (a turn may hold several decisions)
    long long decisions = 0;
    double slowestTurn = 0;
    double slowestTurnCpu = 0;
};

// A figure rounded for the report (JSON prints the shortest form: 0.5, not 0.500).
double rounded(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

// Processor time of the calling thread: what a busy machine, or other games on other threads, do not
// inflate.
double threadCpuSeconds() {
#ifdef __EMSCRIPTEN__
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;  // one thread, and no per-thread clock
#else
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
#endif
}

// One game's outcome: the final scores by seat and what each bot spent (tallies indexed by bot).
struct GameResult {
    std::string error;
    std::string seedText;
    std::vector<int> scores;
    std::vector<int> botAt;
    std::vector<BotTally> spent;
};

GameResult playArenaGame(Catalog& catalog, const Setup& base, const std::vector<std::string>& names, int g) {
    using Clock = std::chrono::steady_clock;
    const int seats = static_cast<int>(names.size());
    GameResult result;
    result.spent.resize(names.size());
    Setup setup = base;
    setup.seed = deriveSeed(base.seed, static_cast<std::uint64_t>(g / seats));
    result.seedText = seedToText(setup.seed);
    Problem setupProblem;
    auto game = catalog.newGame(setup, setupProblem);
    if (!game) {
        result.error = english::describe(setupProblem);
        return result;
    }
    game->setEventLog(false);
    // Seat p is played by bot (p + g) % seats.
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < seats; ++p) {
        result.botAt.push_back((p + g) % seats);
        bots.push_back(makeBot(names[result.botAt[p]], deriveSeed(setup.seed, 100 + p)));
    }
    std::vector<double> turnSeconds(seats, 0), turnCpu(seats, 0);
    while (!game->over()) {
        const int player = game->activePlayer();
        const int turn = game->turnNumber();
        const auto begin = Clock::now();
        const double cpuBegin = threadCpuSeconds();
        const Action action = bots[player]->choose(*game);
        const double spent = std::chrono::duration<double>(Clock::now() - begin).count();
        const double cpu = threadCpuSeconds() - cpuBegin;
        BotTally& t = result.spent[result.botAt[player]];
        t.seconds += spent;
        t.cpuSeconds += cpu;
        ++t.decisions;
        turnSeconds[player] += spent;
        turnCpu[player] += cpu;
        if (auto problem = game->apply(action)) {
            result.error = names[result.botAt[player]] + " chose an illegal action: " + english::describe(problem);
            return result;
        }
        if (game->over() || game->turnNumber() != turn) {
            ++t.turns;
            t.slowestTurn = std::max(t.slowestTurn, turnSeconds[player]);
            t.slowestTurnCpu = std::max(t.slowestTurnCpu, turnCpu[player]);
            turnSeconds[player] = 0;
            turnCpu[player] = 0;
        }
    }
    result.scores = game->scores();
    return result;
}

// Adds one game to the tallies: wins, draws, losses, margins and the time spent.
void count(const GameResult& game, std::vector<BotTally>& tally) {
    const auto& scores = game.scores;
    const int seats = static_cast<int>(scores.size());
    const int best = *std::max_element(scores.begin(), scores.end());
    const int leaders = static_cast<int>(std::count(scores.begin(), scores.end(), best));
    for (int p = 0; p < seats; ++p) {
        BotTally& t = tally[game.botAt[p]];
        int bestOther = INT_MIN;
        for (int q = 0; q < seats; ++q)
            if (q != p) bestOther = std::max(bestOther, scores[q]);
        t.marginSum += scores[p] - bestOther;
        t.scoreSum += scores[p];
        if (scores[p] < best)
            ++t.losses;
        else if (leaders == 1)
            ++t.wins;
        else
            ++t.draws;
    }
    for (std::size_t b = 0; b < tally.size(); ++b) {
        const BotTally& s = game.spent[b];
        BotTally& t = tally[b];
        t.seconds += s.seconds;
        t.cpuSeconds += s.cpuSeconds;
        t.turns += s.turns;
        t.decisions += s.decisions;
        t.slowestTurn = std::max(t.slowestTurn, s.slowestTurn);
        t.slowestTurnCpu = std::max(t.slowestTurnCpu, s.slowestTurnCpu);
    }
}

}  // namespace

int cmdArena(const Args& args) {
    std::vector<std::string> names = splitList(args.get("bots", "greedy,random"));
    if (names.size() < 2) return fail("--bots needs at least two bots, e.g. hard,greedy");
    Setup base;
    if (auto error = setupFromArgs(args, base); !error.empty()) return fail(error);
    const int seats = static_cast<int>(names.size());
    if (args.has("players") && base.players != seats)
        return fail("--players is " + std::to_string(base.players) + " but --bots lists " + std::to_string(seats) +
                    " bots");
    base.players = seats;
    const auto number = [&](const std::string& key, const std::string& fallback, int& value) {
        const std::string text = args.get(key, fallback);
        if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos) return false;
        value = std::stoi(text);
        return true;
    };
    int games = 0, jobs = 1;
    if (!number("games", "10", games)) return fail("--games must be a number, not '" + args.get("games", "") + "'");
    if (!number("jobs", "1", jobs) || jobs < 1 || jobs > 64)
        return fail("--jobs must be a number of threads from 1 to 64, not '" + args.get("jobs", "") + "'");
#ifdef __EMSCRIPTEN__
    if (jobs > 1) return fail("--jobs: this build has no threads; play with --jobs 1");
#endif
    for (const auto& name : names)
        if (!makeBot(name, 0)) return fail("unknown bot '" + name + "'");
    const bool quiet = args.has("quiet");

    // Games are shared out to the threads one at a time; each thread has its own catalog. The results
    // are counted in game order, so the figures do not depend on --jobs.
    std::vector<GameResult> results(static_cast<std::size_t>(games));
    std::atomic<int> next{0};
    std::mutex printing;
    const auto work = [&] {
        Catalog catalog = makeCatalog(args);  // it loads tile sets as asked: one per thread
        for (int g = next++; g < games; g = next++) {
            results[static_cast<std::size_t>(g)] = playArenaGame(catalog, base, names, g);
            const GameResult& r = results[static_cast<std::size_t>(g)];
            if (quiet || !r.error.empty()) continue;
            std::ostringstream line;
            line << "game " << g + 1 << "/" << games << " seed " << r.seedText << ":";
            for (int p = 0; p < seats; ++p) line << ' ' << names[r.botAt[p]] << ' ' << r.scores[p];
            const std::lock_guard<std::mutex> lock(printing);
            std::cerr << line.str() << '\n';
        }
    };
    std::vector<std::thread> threads;
    for (int j = 1; j < std::min(jobs, games); ++j) threads.emplace_back(work);
    work();
    for (auto& thread : threads) thread.join();

    std::vector<BotTally> tally(names.size());
    for (std::size_t b = 0; b < names.size(); ++b) tally[b].name = names[b];
    for (const auto& r : results) {
        if (!r.error.empty()) return fail(r.error);
        count(r, tally);
    }

    json::Json bots = json::Json::array();
    for (const BotTally& t : tally) {
        const double n = std::max(1, games);
        const auto perMove = [&](double seconds, long long count) {
            return rounded(count ? 1000 * seconds / static_cast<double>(count) : 0, 3);
        };
        bots.push_back(json::Json{{"bot", t.name},
                                  {"wins", t.wins},
                                  {"draws", t.draws},
                                  {"losses", t.losses},
                                  {"win_rate", rounded(t.wins / n, 3)},
                                  {"avg_margin", rounded(static_cast<double>(t.marginSum) / n, 2)},
                                  {"avg_score", rounded(static_cast<double>(t.scoreSum) / n, 2)},
                                  {"ms_per_move", perMove(t.seconds, t.turns)},
                                  {"cpu_ms_per_move", perMove(t.cpuSeconds, t.turns)},
                                  {"ms_per_decision", perMove(t.seconds, t.decisions)},
                                  {"max_ms_per_move", rounded(1000 * t.slowestTurn, 3)},
                                  {"max_cpu_ms_per_move", rounded(1000 * t.slowestTurnCpu, 3)}});
    }
    const json::Json report{{"mode", base.mode},
                            {"seed", seedToText(base.seed)},
                            {"players", seats},
                            {"games", games},
                            {"bots", std::move(bots)}};
    std::cout << json::dump(report) << '\n';
    return 0;
}

}  // namespace carc::cli
