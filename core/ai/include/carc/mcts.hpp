// The AI opponent: Monte-Carlo tree search with determinization (information-set MCTS for one
// observer). It sees the game only through Game's public interface: legal actions, apply, clone and
// scores. Hidden information (the order of the draw pile, unseen mining tokens, other players' hands)
// is never read: every iteration thinks on a copy whose hidden part Game::redeterminize() has
// replaced by a fresh sample of what is still unknown to the AI's player.
//
// The tree covers the AI player's own decisions until its turn passes (place the tile, or first a
// tunnel token and then the tile; then follower / tunnel / tent / mine / ... and pass). Each iteration picks a path by
// UCT, with every option's prior (the lead it leaves once the turn ends, as the greedy bot judges it) counted as a few
// virtual visits; then plays the game on at random (Game::randomLegalAction) for a number of turns
// and scores the outcome by the lead over the best opponent, squashed to [0, 1].
//
// Deterministic: the same position, seed and budget always give the same action, natively and in wasm
// alike (values go through core/ai/portable_math.hpp, not std::log / std::tanh, whose last bits differ
// between standard libraries; tests/wasm/crosscheck.py plays AI games in both builds).
//
// Thinking in slices (browser, UI thread): call start(game) once per decision, then step(n) from
// frame to frame until finished(), then bestAction(). choose() does all three at once. An iteration
// costs roughly 10-20 microseconds natively (base game, hard level), so step(200) keeps a frame
// within a few milliseconds even at wasm speed; hard runs 6000 iterations for the tile and 3000
// for each later decision of the turn.
//
// A time budget (MctsConfig::budgetMs) stops a decision early on a slow device. The core reads no
// clock of its own: the caller hands one to setClock() (the browser's AI worker the steady clock,
// tests a fake one). Without a clock the budget is ignored, so the CLI, the arena, the server and
// tests/wasm/crosscheck.py think by iterations alone and stay deterministic.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/bots.hpp"
#include "carc/evaluation.hpp"
#include "carc/game.hpp"
#include "carc/rng.hpp"

namespace carc::ai {

struct MctsConfig {
    // Iterations (one determinization + one playout each) for the first decision of a turn; later
    // decisions of the same turn (follower, token, the tile after a token, ...) get half.
    int iterations = 1000;
    // Turns played at random after the AI's turn before the lead is measured (with the final scoring
    // of everything on the board, as if the game ended then); negative plays to the end of the game.
    int playoutTurns = 4;
    // UCT exploration constant (values are in [0, 1]).
    double exploration = 0.5;
    // How many virtual visits an option's prior is worth; 0 skips computing priors.
    double priorVisits = 4.0;
    // Points of lead that make a value of about 0.88 (tanh(1)/2 + 1/2).
    double leadScale = 12.0;
    // Points a follower still in supply is worth when a playout stops before the end.
    double followerWorth = 0.25;
    // Tiles still to come below which that worth fades linearly to nothing (0: never fades): late in
    // the game a follower kept back can no longer earn much.
    double worthFadeTiles = 0;
    // Playout policy after the tile: pass this often (percent) when passing is allowed, else a
    // uniformly random action. Random players who place a follower at every chance empty their
    // supply within a few turns, which is not how the game goes.
    int playoutPassPercent = 0;
    // Milliseconds the first decision of a turn may think (later ones: a quarter), 0 for no limit. Only
    // counts with a clock (Mcts::setClock); whichever of the iterations and the time runs out first
    // ends the decision.
    double budgetMs = 0;
    // Values the end of a playout by the expected final scores (carc/evaluation.hpp) instead of the
    // scores if the game ended there: open features count with their chance of completion.
    bool evaluate = false;
    // Values the lead gained or lost against the lead at the decision (instead of the lead itself).
    bool centred = false;
    EvaluationConfig evaluation;
};

// What the search counts `player`'s followers in supply worth in a game still going on (followerWorth
// each, fading over the last worthFadeTiles tiles): points they can still earn.
double supplyWorth(const MctsConfig& config, const Game& state, int player);

// Milliseconds on some steady clock (only differences are used).
using Clock = std::function<double()>;

// The levels offered to players: "easy", "medium", "hard". For tuning, "mcts:N", "mcts:N:T" and
// "mcts:N:T:P" give N iterations, T playout turns ("end": to the end) and P percent passes in
// playouts; settings may follow as ":key=value" (c: exploration, prior: priorVisits, scale:
// leadScale, worth: followerWorth, fade: worthFadeTiles, centre=1: values centred on the lead at the
// decision, eval=1: values by expected scores, side / tps / fields: the evaluation's sideClosed /
// tilesPerSide / prospectWeight), e.g. "mcts:600:4:c=0.3:prior=8". "hard-2026-11" is the hard level
// of November 2026, kept under that name as the yardstick for the new hard (docs/ai.md). nullopt for
// any other name.
std::optional<MctsConfig> levelConfig(std::string_view level);
std::vector<std::string> levelNames();

class Mcts {
public:
    Mcts(MctsConfig config, std::uint64_t seed);

    // Lets MctsConfig::budgetMs count: the clock is read every kClockEvery iterations.
    void setClock(Clock clock) { clock_ = std::move(clock); }
    static constexpr int kClockEvery = 16;

    // Begins a decision for the active player of `game` (copied: the caller's game is not touched).
    // Only the game's own legal actions are options. A dealt game waiting for a reveal (another seat's
    // hidden hand to play) has none: the search does not think then, and bestAction() is a pass the
    // game refuses.
    void start(const Game& game);
    // Thinks `iterations` more (never past the budget); returns how many it ran.
    int step(int iterations);
    bool finished() const { return done_ >= budget_ || outOfTime_; }
    // The decision ended because its time was up before its iterations.
    bool stoppedByTime() const { return outOfTime_; }
    int iterationsDone() const { return done_; }
    int budget() const { return budget_; }
    // The most visited option at the root so far (ties: the higher mean value, then the first listed).
    Action bestAction() const;
    // start + step to the budget + bestAction.
    Action choose(const Game& game);

    // What the search thinks of the root's options (for tests and debugging).
    struct Option {
        Action action;
        int visits = 0;
        double mean = 0;  // mean value of the iterations through it, priors included
        double prior = 0;
    };
    std::vector<Option> rootOptions() const;
    // The lead values are measured from (0 unless the config centres them on the root's lead).
    double baseline() const { return baseline_; }

private:
    struct Node {
        Action action;
        int parent = -1;
        std::vector<int> children;
        bool expanded = false;
        int visits = 0;
        double total = 0;
        double prior = 0.5;
    };

    void iterate();
    void expand(int node, const Game& state, const std::vector<Action>& legal);
    int select(int node, const std::vector<Action>& legal) const;
    double priorOf(const Game& state, const Action& action) const;
    void playout(Game& state);
    // The search's value of a state in [0, 1]: its lead (minus the baseline) squashed by tanh.
    double value(const Game& state) const;
    // My score (expected or if ended now) minus the best other player's, plus my followers' worth.
    double lead(const Game& state) const;
    double mean(const Node& node) const;

    MctsConfig config_;
    std::uint64_t seed_;
    Rng rng_;
    std::unique_ptr<Game> root_;
    int me_ = 0;
    int turn_ = 0;
    int budget_ = 0;
    double baseline_ = 0;  // the root's lead when values are centred on it, else 0
    int done_ = 0;
    Clock clock_;
    double timeLimitMs_ = 0;  // this decision's share of budgetMs (0: none)
    double startedAtMs_ = 0;
    bool outOfTime_ = false;
    std::vector<Node> nodes_;
    std::vector<Action> scratch_;
    std::vector<Action> rootLegal_;  // the legal actions of the game the decision is about
};

// A Bot (carc/bots.hpp) that thinks a whole decision at once.
std::unique_ptr<Bot> makeMctsBot(const MctsConfig& config, std::uint64_t seed);

}  // namespace carc::ai
