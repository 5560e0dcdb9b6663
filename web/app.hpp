// The whole front end: a setup screen, the board with the side panel while playing, and the end
// screen. Each screen lives in its own file (setup_screen.cpp, board_view.cpp, side_panel.cpp,
// end_screen.cpp); this class holds what they share.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/modes.hpp"
#include "imgui.h"
#include "match.hpp"
#include "painter.hpp"

namespace web {

struct LaunchOptions {
    std::string language;  // browser language ("en-GB", "ro", ...)
};

// Pan and zoom: `centre` is the board point (in tiles) shown in the middle of the board area.
struct Camera {
    ImVec2 centre{0.5f, 0.5f};
    float tile = 96.0f;  // CSS pixels per tile
    ImVec2 target{0.5f, 0.5f};
    bool following = false;
};

class App {
public:
    explicit App(const LaunchOptions& options);
    void frame();
    // Two-finger pinch: `amount` is the change of the fingers' distance (SDL_MULTIGESTURE dDist).
    void pinch(float amount);
    // CPU time of the last frames (app + ImGui rendering), for the measurements the tests print.
    void recordFrameTime(double ms);

private:
    enum class Screen { Setup, Play };

    // setup_screen.cpp
    void drawSetup();
    void resetSeatsForMode();
    void startGame();

    // board_view.cpp
    void drawBoard(ImVec2 origin, ImVec2 size);
    void handleBoardInput(ImVec2 origin, ImVec2 size);
    void drawActionBar(ImVec2 origin, ImVec2 size);
    ImVec2 toScreen(ImVec2 board) const;
    ImVec2 toBoard(ImVec2 screen) const;
    ImVec2 segmentPoint(int tileIndex, int segment) const;
    void followAction();
    // Zooms and pans so every tile is in view.
    void fitBoard();

    // side_panel.cpp
    void drawPanel(ImVec2 origin, ImVec2 size);
    void drawPlayers();
    void drawScoringLog();
    void drawCensus();
    void drawLanguageSwitch();

    // handover.cpp
    bool handOverNeeded() const;
    void drawHandOver();

    // end_screen.cpp
    void drawEndScreen(ImVec2 origin, ImVec2 size);
    void drawScoreChart(ImVec2 size);

    // app.cpp
    void runBots();
    void rotateGhost();
    void publishHookState();
    int handDesign() const;
    // Legal placements of the chosen hand tile: cell -> rotation mask.
    std::map<std::pair<int, int>, int> legalCells() const;

    carc::Catalog catalog_;
    Screen screen_ = Screen::Setup;

    // Setup.
    int modeIndex_ = 0;
    std::vector<Seat> seats_;
    std::vector<int> optionChoice_;
    bool seedRandom_ = true;
    char seedText_[24] = "";
    std::string setupError_;

    // Play.
    std::unique_ptr<Match> match_;
    std::shared_ptr<const carc::TileSet> tiles_;
    std::vector<TileArt> art_;
    Palette palette_;
    TileLook look_;
    std::string modeTitle_;
    Camera camera_;
    ImVec2 boardOrigin_, boardSize_;
    int preferredRotation_ = 0;
    int handIndex_ = 0;
    std::optional<std::pair<int, int>> hoverCell_;
    int hoverRotation_ = 0;
    int speed_ = 1;  // 0 slow .. 3 instant
    double nextBotTime_ = 0;
    int seenActions_ = 0;
    double lastActionTime_ = 0;
    bool showResults_ = true;
    bool fittedAtEnd_ = false;
    bool fitPending_ = false;                // fit the start tiles once the board area is known
    std::vector<carc::Action> spotChoices_;  // several actions on one spot: a popup picks
    std::string lastError_;
    int handOverShownFor_ = -1;  // the turn whose hand-over screen was dismissed
    double frameMs_ = 0;
};

}  // namespace web
