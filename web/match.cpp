#include "match.hpp"

namespace web {

Match::Match(std::unique_ptr<carc::Game> game, std::vector<Seat> seats, std::uint64_t seed)
    : committed_(std::move(game)), seats_(std::move(seats)), seed_(seed) {
    bots_.resize(seats_.size());
    for (size_t i = 0; i < seats_.size(); ++i)
        if (!seats_[i].human()) bots_[i] = carc::makeBot(seats_[i].controller, seed_ * 31 + i);
    history_.push_back(committed_->scores());
}

bool Match::humanToMove() const {
    return !committed_->over() && seats_[committed_->activePlayer()].human();
}

bool Match::awaitingConfirm() const {
    return scratch_ && (scratch_->over() || scratch_->turnNumber() != committed_->turnNumber());
}

std::string Match::applyHuman(const carc::Action& action) {
    if (!humanToMove() || awaitingConfirm()) return "not your turn";
    if (!scratch_) scratch_ = committed_->clone();
    const int player = scratch_->activePlayer();
    std::string why = scratch_->apply(action);
    if (why.empty()) pending_.push_back({action, player});
    return why;
}

void Match::confirm() {
    if (!awaitingConfirm()) return;
    const int turnBefore = committed_->turnNumber();
    committed_ = std::move(scratch_);
    log_.insert(log_.end(), pending_.begin(), pending_.end());
    pending_.clear();
    afterCommit(turnBefore);
}

void Match::takeBack() {
    scratch_.reset();
    pending_.clear();
}

bool Match::botStep() {
    if (committed_->over() || humanToMove()) return false;
    const int player = committed_->activePlayer();
    auto& bot = bots_[player];
    if (!bot) bot = carc::makeBot(seats_[player].controller, seed_ * 31 + static_cast<std::uint64_t>(player));
    if (!thinking_) {
        bot->begin(*committed_);
        thinking_ = true;
    }
    if (!bot->think(kIterationsPerSlice)) return true;  // more thinking next frame: the page stays responsive
    thinking_ = false;
    const carc::Action action = bot->decision();
    const int turnBefore = committed_->turnNumber();
    if (!committed_->apply(action).empty()) return false;
    log_.push_back({action, player});
    afterCommit(turnBefore);
    return true;
}

void Match::handOverToBots() {
    takeBack();
    for (auto& seat : seats_)
        if (seat.human()) seat.controller = "greedy";
}

std::vector<Played> Match::played() const {
    std::vector<Played> all = log_;
    all.insert(all.end(), pending_.begin(), pending_.end());
    return all;
}

void Match::afterCommit(int turnBefore) {
    if (committed_->turnNumber() != turnBefore || committed_->over()) history_.push_back(committed_->scores());
}

}  // namespace web
