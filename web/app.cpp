#include "app.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "i18n.hpp"
#include "imgui_internal.h"
#include "key_focus.hpp"
#include "load_marks.hpp"
#include "online_bridge.hpp"
#include "shell_bridge.hpp"
#include "test_hook.hpp"
#include "touch_text.hpp"

namespace web {
namespace {

// Seconds between two bot actions per speed setting.
constexpr double kBotDelay[4] = {1.2, 0.55, 0.15, 0.0};

// Milliseconds a bot may think in one frame: half the time the last frame took, within 8-40 ms. A
// fast device keeps its frame rate; where drawing is slow anyway (software rendering), the AI takes
// a bigger share so its move does not drag on for many slow frames.
double thinkingSlice(float frameSeconds) {
    return std::clamp(static_cast<double>(frameSeconds) * 1000.0 * 0.5, 8.0, 40.0);
}

const char* phaseName(const Match& match) {
    const carc::Game& g = match.view();
    // The last turn ends the game in the turn in the making: over only once it is confirmed.
    if (match.committed().over()) return "over";
    if (match.submitted()) return "sending";  // online: the confirmed turn is on its way
    if (match.awaitingConfirm()) return "confirm";
    if (match.committed().waitingForReveal()) return "wait";
    if (!match.humanToMove()) return match.seats()[match.committed().activePlayer()].remote ? "remote" : "bot";
    switch (g.phase()) {
        case carc::Phase::PlaceTile:
            return "place";
        case carc::Phase::Act:
            return "act";
        case carc::Phase::Choose:
            return "choose";
        default:
            return "over";
    }
}

// The characters of the catalogues the UI font has no glyph for, as a list of code points (the browser
// tests expect none: ImGui would draw them as '?').
std::vector<unsigned int> missingGlyphs() {
    const std::string all = everyCatalogueText();
    std::set<unsigned int> missing;
    ImFont* font = ImGui::GetFont();
    for (const char* at = all.c_str(); *at;) {
        unsigned int c = 0;
        at += ImTextCharFromUtf8(&c, at, nullptr);
        if (c >= 0x20 && !font->FindGlyphNoFallback(static_cast<ImWchar>(c))) missing.insert(c);
    }
    return {missing.begin(), missing.end()};
}

}  // namespace

double botDelaySeconds(int speed) {
    return kBotDelay[std::clamp(speed, 0, 3)];
}

App::App(const LaunchOptions& options)
    : catalog_(carc::folderSource("/tilesets")),
      online_([](const std::string& json) { online::toPage("send", json); }) {
    setLanguage(options.language);
    resetSeatsForMode();
}

void App::frame() {
    hook::beginFrame();
    keys::beginFrame();
    ++frameCount_;
    if (hook::active()) {
        hook::value("frame", frameCount_);
        static const std::vector<unsigned int> missing = missingGlyphs();  // the font is built before the first frame
        hook::value("missingGlyphs", missing);
        hook::value("language", language());
        hook::value("textSources", textSources());
    }
    publishSeatColours();
    touch_text::beginFrame(touch_);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, 0), display, IM_COL32(46, 52, 44, 255));
    if (screen_ == Screen::Setup) {
        drawSetup();
    } else if (screen_ == Screen::Room) {
        drawRoom();
    } else {
        if (replay_) {
            runReplay();
        } else {
            runBots();
            if (!playingOnline()) runHint(thinkingSlice(ImGui::GetIO().DeltaTime));
        }
        const bool narrow = display.x < 720;
        const float panelW = narrow ? display.x : std::clamp(display.x * 0.3f, 300.0f, 380.0f);
        const float panelH = narrow ? std::max(220.0f, display.y * 0.42f) : display.y;
        boardOrigin_ = ImVec2(0, 0);
        boardSize_ = narrow ? ImVec2(display.x, display.y - panelH) : ImVec2(display.x - panelW, display.y);
        if (handOverNeeded()) {
            drawHandOver();
            keys::endFrame();
            if (hook::active()) publishHookState();
            hook::endFrame();
            return;
        }
        handleBoardInput(boardOrigin_, boardSize_);
        drawBoard(boardOrigin_, boardSize_);
        marks::boardDrawn(atlas_.ready());
        if (replay_) {
            drawTimelineBar(boardOrigin_, boardSize_);
            if (replay_) drawPlayFromHere();
            if (replay_) drawReplayHighlight();  // the step the bar's buttons left on screen
        } else {
            drawActionBar(boardOrigin_, boardSize_);
        }
        const ImVec2 panelOrigin = narrow ? ImVec2(0, display.y - panelH) : ImVec2(display.x - panelW, 0);
        if (match_) drawPanel(panelOrigin, ImVec2(panelW, panelH));
        if (focusBoardPending_) {
            keys::focusBoard();  // after the panel's window, which took the focus as it appeared
            focusBoardPending_ = false;
        }
        if (match_ && !replay_ && match_->committed().over() && showResults_)
            drawEndScreen(panelOrigin, ImVec2(panelW, panelH));
    }
    atlas_.endFrame();
    touch_text::endFrame();
    tellTurnToPage();
    announce();
    keys::endFrame();
    if (hook::active()) {
        hook::value("keysOnBoard", keys::boardHasKeys());
        hook::value("textInput", ImGui::GetIO().WantTextInput);
        hook::value("botSpeed", speed_);
        float x = 0, y = 0;
        if (keys::focusedCentre(x, y)) hook::value("keyFocus", hook::Json{{"x", x}, {"y", y}});
    }
    shell::watch(screen_ == Screen::Play ? match_.get() : nullptr);
    if (hook::active()) publishHookState();
    hook::endFrame();
}

void App::pinch(float amount) {
    if (screen_ != Screen::Play) return;
    camera_.tile = camera_.tileTarget = std::clamp(camera_.tile * (1.0f + amount * 4.0f), 24.0f, 220.0f);
    camera_.following = false;
}

void App::prepareTileLook() {
    atlas_.use(tiles_->name, static_cast<int>(tiles_->designs.size()), static_cast<int>(tiles_->symbols.size()));
    art_ = TileArts(*tiles_);  // each design's geometry is built when first drawn
    palette_ = paletteFor(*tiles_);
    look_ = {tiles_.get(), &art_, &palette_, &atlas_};
}

void App::recordFrameTime(double ms) {
    // Vertices ImGui drew (the frame just rendered): what drawing costs, independent of machine load.
    if (const ImDrawData* drawn = ImGui::GetDrawData()) vertices_ = drawn->TotalVtxCount;
    frameMs_ = frameMs_ * 0.9 + ms * 0.1;
}

void App::runBots() {
    if (playingOnline()) {
        playIncoming();  // every seat but this page's own plays elsewhere
        return;
    }
    const double now = ImGui::GetTime();
    int budget = speed_ == 3 ? 400 : 1;  // instant: many actions per frame, still keep frames coming
    while (budget-- > 0 && !match_->committed().over() && !match_->humanToMove()) {
        if (now < nextBotTime_) return;
        match_->botStep(thinkingSlice(ImGui::GetIO().DeltaTime));
        if (match_->botThinking()) return;  // the AI goes on thinking next frame
        if (speed_ < 3) nextBotTime_ = now + kBotDelay[speed_];
    }
    if (match_->humanToMove()) nextBotTime_ = std::max(nextBotTime_, now + kBotDelay[speed_] * 0.5);
}

int App::handDesign() const {
    const auto& choices = match_->view().tileChoices();
    if (choices.empty()) return -1;
    return choices[std::min<size_t>(static_cast<size_t>(handIndex_), choices.size() - 1)];
}

std::map<std::pair<int, int>, int> App::legalCells() const {
    std::map<std::pair<int, int>, int> cells;
    const carc::Game& g = match_->view();
    if (!match_->humanToMove() || match_->awaitingConfirm() || g.phase() != carc::Phase::PlaceTile) return cells;
    const int design = handDesign();
    for (const auto& a : g.legalActions())
        if (a.type == carc::ActionType::Place && a.design == design) cells[{a.pos.x, a.pos.y}] |= 1 << a.rotation;
    return cells;
}

void App::rotateGhost() {
    if (touch_ && touchGhost_) {  // the ghost turns through its cell's legal rotations
        const auto cells = legalCells();
        const auto it = cells.find(*touchGhost_);
        if (it != cells.end()) ghostRotation_ = preferredRotation_ = firstLegalRotation(it->second, ghostRotation_ + 1);
        return;
    }
    if (hoverCell_ && !touch_) {
        const auto cells = legalCells();
        auto it = cells.find(*hoverCell_);
        if (it != cells.end()) {
            for (int step = 1; step <= 4; ++step) {
                const int r = (hoverRotation_ + step) & 3;
                if (it->second & (1 << r)) {
                    preferredRotation_ = r;
                    return;
                }
            }
        }
    }
    preferredRotation_ = (preferredRotation_ + 1) & 3;
}

void App::publishHookState() {
    hook::value("screen", screen_ == Screen::Setup ? "setup" : screen_ == Screen::Room ? "room" : "play");
    hook::value("frameMs", frameMs_);
    hook::value("vertices", vertices_);
    publishOnlineState();
    publishReplayState();
    if (screen_ != Screen::Play || !match_) return;
    const carc::Game& g = match_->view();
    hook::value("phase", replay_ ? "replay" : handOverNeeded() ? "handover" : phaseName(*match_));
    hook::value("artReady", atlas_.ready());
    hook::value("artDetail", atlas_.ready() ? (atlas_.full() ? "full" : "half") : "none");
    hook::value("tileArtsBuilt", art_.builtCount());
    hook::value("active", g.activePlayer());
    hook::value("turn", g.turnNumber());
    hook::value("placed", g.tilesPlaced());
    hook::value("drawPile", g.drawPileSize());
    const bool over = match_->committed().over();
    hook::value("over", over);
    hook::value("resultsShown", over && showResults_);
    hook::value("scores", g.scores());
    hook::value("tileSize", static_cast<int>(camera_.tile));
    hook::value("touch", touch_);
    publishFreeArea();
    const ImVec2 origin = toScreen(ImVec2(0, 0));  // where the board's cell (0, 0) is: moves with a pan
    hook::value("boardOrigin", hook::Json{{"x", std::round(origin.x)}, {"y", std::round(origin.y)}});
    hook::value("boardArea",
                hook::Json{{"x", boardOrigin_.x}, {"y", boardOrigin_.y}, {"w", boardSize_.x}, {"h", boardSize_.y}});
    int humans = 0;
    for (const auto& seat : match_->seats()) humans += seat.human() ? 1 : 0;
    hook::value("humans", humans);
    hook::value("botThinking", match_->botThinking());
    // The latest bot decisions with their wall-clock time (tests print them).
    const auto& decisions = match_->botDecisions();
    hook::Json list = hook::Json::array();
    for (size_t i = decisions.size() > 60 ? decisions.size() - 60 : 0; i < decisions.size(); ++i) {
        const auto& d = decisions[i];
        list.push_back(hook::Json{{"player", d.player},
                                  {"turn", d.turn},
                                  {"ms", d.ms},
                                  {"thinkingMs", d.thinkingMs},
                                  {"slices", d.slices},
                                  {"worker", d.worker},
                                  {"iterations", d.iterations},
                                  {"workerMs", d.workerMs},
                                  {"stoppedBy", d.stoppedBy}});
    }
    hook::value("botDecisions", std::move(list));
    hook::value("botDecisionCount", decisions.size());
    publishLookBackState();
    publishPanelState();
}

}  // namespace web
