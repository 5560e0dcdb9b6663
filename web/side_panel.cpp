// The side panel: whose turn, the tile in hand (large), players with scores and followers in
// supply, bot speed, the scoring log with each scoring's breakdown, and the census of tiles to come.
#include <algorithm>
#include <cmath>
#include <string>

#include "app.hpp"
#include "i18n.hpp"
#include "imgui_internal.h"
#include "shell_bridge.hpp"
#include "test_hook.hpp"
#include "unchanged_frame.hpp"

namespace web {

namespace {

// The speed setting's name: 0 slow .. 3 instant.
const char* speedName(int speed) {
    switch (speed) {
        case 0:
            return tr("speed.slow");
        case 1:
            return tr("speed.normal");
        case 2:
            return tr("speed.fast");
        default:
            return tr("speed.instant");
    }
}

}  // namespace

// Every language the build has a catalogue of, each named in itself.
void App::drawLanguageSwitch() {
    ImGui::SetNextItemWidth(150);
    if (ImGui::BeginCombo("##lang", tr("language.name"))) {
        for (const auto& l : languages()) {
            if (ImGui::Selectable(l.name.c_str(), l.code == language())) setLanguage(l.code);
            hook::button("lang:" + l.code);
        }
        ImGui::EndCombo();
    }
    hook::button("language");
}

namespace {

// The width of the widest word of a text: wrapping cannot make a line narrower.
float widestWord(const std::string& text) {
    float widest = 0;
    for (size_t start = 0; start < text.size();) {
        size_t end = text.find(' ', start);
        if (end == std::string::npos) end = text.size();
        widest = std::max(widest, ImGui::CalcTextSize(text.data() + start, text.data() + end).x);
        start = end + 1;
    }
    return widest;
}

}  // namespace

void App::drawPanel(ImVec2 origin, ImVec2 size) {
    ImGui::SetNextWindowPos(origin);
    ImGui::SetNextWindowSize(size);
    ImGui::Begin("##panel", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove);
    // Under the board on a phone the panel is short: its controls stay at its foot, in view, and the
    // rest scrolls above them.
    const bool underBoard = size.y < ImGui::GetIO().DisplaySize.y - 1;
    if (underBoard)
        ImGui::BeginChild("##panelbody",
                          ImVec2(0, -(ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetStyle().ItemSpacing.y)));
    const carc::Game& g = match_->view();
    // The title wraps before the language switch, right-aligned within what the (possibly scrolling)
    // region leaves: the combo is 150 wide, and a long title in some language must not run under it.
    // A word wider than the room beside the switch cannot wrap: then the switch takes a row of its own,
    // above the title (a narrow panel: an iframe, a phone).
    // (Measured from the work area, which a scrollbar narrows: a short panel, an iframe.)
    const float switchX =
        std::max(ImGui::GetCursorPosX(), ImGui::GetCurrentWindow()->WorkRect.Max.x - ImGui::GetWindowPos().x - 150);
    const std::string title = tr("mode." + g.setup().mode);
    const bool besideTitle = widestWord(title) <= switchX - 8 - ImGui::GetCursorPosX();
    if (!besideTitle) {
        ImGui::SetCursorPosX(switchX);
        drawLanguageSwitch();
    }
    ImGui::PushTextWrapPos(besideTitle ? switchX - 8 : 0.0f);
    ImGui::TextUnformatted(title.c_str());
    ImGui::PopTextWrapPos();
    hook::button("panelTitle");
    if (besideTitle) {
        ImGui::SameLine(switchX);
        drawLanguageSwitch();
    }
    if (playingOnline()) {
        drawOnlineStatus();
        drawTurnClock();
    }
    ImGui::Separator();

    // Whose turn and the tile in hand. While a turn waits for its confirmation the next player's tile
    // stays hidden: seeing it, the player could take the turn back and play it differently.
    const bool waiting = match_->awaitingConfirm();
    const int active = waiting ? match_->committed().activePlayer() : g.activePlayer();
    const float big = underBoard ? std::clamp(size.y * 0.22f, 56.0f, 140.0f) : std::min(140.0f, size.x * 0.4f);
    // The hand area keeps its height whether or not a tile is in hand, so nothing below it jumps.
    const float handTop = ImGui::GetCursorPosY();
    if (!match_->committed().over()) {
        // Beside the tile when the panel is short, above it otherwise.
        const std::string turnOf = tr("play.turn_of", {{"name", match_->seats()[active].name}});
        if (!underBoard) ImGui::TextUnformatted(turnOf.c_str());
        static const std::vector<int> noTiles;
        const auto& hand = waiting ? noTiles : g.tileChoices();
        ImDrawList* dl = ImGui::GetWindowDrawList();
        // A secret hand shows face down unless it is the viewer's own.
        const bool faceDown = handsAreSecret(g) && active != viewer() && viewer() != kEveryoneSees && !g.over();
        hook::value("handFaceDown", faceDown);
        for (size_t i = 0; i < hand.size() && faceDown; ++i) {
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const float s = big * 0.7f;
            dl->AddRectFilled(at, ImVec2(at.x + s, at.y + s), IM_COL32(70, 62, 50, 255), 6);
            dl->AddRect(at, ImVec2(at.x + s, at.y + s), playerColour(active), 6, 0, 2);
            const ImVec2 q = ImGui::CalcTextSize("?");
            dl->AddText(ImVec2(at.x + (s - q.x) * 0.5f, at.y + (s - q.y) * 0.5f), IM_COL32(230, 220, 200, 255), "?");
            ImGui::Dummy(ImVec2(s, s));
            ImGui::SameLine();
        }
        for (size_t i = 0; i < hand.size() && !faceDown; ++i) {
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const bool onBoard = touch_ ? touchGhost_.has_value() : hoverCell_.has_value();
            const int rotation = (static_cast<int>(i) == handIndex_ && onBoard) ? hoverRotation_ : preferredRotation_;
            drawTile(dl, look_, hand[i], rotation, at, big);
            if (static_cast<int>(i) == handIndex_ && hand.size() > 1)
                dl->AddRect(at, ImVec2(at.x + big, at.y + big), playerColour(active), 0, 0, 3);
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::InvisibleButton("##hand", ImVec2(big, big))) {
                if (static_cast<int>(i) == handIndex_) rotateGhost();
                handIndex_ = static_cast<int>(i);
            }
            ImGui::PopID();
            ImGui::SameLine();
        }
        // Once the turn's tile is placed, the hand area shows it (until Confirm) instead of staying empty.
        const carc::PlacedTile* placed = hand.empty() ? tilePlacedThisTurn() : nullptr;
        if (placed) {
            const ImVec2 at = ImGui::GetCursorScreenPos();
            drawTile(dl, look_, placed->design, placed->rotation, at, big);
            hook::value(
                "handArea",
                hook::Json{{"shows", "placed"}, {"x", at.x + big * 0.5f}, {"y", at.y + big * 0.5f}, {"size", big}});
            ImGui::Dummy(ImVec2(big, big));
            ImGui::SameLine();
        }
        ImGui::BeginGroup();
        if (underBoard) ImGui::TextUnformatted(turnOf.c_str());
        ImGui::TextUnformatted(
            tr("play.tiles_left", {{"count", (waiting ? match_->committed() : g).drawPileSize()}}).c_str());
        if (!hand.empty() && !faceDown) {
            ImGui::PushTextWrapPos(0);
            const carc::Design& held =
                tiles_->designs[hand[std::min<size_t>(static_cast<size_t>(handIndex_), hand.size() - 1)]];
            ImGui::TextDisabled("%s", tr("tile." + held.origin + "." + held.name));
            ImGui::PopTextWrapPos();
        } else if (placed) {
            ImGui::PushTextWrapPos(0);
            const carc::Design& design = tiles_->designs[static_cast<size_t>(placed->design)];
            ImGui::TextDisabled("%s", tr("tile." + design.origin + "." + design.name));
            ImGui::PopTextWrapPos();
        }
        ImGui::EndGroup();
    }
    if (match_->committed().over()) {
        ImGui::SetWindowFontScale(1.4f);
        ImGui::TextUnformatted(tr("end.title"));
        ImGui::SetWindowFontScale(1.0f);
        if (!showResults_ && ImGui::Button(tr("end.show"))) showResults_ = true;
    }
    const float turnLine = underBoard ? 0.3f : 1.3f;
    ImGui::SetCursorPosY(
        std::max(ImGui::GetCursorPosY(), handTop + big + ImGui::GetTextLineHeightWithSpacing() * turnLine));
    ImGui::Separator();
    drawPlayers();
    ImGui::Separator();
    if (!underBoard && !drawPanelControls(size.x, false)) {
        ImGui::End();
        return;
    }

    if (ImGui::CollapsingHeader(tr("play.log"), ImGuiTreeNodeFlags_DefaultOpen)) drawScoringLog();
    if (ImGui::CollapsingHeader(tr("play.census"))) drawCensus();
    if (ImGui::CollapsingHeader(tr("play.rules"))) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(tr("rules." + match_->view().setup().mode));
        ImGui::PopTextWrapPos();
    }
    ImGui::PushTextWrapPos(0);
    // Key names only where there are keys: on touch the gestures. Online, [ ] pace the other seats'
    // moves as they arrive (people's too), not bots this page runs.
    const char* keys = replay_           ? (touch_ ? tr("replay.keys_touch") : tr("replay.keys"))
                       : touch_          ? tr("play.hint_touch")
                       : playingOnline() ? tr("play.hint_keys_online")
                                         : tr("play.hint_keys");
    ImGui::TextDisabled("%s", keys);
    hook::value("keysHint", keys);
    ImGui::PopTextWrapPos();
    if (underBoard) {
        hook::overflow("panelBody");
        ImGui::EndChild();
        drawPanelControls(size.x, true);
    }
    hook::overflow("panel");
    ImGui::End();
}

// Bot speed (online: the turn alerts' switches), Let bots finish, New game and the page's Share / Saves /
// Embed (in two rows when compact). False when New game ended the match (nothing of it may be drawn after).
bool App::drawPanelControls(float width, bool compact) {
    const char* speedText = speedName(speed_);
    if (playingOnline()) {
        // Online the bots play on the server, so no bot speed here (others' moves still come at its
        // pace: `[` and `]`); the alerts for this player's turn take its place.
        drawTurnAlertSwitches();
    } else if (compact) {
        // The label goes inside the slider: "Bot speed: normal".
        const std::string shown = tr("play.speed_value", {{"speed", speedText}});
        // Half the row, or what the Let bots finish button leaves of it in a language where it is long.
        const ImGuiStyle& style = ImGui::GetStyle();
        const float button = ImGui::CalcTextSize(tr("play.takeover")).x + 2 * style.FramePadding.x;
        ImGui::SetNextItemWidth(
            std::min(width * 0.5f, ImGui::GetContentRegionAvail().x - button - style.ItemSpacing.x));
        // No text input: Tab must not turn the slider into a field that takes the shortcut keys.
        ImGui::SliderInt("##speed", &speed_, 0, 3, shown.c_str(), ImGuiSliderFlags_NoInput);
        hook::button("speed");
        ImGui::SameLine();
    } else {
        ImGui::SetNextItemWidth(width * 0.45f);
        ImGui::SliderInt(tr("play.speed"), &speed_, 0, 3, speedText, ImGuiSliderFlags_NoInput);
        hook::button("speed");
    }
    // Online the seats are the server's to give to bots: no taking over here.
    if (!playingOnline() && !replay_) {
        if (ImGui::Button(tr("play.takeover"))) match_->handOverToBots();
        hook::button("takeover");
        if (!compact) ImGui::SameLine();
    } else if (replay_ && compact) {
        ImGui::NewLine();  // the replay viewer has no Let bots finish: New game starts the second row
    }
    if (ImGui::Button(tr("play.new_game"))) {
        backToSetup();
        return false;
    }
    hook::button("newGame");
    // Online, New game has the row under the alerts' switches to itself and Saves beside it: Share and
    // Embed do not apply to a game the server keeps.
    if (!shell::embedded() && (compact || playingOnline())) ImGui::SameLine();
    shell::drawButtons(!playingOnline());
    return true;
}

const carc::PlacedTile* App::tilePlacedThisTurn() const {
    const carc::Game& g = match_->view();
    for (const carc::Action& action : match_->pendingActions())
        if (action.type == carc::ActionType::Place)
            if (const int tile = g.board().tileAt(action.pos); tile >= 0)
                return &g.board().tiles()[static_cast<size_t>(tile)];
    return nullptr;
}

void App::drawPlayers() {
    const carc::Game& g = match_->view();
    // The player whose turn it is, until they confirm it (the turn in the making has moved on).
    const int active = match_->awaitingConfirm() ? match_->committed().activePlayer() : g.activePlayer();
    hook::value("highlightedSeat", match_->committed().over() ? -1 : active);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float row = ImGui::GetFrameHeight() * 1.5f;
    const ModePieces pieces = readModePieces(g, viewer());
    drawSharedPieces(pieces);
    for (int p = 0; p < g.playerCount(); ++p) {
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float width = ImGui::GetContentRegionAvail().x;
        if (p == active && !match_->committed().over())
            dl->AddRectFilled(at, ImVec2(at.x + width, at.y + row), IM_COL32(255, 255, 255, 28), 4);
        drawFollower(dl, ImVec2(at.x + row * 0.45f, at.y + row * 0.5f), row * 0.8f, p, false);
        const auto& seat = match_->seats()[p];
        dl->AddText(ImVec2(at.x + row, at.y + 2), IM_COL32(240, 236, 226, 255), seat.name.c_str());
        std::string sub = playingOnline() ? onlineSeatNote(p) : seat.human() ? "" : tr("seat.bot." + seat.controller);
        dl->AddText(ImVec2(at.x + row, at.y + row * 0.5f), IM_COL32(170, 170, 160, 255), sub.c_str());
        // A bot that takes a while (the AI levels, in the worker) says so beside its seat, pulsing.
        if (p == active && match_->botThinking() && !playingOnline()) {
            const float pulse = steppedPulse(ImGui::GetTime(), 4.0f);
            const float x = at.x + row + ImGui::CalcTextSize((sub + "  ").c_str()).x;
            dl->AddText(ImVec2(x, at.y + row * 0.5f), IM_COL32(140, 230, 255, static_cast<int>(150 + 105 * pulse)),
                        tr("seat.thinking"));
            hook::value("thinkingSeat", p);
        }
        // Followers in supply as small meeples.
        const int supply = g.supply(p);
        const float m = row * 0.34f;
        for (int i = 0; i < supply; ++i)
            drawFollower(dl,
                         ImVec2(at.x + width * 0.42f + static_cast<float>(i % 7) * m * 0.8f,
                                at.y + row * 0.3f + static_cast<float>(i / 7) * m * 0.9f),
                         m, p, false);
        const std::string score = std::to_string(g.scores()[p]);
        ImGui::SetWindowFontScale(1.5f);
        const ImVec2 textSize = ImGui::CalcTextSize(score.c_str());
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(),
                    ImVec2(at.x + width - textSize.x - 4, at.y + (row - textSize.y) * 0.5f),
                    IM_COL32(255, 250, 235, 255), score.c_str());
        ImGui::SetWindowFontScale(1.0f);
        ImGui::Dummy(ImVec2(width, row));
        drawPlayerPieces(pieces, p);
    }
}

// One line under a player's row: their tunnel pairs, or their tent and mining tokens (values only
// for the viewer's own tokens, everybody's once the game is over).
void App::drawPlayerPieces(const ModePieces& pieces, int player) {
    const float indent = ImGui::GetFrameHeight() * 1.5f;
    if (pieces.tunnel) {
        const auto& t = *pieces.tunnel;
        ImGui::Indent(indent);
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const float s = ImGui::GetTextLineHeight() * 1.4f;  // room for the pair number on the token
        // One token per pair: full colour while the pair is still to play, faded once laid.
        for (int i = 0; i < t.pairsPerPlayer; ++i) {
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const bool unused = i < t.left[player];
            const ImVec2 c(at.x + s * 0.5f, at.y + s * 0.5f);
            if (unused)
                drawTunnelToken(dl, c, s, player, t.pairsPerPlayer - t.left[player] + i + 1);
            else
                dl->AddCircle(c, s * 0.42f, playerColour(player), 0, 1.5f);
            ImGui::Dummy(ImVec2(s, s));
            ImGui::SameLine();
        }
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (s - ImGui::GetTextLineHeight()) * 0.5f);
        ImGui::TextDisabled(
            "%s",
            tr("pieces.tunnel", {{"left", t.left[player]}, {"linked", t.linked[player]}, {"open", t.halfLaid[player]}})
                .c_str());
        ImGui::Unindent(indent);
    }
    if (pieces.goldRush) {
        const auto& gold = *pieces.goldRush;
        ImGui::Indent(indent);
        ImGui::TextDisabled("%s", gold.tentSegment[player] >= 0 ? tr("pieces.tent_on_board") : tr("pieces.tent_home"));
        ImGui::SameLine();
        const auto& values = gold.values[player];
        ImGui::TextDisabled("%s", tr("pieces.tokens", {{"count", values.size()}}).c_str());
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const float s = ImGui::GetTextLineHeight();
        const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        for (int v : values) {
            // Many tokens (the end of a game) wrap onto more lines.
            if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + s <= right) ImGui::SameLine();
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const ImVec2 c(at.x + s * 0.5f, at.y + s * 0.5f);
            dl->AddCircleFilled(c, s * 0.5f,
                                v == GoldRushPieces::kHidden ? IM_COL32(90, 80, 70, 255) : IM_COL32(214, 170, 60, 255));
            const std::string text = v == GoldRushPieces::kHidden ? "?" : std::to_string(v);
            const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
            dl->AddText(ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f), IM_COL32(20, 20, 20, 255), text.c_str());
            ImGui::Dummy(ImVec2(s, s));
        }
        ImGui::Unindent(indent);
    }
}

// What belongs to nobody: the surveyors' columns, the tokens still face down, the viewer's hand.
void App::drawSharedPieces(const ModePieces& pieces) {
    if (pieces.surveyors) {
        const auto& sv = *pieces.surveyors;
        std::string where;
        const bool together =
            std::all_of(sv.columns.begin(), sv.columns.end(), [&](int c) { return c >= 0 && c == sv.columns.front(); });
        if (together) where = tr("pieces.both_in", {{"column", sv.columns.front()}});
        for (size_t i = 0; i < sv.columns.size() && !together; ++i) {
            where += where.empty() ? "" : ", ";
            where += sv.columns[i] >= 0 ? tr("pieces.column", {{"column", sv.columns[i]}})
                                        : tr("pieces.on_track", {{"space", sv.trackSpace}});
        }
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(tr("pieces.surveyors", {{"where", where}}).c_str());
        ImGui::TextDisabled("%s", tr("pieces.surveyor_hint"));
        ImGui::PopTextWrapPos();
    }
    if (pieces.goldRush) {
        ImGui::PushTextWrapPos(0.0f);  // a narrow panel (an iframe) wraps it
        ImGui::TextDisabled("%s", tr("pieces.token_supply", {{"count", pieces.goldRush->supply}}).c_str());
        ImGui::PopTextWrapPos();
    }
    const carc::Game& g = match_->view();
    // The viewer's own hand while another player is to move (their own turn shows it above).
    if (pieces.hand && !g.over() && pieces.hand->owner != g.activePlayer() && !pieces.hand->designs.empty()) {
        ImGui::TextUnformatted(tr("pieces.your_hand", {{"name", match_->seats()[pieces.hand->owner].name}}).c_str());
        const float s = 48.0f;
        for (int design : pieces.hand->designs) {
            drawTile(ImGui::GetWindowDrawList(), look_, design, 0, ImGui::GetCursorScreenPos(), s);
            ImGui::Dummy(ImVec2(s, s));
            ImGui::SameLine();
        }
        ImGui::NewLine();
    }
}

// The panel's facts for the browser tests, exactly as shown.
void App::publishPanelState() {
    const ModePieces pieces = readModePieces(match_->view(), viewer());
    hook::value("viewer", viewer());
    hook::Json names = hook::Json::array();
    for (const auto& seat : match_->seats()) names.push_back(seat.name);
    hook::value("seatNames", std::move(names));
    if (pieces.tunnel) hook::value("tunnelPairsLeft", pieces.tunnel->left);
    if (pieces.goldRush) {
        hook::Json tents = hook::Json::array();
        for (int segment : pieces.goldRush->tentSegment) tents.push_back(segment >= 0);
        hook::value("tokenValuesShown", pieces.goldRush->values);
        hook::value("tentsOnBoard", std::move(tents));
    }
    if (pieces.surveyors) hook::value("surveyorColumns", pieces.surveyors->columns);
    if (pieces.hand) {
        hook::Json designs = hook::Json::array();
        for (int d : pieces.hand->designs) designs.push_back(tiles_->designs[d].name);
        hook::value("handShown", hook::Json{{"owner", pieces.hand->owner}, {"tiles", std::move(designs)}});
    }
}

void App::drawScoringLog() {
    const carc::Game& g = match_->view();
    ImGui::BeginChild("##log", ImVec2(0, std::max(90.0f, ImGui::GetContentRegionAvail().y * 0.45f)), true);
    bool any = false;
    hook::Json entries = hook::Json::array();
    const auto& events = g.events();
    for (auto it = events.rbegin(); it != events.rend(); ++it) {
        if (it->type != carc::EventType::Scored) continue;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float h = ImGui::GetTextLineHeight();
        drawPlayerMark(ImGui::GetWindowDrawList(), ImVec2(at.x + h * 0.5f, at.y + h * 0.5f), h * 0.35f, it->player,
                       playerColour(it->player));
        ImGui::Dummy(ImVec2(h, h));
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0);
        const std::string line = scoringLine(g, *it);
        if (!any) hook::value("lastScoring", line);  // the newest entry, as the player reads it
        ImGui::TextUnformatted(line.c_str());
        ImGui::PopTextWrapPos();
        if (ImGui::IsItemHovered()) logFocus_ = scoredFeature(*it);
        if (entries.size() < 8 && it->located) {
            // The newest entries on screen, for the browser tests to point at (the feature each scored).
            const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
            entries.push_back(hook::Json{{"x", (min.x + max.x) * 0.5f},
                                         {"y", (min.y + max.y) * 0.5f},
                                         {"bx", it->pos.x},
                                         {"by", it->pos.y},
                                         {"segment", it->segment}});
        }
        any = true;
    }
    hook::value("logEntries", std::move(entries));
    if (!any) ImGui::TextDisabled("%s", tr("play.no_scoring"));
    ImGui::EndChild();
}

void App::drawCensus() {
    const carc::Game& g = match_->view();
    const auto census = g.remainingCensus();
    const float s = 34.0f;
    const float width = ImGui::GetContentRegionAvail().x;
    const int perRow = std::max(1, static_cast<int>(width / (s + 34)));
    int shown = 0;
    for (size_t d = 0; d < census.size(); ++d) {
        if (tiles_->designs[d].boardSpace) continue;
        if (shown % perRow != 0) ImGui::SameLine();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        drawTile(ImGui::GetWindowDrawList(), look_, static_cast<int>(d), 0, at, s, census[d] > 0 ? 1.0f : 0.3f);
        ImGui::Dummy(ImVec2(s, s));
        ImGui::SameLine();
        ImGui::Text("x%d", census[d]);
        ++shown;
    }
}

}  // namespace web
