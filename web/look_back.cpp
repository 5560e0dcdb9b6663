// Undo and hints (look_back.hpp): the Undo turn and Hint buttons of the action bar, the hint's ghost on
// the board, the counts on the end screen. An undo rebuilds the game from its record cut before the
// human's last turn (the core replays it, so the seed deals the same tiles again); a hint asks the
// hard AI (core/ai) for the turn it would play, seeded as a hard bot in that seat would be.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app.hpp"
#include "carc/bots.hpp"
#include "carc/record.hpp"
#include "i18n.hpp"
#include "test_hook.hpp"
#include "unchanged_frame.hpp"

namespace web {
namespace {

// The AI level whose move a hint shows: the strongest one, as a "hard" seat plays.
constexpr const char* kHintLevel = "hard";
// Search iterations between two looks at the clock.
constexpr int kHintIterationsPerStep = 20;

int countAt(const std::vector<int>& counts, int seat) {
    return seat >= 0 && seat < static_cast<int>(counts.size()) ? counts[static_cast<size_t>(seat)] : 0;
}

}  // namespace

bool App::lookBackAllowed() const {
    // Online the server keeps the record; a dealt game (hidden values learnt one by one) is online only.
    return match_ && !playingOnline() && !match_->committed().setup().dealt && !match_->submitted();
}

std::optional<UndoCut> App::undoCut() const {
    if (!lookBackAllowed()) return std::nullopt;
    const auto& seats = match_->seats();
    const carc::Game& committed = match_->committed();
    // Not while a bot is to move (the turn it thinks about would be thrown away), nor in a game that
    // was over when a link or a save opened it (none of its turns was played here).
    if (committed.over() ? match_->openedOver() : !match_->humanToMove()) return std::nullopt;
    // Whose turn goes: the human to move (their previous turn), else the human who played last (while
    // the game is over, the one who played last).
    const int seat = match_->humanToMove() ? committed.activePlayer() : lastHumanToMove();
    if (seat < 0) return std::nullopt;
    auto played = match_->played();
    played.resize(static_cast<size_t>(match_->actionsCommitted()));
    for (int i = static_cast<int>(played.size()) - 1; i >= 0; --i) {
        const Played& p = played[static_cast<size_t>(i)];
        const Seat& who = seats[static_cast<size_t>(p.player)];
        if (p.player != seat && who.human() && !who.remote) return std::nullopt;  // another human played since
        if (p.player != seat) continue;                                           // a bot's turn goes too
        int keep = i;
        while (keep > 0 && played[static_cast<size_t>(keep) - 1].turn == p.turn) --keep;
        return UndoCut{keep, seat};
    }
    return std::nullopt;  // no turn of theirs yet
}

void App::undoTurn() {
    const std::optional<UndoCut> cut = undoCut();
    if (!cut) return;
    carc::Record record{match_->committed().setup(), {}, {}};
    const auto played = match_->played();
    for (int i = 0; i < cut->keep; ++i) record.actions.push_back(played[static_cast<size_t>(i)].action);
    std::vector<std::string> controllers;
    std::vector<int> colours;
    for (const auto& seat : match_->seats()) {
        controllers.push_back(seat.controller);
        colours.push_back(seat.colour);
    }
    std::vector<int> undos = lookBack_.undos, hints = lookBack_.hints;
    const bool allowHints = lookBack_.hintsAllowed;
    const Camera camera = camera_;
    const int speed = speed_;
    // The same core replays the shortened record: the position is exactly the one before that turn.
    if (carc::Problem problem = startRecord(record, controllers, colours)) {
        lastError_ = problem;
        return;
    }
    restoreLookBack(undos, hints, allowHints);
    if (cut->seat < static_cast<int>(lookBack_.undos.size())) ++lookBack_.undos[static_cast<size_t>(cut->seat)];
    camera_ = camera;
    fitPending_ = false;
    speed_ = speed;
    // The one who undid is at the device: no hand-over screen for their own turn.
    handOverShownFor_ = match_->committed().turnNumber();
}

bool App::restoreLookBack(const std::vector<int>& undos, const std::vector<int>& hints, bool hintsAllowed) {
    if (!match_ || playingOnline()) return false;
    const size_t seats = match_->seats().size();
    const auto fits = [seats](const std::vector<int>& counts) {
        return counts.size() == seats && std::all_of(counts.begin(), counts.end(), [](int n) { return n >= 0; });
    };
    if (!fits(undos) || !fits(hints)) return false;
    lookBack_.reset(static_cast<int>(seats), hintsAllowed);
    lookBack_.undos = undos;
    lookBack_.hints = hints;
    return true;
}

bool App::hintOffered() const {
    if (!lookBackAllowed() || !lookBack_.hintsAllowed || !match_->humanToMove() || match_->awaitingConfirm())
        return false;
    const carc::Game& g = match_->committed();
    return !g.waitingForReveal() && lookBack_.hintTurn != g.turnNumber();
}

void App::askHint() {
    if (!hintOffered()) return;
    const carc::Game& g = match_->committed();
    const int player = g.activePlayer();
    lookBack_.dropHint();
    if (ai_client::available())
        if (auto question = match_->workerQuestion("hint", kHintLevel, player))
            lookBack_.question = ai_client::ask(*question);
    if (!lookBack_.question) thinkHintOnPage();  // no worker
    lookBack_.hintTurn = g.turnNumber();
    lookBack_.hintPlayer = player;
    if (player < static_cast<int>(lookBack_.hints.size())) ++lookBack_.hints[static_cast<size_t>(player)];
}

void App::runHint(double sliceMs) {
    if (lookBack_.hintTurn < 0) return;
    const carc::Game& g = match_->committed();
    // A hint lives for the turn it was asked in.
    if (g.over() || g.turnNumber() != lookBack_.hintTurn || g.activePlayer() != lookBack_.hintPlayer) {
        lookBack_.dropHint();
        return;
    }
    if (lookBack_.question) {
        takeWorkerHint();
        return;
    }
    if (!lookBack_.advisor) return;
    // Think in slices like the bots (Match::botStep), so the page keeps drawing.
    const double start = nowMs();
    bool done = false;
    do done = lookBack_.advisor->step(kHintIterationsPerStep);
    while (!done && nowMs() - start < sliceMs);
    if (!done) return;
    lookBack_.hint = lookBack_.advisor->actions();
    lookBack_.hintLead = lookBack_.advisor->estimatedLead();
    lookBack_.advisor.reset();
}

void App::thinkHintOnPage() {
    const carc::Game& g = match_->committed();
    lookBack_.advisor = carc::ai::makeTurnAdvisor(kHintLevel, match_->botSeed(g.activePlayer()));
    lookBack_.advisor->start(g);
}

void App::takeWorkerHint() {
    std::optional<ai_client::Answer> answer = ai_client::take(lookBack_.question);
    if (!answer) return;  // still thinking: the page draws on
    lookBack_.question = 0;
    std::vector<carc::Action> actions;
    carc::Problem why;
    for (const std::string& line : answer->actions)
        if (auto action = carc::parseAction(line, match_->committed().tileSet(), why)) actions.push_back(*action);
    if (!answer->error.empty() || actions.size() != answer->actions.size()) {
        thinkHintOnPage();  // the worker could not
        return;
    }
    lookBack_.hint = std::move(actions);
    lookBack_.hintLead = answer->lead;
    lookBack_.workerAnswer = std::move(*answer);
}

void App::drawLookBackButtons() {
    if (hintOffered()) {
        sameLineIfRoom(tr("look.hint"));
        if (ImGui::Button(tr("look.hint"))) askHint();
        hook::button("hint");
    }
    if (undoCut()) {
        sameLineIfRoom(tr("look.undo"));
        if (ImGui::Button(tr("look.undo"))) undoTurn();
        hook::button("undoTurn");
    }
    if (lookBack_.hintTurn < 0 || !match_->humanToMove()) return;
    ImGui::PushTextWrapPos(0.0f);
    if (lookBack_.thinking()) {
        ImGui::TextDisabled("%s", tr("look.hint_thinking"));
    } else if (!lookBack_.hint.empty()) {
        // The AI's estimate in a player's words: ahead, behind or level, by whole points.
        const int points = static_cast<int>(std::lround(std::abs(lookBack_.hintLead)));
        const std::string outlook = points == 0              ? std::string(tr("look.hint_level"))
                                    : lookBack_.hintLead > 0 ? tr("look.hint_ahead", {{"count", points}})
                                                             : tr("look.hint_behind", {{"count", points}});
        const std::string text = std::string(tr("look.hint_shown")) + " " + outlook;
        ImGui::TextColored(ImVec4(0.55f, 0.9f, 1.0f, 1.0f), "%s", text.c_str());
        hook::value("hintText", text);
    }
    ImGui::PopTextWrapPos();
}

// Where a segment's follower spot lies on the board, on the tile at `pos` or the hint's own tile.
std::optional<ImVec2> App::hintSpot(const carc::Action& place, carc::Pos pos, int segment) const {
    const carc::Game& g = match_->view();
    int design = -1, rotation = 0;
    if (const int tile = g.board().tileAt(pos); tile >= 0) {
        design = g.board().tiles()[static_cast<size_t>(tile)].design;
        rotation = g.board().tiles()[static_cast<size_t>(tile)].rotation;
    } else if (place.type == carc::ActionType::Place && place.pos == pos) {
        design = place.design;
        rotation = place.rotation;
    }
    if (design < 0 || segment < 0 || segment >= static_cast<int>(art_[static_cast<size_t>(design)].spots.size()))
        return std::nullopt;
    const carc::art::Vec2 u = carc::art::rotateUnit(art_[static_cast<size_t>(design)].spots[segment], rotation);
    return toScreen(ImVec2(static_cast<float>(pos.x) + u.x, static_cast<float>(pos.y) + u.y));
}

// Called only with a hint to show (board_view.cpp), so that a game without hints never compiles it.
void App::drawHintGhost(ImDrawList* dl) {
    const carc::Game& g = match_->view();
    const float ts = camera_.tile;
    const float pulse = steppedPulse(ImGui::GetTime(), 3.0f);
    const ImU32 outline = IM_COL32(120, 220, 255, static_cast<int>(200 + 55 * pulse));
    carc::Action place;
    place.type = carc::ActionType::Pass;
    hook::Json ghost = hook::Json::object();
    for (const auto& a : lookBack_.hint) {
        if (a.type != carc::ActionType::Place) continue;
        place = a;
        const ImVec2 tl = toScreen(ImVec2(static_cast<float>(a.pos.x), static_cast<float>(a.pos.y)));
        // Once the player has laid a tile there, or while their own ghost is on that cell, only the
        // outline stays.
        const auto& ghostCell = touch_ ? touchGhost_ : hoverCell_;
        const bool hovered = ghostCell && ghostCell->first == a.pos.x && ghostCell->second == a.pos.y;
        if (g.board().tileAt(a.pos) < 0 && !hovered) drawTile(dl, look_, a.design, a.rotation, tl, ts, 0.7f);
        const float width = std::max(3.0f, ts * 0.06f);
        dl->AddRect(ImVec2(tl.x + width * 0.5f, tl.y + width * 0.5f),
                    ImVec2(tl.x + ts - width * 0.5f, tl.y + ts - width * 0.5f), outline, 4, 0, width);
        if (hook::active()) {
            ghost["x"] = std::round(tl.x + ts * 0.5f);
            ghost["y"] = std::round(tl.y + ts * 0.5f);
            ghost["size"] = std::round(ts);
        }
    }
    for (const auto& a : lookBack_.hint) {
        const carc::Pos pos = a.type == carc::ActionType::Follower ? place.pos : a.pos;
        if (a.type == carc::ActionType::Place || a.segment < 0) continue;
        const std::optional<ImVec2> at = hintSpot(place, pos, a.segment);
        if (!at) continue;
        const float r = ts * 0.2f;
        dl->AddCircle(*at, r, outline, 0, 3.0f);
        if (a.type == carc::ActionType::Follower) {
            const int tile = g.board().tileAt(pos);
            const int design = tile >= 0 ? g.board().tiles()[static_cast<size_t>(tile)].design : place.design;
            const int kind = tiles_->designs[static_cast<size_t>(design)].segments[static_cast<size_t>(a.segment)].kind;
            const bool lying = tiles_->kinds[static_cast<size_t>(kind)].cls == carc::KindClass::Field;
            drawFollower(dl, *at, ts * 0.26f, lookBack_.hintPlayer, lying, 0.55f);
        } else if (a.type == carc::ActionType::Tunnel) {
            drawTunnelToken(dl, *at, ts * 0.2f, lookBack_.hintPlayer, 0);
        } else {  // a tent, a follower taken back, a feature to score first: the ring marks the spot
            drawPlayerMark(dl, *at, r * 0.4f, lookBack_.hintPlayer, outline);
        }
        if (hook::active()) ghost["spots"].push_back(hook::Json{{"x", std::round(at->x)}, {"y", std::round(at->y)}});
    }
    hook::value("hintGhost", std::move(ghost));
}

void App::drawLookBackSummary() {
    const auto& seats = match_->seats();
    hook::Json lines = hook::Json::array();
    for (size_t p = 0; p < seats.size(); ++p) {
        const int undos = countAt(lookBack_.undos, static_cast<int>(p));
        const int hints = countAt(lookBack_.hints, static_cast<int>(p));
        if (!seats[p].human() && undos == 0 && hints == 0) continue;
        const std::string line = tr("look.summary", {{"name", seats[p].name},
                                                     {"undos", tr("look.undos", {{"count", undos}})},
                                                     {"hints", tr("look.hints", {{"count", hints}})}});
        ImGui::TextDisabled("%s", line.c_str());
        if (hook::active()) lines.push_back(line);
    }
    hook::value("lookBackSummary", std::move(lines));
}

void App::publishLookBackState() {
    const std::optional<UndoCut> cut = undoCut();
    hook::value("undoOffered", cut.has_value());
    hook::value("undoKeeps", cut ? cut->keep : -1);
    hook::value("hintOffered", hintOffered());
    hook::value("undos", lookBack_.undos);
    hook::value("hints", lookBack_.hints);
    hook::value("hintsAllowed", lookBack_.hintsAllowed);
    hook::Json hint = nullptr;
    if (lookBack_.hintTurn >= 0) {
        hook::Json actions = hook::Json::array();
        for (const auto& a : lookBack_.hint) actions.push_back(carc::actionText(a, *tiles_));
        hint = hook::Json{{"turn", lookBack_.hintTurn},
                          {"player", lookBack_.hintPlayer},
                          {"thinking", lookBack_.thinking()},
                          {"worker", !lookBack_.workerAnswer.stoppedBy.empty()},
                          {"iterations", lookBack_.workerAnswer.iterations},
                          {"elapsedMs", lookBack_.workerAnswer.elapsedMs},
                          {"stoppedBy", lookBack_.workerAnswer.stoppedBy},
                          {"actions", std::move(actions)},
                          {"lead", std::round(lookBack_.hintLead * 10) / 10}};
    }
    hook::value("hint", std::move(hint));
}

}  // namespace web
