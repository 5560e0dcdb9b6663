// One game in progress: the committed state, the active human's turn in the making (so a misclick
// can be taken back before it is confirmed), the bots, and what was played. No rules here: every
// action comes from Game::legalActions() or a bot and goes through Game::apply().
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "carc/bots.hpp"
#include "carc/game.hpp"

namespace web {

struct Seat {
    std::string name;
    std::string controller = "human";  // "human" or a bot name from carc::botNames()
    bool human() const { return controller == "human"; }
};

struct Played {
    carc::Action action;
    int player = 0;
};

class Match {
public:
    Match(std::unique_ptr<carc::Game> game, std::vector<Seat> seats, std::uint64_t seed);

    // What to show: the turn in the making while a human plays, else the committed game.
    const carc::Game& view() const { return scratch_ ? *scratch_ : *committed_; }
    const carc::Game& committed() const { return *committed_; }
    const std::vector<Seat>& seats() const { return seats_; }
    bool humanToMove() const;
    // The human's turn ended in the scratch state: confirm or take back.
    bool awaitingConfirm() const;
    bool turnStarted() const { return !pending_.empty(); }

    // Applies a human action to the turn in the making; returns the engine's reason when illegal.
    std::string applyHuman(const carc::Action& action);
    void confirm();
    void takeBack();
    // Lets the current bot think one slice and, once it has decided, play its action on the committed
    // game; false when it is not a bot's turn.
    bool botStep();
    // A bot is in the middle of a decision (it spreads its thinking over frames).
    bool botThinking() const { return thinking_; }
    void handOverToBots();

    // Every action so far, committed then pending, with who played it.
    std::vector<Played> played() const;
    // Scores after each completed turn (index 0: the start).
    const std::vector<std::vector<int>>& scoreHistory() const { return history_; }
    int actionsCommitted() const { return static_cast<int>(log_.size()); }

private:
    void afterCommit(int turnBefore);

    std::unique_ptr<carc::Game> committed_;
    std::unique_ptr<carc::Game> scratch_;
    std::vector<Seat> seats_;
    std::vector<std::unique_ptr<carc::Bot>> bots_;
    std::vector<Played> log_, pending_;
    std::vector<std::vector<int>> history_;
    std::uint64_t seed_;
    bool thinking_ = false;
    // Search iterations per frame: a few milliseconds of the AI's thinking.
    static constexpr int kIterationsPerSlice = 150;
};

}  // namespace web
