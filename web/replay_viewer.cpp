// The replay viewer (replay_viewer.hpp): opening it over the game on screen, the position after any
// number of the record's actions (the core replays them, as an undo does), playback, keys, the step
// shown outlined on the board, "Play from here" and Close. Its timeline bar is timeline_bar.cpp.
#include <algorithm>
#include <cmath>

#include "app.hpp"
#include "i18n.hpp"
#include "shell_bridge.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

constexpr double kStepSeconds[4] = {1.2, 0.6, 0.25, 0.08};
// Tiles drawn smaller than this (CSS pixels) cannot be told apart: the camera follows the steps instead.
constexpr float kSmallestFittedTile = 40.0f;

}  // namespace

double replayStepSeconds(int speed) {
    return kStepSeconds[std::clamp(speed, 0, 3)];
}

bool App::viewReplay() {
    if (!match_ || playingOnline() || replay_) return false;
    auto viewer = std::make_unique<ReplayViewer>();
    viewer->record = carc::Record{match_->committed().setup(), {}, {}};
    viewer->seats = match_->seats();
    const auto played = match_->played();
    for (int i = 0; i < match_->actionsCommitted(); ++i) {
        const Played& p = played[static_cast<size_t>(i)];
        viewer->record.actions.push_back(p.action);
        if (i == 0 || played[static_cast<size_t>(i) - 1].turn != p.turn) viewer->turnStarts.push_back(i);
    }
    viewer->turnStarts.push_back(viewer->total());
    // The chart's steps: replayed once here to learn at which action each completed turn stands.
    carc::Problem problem;
    auto game = catalog_.newGame(viewer->record.setup, problem);
    if (!game) return false;
    Match whole(std::move(game), viewer->seats, viewer->record.setup.seed);
    viewer->historyAt.push_back(0);
    for (int i = 0; i < viewer->total(); ++i) {
        if (whole.replay(viewer->record.actions[static_cast<size_t>(i)])) return false;
        if (whole.scoreHistory().size() > viewer->historyAt.size()) viewer->historyAt.push_back(i + 1);
    }
    viewer->history = whole.scoreHistory();
    match_->takeBack();  // a turn in the making is not part of the record
    viewer->returnTo = std::move(match_);
    replay_ = std::move(viewer);
    showReplayStep(0);
    return true;
}

// The whole game's board in view above the timeline bar: the camera stays there while stepping.
void App::fitReplayBoard() {
    ReplayViewer& r = *replay_;
    std::unique_ptr<Match> shown = std::move(match_);
    match_ = std::move(r.returnTo);  // the whole game's board is fitted
    const float bar = r.barHeight + 8;
    const ImRect aboveBar(boardOrigin_, ImVec2(boardOrigin_.x + boardSize_.x, boardOrigin_.y + boardSize_.y - bar));
    const float fitted = fitBoardInto(aboveBar, kSmallestFittedTile);
    r.returnTo = std::move(match_);
    match_ = std::move(shown);
    r.follow = fitted < kSmallestFittedTile;
    camera_.tile = camera_.tileTarget;
    camera_.centre = camera_.target;
    camera_.following = false;
    r.fitPending = false;
    if (r.follow) followReplayStep();
    fitPending_ = false;
    fittedAtEnd_ = true;  // the last step's finished game keeps this view too
}

void App::showReplayStep(int shown) {
    ReplayViewer& r = *replay_;
    shown = std::clamp(shown, 0, r.total());
    // Seats that only watch: no human moves and no bot plays in the position shown.
    std::vector<Seat> watching = r.seats;
    for (auto& seat : watching) seat.remote = true;
    if (match_ && shown == r.shown + 1 && match_->actionsCommitted() == r.shown) {
        if (!match_->replay(r.record.actions[static_cast<size_t>(r.shown)])) r.shown = shown;
        seenActions_ = r.shown;
        lastActionTime_ = ImGui::GetTime();
        if (r.follow) followReplayStep();
        return;
    }
    carc::Problem problem;
    auto game = catalog_.newGame(r.record.setup, problem);
    if (!game) return;
    auto match = std::make_unique<Match>(std::move(game), watching, r.record.setup.seed);
    for (int i = 0; i < shown; ++i)
        if (match->replay(r.record.actions[static_cast<size_t>(i)])) return;
    match_ = std::move(match);
    r.shown = shown;
    seenActions_ = shown;  // the camera stays on the whole board (no gliding after the step's tile)
    lastActionTime_ = ImGui::GetTime();
    if (r.follow) followReplayStep();
}

// The step's tile in the middle of the board area above the timeline bar.
void App::followReplayStep() {
    const auto played = match_->played();
    for (auto it = played.rbegin(); it != played.rend(); ++it) {
        if (it->action.type != carc::ActionType::Place) continue;
        const float bar = replay_->barHeight + 8;
        camera_.target = ImVec2(static_cast<float>(it->action.pos.x) + 0.5f,
                                static_cast<float>(it->action.pos.y) + 0.5f + bar * 0.5f / camera_.tile);
        camera_.following = true;
        return;
    }
}

void App::closeReplay() {
    if (!replay_) return;
    match_ = std::move(replay_->returnTo);
    replay_.reset();
    seenActions_ = match_ ? match_->actionsCommitted() : 0;
    if (!match_) screen_ = Screen::Setup;
}

void App::playFromHere(const std::vector<std::string>& controllers) {
    const ReplayViewer& r = *replay_;
    carc::Record cut{r.record.setup, {}, {}};
    cut.actions.assign(r.record.actions.begin(), r.record.actions.begin() + r.shown);
    std::vector<int> colours;
    for (const auto& seat : r.seats) colours.push_back(seat.colour);
    std::unique_ptr<ReplayViewer> viewer = std::move(replay_);
    viewer->newControllers.clear();
    const Camera camera = camera_;
    // The same core replays the cut record: a new game of this page, from exactly that position.
    if (carc::Problem problem = startRecord(cut, controllers, colours)) {
        replay_ = std::move(viewer);
        lastError_ = problem;
        return;
    }
    camera_ = camera;
    fitPending_ = false;
    handOverShownFor_ = match_->committed().turnNumber();  // the one who chose is at the device
}

void App::runReplay() {
    ReplayViewer& r = *replay_;
    handleReplayKeys();
    if (const int step = swipe_.take(boardSize_.x)) showReplayStep(r.shown + step);
    if (!r.playing) return;
    const double now = ImGui::GetTime();
    if (r.shown >= r.total()) {
        r.playing = false;
        return;
    }
    if (now < r.nextStepAt) return;
    showReplayStep(r.shown + 1);
    r.nextStepAt = now + replayStepSeconds(r.speed);
}

// A swipe counts when it starts on the replay's board, above its timeline bar, with no dialog open.
void App::finger(int change, float x, float y, double ms) {
    if (change <= 0) {
        if (change < 0)
            swipe_.up(x, y, ms);
        else
            swipe_.cancel();
        return;
    }
    const bool onBoard = x >= boardOrigin_.x && x < boardOrigin_.x + boardSize_.x && y >= boardOrigin_.y &&
                         y < boardOrigin_.y + boardSize_.y;
    const bool counts =
        screen_ == Screen::Play && replay_ && replay_->newControllers.empty() && onBoard && y < replay_->barTop;
    swipe_.down(x, y, ms, counts);
}

void App::handleReplayKeys() {
    const ImGuiIO& io = ImGui::GetIO();
    ReplayViewer& r = *replay_;
    if (io.WantCaptureKeyboard || io.WantTextInput || !r.newControllers.empty()) return;
    const auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); };
    if (pressed(ImGuiKey_LeftArrow)) showReplayStep(io.KeyShift ? r.previousTurn() : r.shown - 1);
    if (pressed(ImGuiKey_RightArrow)) showReplayStep(io.KeyShift ? r.nextTurn() : r.shown + 1);
    if (pressed(ImGuiKey_UpArrow)) showReplayStep(r.previousTurn());
    if (pressed(ImGuiKey_DownArrow)) showReplayStep(r.nextTurn());
    if (pressed(ImGuiKey_Home)) showReplayStep(0);
    if (pressed(ImGuiKey_End)) showReplayStep(r.total());
    if (pressed(ImGuiKey_Space)) {
        if (!r.playing && r.shown >= r.total()) showReplayStep(0);
        r.playing = !r.playing;
        r.nextStepAt = 0;
    }
}

// The tile of the step shown (the last placement up to it), outlined in white over the placer's colour.
void App::drawReplayHighlight() {
    const auto played = match_->played();
    for (auto it = played.rbegin(); it != played.rend(); ++it) {
        if (it->action.type != carc::ActionType::Place) continue;
        const carc::Pos pos = it->action.pos;
        const ImVec2 tl = toScreen(ImVec2(static_cast<float>(pos.x), static_cast<float>(pos.y)));
        const float ts = camera_.tile, width = std::max(3.0f, ts * 0.05f);
        ImDrawList* dl = ImGui::GetBackgroundDrawList();
        dl->PushClipRect(boardOrigin_, ImVec2(boardOrigin_.x + boardSize_.x, boardOrigin_.y + boardSize_.y), true);
        dl->AddRect(ImVec2(tl.x - width, tl.y - width), ImVec2(tl.x + ts + width, tl.y + ts + width),
                    IM_COL32(255, 255, 255, 230), 4, 0, width);
        dl->PopClipRect();
        if (hook::active())
            hook::value("replayHighlight", hook::Json{{"bx", pos.x},
                                                      {"by", pos.y},
                                                      {"x", std::round(tl.x + ts * 0.5f)},
                                                      {"y", std::round(tl.y + ts * 0.5f)}});
        return;
    }
}

void App::publishReplayState() {
    if (!replay_) {
        hook::value("replay", nullptr);
        hook::value("playFromHere", nullptr);
        return;
    }
    const ReplayViewer& r = *replay_;
    hook::value("playFromHere", r.newControllers.empty() ? hook::Json(nullptr) : hook::Json(r.newControllers));
    hook::value("replay", hook::Json{{"shown", r.shown},
                                     {"total", r.total()},
                                     {"playing", r.playing},
                                     {"speed", r.speed},
                                     {"chartStep", r.historyIndex()},
                                     {"chartSteps", r.history.size()}});
}

}  // namespace web
