// Drawn over the board: New World's surveyor columns, what a remove or score spot would score (asked
// of the engine on a copy of the game), what the turn in the making scored while it waits for the
// confirmation, and New World's scoring-order dialog.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app.hpp"
#include "i18n.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

// Points per player from the events, leaving out final scoring (a turn that ends the game triggers it
// on the copy; a preview is about this action).
std::vector<int> pointsDuringPlay(const std::vector<carc::Event>& events, int players) {
    std::vector<int> points(players, 0);
    for (const auto& e : events)
        if (!e.final && e.player >= 0 && e.player < players) points[e.player] += e.points;
    return points;
}

// "Alice +6 Meadows (4 tiles), Bob +4 Surveyor (...)".
std::string describeScoring(const std::vector<carc::Event>& events, const carc::Game& game,
                            const std::vector<Seat>& seats) {
    std::string text;
    for (const auto& e : events) {
        if (e.final || e.player < 0) continue;
        text += text.empty() ? "" : "\n";
        const char* category = e.category >= 0 ? tr("category." + game.scoreCategories()[e.category]) : "";
        const std::string entry =
            tr("log.entry", {{"name", seats[e.player].name}, {"points", e.points}, {"category", category}});
        const std::string parts = trBreakdown(e.breakdown);
        text += parts.empty() ? entry : tr("overlay.scored", {{"entry", entry}, {"detail", parts}});
    }
    return text;
}

}  // namespace

void App::drawBoardOverlays(ImDrawList* dl) {
    const ModePieces pieces = readModePieces(match_->view(), viewer());
    if (pieces.surveyors) drawSurveyorColumns(dl, *pieces.surveyors);
    drawSpotPreview();
    drawFeatureCard(dl);
    drawScoringOrderDialog();  // before the summary, which then shows a choice made this frame
    drawTurnSummary();
}

// A white band down each surveyor's column, labelled at the top of the board; both surveyors in one
// column share one band.
void App::drawSurveyorColumns(ImDrawList* dl, const SurveyorPieces& surveyors) {
    const float top = boardOrigin_.y, bottom = boardOrigin_.y + boardSize_.y;
    struct Label {
        std::string text;
        ImVec2 size;
        float centre = 0;  // the column's middle on screen
        float x = 0;
    };
    std::vector<Label> labels;
    std::vector<int> drawn;
    for (size_t i = 0; i < surveyors.columns.size(); ++i) {
        const int column = surveyors.columns[i];
        if (column < 0 || std::find(drawn.begin(), drawn.end(), column) != drawn.end()) continue;
        drawn.push_back(column);
        const int count = static_cast<int>(std::count(surveyors.columns.begin(), surveyors.columns.end(), column));
        const float x = static_cast<float>(-column);  // columns grow westwards: board x = -column
        const float left = toScreen(ImVec2(x, 0)).x, right = toScreen(ImVec2(x + 1, 0)).x;
        if (right < boardOrigin_.x || left > boardOrigin_.x + boardSize_.x) continue;
        dl->AddRectFilled(ImVec2(left, top), ImVec2(right, bottom), IM_COL32(255, 255, 255, 34));
        dl->AddLine(ImVec2(left, top), ImVec2(left, bottom), IM_COL32(255, 255, 255, 170), 2.0f);
        dl->AddLine(ImVec2(right, top), ImVec2(right, bottom), IM_COL32(255, 255, 255, 170), 2.0f);
        Label label{
            tr("overlay.surveyors", {{"count", count}, {"bonus", count * surveyors.bonus}}), {}, (left + right) * 0.5f};
        label.size = ImGui::CalcTextSize(label.text.c_str());
        labels.push_back(std::move(label));
    }
    // One row of labels, each over its column as far as it can be: neighbouring columns' labels move
    // apart sideways (never up or down), and none leaves the board area.
    constexpr float kPad = 5, kGap = 6, kEdge = 4;
    std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.centre < b.centre; });
    const float minX = boardOrigin_.x + kEdge + kPad, maxX = boardOrigin_.x + boardSize_.x - kEdge - kPad;
    for (size_t i = 0; i < labels.size(); ++i) {
        Label& l = labels[i];
        l.x = std::max(l.centre - l.size.x * 0.5f, minX);
        if (i > 0) l.x = std::max(l.x, labels[i - 1].x + labels[i - 1].size.x + 2 * kPad + kGap);
    }
    for (size_t i = labels.size(); i-- > 0;) {
        Label& l = labels[i];
        l.x = std::min(l.x, maxX - l.size.x);
        if (i + 1 < labels.size()) l.x = std::min(l.x, labels[i + 1].x - 2 * kPad - kGap - l.size.x);
    }
    const float y = top + 3 + kEdge + kPad;  // the box's top edge stays clear of the area's edge
    hook::Json placed = hook::Json::array();
    for (const Label& l : labels) {
        const ImVec2 boxMin(l.x - kPad, y - 3), boxMax(l.x + l.size.x + kPad, y + l.size.y + 3);
        // A label moved off its column points to it.
        if (l.centre < boxMin.x || l.centre > boxMax.x)
            dl->AddLine(ImVec2(std::clamp(l.centre, boxMin.x, boxMax.x), boxMax.y), ImVec2(l.centre, boxMax.y + 10),
                        IM_COL32(250, 250, 245, 235), 2.0f);
        dl->AddRectFilled(boxMin, boxMax, IM_COL32(250, 250, 245, 235), 4);
        dl->AddText(ImVec2(l.x, y), IM_COL32(30, 30, 30, 255), l.text.c_str());
        if (hook::active())
            placed.push_back(hook::Json{{"text", l.text},
                                        {"x", boxMin.x},
                                        {"y", boxMin.y},
                                        {"w", boxMax.x - boxMin.x},
                                        {"h", boxMax.y - boxMin.y},
                                        {"column", l.centre}});
    }
    hook::value("surveyorLabels", std::move(placed));
}

// Hovering a spot whose action scores at once (The Discovery's remove, New World's score) shows what
// it would score before the click.
void App::drawSpotPreview() {
    if (!hoveredSpot_ ||
        (hoveredSpot_->type != carc::ActionType::Remove && hoveredSpot_->type != carc::ActionType::Score))
        return;
    const carc::Game& g = match_->view();
    const Consequence c = consequenceOf(g, *hoveredSpot_);
    if (!c.legal) return;
    const auto& events = hoveredSpot_->type == carc::ActionType::Score ? c.first : c.scored;
    const int points = pointsDuringPlay(events, g.playerCount())[g.activePlayer()];
    const std::string headline = tr("overlay.points", {{"count", points}});
    ImGui::BeginTooltip();
    ImGui::SetWindowFontScale(1.3f);
    ImGui::TextUnformatted(headline.c_str());
    ImGui::SetWindowFontScale(1.0f);
    const std::string detail = describeScoring(events, g, match_->seats());
    if (!detail.empty()) ImGui::TextDisabled("%s", detail.c_str());
    ImGui::EndTooltip();
    hook::value("spotPreview", headline);
    hook::value("spotPreviewPoints", points);
}

// While the turn waits for its confirmation, what it scored (so a remove's value is seen before it
// counts).
void App::drawTurnSummary() {
    if (!match_->awaitingConfirm()) return;
    const carc::Game& g = match_->view();
    const auto events = scoredSince(match_->committed(), g);
    const auto points = pointsDuringPlay(events, g.playerCount());
    hook::value("turnScored", points);
    const std::string detail = describeScoring(events, g, match_->seats());
    if (detail.empty()) return;
    // Above the action bar (the top of the board carries the surveyors' labels).
    const float width = std::min(boardSize_.x - 16, 460.0f);
    ImGui::SetNextWindowPos(ImVec2(boardOrigin_.x + boardSize_.x * 0.5f, boardOrigin_.y + boardSize_.y - 64),
                            ImGuiCond_Always, ImVec2(0.5f, 1));
    ImGui::SetNextWindowSize(ImVec2(width, 0));
    ImGui::SetNextWindowBgAlpha(0.9f);
    ImGui::Begin("##turnsummary", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing |
                     ImGuiWindowFlags_NoInputs);
    ImGui::TextUnformatted(tr("overlay.this_turn"));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(detail.c_str());
    ImGui::PopTextWrapPos();
    ImGui::End();
    hook::value("turnSummary", detail);
}

// Which part of its tile a segment lies in ("north side"): the side its follower spot leans to.
const char* App::sideOfSegment(int tileIndex, int segment) const {
    const carc::art::Vec2 unit = segmentUnit(tileIndex, segment);
    const float dx = unit.x - 0.5f, dy = unit.y - 0.5f;
    if (std::max(std::abs(dx), std::abs(dy)) < 0.12f) return tr("overlay.side.middle");
    if (std::abs(dy) >= std::abs(dx)) return dy < 0 ? tr("overlay.side.north") : tr("overlay.side.south");
    return dx > 0 ? tr("overlay.side.east") : tr("overlay.side.west");
}

// "Town at -2,3" for each choice; when two choices would read the same (two towns on one tile), each
// also names its side of the tile.
std::vector<std::string> App::choiceLabels(const carc::Game& g, const std::vector<carc::Action>& choices) const {
    std::vector<std::string> labels;
    for (const auto& a : choices) {
        const char* feature = tr("feature." + g.kindName(g.segmentId(a.pos, a.segment)));
        labels.push_back(tr("overlay.choice", {{"feature", feature}, {"x", a.pos.x}, {"y", a.pos.y}}));
    }
    std::vector<std::string> out = labels;
    for (size_t i = 0; i < labels.size(); ++i) {
        if (std::count(labels.begin(), labels.end(), labels[i]) < 2) continue;
        const int tile = g.board().tileAt(choices[i].pos);
        if (tile >= 0)
            out[i] =
                tr("overlay.choice_side", {{"choice", labels[i]}, {"side", sideOfSegment(tile, choices[i].segment)}});
    }
    return out;
}

// New World: one tile completed several features and the order matters. Each choice lists who
// would score what for it now (with the surveyors where they stand) and where the surveyors go next.
void App::drawScoringOrderDialog() {
    const carc::Game& g = match_->view();
    if (!match_->humanToMove() || match_->awaitingConfirm() || g.phase() != carc::Phase::Choose) return;
    std::vector<carc::Action> choices;
    for (const auto& a : g.legalActions())
        if (a.type == carc::ActionType::Score) choices.push_back(a);
    if (!choices.empty()) drawScoringOrderChoices(choices);
}

void App::drawScoringOrderChoices(const std::vector<carc::Action>& choices) {
    const carc::Game& g = match_->view();
    // Under the board's middle, where the tile that completed the features usually is; above the
    // action bar.
    const float width = std::min(boardSize_.x - 16, 480.0f);
    ImGui::SetNextWindowPos(ImVec2(boardOrigin_.x + boardSize_.x * 0.5f, boardOrigin_.y + boardSize_.y - 64),
                            ImGuiCond_Always, ImVec2(0.5f, 1));
    ImGui::SetNextWindowSize(ImVec2(width, 0));
    ImGui::Begin("##scoringorder", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::TextUnformatted(tr("overlay.order_title"));
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", tr("overlay.order_hint"));
    ImGui::PopTextWrapPos();
    const std::vector<std::string> labels = choiceLabels(g, choices);
    hook::Json rows = hook::Json::array();
    for (size_t i = 0; i < choices.size(); ++i) {
        const auto& a = choices[i];
        const Consequence c = consequenceOf(g, a);
        const std::string& feature = labels[i];
        std::string text = describeScoring(c.first, g, match_->seats());
        if (!c.moves.empty()) {
            if (const std::string move = trSurveyorMove(c.moves.front()); !move.empty()) text += "\n" + move;
        }
        // A button as wide as the dialog whose text wraps: the feature, then who scores what.
        ImGui::PushID(static_cast<int>(i));
        const float pad = ImGui::GetStyle().FramePadding.x;
        const float wrap = ImGui::GetContentRegionAvail().x - 2 * pad;
        const float lineH = ImGui::GetTextLineHeightWithSpacing();
        const ImVec2 textSize = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const ImVec2 rowSize(wrap + 2 * pad, lineH + textSize.y + 2 * pad);
        if (ImGui::InvisibleButton("##choice", rowSize)) lastError_ = match_->applyHuman(a);
        const bool hovered = ImGui::IsItemHovered();
        ImGui::PopID();
        ImDrawList* wdl = ImGui::GetWindowDrawList();
        wdl->AddRectFilled(at, ImVec2(at.x + rowSize.x, at.y + rowSize.y),
                           ImGui::GetColorU32(hovered ? ImGuiCol_ButtonHovered : ImGuiCol_Button),
                           ImGui::GetStyle().FrameRounding);
        wdl->AddText(ImVec2(at.x + pad, at.y + pad), ImGui::GetColorU32(ImGuiCol_Text), feature.c_str());
        wdl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x + pad, at.y + pad + lineH),
                     ImGui::GetColorU32(ImGuiCol_Text), text.c_str(), nullptr, wrap);
        const std::string record = carc::actionText(a, *tiles_);
        hook::button("order:" + record);
        if (hovered) {  // point at the feature on the board
            const int tile = g.board().tileAt(a.pos);
            if (tile >= 0) {
                const ImVec2 spot = segmentPoint(tile, a.segment);
                ImGui::GetForegroundDrawList()->AddCircle(spot, camera_.tile * 0.3f, IM_COL32(255, 240, 120, 255), 0,
                                                          4.0f);
            }
        }
        if (hook::active())
            rows.push_back(hook::Json{{"action", record},
                                      {"points", pointsDuringPlay(c.first, g.playerCount())},
                                      {"text", feature + ": " + text}});
    }
    ImGui::End();
    hook::value("scoringOrder", std::move(rows));
}

}  // namespace web
