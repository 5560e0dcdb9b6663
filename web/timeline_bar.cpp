// The replay viewer's timeline bar at the foot of the board, in place of the action bar: where the
// replay stands, the score chart (a click jumps to that turn), step buttons, the slider, playback
// speed, "Play from here" and Close.
#include <algorithm>
#include <string>

#include "app.hpp"
#include "i18n.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

const char* replaySpeedName(int speed) {
    switch (speed) {
        case 0:
            return tr("replay.speed_slow");
        case 1:
            return tr("replay.speed_normal");
        case 2:
            return tr("replay.speed_fast");
        default:
            return tr("replay.speed_fastest");
    }
}

// A step button with its name on hover (not on a phone, where a touch leaves the pointer on the button
// and the tip would stay over the bar); true when pressed.
bool stepButton(const char* label, const char* id, const char* tip, const char* hookName, bool narrow) {
    const std::string text = std::string(label) + "##" + id;
    const bool pressed = ImGui::Button(text.c_str());
    if (!narrow && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    hook::button(hookName);
    return pressed;
}

}  // namespace

void App::drawTimelineBar(ImVec2 origin, ImVec2 size) {
    ReplayViewer& r = *replay_;
    const bool narrow = size.x < 500;
    beginBottomBar("##timeline", origin, size);
    if (r.fitPending && r.barHeight > 0) fitReplayBoard();
    const carc::Game& g = match_->view();
    ImGui::TextUnformatted(
        tr("replay.position", {{"shown", r.shown}, {"total", r.total()}, {"turn", g.turnNumber()}}).c_str());

    const int picked =
        drawScoreChart(ImVec2(ImGui::GetContentRegionAvail().x, narrow ? 36.0f : 72.0f), r.history, r.historyIndex());
    if (picked >= 0 && picked < static_cast<int>(r.historyAt.size()) &&
        r.historyAt[static_cast<size_t>(picked)] != r.shown)
        showReplayStep(r.historyAt[static_cast<size_t>(picked)]);

    if (stepButton(tr("replay.label_start"), "start", tr("replay.start"), "replayStart", narrow)) showReplayStep(0);
    ImGui::SameLine();
    if (stepButton(tr("replay.label_prev_turn"), "prevTurn", tr("replay.prev_turn"), "replayPrevTurn", narrow))
        showReplayStep(r.previousTurn());
    ImGui::SameLine();
    if (stepButton(tr("replay.label_prev_action"), "prev", tr("replay.prev_action"), "replayPrev", narrow))
        showReplayStep(r.shown - 1);
    ImGui::SameLine();
    const char* playText = r.playing ? tr("replay.pause") : tr("replay.play");
    if (stepButton(playText, "play", playText, "replayPlay", narrow)) {
        if (!r.playing && r.shown >= r.total()) showReplayStep(0);
        r.playing = !r.playing;
        r.nextStepAt = 0;
    }
    ImGui::SameLine();
    if (stepButton(tr("replay.label_next_action"), "next", tr("replay.next_action"), "replayNext", narrow))
        showReplayStep(r.shown + 1);
    ImGui::SameLine();
    if (stepButton(tr("replay.label_next_turn"), "nextTurn", tr("replay.next_turn"), "replayNextTurn", narrow))
        showReplayStep(r.nextTurn());
    ImGui::SameLine();
    if (stepButton(tr("replay.label_end"), "end", tr("replay.end"), "replayEnd", narrow)) showReplayStep(r.total());

    int shown = r.shown;
    ImGui::SetNextItemWidth(narrow ? -1.0f : ImGui::GetContentRegionAvail().x * 0.62f);
    if (ImGui::SliderInt("##replaySlider", &shown, 0, r.total(), "%d", ImGuiSliderFlags_NoInput)) showReplayStep(shown);
    hook::button("replaySlider");
    if (!narrow) ImGui::SameLine();
    ImGui::SetNextItemWidth(narrow ? 130.0f : -1.0f);
    const std::string speedText = tr("replay.speed", {{"speed", replaySpeedName(r.speed)}});
    ImGui::SliderInt("##replaySpeed", &r.speed, 0, 3, speedText.c_str(), ImGuiSliderFlags_NoInput);
    hook::button("replaySpeed");

    if (narrow) sameLineIfRoom(tr("replay.play_from_here"));
    if (ImGui::Button(tr("replay.play_from_here"))) openPlayFromHere();
    hook::button("replayPlayFromHere");
    sameLineIfRoom(tr("replay.close"));
    if (ImGui::Button(tr("replay.close"))) {
        closeReplay();
        ImGui::End();
        return;
    }
    hook::button("replayClose");
    hook::overflow("timeline");
    r.barHeight = ImGui::GetWindowHeight();
    r.barTop = ImGui::GetWindowPos().y;
    ImGui::End();
}

}  // namespace web
