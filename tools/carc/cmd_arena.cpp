// carc arena: bots play many games against each other, changing seats; prints what each achieved.
// Game g deals deck g / (number of bots) and turns the seats by g, so every deal is played from
// every seat.
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <sstream>

#include "carc/bots.hpp"
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

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
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
    const std::string gamesText = args.get("games", "10");
    if (gamesText.empty() || gamesText.size() > 6 || gamesText.find_first_not_of("0123456789") != std::string::npos)
        return fail("--games must be a number, not '" + gamesText + "'");
    const int games = std::stoi(gamesText);
    for (const auto& name : names)
        if (!makeBot(name, 0)) return fail("unknown bot '" + name + "'");
    const bool quiet = args.has("quiet");

    Catalog catalog = makeCatalog(args);
    std::vector<BotTally> tally(names.size());
    for (std::size_t b = 0; b < names.size(); ++b) tally[b].name = names[b];
    using Clock = std::chrono::steady_clock;

    for (int g = 0; g < games; ++g) {
        Setup setup = base;
        setup.seed = deriveSeed(base.seed, static_cast<std::uint64_t>(g / seats));
        std::string error;
        auto game = catalog.newGame(setup, error);
        if (!game) return fail(error);
        game->setEventLog(false);
        // Seat p is played by bot (p + g) % seats.
        std::vector<int> botAt(seats);
        std::vector<std::unique_ptr<Bot>> bots;
        for (int p = 0; p < seats; ++p) {
            botAt[p] = (p + g) % seats;
            bots.push_back(makeBot(names[botAt[p]], deriveSeed(setup.seed, 100 + p)));
        }
        std::vector<double> turnSeconds(seats, 0), turnCpu(seats, 0);
        while (!game->over()) {
            const int player = game->activePlayer();
            const int turn = game->turnNumber();
            const auto begin = Clock::now();
            const std::clock_t cpuBegin = std::clock();
            const Action action = bots[player]->choose(*game);
            const double spent = std::chrono::duration<double>(Clock::now() - begin).count();
            BotTally& t = tally[botAt[player]];
            t.seconds += spent;
            const double cpu = static_cast<double>(std::clock() - cpuBegin) / CLOCKS_PER_SEC;
            t.cpuSeconds += cpu;
            turnCpu[player] += cpu;
            ++t.decisions;
            turnSeconds[player] += spent;
            if (auto problem = game->apply(action); !problem.empty())
                return fail(names[botAt[player]] + " chose an illegal action: " + problem);
            if (game->over() || game->turnNumber() != turn) {
                ++t.turns;
                t.slowestTurn = std::max(t.slowestTurn, turnSeconds[player]);
                t.slowestTurnCpu = std::max(t.slowestTurnCpu, turnCpu[player]);
                turnSeconds[player] = 0;
                turnCpu[player] = 0;
            }
        }
        const auto& scores = game->scores();
        const int best = *std::max_element(scores.begin(), scores.end());
        const int leaders = static_cast<int>(std::count(scores.begin(), scores.end(), best));
        for (int p = 0; p < seats; ++p) {
            BotTally& t = tally[botAt[p]];
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
        if (!quiet) {
            std::cerr << "game " << g + 1 << "/" << games << " seed " << seedToText(setup.seed) << ":";
            for (int p = 0; p < seats; ++p) std::cerr << ' ' << names[botAt[p]] << ' ' << scores[p];
            std::cerr << '\n';
        }
    }

    std::ostringstream out;
    out << "{\"mode\":" << jsonString(base.mode) << ",\"seed\":" << jsonString(seedToText(base.seed))
        << ",\"players\":" << seats << ",\"games\":" << games << ",\"bots\":[";
    for (std::size_t b = 0; b < tally.size(); ++b) {
        const BotTally& t = tally[b];
        const double n = std::max(1, games);
        out << (b ? "," : "") << "{\"bot\":" << jsonString(t.name) << ",\"wins\":" << t.wins << ",\"draws\":" << t.draws
            << ",\"losses\":" << t.losses << ",\"win_rate\":" << fixed(t.wins / n, 3)
            << ",\"avg_margin\":" << fixed(static_cast<double>(t.marginSum) / n, 2)
            << ",\"avg_score\":" << fixed(static_cast<double>(t.scoreSum) / n, 2)
            << ",\"ms_per_move\":" << fixed(t.turns ? 1000 * t.seconds / static_cast<double>(t.turns) : 0, 3)
            << ",\"cpu_ms_per_move\":" << fixed(t.turns ? 1000 * t.cpuSeconds / static_cast<double>(t.turns) : 0, 3)
            << ",\"ms_per_decision\":"
            << fixed(t.decisions ? 1000 * t.seconds / static_cast<double>(t.decisions) : 0, 3)
            << ",\"max_ms_per_move\":" << fixed(1000 * t.slowestTurn, 3)
            << ",\"max_cpu_ms_per_move\":" << fixed(1000 * t.slowestTurnCpu, 3) << "}";
    }
    out << "]}";
    std::cout << out.str() << '\n';
    return 0;
}

}  // namespace carc::cli
