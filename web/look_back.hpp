// Looking back and learning, in games played on this page (never online): a human takes back their
// own last turn (the bots' turns after it go too) while no other human has played since, and asks the
// hard AI for a hint. The page counts both per seat for the end screen.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ai_client.hpp"
#include "carc/action.hpp"
#include "carc/turn_advisor.hpp"

namespace web {

// Where an undo cuts the record: the actions kept, and whose turn goes.
struct UndoCut {
    int keep = 0;
    int seat = -1;
};

struct LookBack {
    std::vector<int> undos, hints;  // per seat
    bool hintsAllowed = true;       // the setup screen's choice for this game
    // The hint of the turn being played: thinking (in the AI worker: question set; on the page:
    // advisor set) or found (actions).
    int question = 0;
    std::unique_ptr<carc::ai::TurnAdvisor> advisor;
    ai_client::Answer workerAnswer;  // how the worker found it (iterations, time), for the test hook
    int hintTurn = -1;               // the committed turn number the hint is for (-1: none)
    int hintPlayer = -1;
    std::vector<carc::Action> hint;
    double hintLead = 0;

    void reset(int seats, bool allowHints) {
        undos.assign(static_cast<size_t>(seats), 0);
        hints.assign(static_cast<size_t>(seats), 0);
        hintsAllowed = allowHints;
        dropHint();
    }
    bool thinking() const { return question != 0 || advisor != nullptr; }
    void dropHint() {
        ai_client::forget(question);
        question = 0;
        workerAnswer = {};
        advisor.reset();
        hintTurn = hintPlayer = -1;
        hint.clear();
        hintLead = 0;
    }
};

}  // namespace web
