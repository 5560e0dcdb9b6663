// The end screen, in the side panel's place: winner, ranks, final breakdown per score category and
// player, score-over-time chart.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app.hpp"
#include "i18n.hpp"
#include "imgui_internal.h"
#include "test_hook.hpp"

namespace web {
namespace {

// The rows a line of buttons with these labels takes in `width`, packed as sameLineIfRoom packs them.
int buttonRows(const std::vector<const char*>& labels, float width) {
    const ImGuiStyle& style = ImGui::GetStyle();
    int rows = 1;
    float x = 0;
    for (const char* label : labels) {
        const float w = ImGui::CalcTextSize(label).x + style.FramePadding.x * 2;
        if (x > 0 && x + style.ItemSpacing.x + w > width) ++rows, x = 0;
        x += (x > 0 ? style.ItemSpacing.x : 0) + w;
    }
    return rows;
}

}  // namespace

// In the side panel's place (origin, size: its rectangle): the board stays in view, the action bar
// uncovered. The results scroll above the buttons, which stay on screen.
void App::drawEndScreen(ImVec2 origin, ImVec2 size) {
    const carc::Game& g = match_->view();
    ImGui::SetNextWindowPos(origin, ImGuiCond_Always);
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(1.0f);  // the panel under it does not show through
    ImGui::Begin("##end", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());  // over the panel it stands in for
    const ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
    const float width = ImGui::GetContentRegionAvail().x;
    const std::vector<const char*> labels{tr("play.new_game"), tr("end.board"), tr("replay.open")};
    const int rows =
        buttonRows(playingOnline() ? std::vector<const char*>(labels.begin(), labels.end() - 1) : labels, width);
    const float buttonsHeight =
        ImGui::GetFrameHeightWithSpacing() * static_cast<float>(rows) + ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("##endBody", ImVec2(0, -buttonsHeight));
    ImGui::SetWindowFontScale(1.5f);
    ImGui::TextUnformatted(tr("end.title"));
    ImGui::SetWindowFontScale(1.0f);

    const auto& scores = g.scores();
    const int best = *std::max_element(scores.begin(), scores.end());
    std::string winners;
    int winnerCount = 0;
    for (int p = 0; p < g.playerCount(); ++p)
        if (scores[p] == best) winners += (winners.empty() ? "" : ", ") + match_->seats()[p].name, ++winnerCount;
    if (winnerCount == 1)
        ImGui::TextUnformatted(tr("end.wins", {{"name", winners}}).c_str());
    else
        ImGui::TextUnformatted(tr("end.tie", {{"names", winners}}).c_str());
    hook::value("winners", winners);
    // Online, the page kept the finished game in its saves: said here, where no box covers the panel.
    if (playingOnline() && !onlineSavedAs_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", tr("end.saved_as", {{"name", onlineSavedAs_}}).c_str());
        ImGui::PopTextWrapPos();
    }
    drawPlayAgain();
    // Ranks as players count them: equal scores share a place (1st, 1st, 3rd).
    std::vector<int> ranks;
    for (int p = 0; p < g.playerCount(); ++p)
        ranks.push_back(1 + static_cast<int>(std::count_if(scores.begin(), scores.end(),
                                                           [&](int other) { return other > scores[p]; })));
    hook::value("ranks", ranks);

    const auto& categories = g.scoreCategories();
    if (ImGui::BeginTable("##breakdown", g.playerCount() + 1, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn(tr("end.category"));
        for (int p = 0; p < g.playerCount(); ++p) ImGui::TableSetupColumn(match_->seats()[p].name.c_str());
        // Names that do not fit (a phone, five players) give way to each player's mark, as in the chart's
        // legend below, which names them.
        float namesWidth = ImGui::CalcTextSize(tr("end.category")).x;
        for (int p = 0; p < g.playerCount(); ++p) namesWidth += ImGui::CalcTextSize(match_->seats()[p].name.c_str()).x;
        const bool marksOnly =
            namesWidth + static_cast<float>(g.playerCount() + 1) * ImGui::GetStyle().CellPadding.x * 4 > width;
        hook::value("endScreenMarksOnly", marksOnly);
        if (!marksOnly) {
            ImGui::TableHeadersRow();
        } else {
            ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
            ImGui::TableNextColumn();
            ImGui::TableHeader(tr("end.category"));
            const float h = ImGui::GetTextLineHeight();
            for (int p = 0; p < g.playerCount(); ++p) {
                ImGui::TableNextColumn();
                const ImVec2 m = ImGui::GetCursorScreenPos();
                drawPlayerMark(ImGui::GetWindowDrawList(), ImVec2(m.x + h * 0.5f, m.y + h * 0.5f), h * 0.45f, p,
                               playerColour(p));
                ImGui::Dummy(ImVec2(h, h));
            }
        }
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(tr("end.rank"));
        for (int p = 0; p < g.playerCount(); ++p) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(tr("end.rank_" + std::to_string(std::min(ranks[p], kMaxSeats))));
        }
        for (size_t c = 0; c < categories.size(); ++c) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(tr("category." + categories[c]));
            for (int p = 0; p < g.playerCount(); ++p) {
                ImGui::TableNextColumn();
                ImGui::Text("%d", g.scoreBreakdown(p)[c]);
            }
        }
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(tr("end.total"));
        for (int p = 0; p < g.playerCount(); ++p) {
            ImGui::TableNextColumn();
            ImGui::Text("%d", scores[p]);
        }
        ImGui::EndTable();
    }
    drawLookBackSummary();
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("end.chart"));
    drawScoreChart(ImVec2(ImGui::GetContentRegionAvail().x, std::clamp(size.y * 0.25f, 90.0f, 150.0f)),
                   match_->scoreHistory());
    const float scrollMax = ImGui::GetScrollMaxY();
    hook::overflow("resultsBody");
    ImGui::EndChild();
    if (hook::active())
        hook::value("endScreen", hook::Json{{"x", at.x},
                                            {"y", at.y},
                                            {"w", extent.x},
                                            {"h", extent.y},
                                            {"scrollMax", scrollMax},
                                            {"areaTop", origin.y},
                                            {"areaBottom", origin.y + size.y}});
    ImGui::Separator();
    if (ImGui::Button(tr("play.new_game"))) {
        backToSetup();
        ImGui::End();
        return;
    }
    hook::button("newGameEnd");
    sameLineIfRoom(tr("end.board"));
    if (ImGui::Button(tr("end.board"))) showResults_ = false;
    hook::button("viewBoard");
    if (!playingOnline()) {
        sameLineIfRoom(tr("replay.open"));
        if (ImGui::Button(tr("replay.open"))) viewReplay();
        hook::button("replay");
    }
    hook::overflow("results");
    ImGui::End();
}

int App::drawScoreChart(ImVec2 size, const std::vector<std::vector<int>>& history, int marked) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), IM_COL32(30, 34, 30, 255), 4);
    int top = 1;
    for (const auto& row : history)
        for (int v : row) top = std::max(top, v);
    const size_t steps = std::max<size_t>(history.size(), 2) - 1;
    const int players = history.empty() ? 0 : static_cast<int>(history.front().size());
    for (int p = 0; p < players; ++p) {
        std::vector<ImVec2> line;
        for (size_t i = 0; i < history.size(); ++i)
            line.push_back(ImVec2(
                at.x + 6 + (size.x - 12) * static_cast<float>(i) / static_cast<float>(steps),
                at.y + size.y - 6 - (size.y - 12) * static_cast<float>(history[i][p]) / static_cast<float>(top)));
        dl->AddPolyline(line.data(), static_cast<int>(line.size()), playerColour(p), 0, 2.0f);
        if (!line.empty()) drawPlayerMark(dl, line.back(), 4.0f, p, playerColour(p));
    }
    const auto stepX = [&](float i) { return at.x + 6 + (size.x - 12) * i / static_cast<float>(steps); };
    if (marked >= 0)
        dl->AddLine(ImVec2(stepX(static_cast<float>(marked)), at.y + 2),
                    ImVec2(stepX(static_cast<float>(marked)), at.y + size.y - 2), IM_COL32(255, 255, 255, 200), 2.0f);
    const std::string topText = std::to_string(top);
    dl->AddText(ImVec2(at.x + 4, at.y + 2), IM_COL32(200, 200, 190, 255), topText.c_str());
    ImGui::InvisibleButton("##chart", size);
    int picked = -1;
    if (ImGui::IsItemActive() && !history.empty()) {
        const float x = (ImGui::GetIO().MousePos.x - at.x - 6) / std::max(1.0f, size.x - 12);
        picked = std::clamp(static_cast<int>(std::lround(x * static_cast<float>(steps))), 0,
                            static_cast<int>(history.size()) - 1);
    }
    hook::button("scoreChart");
    // Legend: each line's colour and mark with the player's name.
    const float h = ImGui::GetTextLineHeight();
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (int p = 0; p < players; ++p) {
        const std::string& name = match_->seats()[p].name;
        if (p > 0) {
            ImGui::SameLine(0, h);
            // An entry that would run past the window's edge starts a new line instead.
            const float entry = h + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(name.c_str()).x;
            if (ImGui::GetCursorScreenPos().x + entry > right) ImGui::NewLine();
        }
        const ImVec2 m = ImGui::GetCursorScreenPos();
        drawPlayerMark(ImGui::GetWindowDrawList(), ImVec2(m.x + h * 0.5f, m.y + h * 0.5f), h * 0.4f, p,
                       playerColour(p));
        ImGui::Dummy(ImVec2(h, h));
        ImGui::SameLine();
        ImGui::TextUnformatted(name.c_str());
    }
    return picked;
}

}  // namespace web
