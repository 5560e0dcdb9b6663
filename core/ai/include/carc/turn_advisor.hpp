// A whole turn as the AI would play it for the player to move: the tile, then follower / token / tent
// / ... until the turn passes, each decision exactly the one an AI bot with the same seed would take
// in that seat (the browser game's hint; `carc hint`). Thinks in slices like Mcts.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "carc/game.hpp"
#include "carc/mcts.hpp"

namespace carc::ai {

class TurnAdvisor {
public:
    TurnAdvisor(MctsConfig config, std::uint64_t seed);

    // Lets the level's time budget count for each decision (Mcts::setClock).
    void setClock(Clock clock) { search_.setClock(std::move(clock)); }

    // Begins advising the active player of `game` (copied). Over, or waiting for a reveal (a dealt game
    // that does not know the tile to play): finished at once, with no actions.
    void start(const Game& game);
    // Thinks `iterations` more; true once the whole turn is decided.
    bool step(int iterations);
    bool finished() const { return finished_; }
    // The turn's actions in order (complete once finished()).
    const std::vector<Action>& actions() const { return actions_; }
    // The AI's estimate of its first decision: the lead over the best opponent, in points, that it
    // expects a few turns on (its search value turned back into points), without what it counts its
    // followers still in supply after the turn worth (complete once finished()).
    double estimatedLead() const { return lead_; }
    // Search iterations over the turn's decisions so far, and whether a time budget cut one short.
    int iterations() const { return iterations_; }
    bool stoppedByTime() const { return stoppedByTime_; }

private:
    void decideNext();

    MctsConfig config_;
    Mcts search_;
    std::unique_ptr<Game> state_;
    int player_ = 0;
    int turn_ = 0;
    bool finished_ = true;
    double lead_ = 0;
    int iterations_ = 0;
    bool stoppedByTime_ = false;
    std::vector<Action> actions_;
};

// The advisor of a level ("easy", "medium", "hard"); null for another name.
std::unique_ptr<TurnAdvisor> makeTurnAdvisor(std::string_view level, std::uint64_t seed);

}  // namespace carc::ai
