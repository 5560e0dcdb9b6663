// The feature card: hovering (mouse) or long-pressing (touch) a placed tile's feature or a follower
// outlines the feature on its tiles (web/feature_outline.cpp) and shows what it is, who holds it and
// what it is worth, as the engine reports it (carc/feature_report.hpp). A scoring-log entry under the
// pointer outlines the feature it scored.
#include <algorithm>
#include <cmath>
#include <string>

#include "app.hpp"
#include "carc/feature_report.hpp"
#include "i18n.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

constexpr float kLongPressSeconds = 0.5f;

hook::Json pointsOrNull(const carc::Breakdown& b) {
    return b.rule == carc::ScoreRule::None ? hook::Json() : hook::Json(b.points());
}

bool scores(const carc::Breakdown& b) {
    return b.rule != carc::ScoreRule::None;
}

void line(const std::string& text) {
    ImGui::TextUnformatted(text.c_str());  // wraps at the card's width
}

// A bulleted line that wraps (ImGui's BulletText does not).
void bullet(const std::string& text) {
    ImGui::Bullet();
    ImGui::SameLine();
    ImGui::TextUnformatted(text.c_str());
}

// Where the card goes: beside the pointer, on the side where it fits, and inside the free area (no
// panel or action bar under it, never past the canvas's edge). `size`: the card's size last frame.
ImVec2 cardPosition(ImVec2 pointer, ImVec2 size, const ImRect& area) {
    constexpr float kGap = 16, kEdge = 4;
    float x = pointer.x + kGap, y = pointer.y + kGap;
    if (x + size.x > area.Max.x - kEdge) x = pointer.x - kGap - size.x;
    if (y + size.y > area.Max.y - kEdge) y = pointer.y - kGap - size.y;
    x = std::clamp(x, area.Min.x + kEdge, std::max(area.Min.x + kEdge, area.Max.x - kEdge - size.x));
    y = std::clamp(y, area.Min.y + kEdge, std::max(area.Min.y + kEdge, area.Max.y - kEdge - size.y));
    return ImVec2(x, y);
}

hook::Json bonusesJson(const std::vector<carc::Game::FeatureBonus>& bonuses) {
    hook::Json out = hook::Json::array();
    for (const auto& b : bonuses) out.push_back(hook::Json{{"player", b.player}, {"points", b.breakdown.points()}});
    return out;
}

}  // namespace

std::optional<App::FeatureFocus> App::featureUnderPointer() const {
    if (logFocus_) return logFocus_;
    const ImGuiIO& io = ImGui::GetIO();
    if (!hoverCell_ || hoveredSpot_ || io.WantCaptureMouse) return std::nullopt;
    // A finger shows the card while it holds the tile: once lifted it leaves the board clear (the
    // pointer stays where it lifted, over the spots of the tile just placed).
    if (touch_ && !io.MouseDown[ImGuiMouseButton_Left]) return std::nullopt;
    // A press shorter than a long press is a tap or the start of a drag: no card yet.
    if (io.MouseDown[ImGuiMouseButton_Left] && io.MouseDownDuration[ImGuiMouseButton_Left] < kLongPressSeconds)
        return std::nullopt;
    const carc::Game& g = match_->view();
    const carc::Pos cell{hoverCell_->first, hoverCell_->second};
    const int tile = g.board().tileAt(cell);
    if (tile < 0) return std::nullopt;
    // The segment drawn under the pointer, else the one whose follower spot is nearest it.
    const int drawn = segmentDrawnAt(tile, io.MousePos);
    if (drawn >= 0) return FeatureFocus{cell, drawn};
    const int segments = static_cast<int>(tiles_->designs[g.board().tiles()[tile].design].segments.size());
    int best = -1;
    float bestDistance = 0;
    for (int s = 0; s < segments; ++s) {
        const ImVec2 c = segmentPoint(tile, s);
        const float d = std::hypot(io.MousePos.x - c.x, io.MousePos.y - c.y);
        if (best < 0 || d < bestDistance) best = s, bestDistance = d;
    }
    if (best < 0) return std::nullopt;
    return FeatureFocus{cell, best};
}

// The feature a log entry scored: the segment the event names on its tile.
std::optional<App::FeatureFocus> App::scoredFeature(const carc::Event& event) const {
    if (!event.located || event.segment < 0 || match_->view().segmentId(event.pos, event.segment) < 0)
        return std::nullopt;
    return FeatureFocus{event.pos, event.segment};
}

void App::drawFeatureCard(ImDrawList* dl) {
    // Where each follower stands on screen, for the browser tests to point at.
    const carc::Game& game = match_->view();
    if (hook::active()) {
        hook::Json spots = hook::Json::array();
        for (const auto& f : game.followers()) {
            const auto& seg = game.features().segment(f.segment);
            const ImVec2 c = segmentPoint(seg.tile, seg.index);
            const carc::Pos pos = game.board().tiles()[seg.tile].pos;
            spots.push_back(hook::Json{{"x", c.x},
                                       {"y", c.y},
                                       {"player", f.player},
                                       {"bx", pos.x},
                                       {"by", pos.y},
                                       {"segment", seg.index},
                                       {"kind", game.kindName(f.segment)}});
        }
        hook::value("followerSpots", std::move(spots));
    }
    const auto focus = featureUnderPointer();
    logFocus_.reset();  // the log sets it again while its entry stays under the pointer
    if (focus) drawFeatureCardOf(dl, *focus);
}

void App::drawFeatureCardOf(ImDrawList* dl, const FeatureFocus& focus) {
    const carc::Game& g = match_->view();
    const auto report = carc::reportFeature(g, focus.pos, focus.segment);
    if (!report) return;

    drawFeatureOutline(dl, report->places);

    // The card, beside the pointer inside the free area, its lines wrapped to fit there (a phone).
    const ImRect area = freeArea();
    const float widest = std::max(120.0f, std::min(440.0f, area.GetWidth() - 8));
    ImGui::SetNextWindowPos(cardPosition(ImGui::GetIO().MousePos, featureCardSize_, area));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(widest, std::max(60.0f, area.GetHeight() - 8)));
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(widest - ImGui::GetStyle().WindowPadding.x);
    const std::string kind = tr("feature_card.kind." + report->kind);
    const std::string tiles = tr("part.tiles", {{"count", report->tiles}});
    const std::string title = report->complete ? tr("feature_card.title_complete", {{"kind", kind}, {"tiles", tiles}})
                                               : tr("feature_card.title", {{"kind", kind}, {"tiles", tiles}});
    line(title);
    for (const auto& symbol : report->symbols)
        bullet(tr("feature_card.symbol." + symbol.name, {{"count", symbol.count}}));
    hook::Json pieces = hook::Json::array();
    for (const auto& piece : report->pieces) {
        const std::string owner =
            piece.player >= 0 ? match_->seats()[static_cast<std::size_t>(piece.player)].name : std::string();
        bullet(tr("feature_card.piece." + piece.name, {{"count", piece.count}, {"name", owner}}));
        if (hook::active())
            pieces.push_back(hook::Json{{"name", piece.name}, {"count", piece.count}, {"player", piece.player}});
    }
    hook::Json holders = hook::Json::array();
    if (report->followerTotal == 0) ImGui::TextDisabled("%s", tr("feature_card.nobody"));
    for (int p = 0; p < g.playerCount(); ++p) {
        if (report->followers[p] == 0) continue;
        const float h = ImGui::GetTextLineHeight();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        drawPlayerMark(ImGui::GetWindowDrawList(), ImVec2(at.x + h * 0.5f, at.y + h * 0.5f), h * 0.4f, p,
                       playerColour(p));
        ImGui::Dummy(ImVec2(h, h));
        ImGui::SameLine();
        const bool leads = (report->majority >> p) & 1u;
        const std::string& name = match_->seats()[static_cast<std::size_t>(p)].name;
        const int count = report->followers[p];
        line(leads ? tr("feature_card.holder_leads", {{"name", name}, {"count", count}})
                   : tr("feature_card.holder", {{"name", name}, {"count", count}}));
        if (hook::active())
            holders.push_back(hook::Json{{"player", p}, {"followers", report->followers[p]}, {"leads", leads}});
    }
    ImGui::Separator();
    // A mode's bonus (New World's surveyors) under the value it comes with, per player earning it now.
    const auto bonusLines = [&](const std::vector<carc::Game::FeatureBonus>& bonuses) {
        for (const auto& b : bonuses)
            bullet(tr("feature_card.bonus", {{"name", match_->seats()[static_cast<std::size_t>(b.player)].name},
                                             {"points", b.breakdown.points()},
                                             {"detail", trBreakdown(b.breakdown)}}));
    };
    if (const carc::Breakdown& b = report->ifCompleted; scores(b)) {
        line(tr("feature_card.if_completed", {{"count", b.points()}, {"detail", trPlainBreakdown(b)}}));
        bonusLines(report->bonusIfCompleted);
    }
    if (const carc::Breakdown& b = report->takenBack; scores(b))
        line(tr("feature_card.taken_back", {{"count", b.points()}, {"detail", trPlainBreakdown(b)}}));
    if (const carc::Breakdown& b = report->atEnd; scores(b)) {
        line(tr("feature_card.at_end", {{"count", b.points()}, {"detail", trPlainBreakdown(b)}}));
        bonusLines(report->bonusAtEnd);
    }
    if (report->ifCompleted.rule == carc::ScoreRule::None) ImGui::TextDisabled("%s", tr("feature_card.end_only"));
    ImGui::PopTextWrapPos();
    const ImVec2 cardMin = ImGui::GetWindowPos(), cardSize = ImGui::GetWindowSize();
    featureCardSize_ = cardSize;
    ImGui::EndTooltip();

    if (!hook::active()) return;
    hook::value("featureCard", hook::Json{{"x", focus.pos.x},
                                          {"y", focus.pos.y},
                                          {"segment", focus.segment},
                                          {"kind", report->kind},
                                          {"title", title},
                                          {"tiles", report->tiles},
                                          {"complete", report->complete},
                                          {"holders", holders},
                                          {"ifCompleted", pointsOrNull(report->ifCompleted)},
                                          {"takenBack", pointsOrNull(report->takenBack)},
                                          {"atEnd", pointsOrNull(report->atEnd)},
                                          {"bonusIfCompleted", bonusesJson(report->bonusIfCompleted)},
                                          {"bonusAtEnd", bonusesJson(report->bonusAtEnd)},
                                          {"pieces", pieces},
                                          {"places", static_cast<int>(report->places.size())},
                                          {"card", {cardMin.x, cardMin.y, cardSize.x, cardSize.y}}});
}

}  // namespace web
