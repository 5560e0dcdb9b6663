// The spots of the step (followers, tents, tunnel tokens, take-backs, scorings): each a small badge
// showing the piece it takes, fanned out around its tile when the tile's spots would crowd it
// (spot_fan.hpp), with a line to its place. Hovering a spot, or on touch a first tap, shows what it is
// ("Cowboy on Railroad"); on touch a second tap or the action bar's Take button takes it. Every spot is
// one of the core's legal actions.
#include <algorithm>
#include <cmath>
#include <map>

#include "app.hpp"
#include "i18n.hpp"
#include "spot_fan.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

constexpr float kTouchGap = 44.0f;  // CSS px between spots on touch: a fingertip each (40 at least)
constexpr float kMouseGap = 30.0f;

// A score spot: a gold disc with a plus.
void drawScoreMark(ImDrawList* dl, ImVec2 c, float r) {
    dl->AddCircleFilled(c, r, IM_COL32(232, 186, 60, 255));
    dl->AddCircle(c, r, IM_COL32(60, 40, 10, 230), 0, 1.5f);
    dl->AddLine(ImVec2(c.x - r * 0.55f, c.y), ImVec2(c.x + r * 0.55f, c.y), IM_COL32(60, 40, 10, 255), r * 0.28f);
    dl->AddLine(ImVec2(c.x, c.y - r * 0.55f), ImVec2(c.x, c.y + r * 0.55f), IM_COL32(60, 40, 10, 255), r * 0.28f);
}

}  // namespace

float App::spotGap() const {
    return touch_ ? kTouchGap : kMouseGap;
}

float App::spotRadius() const {
    return touch_ ? 17.0f : std::clamp(camera_.tile * 0.14f, 11.0f, 14.0f);
}

// The word for the follower of the mode being played.
const char* App::followerWord(const ModePieces& pieces) const {
    if (pieces.goldRush) return tr("spot.piece.cowboy");
    if (pieces.surveyors) return tr("spot.piece.settler");
    return tr("spot.piece.follower");
}

std::string App::spotLabel(const carc::Action& a, int tile, int segment, const ModePieces& pieces) const {
    const auto& t = match_->view().board().tiles()[static_cast<size_t>(tile)];
    const int kind = tiles_->designs[t.design].segments[static_cast<size_t>(segment)].kind;
    const char* feature = tr("feature_card.kind." + tiles_->kinds[static_cast<size_t>(kind)].name);
    switch (a.type) {
        case carc::ActionType::Follower:
            return tr("spot.label.follower", {{"piece", followerWord(pieces)}, {"feature", feature}});
        case carc::ActionType::Tent:
            return tr("spot.label.tent", {{"feature", feature}});
        case carc::ActionType::Tunnel:
            return tr("spot.label.tunnel", {{"feature", feature}});
        case carc::ActionType::Remove:
            return tr("spot.label.remove", {{"piece", followerWord(pieces)}, {"feature", feature}});
        case carc::ActionType::Score:
            return tr("spot.label.score", {{"feature", feature}});
        default:
            return carc::actionText(a, *tiles_);
    }
}

// The piece a spot takes, drawn in its badge.
void App::drawSpotIcon(ImDrawList* dl, ImVec2 c, float r, const carc::Action& a, bool lying,
                       const ModePieces& pieces) const {
    const int me = match_->view().activePlayer();
    switch (a.type) {
        case carc::ActionType::Follower:
            drawFollower(dl, c, r * 1.45f, me, lying);
            break;
        case carc::ActionType::Tent:
            drawTent(dl, c, r * 0.72f, me);
            break;
        case carc::ActionType::Tunnel:
            drawTunnelToken(dl, c, r * 1.6f, me, tunnelPairNumber(a, pieces, me));
            break;
        case carc::ActionType::Remove:  // the follower, faded, with an arrow back to the supply
            drawFollower(dl, ImVec2(c.x - r * 0.15f, c.y + r * 0.1f), r * 1.2f, me, lying, 0.55f);
            dl->AddLine(ImVec2(c.x + r * 0.2f, c.y - r * 0.2f), ImVec2(c.x + r * 0.7f, c.y - r * 0.7f),
                        IM_COL32(20, 20, 20, 255), 2.5f);
            dl->AddTriangleFilled(ImVec2(c.x + r * 0.8f, c.y - r * 0.8f), ImVec2(c.x + r * 0.35f, c.y - r * 0.7f),
                                  ImVec2(c.x + r * 0.7f, c.y - r * 0.35f), IM_COL32(20, 20, 20, 255));
            break;
        case carc::ActionType::Score:
            drawScoreMark(dl, c, r * 0.7f);
            break;
        default:
            dl->AddCircleFilled(c, r * 0.4f, IM_COL32(20, 20, 20, 230));
            break;
    }
}

// A spot's name in a box beside its badge, on the side away from its tile (`away`: that direction),
// kept inside the free area.
void App::drawSpotLabel(ImDrawList* dl, ImVec2 c, float r, const std::string& text, ImVec2 away) const {
    const ImRect area = freeArea();
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    constexpr float kPad = 5;
    ImVec2 at;
    if (std::abs(away.y) > std::abs(away.x)) {  // above or below the badge
        at = ImVec2(c.x - size.x * 0.5f, away.y < 0 ? c.y - r - 8 - size.y : c.y + r + 8);
    } else {  // left or right of it, the right if neither
        at = ImVec2(away.x < 0 ? c.x - r - 8 - size.x : c.x + r + 8, c.y - size.y * 0.5f);
        if (at.x + size.x + kPad > area.Max.x) at.x = c.x - r - 8 - size.x;
    }
    at.x = std::clamp(at.x, area.Min.x + kPad, std::max(area.Min.x + kPad, area.Max.x - size.x - kPad));
    at.y = std::clamp(at.y, area.Min.y + kPad, std::max(area.Min.y + kPad, area.Max.y - size.y - kPad));
    dl->AddRectFilled(ImVec2(at.x - kPad, at.y - 3), ImVec2(at.x + size.x + kPad, at.y + size.y + 3),
                      IM_COL32(250, 250, 245, 240), 4);
    dl->AddRect(ImVec2(at.x - kPad, at.y - 3), ImVec2(at.x + size.x + kPad, at.y + size.y + 3),
                IM_COL32(20, 20, 20, 200), 4);
    dl->AddText(at, IM_COL32(20, 20, 20, 255), text.c_str());
}

void App::takeSpot(const std::vector<carc::Action>& actions) {
    spotPicked_.reset();
    if (actions.size() == 1) {
        lastError_ = match_->applyHuman(actions.front());
    } else {
        spotChoices_ = actions;
        spotChoiceOpen_ = true;  // drawBoard opens the popup, in the board's own window
    }
}

void App::takePickedSpot() {
    for (const auto& shown : spotsShown_)
        if (spotPicked_ && shown.key == *spotPicked_) return takeSpot(shown.actions);
}

void App::drawSpots(ImDrawList* dl, bool clickTaken) {
    hoveredSpot_.reset();
    spotsShown_.clear();
    const carc::Game& g = match_->view();
    const auto& tiles = g.board().tiles();
    if (!match_->humanToMove() || match_->awaitingConfirm() || g.over() || tiles.empty()) {
        spotPicked_.reset();
        return;
    }
    std::map<std::pair<int, int>, std::vector<carc::Action>> bySpot;  // (tile, segment) -> actions
    for (const auto& a : g.legalActions()) {
        if (a.segment < 0) continue;
        const int tile =
            a.type == carc::ActionType::Follower ? static_cast<int>(tiles.size()) - 1 : g.board().tileAt(a.pos);
        if (tile >= 0) bySpot[{tile, a.segment}].push_back(a);
    }
    if (spotPicked_ && (!touch_ || !bySpot.count(*spotPicked_))) spotPicked_.reset();
    std::vector<SpotAnchor> anchors;
    for (const auto& [key, actions] : bySpot) {
        const auto& t = tiles[static_cast<size_t>(key.first)];
        const ImVec2 tl = toScreen(ImVec2(static_cast<float>(t.pos.x), static_cast<float>(t.pos.y)));
        const float ts = camera_.tile;
        anchors.push_back(
            SpotAnchor{segmentPoint(key.first, key.second), ImVec2(tl.x + ts * 0.5f, tl.y + ts * 0.5f), ts, key.first});
        spotsShown_.push_back(ShownSpot{key, actions, {}, anchors.back().at, anchors.back().tileCentre});
    }
    const std::vector<ImVec2> placed = fanOutSpots(anchors, spotGap());
    for (size_t i = 0; i < placed.size(); ++i) spotsShown_[i].at = placed[i];

    const ImGuiIO& io = ImGui::GetIO();
    const ModePieces pieces = readModePieces(g, -1);
    const float r = spotRadius(), hit = std::max(r, spotGap() * 0.5f);
    const float pulse = 0.5f + 0.5f * std::sin(static_cast<float>(ImGui::GetTime()) * 4.0f);
    const bool released =
        io.MouseReleased[ImGuiMouseButton_Left] && !io.WantCaptureMouse && io.MouseDragMaxDistanceSqr[0] < 36.0f;
    // The spot under the pointer: the nearest within reach.
    int under = -1;
    float best = hit * hit;
    for (size_t i = 0; i < spotsShown_.size() && !io.WantCaptureMouse; ++i) {
        const float dx = io.MousePos.x - spotsShown_[i].at.x, dy = io.MousePos.y - spotsShown_[i].at.y;
        if (dx * dx + dy * dy < best) best = dx * dx + dy * dy, under = static_cast<int>(i);
    }
    // Lines to the places first: the badges lie over them.
    for (const auto& s : spotsShown_) {
        if (std::hypot(s.at.x - s.anchor.x, s.at.y - s.anchor.y) < 1.0f) continue;
        dl->AddLine(s.anchor, s.at, IM_COL32(20, 20, 20, 200), 3.5f);
        dl->AddLine(s.anchor, s.at, IM_COL32(255, 250, 230, 230), 1.5f);
        dl->AddCircleFilled(s.anchor, 4.0f, IM_COL32(20, 20, 20, 220));
        dl->AddCircleFilled(s.anchor, 2.5f, IM_COL32(255, 250, 230, 255));
    }
    const ShownSpot* labelled = nullptr;
    for (size_t i = 0; i < spotsShown_.size(); ++i) {
        const ShownSpot& s = spotsShown_[i];
        const carc::Action& a = s.actions.front();
        const bool picked = spotPicked_ && *spotPicked_ == s.key;
        const bool hovered = static_cast<int>(i) == under && !touch_;
        const bool focused = picked || hovered;
        const auto& t = tiles[static_cast<size_t>(s.key.first)];
        const int kind = tiles_->designs[t.design].segments[static_cast<size_t>(s.key.second)].kind;
        const bool lying = tiles_->kinds[static_cast<size_t>(kind)].cls == carc::KindClass::Field;
        const float br = r * (focused ? 1.2f : 1.0f);
        dl->AddCircleFilled(s.at, br, IM_COL32(250, 248, 238, focused ? 245 : 215));
        dl->AddCircle(s.at, br, focused ? IM_COL32(255, 200, 40, 255) : IM_COL32(40, 40, 40, 150 + 80 * pulse), 0,
                      focused ? 3.5f : 2.0f);
        drawSpotIcon(dl, s.at, br * 0.8f, a, lying, pieces);
        const std::string label = spotLabel(a, s.key.first, s.key.second, pieces);
        if (focused) labelled = &s;
        if (hook::active()) {
            hook::spot(s.at.x, s.at.y, carc::actionText(a, *tiles_));
            hook::spotLabel(label, picked);
        }
        if (static_cast<int>(i) != under) continue;
        if (!touch_) hoveredSpot_ = a;
        if (released && !clickTaken) {
            if (!touch_ || picked) {
                takeSpot(s.actions);
            } else {
                spotPicked_ = s.key;
            }
            clickTaken = true;
        }
    }
    if (spotPicked_)
        for (const auto& s : spotsShown_)
            if (s.key == *spotPicked_) hoveredSpot_ = s.actions.front();  // its preview shows on the first tap
    if (labelled) {
        const std::string label =
            spotLabel(labelled->actions.front(), labelled->key.first, labelled->key.second, pieces);
        const ImVec2 away(labelled->at.x - labelled->tileCentre.x, labelled->at.y - labelled->tileCentre.y);
        drawSpotLabel(dl, labelled->at, r * 1.2f, label, away);
        hook::value("spotShownLabel", label);
    }
}

// The keyboard's cursor's spot, where it is drawn.
ImVec2 App::shownSpotPoint(int tile, int segment) const {
    for (const auto& s : spotsShown_)
        if (s.key.first == tile && s.key.second == segment) return s.at;
    return segmentPoint(tile, segment);
}

}  // namespace web
