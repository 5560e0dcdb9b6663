// Built-in reference bots. They see the game only through its public interface and legal actions.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "carc/game.hpp"
#include "carc/rng.hpp"

namespace carc {

class Bot {
public:
    virtual ~Bot() = default;
    virtual Action choose(const Game& game) = 0;

    // Thinking in slices, so a UI can keep drawing frames: begin() once per decision, think() until it
    // returns true, then decision(). The result equals choose(). Bots that decide at once do it all
    // in begin().
    virtual void begin(const Game& game) { decided_ = choose(game); }
    virtual bool think(int /*iterations*/) { return true; }
    virtual Action decision() const { return decided_; }

private:
    Action decided_;
};

// "random": uniform over the legal actions. "greedy": the action whose turn ends with the best lead
// (own points minus the best opponent's, counting what final scoring would give right now).
// "easy", "medium", "hard": the MCTS AI (carc/mcts.hpp) by thinking budget.
std::unique_ptr<Bot> makeBot(std::string_view name, std::uint64_t seed);
std::vector<std::string> botNames();

// The seed of the bot that plays `seat` in the browser game (and of the hint it gives a human in that
// seat): one function, so the browser and `carc hint` think alike.
std::uint64_t seatBotSeed(std::uint64_t gameSeed, int seat);

// Scores as if the game ended now: current scores plus final scoring of everything on the board.
std::vector<int> provisionalScores(const Game& game);

}  // namespace carc
