// Playing with the keyboard while the board has it (key_focus.hpp): the arrow keys move a cursor over
// the legal cells of the tile in hand (the ghost shows there, R turns it through its legal rotations,
// Enter places it), then over the step's spots and actions (Enter takes one); Enter confirms the
// turn, Escape takes the turn in the making back. Every target is one of the core's legal actions.
#include <algorithm>
#include <cmath>
#include <limits>

#include "app.hpp"
#include "key_focus.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

ImVec2 arrowPressed() {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) return ImVec2(-1, 0);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) return ImVec2(1, 0);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) return ImVec2(0, -1);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) return ImVec2(0, 1);
    return ImVec2(0, 0);
}

}  // namespace

int App::ghostRotation(int mask) const {
    return firstLegalRotation(mask, preferredRotation_);
}

std::vector<App::KeyTarget> App::keyTargets() const {
    std::vector<KeyTarget> targets;
    const carc::Game& g = match_->view();
    if (!match_->humanToMove() || match_->awaitingConfirm() || g.over() || g.phase() == carc::Phase::PlaceTile)
        return targets;
    const auto& tiles = g.board().tiles();
    std::map<std::pair<int, int>, std::vector<carc::Action>> bySpot;  // as drawBoard groups them
    std::vector<KeyTarget> buttons;
    for (const auto& a : g.legalActions()) {
        if (a.segment < 0) {
            if (a.type != carc::ActionType::Place) buttons.push_back(KeyTarget{-1, -1, {a}});
            continue;
        }
        const int tile =
            a.type == carc::ActionType::Follower ? static_cast<int>(tiles.size()) - 1 : g.board().tileAt(a.pos);
        if (tile >= 0) bySpot[{tile, a.segment}].push_back(a);
    }
    // The tile just placed first (its follower spots), then spots on older tiles, then the buttons.
    for (auto& [key, actions] : bySpot) targets.push_back(KeyTarget{key.first, key.second, std::move(actions)});
    std::stable_sort(targets.begin(), targets.end(),
                     [](const KeyTarget& a, const KeyTarget& b) { return a.tile > b.tile; });
    targets.insert(targets.end(), buttons.begin(), buttons.end());
    return targets;
}

// Glides the board so that a board point the cursor went to stays well inside the board area.
void App::keepInView(ImVec2 point) {
    const ImVec2 s = toScreen(point);
    const float margin = camera_.tile * 1.2f;
    if (s.x < boardOrigin_.x + margin || s.y < boardOrigin_.y + margin ||
        s.x > boardOrigin_.x + boardSize_.x - margin || s.y > boardOrigin_.y + boardSize_.y - margin - 60) {
        camera_.target = point;
        camera_.following = true;
    }
}

void App::moveCellCursor(ImVec2 dir) {
    const auto cells = legalCells();
    if (cells.empty()) return;
    std::pair<int, int> best = cells.begin()->first;
    float bestScore = std::numeric_limits<float>::max();
    const bool fresh = !keyCell_ || !cells.count(*keyCell_);
    // The first press picks the legal cell nearest the middle of the view; later ones the nearest cell
    // in the arrow's direction (off the line counts double).
    const ImVec2 from = fresh ? ImVec2(camera_.centre.x - 0.5f, camera_.centre.y - 0.5f)
                              : ImVec2(static_cast<float>(keyCell_->first), static_cast<float>(keyCell_->second));
    for (const auto& [cell, mask] : cells) {
        const float dx = static_cast<float>(cell.first) - from.x, dy = static_cast<float>(cell.second) - from.y;
        float score = 0;
        if (fresh) {
            score = dx * dx + dy * dy;
        } else {
            const float along = dx * dir.x + dy * dir.y, across = std::fabs(dx * dir.y - dy * dir.x);
            if (along <= 0) continue;
            score = along + 2 * across;
        }
        if (score < bestScore) bestScore = score, best = cell;
    }
    if (bestScore == std::numeric_limits<float>::max()) return;  // nothing that way
    keyCell_ = best;
    keepInView(ImVec2(static_cast<float>(best.first) + 0.5f, static_cast<float>(best.second) + 0.5f));
}

void App::handleBoardKeys() {
    keyTargetsShown_.clear();
    if (!match_ || replay_) return;
    const ImGuiIO& io = ImGui::GetIO();
    if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0 || io.MouseClicked[0]) keyCursor_ = false;  // the mouse took over
    const carc::Game& g = match_->view();
    const auto cells = legalCells();
    if (keyCell_ && !cells.count(*keyCell_)) keyCell_.reset();
    const auto targets = keyTargets();
    if (keyTarget_ >= static_cast<int>(targets.size())) keyTarget_ = -1;
    if (keyCursor_) keyTargetsShown_ = targets;
    if (!keys::boardHasKeys()) return;

    const bool enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
                       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter));
    const ImVec2 dir = arrowPressed();
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        if (match_->turnStarted() || match_->awaitingConfirm()) match_->takeBack();
        keyTarget_ = -1;
        return;
    }
    if (!cells.empty()) {
        if (dir.x != 0 || dir.y != 0 || (enter && (!keyCell_ || !keyCursor_))) {
            keyCursor_ = true;
            moveCellCursor(dir);
        } else if (enter && keyCell_) {
            const int design = handDesign();
            const carc::Pos pos{keyCell_->first, keyCell_->second};
            lastError_ = match_->applyHuman(carc::Action::place(design, pos, ghostRotation(cells.at(*keyCell_))));
            keyTarget_ = -1;
        }
        return;
    }
    if (!targets.empty()) {
        const int count = static_cast<int>(targets.size());
        if (dir.x != 0 || dir.y != 0 || (enter && (keyTarget_ < 0 || !keyCursor_))) {
            const int step = dir.x + dir.y < 0 ? -1 : 1;
            keyTarget_ = keyTarget_ < 0 || !keyCursor_ ? 0 : (keyTarget_ + step + count) % count;
            keyCursor_ = true;
            keyTargetsShown_ = targets;
            const auto& t = targets[static_cast<size_t>(keyTarget_)];
            if (t.tile >= 0) {
                const carc::Pos pos = g.board().tiles()[static_cast<size_t>(t.tile)].pos;
                const carc::art::Vec2 unit = segmentUnit(t.tile, t.segment);
                keepInView(ImVec2(static_cast<float>(pos.x) + unit.x, static_cast<float>(pos.y) + unit.y));
            }
        } else if (enter) {
            const auto& t = targets[static_cast<size_t>(keyTarget_)];
            if (t.actions.size() == 1) {
                lastError_ = match_->applyHuman(t.actions.front());
            } else {
                spotChoices_ = t.actions;
                ImGui::OpenPopup("##spotchoice");
            }
            keyTarget_ = -1;
        }
        return;
    }
    if (enter) match_->confirm();
}

// The cursor over the board: a bright frame on the cell (the ghost is drawn there by drawBoard) or a
// ring around the spot; an action without a spot is framed in the action bar (drawActionBar).
void App::drawKeyCursor(ImDrawList* dl) {
    if (!keyCursor_) return;
    const ImU32 colour = IM_COL32(255, 255, 255, 255), shadow = IM_COL32(0, 0, 0, 200);
    if (keyCell_) {
        const ImVec2 tl = toScreen(ImVec2(static_cast<float>(keyCell_->first), static_cast<float>(keyCell_->second)));
        const ImVec2 br(tl.x + camera_.tile, tl.y + camera_.tile);
        dl->AddRect(ImVec2(tl.x - 1, tl.y - 1), ImVec2(br.x + 1, br.y + 1), shadow, 6, 0, 6.0f);
        dl->AddRect(tl, br, colour, 6, 0, 3.0f);
        hook::value("keyCursor",
                    hook::Json{{"bx", keyCell_->first}, {"by", keyCell_->second}, {"rotation", hoverRotation_}});
        return;
    }
    if (keyTarget_ < 0 || keyTarget_ >= static_cast<int>(keyTargetsShown_.size())) return;
    const KeyTarget& t = keyTargetsShown_[static_cast<size_t>(keyTarget_)];
    hook::value("keyCursor", hook::Json{{"action", carc::actionText(t.actions.front(), *tiles_)}});
    if (t.tile < 0) return;
    const ImVec2 c = shownSpotPoint(t.tile, t.segment);
    const float r = spotRadius() * 1.5f;
    dl->AddCircle(c, r, shadow, 0, 6.0f);
    dl->AddCircle(c, r, colour, 0, 3.0f);
    const carc::Pos pos = match_->view().board().tiles()[static_cast<size_t>(t.tile)].pos;
    const ImVec2 middle = toScreen(ImVec2(static_cast<float>(pos.x) + 0.5f, static_cast<float>(pos.y) + 0.5f));
    drawSpotLabel(dl, c, r, spotLabel(t.actions.front(), t.tile, t.segment, readModePieces(match_->view(), -1)),
                  ImVec2(c.x - middle.x, c.y - middle.y));
}

bool App::keyTargetIs(const carc::Action& action) const {
    if (!keyCursor_ || keyTarget_ < 0 || keyTarget_ >= static_cast<int>(keyTargetsShown_.size())) return false;
    const KeyTarget& t = keyTargetsShown_[static_cast<size_t>(keyTarget_)];
    return t.tile < 0 && t.actions.front() == action;
}

}  // namespace web
