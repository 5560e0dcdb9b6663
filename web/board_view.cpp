// The board: tiles, followers and tokens; legal cells with the ghost tile; follower and token spots;
// pan (drag), zoom (wheel), rotate (R / right click), place (click); the action bar under it.
#include <algorithm>
#include <cmath>

#include "app.hpp"
#include "i18n.hpp"
#include "key_focus.hpp"
#include "test_hook.hpp"
#include "unchanged_frame.hpp"

namespace web {
namespace {

bool inRect(ImVec2 p, ImVec2 origin, ImVec2 size) {
    return p.x >= origin.x && p.y >= origin.y && p.x < origin.x + size.x && p.y < origin.y + size.y;
}

float easeOut(float t) {
    return 1.0f - (1.0f - t) * (1.0f - t);
}

constexpr float kSimpleTileBelow = 40.0f;  // CSS px a tile
constexpr float kSmallestPiece = 18.0f;    // CSS px: a follower smaller than this is a speck

}  // namespace

int tunnelPairNumber(const carc::Action& action, const ModePieces& pieces, int player) {
    if (action.design >= 0) return action.rotation;
    if (!pieces.tunnel) return 0;
    return pieces.tunnel->pairsPerPlayer - pieces.tunnel->left[static_cast<size_t>(player)] + 1;
}

int firstLegalRotation(int mask, int from) {
    int r = from & 3;
    for (int step = 0; step < 4 && !(mask & (1 << r)); ++step) r = (r + 1) & 3;
    return r;
}

void App::placeTouchGhost() {
    const int design = handDesign();
    if (!touchGhost_ || design < 0) return;
    const carc::Pos pos{touchGhost_->first, touchGhost_->second};
    touchGhost_.reset();
    lastError_ = match_->applyHuman(carc::Action::place(design, pos, ghostRotation_));
}

void sameLineIfRoom(const char* label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float needed = ImGui::CalcTextSize(label).x + style.FramePadding.x * 2 + style.ItemSpacing.x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + needed <= right) ImGui::SameLine();
}

ImVec2 App::toScreen(ImVec2 b) const {
    return ImVec2(boardOrigin_.x + boardSize_.x * 0.5f + (b.x - camera_.centre.x) * camera_.tile,
                  boardOrigin_.y + boardSize_.y * 0.5f + (b.y - camera_.centre.y) * camera_.tile);
}

ImVec2 App::toBoard(ImVec2 s) const {
    return ImVec2(camera_.centre.x + (s.x - boardOrigin_.x - boardSize_.x * 0.5f) / camera_.tile,
                  camera_.centre.y + (s.y - boardOrigin_.y - boardSize_.y * 0.5f) / camera_.tile);
}

carc::art::Vec2 App::segmentUnit(int tileIndex, int segment) const {
    const auto& t = match_->view().board().tiles()[tileIndex];
    return carc::art::rotateUnit(art_[t.design].spots[segment], t.rotation);
}

ImVec2 App::segmentPoint(int tileIndex, int segment) const {
    const carc::Pos pos = match_->view().board().tiles()[tileIndex].pos;
    const carc::art::Vec2 unit = segmentUnit(tileIndex, segment);
    return toScreen(ImVec2(static_cast<float>(pos.x) + unit.x, static_cast<float>(pos.y) + unit.y));
}

void App::handleBoardInput(ImVec2 origin, ImVec2 size) {
    ImGuiIO& io = ImGui::GetIO();
    if (fitPending_) {
        // The start tiles fitted, at most at the usual size, their middle in the free area's middle.
        fitBoard();
        const ImVec2 mid = freeArea().GetCenter();
        const ImVec2 shown(camera_.target.x + (mid.x - boardOrigin_.x - boardSize_.x * 0.5f) / camera_.tileTarget,
                           camera_.target.y + (mid.y - boardOrigin_.y - boardSize_.y * 0.5f) / camera_.tileTarget);
        camera_.tile = camera_.tileTarget = std::min(camera_.tileTarget, size.x < 500 ? 64.0f : 96.0f);
        camera_.centre = camera_.target = centreShowing(shown, mid, camera_.tile);
        camera_.following = false;
        fitPending_ = false;
    }
    followAction();
    if (match_->committed().over() && !fittedAtEnd_) {
        fitBoard();
        fittedAtEnd_ = true;
    }
    if (camera_.following) {
        const float k = std::min(1.0f, io.DeltaTime * 6.0f);
        camera_.centre.x += (camera_.target.x - camera_.centre.x) * k;
        camera_.centre.y += (camera_.target.y - camera_.centre.y) * k;
        camera_.tile += (camera_.tileTarget - camera_.tile) * k;
        if (std::fabs(camera_.target.x - camera_.centre.x) + std::fabs(camera_.target.y - camera_.centre.y) < 0.01f &&
            std::fabs(camera_.tileTarget - camera_.tile) < 0.5f) {
            camera_.centre = camera_.target;
            camera_.tile = camera_.tileTarget;
            camera_.following = false;
        }
    }
    handleBoardKeys();
    if (!io.WantTextInput) {
        // Typed characters, so the shortcuts follow the keyboard layout (also while a button has the focus).
        for (ImWchar c : io.InputQueueCharacters) {
            if (c == 'r' || c == 'R') rotateGhost();
            if (c == ']') speed_ = std::min(3, speed_ + 1);
            if (c == '[') speed_ = std::max(0, speed_ - 1);
            if (c == '+' || c == '=') camera_.tile = camera_.tileTarget = std::min(220.0f, camera_.tile * 1.2f);
            if (c == '-') camera_.tile = camera_.tileTarget = std::max(24.0f, camera_.tile / 1.2f);
            if (c == 'f' || c == 'F') fitBoard();
        }
    }
    // Enter and Escape are handleBoardKeys()'s.
    if (keys::boardHasKeys() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace))) match_->takeBack();
    const ImVec2 mouse = io.MousePos;
    hoverCell_.reset();
    if (keyCursor_ && keyCell_) hoverCell_ = keyCell_;  // R turns the ghost under the keyboard's cursor
    if (io.WantCaptureMouse || !inRect(mouse, origin, size)) return;

    if (io.MouseWheel != 0) {
        const ImVec2 before = toBoard(mouse);
        camera_.tile = camera_.tileTarget = std::clamp(camera_.tile * std::pow(1.15f, io.MouseWheel), 24.0f, 220.0f);
        const ImVec2 after = toBoard(mouse);
        camera_.centre.x += before.x - after.x;
        camera_.centre.y += before.y - after.y;
        camera_.following = false;
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 6.0f)) {
        // A finger going sideways over the replay's board steps (finger()): the board only pans up and down.
        if (!swipe_.swiping()) camera_.centre.x -= io.MouseDelta.x / camera_.tile;
        camera_.centre.y -= io.MouseDelta.y / camera_.tile;
        camera_.following = false;
        return;
    }
    if (keyCursor_) return;  // the keyboard's cursor holds the ghost until the mouse moves
    const ImVec2 b = toBoard(mouse);
    hoverCell_ = std::make_pair(static_cast<int>(std::floor(b.x)), static_cast<int>(std::floor(b.y)));
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) rotateGhost();
}

void App::drawBoard(ImVec2 origin, ImVec2 size) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    ImGuiIO& io = ImGui::GetIO();
    const carc::Game& g = match_->view();
    const auto& tiles = g.board().tiles();
    const float ts = camera_.tile;
    dl->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
    dl->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), palette_.table);

    // Who placed the newest tile, for its highlight and landing animation.
    const auto played = match_->played();
    int lastPlacer = -1;
    carc::Pos lastPos{};
    for (auto it = played.rbegin(); it != played.rend(); ++it)
        if (it->action.type == carc::ActionType::Place) {
            lastPlacer = it->player;
            lastPos = it->action.pos;
            break;
        }
    const float landing = std::clamp(static_cast<float>(ImGui::GetTime() - lastActionTime_) / 0.35f, 0.0f, 1.0f);

    // Small tiles (the whole board, a long replay) in flat feature colours: their pictures would be noise.
    const bool simple = ts < kSimpleTileBelow;
    for (const auto& t : tiles) {
        ImVec2 tl = toScreen(ImVec2(static_cast<float>(t.pos.x), static_cast<float>(t.pos.y)));
        if (tl.x > origin.x + size.x || tl.y > origin.y + size.y || tl.x + ts < origin.x || tl.y + ts < origin.y)
            continue;
        float s = ts;
        if (lastPlacer >= 0 && t.pos == lastPos && landing < 1.0f) {
            s = ts * (1.25f - 0.25f * easeOut(landing));
            tl = ImVec2(tl.x - (s - ts) * 0.5f, tl.y - (s - ts) * 0.5f);
            dl->AddRectFilled(ImVec2(tl.x + s * 0.06f, tl.y + s * 0.08f), ImVec2(tl.x + s * 1.06f, tl.y + s * 1.08f),
                              IM_COL32(0, 0, 0, 80));
        }
        if (simple)
            drawSimpleTile(dl, look_, t.design, t.rotation, tl, s);
        else
            drawTile(dl, look_, t.design, t.rotation, tl, s);
    }
    hook::value("boardDrawing", simple ? "simple" : "art");
    if (lastPlacer >= 0) {
        const ImVec2 tl = toScreen(ImVec2(static_cast<float>(lastPos.x), static_cast<float>(lastPos.y)));
        dl->AddRect(tl, ImVec2(tl.x + ts, tl.y + ts), playerColour(lastPlacer), 2, 0, std::max(2.0f, ts * 0.04f));
    }

    // Tunnel tokens, from the tunnel actions played so far (owner's colour, pair number).
    std::vector<int> pairsStarted(match_->seats().size(), 0);
    for (const auto& p : played) {
        const auto& a = p.action;
        if (a.type != carc::ActionType::Tunnel) continue;
        const int tile = g.board().tileAt(a.pos);
        if (tile < 0) continue;
        const int owner = a.design >= 0 ? a.design : p.player;
        const int number = a.design >= 0 ? a.rotation : ++pairsStarted[owner];
        ImVec2 at = segmentPoint(tile, a.segment);
        const auto& t = tiles[tile];
        for (const auto& glyph : art_[t.design].glyphs)
            if (glyph.type == carc::art::GlyphType::Portal && glyph.count == a.segment) {
                const carc::art::Vec2 u = carc::art::rotateUnit(glyph.at, t.rotation);
                at = toScreen(ImVec2(static_cast<float>(t.pos.x) + u.x, static_cast<float>(t.pos.y) + u.y));
            }
        drawTunnelToken(dl, at, std::max(ts * 0.26f, kSmallestPiece * 0.8f), owner, number);
    }

    // Tents (Gold Rush): each player's latest tent action shows where the tent stands.
    std::vector<std::optional<carc::Action>> tents(match_->seats().size());
    for (const auto& p : played)
        if (p.action.type == carc::ActionType::Tent) tents[p.player] = p.action;
    // ... unless the tent went home since (its mountain was completed, or the game ended).
    const ModePieces pieces = readModePieces(g, -1);
    for (size_t player = 0; player < tents.size(); ++player) {
        if (!tents[player] || (pieces.goldRush && pieces.goldRush->tentSegment[player] < 0)) continue;
        const int tile = g.board().tileAt(tents[player]->pos);
        if (tile < 0) continue;
        drawTent(dl, segmentPoint(tile, tents[player]->segment), std::max(ts * 0.16f, kSmallestPiece * 0.5f),
                 static_cast<int>(player));
    }

    // Followers, never smaller than a readable size.
    const float followerSize = std::max(ts * 0.3f, kSmallestPiece);
    for (const auto& f : g.followers()) {
        const auto& seg = g.features().segment(f.segment);
        const bool lying = tiles_->kinds[seg.kind].cls == carc::KindClass::Field;
        drawFollower(dl, segmentPoint(seg.tile, seg.index), followerSize, f.player, lying);
    }
    if (!g.followers().empty()) hook::value("followerPx", followerSize);

    // Legal cells and the ghost of the tile in hand. One click applies one action: a tile placed by
    // this frame's click must not also take the spot that now lies under the mouse on it.
    bool clickTaken = false;
    const auto cells = legalCells();
    const int design = handDesign();
    const float pulse = steppedPulse(ImGui::GetTime(), 4.0f);
    // On touch a tap shows the tile on its cell first (the touch ghost); it is placed by a second tap
    // there or the action bar's Place button. A ghost whose cell or rotation is no longer legal goes.
    if (touchGhost_) {
        const auto it = cells.find(*touchGhost_);
        if (!touch_ || design < 0 || it == cells.end())
            touchGhost_.reset();
        else if (!(it->second & (1 << ghostRotation_)))
            ghostRotation_ = firstLegalRotation(it->second, preferredRotation_);
    }
    const bool tapped =
        io.MouseReleased[ImGuiMouseButton_Left] && !io.WantCaptureMouse && io.MouseDragMaxDistanceSqr[0] < 36.0f;
    for (const auto& [cell, mask] : cells) {
        const ImVec2 tl = toScreen(ImVec2(static_cast<float>(cell.first), static_cast<float>(cell.second)));
        const ImVec2 br(tl.x + ts, tl.y + ts);
        const bool hovered = hoverCell_ && *hoverCell_ == cell;
        if (touch_ && design >= 0 && hovered && tapped && !clickTaken) {
            if (touchGhost_ == cell) {
                placeTouchGhost();
            } else {
                touchGhost_ = cell;
                ghostRotation_ = firstLegalRotation(mask, preferredRotation_);
            }
            clickTaken = true;
        }
        if (touch_ && design >= 0 && touchGhost_ == cell) {
            hoverRotation_ = ghostRotation_;
            drawTile(dl, look_, design, ghostRotation_, tl, ts, 0.85f);
            hook::value("touchGhost",
                        hook::Json{{"bx", cell.first}, {"by", cell.second}, {"rotation", ghostRotation_}});
        } else if (!touch_ && hovered && design >= 0) {
            const int r = firstLegalRotation(mask, preferredRotation_);
            hoverRotation_ = r;
            drawTile(dl, look_, design, r, tl, ts, 0.85f);
            if (tapped && !keyCursor_) {
                lastError_ = match_->applyHuman(carc::Action::place(design, carc::Pos{cell.first, cell.second}, r));
                clickTaken = true;
            }
        } else {
            dl->AddRectFilled(ImVec2(tl.x + 3, tl.y + 3), ImVec2(br.x - 3, br.y - 3),
                              IM_COL32(255, 236, 140, static_cast<int>(40 + 50 * pulse)), 6);
        }
        dl->AddRect(ImVec2(tl.x + 2, tl.y + 2), ImVec2(br.x - 2, br.y - 2), IM_COL32(255, 230, 120, 220), 6, 0, 2.0f);
        hook::cell((tl.x + br.x) * 0.5f, (tl.y + br.y) * 0.5f, ts, cell.first, cell.second, mask);
    }
    if (!lookBack_.hint.empty()) drawHintGhost(dl);  // over the cells' highlight, under the spots

    // Spots for the optional step (followers, tunnel tokens, ...), the Choose step, and what the mode
    // allows before the tile (a tunnel token on a portal already on the board): spot_view.cpp.
    drawSpots(dl, clickTaken);
    drawKeyCursor(dl);
    dl->PopClipRect();
    drawBoardOverlays(dl);

    if (spotChoiceOpen_) {  // a spot with several actions was taken (a tap, the action bar)
        ImGui::OpenPopup("##spotchoice");
        spotChoiceOpen_ = false;
    }
    if (ImGui::BeginPopup("##spotchoice")) {
        const ModePieces now = readModePieces(g, -1);
        for (size_t i = 0; i < spotChoices_.size(); ++i) {
            const carc::Action& a = spotChoices_[i];
            // A portal takes the second token of a pair or the first of a new one: say which pair.
            std::string label = carc::actionText(a, *tiles_);
            if (a.type == carc::ActionType::Tunnel) {
                const int pair = tunnelPairNumber(a, now, g.activePlayer());
                label = a.design >= 0 ? tr("spot.tunnel_second", {{"pair", pair}})
                                      : tr("spot.tunnel_first", {{"pair", pair}});
                if (a.design >= 0 && a.design != g.activePlayer())
                    label += " (" + match_->seats()[static_cast<size_t>(a.design)].name + ")";
            }
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::Selectable(label.c_str())) lastError_ = match_->applyHuman(a);
            ImGui::PopID();
            hook::button("choice:" + carc::actionText(a, *tiles_));
        }
        ImGui::EndPopup();
    }
}

void beginBottomBar(const char* id, ImVec2 origin, ImVec2 size) {
    const float width = std::min(size.x - 16, 560.0f);
    ImGui::SetNextWindowPos(ImVec2(origin.x + (size.x - width) * 0.5f, origin.y + size.y - 8), ImGuiCond_Always,
                            ImVec2(0, 1));
    ImGui::SetNextWindowSize(ImVec2(width, 0));
    ImGui::SetNextWindowBgAlpha(0.85f);
    ImGui::Begin(id, nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoScrollbar |
                     ImGuiWindowFlags_NoFocusOnAppearing);
}

void App::drawActionBar(ImVec2 origin, ImVec2 size) {
    const carc::Game& g = match_->view();
    beginBottomBar("##actions", origin, size);
    const auto& seat = match_->seats()[g.activePlayer()];
    if (match_->committed().over()) {
        ImGui::TextUnformatted(tr("end.title"));
        if (!showResults_) {
            ImGui::SameLine();
            if (ImGui::Button(tr("end.show"))) showResults_ = true;
            hook::button("showResults");
        }
        drawLookBackButtons();
    } else if (match_->submitted()) {
        ImGui::TextUnformatted(tr("online.sending"));
    } else if (match_->awaitingConfirm()) {
        ImGui::TextUnformatted(tr("play.confirm_hint"));
        sameLineIfRoom(tr("play.confirm"));
        if (ImGui::Button(tr("play.confirm"))) match_->confirm();
        hook::button("confirm");
        sameLineIfRoom(tr("play.undo"));
        if (ImGui::Button(tr("play.undo"))) match_->takeBack();
        hook::button("undo");
    } else if (!match_->humanToMove() && playingOnline()) {
        drawOnlineWaiting();
    } else if (!match_->humanToMove()) {
        ImGui::TextUnformatted(tr("play.bot_thinking", {{"name", seat.name}}).c_str());
        drawLookBackButtons();
    } else {
        const auto legal = g.legalActions();
        std::vector<carc::Action> buttons;  // legal actions without a place on the board
        for (const auto& a : legal)
            if (a.segment < 0 && a.type != carc::ActionType::Place) buttons.push_back(a);
        if (g.phase() == carc::Phase::PlaceTile) {
            // The Tunnel: a token may come before the tile (its spots are on the board's portals).
            const bool tokenFirst = std::any_of(
                legal.begin(), legal.end(), [](const carc::Action& a) { return a.type == carc::ActionType::Tunnel; });
            // Words for the input in use: a tap and no key names on touch (touch_, main.cpp).
            const char* hint = touch_ ? (touchGhost_  ? tr("play.ghost_touch")
                                         : tokenFirst ? tr("play.place_tile_or_token_touch")
                                                      : tr("play.place_tile_touch"))
                                      : (tokenFirst ? tr("play.place_tile_or_token") : tr("play.place_tile"));
            ImGui::PushTextWrapPos(0.0f);  // the longer hint wraps on a phone
            ImGui::TextUnformatted(hint);
            ImGui::PopTextWrapPos();
            hook::value("placeHint", hint);
            const char* rotate = touch_ ? tr("play.rotate_touch") : tr("play.rotate");
            if (ImGui::Button(rotate)) rotateGhost();
            hook::button("rotate");
            hook::value("rotateLabel", rotate);
            if (touchGhost_) {
                sameLineIfRoom(tr("play.place_ghost"));
                if (ImGui::Button(tr("play.place_ghost"))) placeTouchGhost();
                hook::button("placeGhost");
            }
        } else if (touch_ && spotPicked_) {  // a first tap picked a spot: its name shows beside it
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(tr("play.spot_touch"));
            ImGui::PopTextWrapPos();
            if (ImGui::Button(tr("play.take_spot"))) takePickedSpot();
            hook::button("takeSpot");
        } else {
            ImGui::TextUnformatted(g.phase() == carc::Phase::Choose ? tr("play.choose") : tr("play.act"));
        }
        for (const auto& a : buttons) {
            const std::string text = a.type == carc::ActionType::Pass   ? tr("play.pass")
                                     : a.type == carc::ActionType::Mine ? tr("play.mine")
                                                                        : carc::actionText(a, *tiles_);
            sameLineIfRoom(text.c_str());
            if (ImGui::Button(text.c_str())) lastError_ = match_->applyHuman(a);
            if (keyTargetIs(a))  // the board's keyboard cursor is on this action
                ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                                                    IM_COL32(255, 255, 255, 255), 5, 0, 3.0f);
            hook::button(a.type == carc::ActionType::Pass ? "pass" : carc::actionText(a, *tiles_));
        }
        if (match_->turnStarted()) {
            sameLineIfRoom(tr("play.undo"));
            if (ImGui::Button(tr("play.undo"))) match_->takeBack();
            hook::button("undo");
        }
        drawLookBackButtons();
    }
    if ((lastError_ || !refusedText_.empty()) && match_->humanToMove())
        ImGui::TextColored(ImVec4(1, 0.6f, 0.5f, 1), "%s",
                           lastError_ ? trProblem(lastError_).c_str() : refusedText_.c_str());
    hook::overflow("actions");
    // The free area ends above it (camera_view.cpp); not in the hidden frame where ImGui first sizes it.
    if (!ImGui::GetCurrentWindow()->Hidden) actionBarTop_ = ImGui::GetWindowPos().y;
    const ImVec2 barSize = ImGui::GetWindowSize();
    hook::value("actionBar",
                hook::Json{{"x", ImGui::GetWindowPos().x}, {"y", actionBarTop_}, {"w", barSize.x}, {"h", barSize.y}});
    ImGui::End();
}

}  // namespace web
