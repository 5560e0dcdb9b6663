// Hot-seat hand-over: where a mode has hidden information (a hand of tiles, secret tokens), a screen
// between two different human players hides the board until the next player is at the device.
#include <algorithm>

#include "app.hpp"
#include "i18n.hpp"
#include "test_hook.hpp"

namespace web {

bool App::handOverNeeded() const {
    if (playingOnline()) return false;  // each device is one seat
    const carc::Game& g = match_->committed();
    if (g.over() || !match_->humanToMove() || match_->turnStarted() || handOverShownFor_ == g.turnNumber())
        return false;
    const auto& seats = match_->seats();
    if (std::count_if(seats.begin(), seats.end(), [](const Seat& s) { return s.human(); }) < 2) return false;
    // Hidden information: a hand of several tiles, or a mode whose tokens only their owner sees.
    const bool hidden = g.tileChoices().size() > 1 || g.setup().mode == "goldrush";
    if (!hidden) return false;
    // Only between two different people: the last human turn (bots' turns between do not count) was
    // another human's.
    const int previous = lastHumanToMove();
    return previous >= 0 && previous != g.activePlayer();
}

int App::lastHumanToMove() const {
    const auto played = match_->played();
    const auto& seats = match_->seats();
    for (auto it = played.rbegin(); it != played.rend(); ++it)
        if (seats[it->player].human()) return it->player;
    return -1;
}

int App::viewer() const {
    if (playingOnline()) return onlineSeat_;  // a spectator (-1) sees nobody's hidden pieces
    // The replay of a finished game: after the end everything is public, at every step.
    if (replay_ && replay_->returnTo && replay_->returnTo->committed().over()) return kEveryoneSees;
    const carc::Game& g = match_->committed();
    const auto& seats = match_->seats();
    if (!g.over() && seats[g.activePlayer()].human() && !handOverNeeded()) return g.activePlayer();
    const int last = lastHumanToMove();
    if (last >= 0) return last;
    for (size_t p = 0; p < seats.size(); ++p)
        if (seats[p].human()) return static_cast<int>(p);
    return -1;
}

void App::drawHandOver() {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, 0), display, IM_COL32(30, 28, 24, 255));
    const carc::Game& g = match_->committed();
    const int player = g.activePlayer();
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.45f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::Begin("##handover", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_AlwaysAutoResize);
    const float h = ImGui::GetFrameHeight() * 2;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    drawFollower(ImGui::GetWindowDrawList(), ImVec2(at.x + h * 0.5f, at.y + h * 0.5f), h, player, false);
    ImGui::Dummy(ImVec2(h, h));
    ImGui::SameLine();
    ImGui::SetWindowFontScale(1.4f);
    ImGui::TextUnformatted(tr("handover.pass_to", {{"name", match_->seats()[player].name}}).c_str());
    ImGui::SetWindowFontScale(1.0f);
    ImGui::TextDisabled("%s", tr("handover.hidden"));
    if (ImGui::Button(tr("handover.ready"), ImVec2(-1, ImGui::GetFrameHeight() * 1.5f)))
        handOverShownFor_ = g.turnNumber();
    hook::button("handoverReady");
    ImGui::End();
}

}  // namespace web
