// Google Benchmark: random playouts (whole games) per mode, and legal-move listing.
#include <benchmark/benchmark.h>

#include "carc/english.hpp"
#include "carc/rng.hpp"
#include "scenario.hpp"

namespace {

void randomPlayouts(benchmark::State& state, const char* mode) {
    carc::Setup setup;
    setup.mode = mode;
    setup.players = 2;
    carc::Rng rng(42);
    std::vector<carc::Action> actions;
    carc::Problem error;
    for (auto _ : state) {
        setup.seed = rng.next();
        auto game = carc::test::catalog().newGame(setup, error);
        if (!game) {
            state.SkipWithError(carc::english::describe(error).c_str());
            return;
        }
        game->setEventLog(false);
        while (!game->over()) {
            game->legalActions(actions);
            game->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
        }
        benchmark::DoNotOptimize(game->scores());
    }
    state.counters["games/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(randomPlayouts, base, "base")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(randomPlayouts, tunnel, "base+tunnel")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(randomPlayouts, newworld, "newworld")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(randomPlayouts, discovery, "discovery")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(randomPlayouts, goldrush, "goldrush")->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
