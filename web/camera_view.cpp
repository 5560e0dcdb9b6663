// The camera keeps the action in the free area: the part of the board's canvas that no panel covers
// (the side panel lies beside or under the board area already; the action bar lies over its foot).
// At each new step it pans as little as it can, zooming out only when it must, so that every legal
// cell of the step, or the tile just placed with its spots, lies inside; "whole board" (F) fits the
// board into the same area.
#include <algorithm>
#include <array>
#include <cmath>

#include "app.hpp"
#include "spot_fan.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

constexpr float kFitSmallestTile = 16.0f;  // a large board may need smaller tiles than the wheel gives
constexpr float kFitLargestTile = 160.0f;
constexpr float kEdge = 8.0f;  // CSS pixels kept free between the action and the area's edge

ImRect unitCell(int x, int y) {
    return ImRect(static_cast<float>(x), static_cast<float>(y), static_cast<float>(x + 1), static_cast<float>(y + 1));
}

}  // namespace

ImRect App::freeArea() const {
    ImRect area(boardOrigin_, ImVec2(boardOrigin_.x + boardSize_.x, boardOrigin_.y + boardSize_.y));
    // Before the action bar was first drawn, and under the replay's timeline bar: 60 px for it.
    const float bar = replay_ || actionBarTop_ < 0 ? area.Max.y - 60.0f : actionBarTop_;
    area.Max.y = std::max(area.Min.y + 40.0f, std::min(area.Max.y, bar - 4.0f));
    return area;
}

ImVec2 App::centreShowing(ImVec2 board, ImVec2 screen, float tile) const {
    return ImVec2(board.x - (screen.x - boardOrigin_.x - boardSize_.x * 0.5f) / tile,
                  board.y - (screen.y - boardOrigin_.y - boardSize_.y * 0.5f) / tile);
}

float App::fitInto(const ImRect& board, const ImRect& area, float smallest) {
    const float w = std::max(1.0f, area.GetWidth() - 2 * kEdge), h = std::max(1.0f, area.GetHeight() - 2 * kEdge);
    const float fit = std::min(w / board.GetWidth(), h / board.GetHeight());
    camera_.tileTarget = std::clamp(fit, smallest, kFitLargestTile);
    camera_.target = centreShowing(board.GetCenter(), area.GetCenter(), camera_.tileTarget);
    camera_.following = true;
    return fit;
}

void App::bringIntoView(const ImRect& board) {
    const ImRect area = freeArea();
    const float w = area.GetWidth() - 2 * kEdge, h = area.GetHeight() - 2 * kEdge;
    float tile = camera_.following ? camera_.tileTarget : camera_.tile;
    if (board.GetWidth() * tile > w || board.GetHeight() * tile > h) {
        tile = std::min(w / board.GetWidth(), h / board.GetHeight());
        if (tile < kFitSmallestTile) {  // too large even so: its middle in the middle
            fitInto(board, area, kFitSmallestTile);
            return;
        }
    }
    // The centres that keep the rectangle's right/bottom edge and its left/top edge inside: the one
    // nearest the camera's.
    const ImVec2 low = centreShowing(board.Max, ImVec2(area.Max.x - kEdge, area.Max.y - kEdge), tile);
    const ImVec2 high = centreShowing(board.Min, ImVec2(area.Min.x + kEdge, area.Min.y + kEdge), tile);
    const ImVec2 from = camera_.following ? camera_.target : camera_.centre;
    const ImVec2 to(std::clamp(from.x, low.x, std::max(low.x, high.x)),
                    std::clamp(from.y, low.y, std::max(low.y, high.y)));
    if (to.x == from.x && to.y == from.y && tile == (camera_.following ? camera_.tileTarget : camera_.tile)) return;
    camera_.target = to;
    camera_.tileTarget = tile;
    camera_.following = true;
}

std::optional<ImRect> App::actionInView() const {
    std::optional<ImRect> focus;
    const auto grow = [&focus](const ImRect& r) {
        if (focus)
            focus->Add(r);
        else
            focus = r;
    };
    for (const auto& entry : legalCells()) grow(unitCell(entry.first.first, entry.first.second));
    if (focus) return focus;
    // Otherwise the newest tile (the one just placed, with its spots fanned out around it; a bot's) and
    // the tiles of the step's other spots (a tent's mountain, a follower to take back).
    const auto played = match_->played();
    for (auto it = played.rbegin(); it != played.rend(); ++it)
        if (it->action.type == carc::ActionType::Place) {
            grow(unitCell(it->action.pos.x, it->action.pos.y));
            break;
        }
    if (!focus || !match_->humanToMove()) return focus;
    int followerSpots = 0;
    for (const auto& a : match_->view().legalActions()) {
        if (a.segment < 0) continue;
        if (a.type == carc::ActionType::Follower)
            ++followerSpots;
        else
            grow(unitCell(a.pos.x, a.pos.y));
    }
    const float tile = std::max(1.0f, camera_.following ? camera_.tileTarget : camera_.tile);
    if (followerSpots > 1)
        focus->Expand((fanRadius(followerSpots, tile, spotGap()) - tile * 0.5f + spotRadius() + 4) / tile);
    return focus;
}

// At each new step (an action played, another tile chosen, the turn on to another seat) the camera
// brings the step's action into the free area; in between the player's pans and zooms stand.
void App::followAction() {
    const auto played = match_->played();
    if (static_cast<int>(played.size()) != seenActions_) {
        seenActions_ = static_cast<int>(played.size());
        lastActionTime_ = ImGui::GetTime();
    }
    // The action bar growing (a longer text, a problem shown) counts too: it may cover the action now.
    const std::array<int, 5> step = {static_cast<int>(played.size()), handDesign(), match_->humanToMove() ? 1 : 0,
                                     match_->actionsCommitted(), static_cast<int>(freeArea().Max.y) / 8};
    if (step == viewedStep_) return;
    viewedStep_ = step;
    if (replay_) return;  // the replay keeps its own view (replay_viewer.cpp)
    if (const auto focus = actionInView()) bringIntoView(*focus);
}

void App::fitBoard() {
    fitBoardInto(freeArea(), kFitSmallestTile);
}

float App::fitBoardInto(const ImRect& area, float smallest) {
    const auto& tiles = match_->view().board().tiles();
    if (tiles.empty()) return camera_.tile;
    ImRect board = unitCell(tiles[0].pos.x, tiles[0].pos.y);
    for (const auto& t : tiles) board.Add(unitCell(t.pos.x, t.pos.y));
    for (const auto& entry : legalCells()) board.Add(unitCell(entry.first.first, entry.first.second));
    board.Expand(0.25f);
    return fitInto(board, area, smallest);
}

void App::publishFreeArea() {
    const ImRect area = freeArea();
    hook::value("freeArea",
                hook::Json{{"x", area.Min.x}, {"y", area.Min.y}, {"w", area.GetWidth()}, {"h", area.GetHeight()}});
}

}  // namespace web
