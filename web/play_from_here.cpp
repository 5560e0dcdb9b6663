// The replay's "Play from here" dialog: who plays each seat of the new game (human or a bot, the setup
// screen's choice), at first as the seat was played; quick choices for all hot-seat and "me against
// the bots" (the seat to move human, the others the default bot); Start or Cancel.
#include <algorithm>
#include <string>

#include "app.hpp"
#include "i18n.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

constexpr const char* kDialog = "##playFromHere";

}  // namespace

void App::openPlayFromHere() {
    ReplayViewer& r = *replay_;
    r.playing = false;
    r.newControllers.clear();
    for (const auto& seat : r.seats) r.newControllers.push_back(seat.controller);
}

void App::drawPlayFromHere() {
    ReplayViewer& r = *replay_;
    if (r.newControllers.empty()) return;
    if (!ImGui::IsPopupOpen(kDialog)) ImGui::OpenPopup(kDialog);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x - 16, display.y - 16));
    if (!ImGui::BeginPopupModal(
            kDialog, nullptr,
            ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_AlwaysAutoResize))
        return;
    ImGui::SetWindowFontScale(1.3f);
    ImGui::TextUnformatted(tr("replay.play_from_here"));
    ImGui::SetWindowFontScale(1.0f);
    ImGui::TextUnformatted(tr("replay.who_plays"));
    ImGui::Separator();

    const float row = ImGui::GetFrameHeight();
    const float nameWidth = std::min(170.0f, display.x * 0.36f);
    for (size_t i = 0; i < r.seats.size(); ++i) {
        const int seat = static_cast<int>(i);
        ImGui::PushID(seat);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        drawFollower(ImGui::GetWindowDrawList(), ImVec2(at.x + row * 0.5f, at.y + row * 0.5f), row * 0.9f, seat, false);
        ImGui::Dummy(ImVec2(row, row));
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(r.seats[i].name.c_str());
        ImGui::SameLine(row + nameWidth);
        controllerChoice(r.newControllers[i], "playFromSeat" + std::to_string(seat));
        ImGui::PopID();
    }

    ImGui::Spacing();
    if (ImGui::Button(tr("replay.all_hot_seat"))) std::fill(r.newControllers.begin(), r.newControllers.end(), "human");
    hook::button("playFromAllHuman");
    sameLineIfRoom(tr("replay.me_against_bots"));
    if (ImGui::Button(tr("replay.me_against_bots"))) {
        const int toMove = match_->committed().activePlayer();
        for (size_t i = 0; i < r.newControllers.size(); ++i)
            r.newControllers[i] = static_cast<int>(i) == toMove ? "human" : kDefaultBot;
    }
    hook::button("playFromVsBots");
    ImGui::Separator();

    bool start = ImGui::Button(tr("replay.start_game"));
    hook::button("playFromStart");
    sameLineIfRoom(tr("replay.cancel"));
    if (ImGui::Button(tr("replay.cancel"))) {
        r.newControllers.clear();
        ImGui::CloseCurrentPopup();
    }
    hook::button("playFromCancel");
    hook::overflow("playFromHere");
    if (start) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    if (start) playFromHere(std::vector<std::string>(r.newControllers));
}

}  // namespace web
