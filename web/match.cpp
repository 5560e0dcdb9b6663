#include "match.hpp"

#include <algorithm>
#include <chrono>

#include "ai_client.hpp"
#include "carc/mcts.hpp"
#include "i18n.hpp"

namespace web {

bool offeredBot(const std::string& bot) {
    const auto levels = carc::ai::levelNames();
    return std::find(levels.begin(), levels.end(), bot) != levels.end();
}

double nowMs() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

Match::Match(std::unique_ptr<carc::Game> game, std::vector<Seat> seats, std::uint64_t seed)
    : committed_(std::move(game)), seats_(std::move(seats)), seed_(seed) {
    // Seats that share a colour (e.g. started from a record, which knows no colours) get the first
    // colour nobody plays: colour and shape must tell every seat apart.
    for (size_t i = 0; i < seats_.size(); ++i) {
        auto taken = [&](int colour) {
            for (size_t j = 0; j < i; ++j)
                if (seats_[j].colour == colour) return true;
            return false;
        };
        for (int c = 0; taken(seats_[i].colour) && c < kSeatColours; ++c) seats_[i].colour = c;
    }
    bots_.resize(seats_.size());
    for (size_t i = 0; i < seats_.size(); ++i)
        if (!seats_[i].human() && !seats_[i].remote)
            bots_[i] = carc::makeBot(seats_[i].controller, botSeed(static_cast<int>(i)));
    history_.push_back(committed_->scores());
}

Match::~Match() {
    ai_client::forget(question_);
}

bool Match::humanToMove() const {
    const Seat& seat = seats_[committed_->activePlayer()];
    return !committed_->over() && seat.human() && !seat.remote;
}

bool Match::awaitingConfirm() const {
    return scratch_ && (scratch_->over() || scratch_->turnNumber() != committed_->turnNumber());
}

carc::Problem Match::applyHuman(const carc::Action& action) {
    if (!humanToMove() || awaitingConfirm()) return carc::Problem(carc::ProblemCode::NotNow);
    if (!scratch_) scratch_ = committed_->clone();
    const int player = scratch_->activePlayer();
    const int turn = scratch_->turnNumber();
    carc::Problem why = scratch_->apply(action);
    if (why.ok()) pending_.push_back({action, player, turn});
    return why;
}

void Match::confirm() {
    if (!awaitingConfirm() || submitted_) return;
    if (submit_) {
        submitted_ = true;
        submit_(pendingActions());
        return;
    }
    const int turnBefore = committed_->turnNumber();
    committed_ = std::move(scratch_);
    log_.insert(log_.end(), pending_.begin(), pending_.end());
    pending_.clear();
    afterCommit(turnBefore);
}

void Match::takeBack() {
    if (submitted_) return;  // on its way to the server: only its answer ends it
    scratch_.reset();
    pending_.clear();
}

void Match::dropTurn() {
    submitted_ = false;
    takeBack();
}

std::vector<carc::Action> Match::pendingActions() const {
    std::vector<carc::Action> actions;
    for (const auto& p : pending_) actions.push_back(p.action);
    return actions;
}

carc::Problem Match::reveal(const carc::Reveal& reveal) {
    carc::Problem why = committed_->reveal(reveal);
    if (!why && scratch_) scratch_->reveal(reveal);
    return why;
}

bool Match::botStep(double sliceMs) {
    if (committed_->over() || humanToMove()) return false;
    const int player = committed_->activePlayer();
    if (seats_[player].remote) return false;  // its moves come from the server
    if (workerStep(player)) return true;
    auto& bot = bots_[player];
    if (!bot) bot = carc::makeBot(seats_[player].controller, botSeed(player));
    if (!thinking_) {
        thinkingSince_ = nowMs();
        thinkingMs_ = 0;
        slices_ = 0;
        bot->begin(*committed_);
        thinking_ = true;
    }
    ++slices_;
    // Think until the slice's time is up; how the thinking is sliced never changes the decision.
    const double sliceStart = nowMs();
    bool decided = false;
    do decided = bot->think(kIterationsPerStep);
    while (!decided && nowMs() - sliceStart < sliceMs);
    thinkingMs_ += nowMs() - sliceStart;
    if (!decided) return true;  // more thinking next frame: the page stays responsive
    thinking_ = false;
    return playBotAction(
        player, bot->decision(),
        {player, committed_->turnNumber(), nowMs() - thinkingSince_, thinkingMs_, slices_, false, 0, 0, {}});
}

std::optional<ai_client::Question> Match::workerQuestion(const std::string& kind, const std::string& level,
                                                         int player) const {
    const std::optional<carc::ai::MctsConfig> config = carc::ai::levelConfig(level);
    if (!config) return std::nullopt;
    return ai_client::Question{kind,
                               carc::formatRecord(committedRecord(), committed_->tileSet()),
                               level,
                               carc::seedToText(botSeed(player)),
                               config->budgetMs,
                               config->iterations};
}

bool Match::workerStep(int player) {
    // Only the AI levels think long; random and greedy decide at once, here.
    const std::string& name = seats_[player].controller;
    if (workerFailed_ || !carc::ai::levelConfig(name)) return false;
    if (!question_) {
        if (thinking_ || !ai_client::available()) return false;  // (a decision begun here ends here)
        question_ = ai_client::ask(*workerQuestion("move", name, player));
        if (!question_) return false;
        askedAt_ = log_.size();
        thinkingSince_ = nowMs();
        thinkingMs_ = 0;
        slices_ = 0;
        thinking_ = true;
        return true;
    }
    ++slices_;
    const std::optional<ai_client::Answer> answer = ai_client::take(question_);
    if (!answer) return true;  // still thinking: the page draws on
    question_ = 0;
    thinking_ = false;
    carc::Problem why;
    const std::optional<carc::Action> action =
        answer->error.empty() ? carc::parseAction(answer->actions.front(), committed_->tileSet(), why) : std::nullopt;
    if (log_.size() != askedAt_) return true;  // the game moved on meanwhile: ask again
    if (!action) {
        workerFailed_ = true;  // think here from now on
        return false;
    }
    const BotDecision decision{player,
                               committed_->turnNumber(),
                               nowMs() - thinkingSince_,
                               0,
                               slices_,
                               true,
                               answer->iterations,
                               answer->elapsedMs,
                               answer->stoppedBy};
    if (!playBotAction(player, *action, decision)) workerFailed_ = true;
    return true;
}

bool Match::playBotAction(int player, const carc::Action& action, BotDecision decision) {
    const int turnBefore = committed_->turnNumber();
    if (committed_->apply(action)) return false;  // the core refuses what is not legal
    decisions_.push_back(std::move(decision));
    log_.push_back({action, player, turnBefore});
    afterCommit(turnBefore);
    return true;
}

carc::Problem Match::replay(const carc::Action& action) {
    const int player = committed_->activePlayer();
    const int turnBefore = committed_->turnNumber();
    if (carc::Problem why = committed_->apply(action)) return why;
    log_.push_back({action, player, turnBefore});
    afterCommit(turnBefore);
    return {};
}

void Match::handOverToBots() {
    takeBack();
    for (auto& seat : seats_)
        if (seat.human()) seat.controller = kDefaultBot;
}

carc::Record Match::committedRecord() const {
    carc::Record record{committed_->setup(), {}, {}};
    for (const auto& played : log_) record.actions.push_back(played.action);
    return record;
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
