#include "carc/turn_advisor.hpp"

#include <algorithm>

#include "portable_math.hpp"

namespace carc::ai {

TurnAdvisor::TurnAdvisor(MctsConfig config, std::uint64_t seed) : config_(config), search_(config, seed) {}

void TurnAdvisor::start(const Game& game) {
    state_ = game.clone();
    state_->setEventLog(false);
    player_ = game.activePlayer();
    turn_ = game.turnNumber();
    actions_.clear();
    lead_ = 0;
    iterations_ = 0;
    stoppedByTime_ = false;
    // Nothing to advise on while the tile to play is unknown to this game (another seat's hand).
    finished_ = game.over() || game.waitingForReveal();
    if (!finished_) search_.start(*state_);
}

bool TurnAdvisor::step(int iterations) {
    if (finished_) return true;
    iterations_ += search_.step(iterations);
    if (search_.finished()) decideNext();
    return finished_;
}

void TurnAdvisor::decideNext() {
    stoppedByTime_ = stoppedByTime_ || search_.stoppedByTime();
    const Action chosen = search_.bestAction();
    if (actions_.empty()) {
        for (const auto& option : search_.rootOptions())
            if (option.action == chosen) {
                // Values are 1/2 + tanh(lead / leadScale) / 2 (Mcts::value): back to points (atanh),
                // kept finite, the same in every build.
                const double v = std::clamp(option.mean, 0.005, 0.995);
                lead_ = search_.baseline() + config_.leadScale * 0.5 * portable::log(v / (1 - v));
            }
    }
    actions_.push_back(chosen);
    if (state_->apply(chosen)) {  // cannot happen: the search only offers legal actions
        finished_ = true;
        return;
    }
    finished_ = state_->over() || state_->turnNumber() != turn_ || state_->activePlayer() != player_ ||
                state_->waitingForReveal();
    // Points on the board, not followers kept back: those the search counts at a guess (supplyWorth).
    if (finished_)
        lead_ -= supplyWorth(config_, *state_, player_);
    else
        search_.start(*state_);
}

std::unique_ptr<TurnAdvisor> makeTurnAdvisor(std::string_view level, std::uint64_t seed) {
    const auto config = levelConfig(level);
    if (!config) return nullptr;
    return std::make_unique<TurnAdvisor>(*config, seed);
}

}  // namespace carc::ai
