// The whole front end: a setup screen, the board with the side panel while playing, and the end
// screen. Each screen lives in its own file (setup_screen.cpp, board_view.cpp, side_panel.cpp,
// end_screen.cpp); this class holds what they share.
#pragma once

#include <array>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/feature_report.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"
#include "imgui.h"
#include "imgui_internal.h"
#include "look_back.hpp"
#include "match.hpp"
#include "mode_pieces.hpp"
#include "online_session.hpp"
#include "painter.hpp"
#include "replay_viewer.hpp"
#include "swipe.hpp"

namespace web {

// Seconds between two bot actions at a bot speed (0 slow .. 3 instant); other seats' online moves
// are shown at the same pace.
double botDelaySeconds(int speed);

// Next to the last item when a button with this label still fits in the window, else on a new row
// (a phone's narrow action bar, longer Romanian and Dutch labels). board_view.cpp.
void sameLineIfRoom(const char* label);
// The first rotation from `from` on (clockwise) that the mask of legal rotations holds.
int firstLegalRotation(int mask, int from);
// The pair a tunnel action's token belongs to: the pair it completes, or the one it would start.
int tunnelPairNumber(const carc::Action& action, const ModePieces& pieces, int player);
// Opens the bar along the board's bottom edge (the action bar, the replay's timeline); End() closes it.
void beginBottomBar(const char* id, ImVec2 origin, ImVec2 size);
// A combo choosing who plays a seat: human or one of the engine's bots (the setup screen's seats, the
// replay's "Play from here"). The test hook names it `hookName`, its entries `hookName:human`, ...
// It offers human and the AI levels (and the seat's own bot when a link or a save named random or greedy),
// as wide as its longest entry (controllerChoiceWidth).
void controllerChoice(std::string& controller, const std::string& hookName);
float controllerChoiceWidth(const std::string& controller);
// "Player 3" in the player's language: a seat's name until someone types one.
std::string defaultSeatName(int seat);
// The name a room's seat shows. A seat that has been a bot from the start carries the server's
// English name for it ("Easy bot"): it is named as a local game names its seats, and its note says
// which AI plays it. A seat handed to a bot keeps its player's name. `recorded`: the name the game's
// record gives the seat.
std::string roomSeatName(const RoomSeat& seat, int index, const std::string& recorded);

struct LaunchOptions {
    std::string language;  // browser language ("en-GB", "ro", ...)
};

// Pan and zoom: `centre` is the board point (in tiles) shown in the middle of the board area.
struct Camera {
    ImVec2 centre{0.5f, 0.5f};
    float tile = 96.0f;  // CSS pixels per tile
    ImVec2 target{0.5f, 0.5f};
    float tileTarget = 96.0f;  // the zoom it glides to while following
    bool following = false;
};

class App {
public:
    explicit App(const LaunchOptions& options);
    void frame();
    // Two-finger pinch: `amount` is the change of the fingers' distance (SDL_MULTIGESTURE dDist).
    void pinch(float amount);
    // A finger touches (+1), lifts (-1) or the browser takes the touch over (0), at CSS pixels x, y,
    // at the browser's timestamp of the event (ms): the replay's swipes.
    void finger(int change, float x, float y, double ms);
    // CPU time of the last frames (app + ImGui rendering), for the measurements the tests print.
    void recordFrameTime(double ms);
    // The player's input: by touch (a finger, or a coarse pointer before any input) or by mouse; the
    // board's taps and the texts follow it (main.cpp tells).
    void setTouch(bool touch) { touch_ = touch; }

    // For the page (shell_bridge.cpp): starts a game from a record (setup + actions), resuming after its
    // last action, with "human" or a bot name per seat. Returns the engine's problem, if any.
    // colours: one index per seat, or empty to keep the setup screen's colours.
    carc::Problem startRecord(const carc::Record& record, const std::vector<std::string>& controllers,
                              const std::vector<int>& colours = {});
    carc::Catalog& catalog() { return catalog_; }
    const Match* match() const { return match_.get(); }
    void setBotSpeed(int speed) { speed_ = speed; }

    // Online play (online_play.cpp; the page's side is shell/online.js): a server message, and the
    // state of the page's connection.
    void onlineReceive(const std::string& json);
    void onlineLink(Link link, int retryIn);
    // The page goes to a room (an invitation link, the lobby): the room screen shows while it connects.
    void onlineEntering(const std::string& room);
    // The page's address for invitation links (`<base>#room=<id>`).
    void setInviteBase(const std::string& base) { inviteBase_ = base; }
    // The page's switches for "your turn" alerts (shell/turn_alert.js): a sound, and a system
    // notification (offered: the browser has them and has not refused them).
    void setTurnAlerts(bool sound, bool notify, bool notifyOffered) {
        alertSound_ = sound, alertNotify_ = notify, notifyOffered_ = notifyOffered;
    }
    // The page saved the finished online game under this name (shell/online.js): the end screen says so.
    void setOnlineSavedAs(const std::string& name) { onlineSavedAs_ = name; }
    // The game on screen is an online game.
    bool playingOnline() const { return match_ && !onlineRoom_.empty(); }
    // What the page saves and exports of an online game: the seat's dealt record while it is played,
    // the full record (seed included) once the server sent it; null for other games.
    const carc::Record* onlineRecord() const;
    // Opens the game on screen in the replay viewer at its first move (replay_viewer.cpp); false when
    // there is none to view (online, or no game).
    bool viewReplay();
    // The undos and hints counted in the game on screen (a save keeps them, shell/saves.js).
    const LookBack& lookBack() const { return lookBack_; }
    // Puts back the counts a save kept for the game just resumed; false (nothing changes) when they do
    // not fit it: one count per seat, none negative.
    bool restoreLookBack(const std::vector<int>& undos, const std::vector<int>& hints, bool hintsAllowed);

private:
    enum class Screen { Setup, Room, Play };

    // setup_screen.cpp
    void drawSetup();
    void resetSeatsForMode();
    void renameDefaultSeats();
    void startGame();
    void drawHintsChoice(bool besideAdd);
    void publishSeatColours();

    // board_view.cpp
    void drawBoard(ImVec2 origin, ImVec2 size);
    void handleBoardInput(ImVec2 origin, ImVec2 size);
    void drawActionBar(ImVec2 origin, ImVec2 size);
    ImVec2 toScreen(ImVec2 board) const;
    ImVec2 toBoard(ImVec2 screen) const;
    // Where a segment's follower spot lies on its placed tile: in the tile's unit square, and on screen.
    carc::art::Vec2 segmentUnit(int tileIndex, int segment) const;
    ImVec2 segmentPoint(int tileIndex, int segment) const;
    // Places the touch ghost's tile where it shows.
    void placeTouchGhost();

    // spot_view.cpp: the step's spots, fanned out where they would crowd a tile; their names; the
    // touch's two steps (a first tap picks a spot, a second or Take takes it).
    struct ShownSpot {
        std::pair<int, int> key;  // tile, segment
        std::vector<carc::Action> actions;
        ImVec2 at;      // where its badge is drawn
        ImVec2 anchor;  // its place on the tile
        ImVec2 tileCentre;
    };
    void drawSpots(ImDrawList* dl, bool clickTaken);
    float spotGap() const;
    float spotRadius() const;
    const char* followerWord(const ModePieces& pieces) const;
    std::string spotLabel(const carc::Action& a, int tile, int segment, const ModePieces& pieces) const;
    void drawSpotIcon(ImDrawList* dl, ImVec2 centre, float radius, const carc::Action& a, bool lying,
                      const ModePieces& pieces) const;
    void drawSpotLabel(ImDrawList* dl, ImVec2 centre, float radius, const std::string& text, ImVec2 away) const;
    void takeSpot(const std::vector<carc::Action>& actions);
    void takePickedSpot();
    ImVec2 shownSpotPoint(int tile, int segment) const;

    // camera_view.cpp: the board area that no panel covers, and keeping the action inside it.
    ImRect freeArea() const;
    // The camera centre that shows board point `board` at screen point `screen` at `tile` px a tile.
    ImVec2 centreShowing(ImVec2 board, ImVec2 screen, float tile) const;
    // Glides to show a board rectangle (in tiles) in the middle of `area`, as large as fits within
    // `smallest`..160 px a tile; returns the size that would fit it exactly.
    float fitInto(const ImRect& board, const ImRect& area, float smallest);
    // Pans as little as it can (and zooms out if it must) to bring a board rectangle into the free area.
    void bringIntoView(const ImRect& board);
    // The step's action on the board: its legal cells, else the newest tile.
    std::optional<ImRect> actionInView() const;
    void followAction();
    // Zooms and pans so every tile (and every legal cell) is in the free area.
    void fitBoard();
    float fitBoardInto(const ImRect& area, float smallest);
    void publishFreeArea();

    // board_keys.cpp: the board's keyboard cursor. A target of the step after the tile: a spot
    // (tile, segment) with its actions, or an action without a spot (tile -1: skip, mine, ...).
    struct KeyTarget {
        int tile = -1;
        int segment = -1;
        std::vector<carc::Action> actions;
    };
    std::vector<KeyTarget> keyTargets() const;
    void handleBoardKeys();
    void moveCellCursor(ImVec2 dir);
    void keepInView(ImVec2 boardPoint);
    void drawKeyCursor(ImDrawList* dl);
    bool keyTargetIs(const carc::Action& action) const;
    // The rotation the ghost shows on a cell with these legal rotations: the preferred one, else the next legal.
    int ghostRotation(int mask) const;

    // side_panel.cpp
    void drawPanel(ImVec2 origin, ImVec2 size);
    bool drawPanelControls(float width, bool compact);
    void drawPlayers();
    // The tile the turn in the making placed (null before the placement, or with nothing in the making).
    const carc::PlacedTile* tilePlacedThisTurn() const;
    void drawScoringLog();
    void drawCensus();
    void drawLanguageSwitch();
    // The setup and room screens' window: centred, at most 620 px wide, its title large with the
    // language switch beside it. Returns the width; the caller ends the window.
    float beginCentredPanel(const char* id, const char* title);
    // The mode's own pieces per player (tunnel tokens, tent and mining tokens) and for all (surveyors).
    void drawPlayerPieces(const ModePieces& pieces, int player);
    void drawSharedPieces(const ModePieces& pieces);
    void publishPanelState();

    // board_overlays.cpp: drawn over the board after the tiles and spots.
    void drawBoardOverlays(ImDrawList* dl);
    void drawSurveyorColumns(ImDrawList* dl, const SurveyorPieces& surveyors);
    void drawSpotPreview();
    void drawTurnSummary();
    void drawScoringOrderDialog();
    void drawScoringOrderChoices(const std::vector<carc::Action>& choices);  // apart: seldom called, compiled then
    std::vector<std::string> choiceLabels(const carc::Game& g, const std::vector<carc::Action>& choices) const;
    const char* sideOfSegment(int tileIndex, int segment) const;

    // feature_card.cpp: the card of the feature under the pointer, or of the scoring-log entry under it.
    struct FeatureFocus {
        carc::Pos pos;
        int segment = 0;
    };
    std::optional<FeatureFocus> featureUnderPointer() const;
    std::optional<FeatureFocus> scoredFeature(const carc::Event& event) const;
    void drawFeatureCard(ImDrawList* dl);
    // The card itself, in a function of its own: a frame without a feature under the pointer (every
    // frame of the start) then never calls it, and the browser compiles it only when first needed.
    void drawFeatureCardOf(ImDrawList* dl, const FeatureFocus& focus);
    // feature_outline.cpp: the segment of a placed tile drawn under a screen point (-1: none), and the
    // outline of a feature's segments on their tiles (published as "featureOutline" for the tests).
    int segmentDrawnAt(int tileIndex, ImVec2 screen) const;
    void drawFeatureOutline(ImDrawList* dl, const std::vector<carc::FeatureReport::Place>& places);

    // handover.cpp
    bool handOverNeeded() const;
    void drawHandOver();
    // The human seat who last played a turn (-1: none yet).
    int lastHumanToMove() const;
    // The seat looking at the screen, who may see their own hidden pieces: the human to move, else
    // the human who played last (hot seat), else the first human seat; -1 when every seat is a bot;
    // kEveryoneSees in the replay of a finished game.
    int viewer() const;

    // end_screen.cpp: over the side panel (origin, size: its rectangle), so the board stays in view.
    void drawEndScreen(ImVec2 origin, ImVec2 size);
    // The scores after each turn as lines; `marked`: a step drawn as a vertical line (the replay's).
    // Returns the step under a click or drag on the chart, else -1.
    int drawScoreChart(ImVec2 size, const std::vector<std::vector<int>>& history, int marked = -1);

    // online_room.cpp: the room before the game starts, and online play on the setup screen.
    void drawRoom();
    void drawRoomSeat(int seat, float width);
    // The room's seats as the setup screen's (open seats with a colour nobody plays).
    std::vector<Seat> roomSeatsShown() const;
    void drawOnlineSetup(float width);
    void drawLobby();
    void createRoom();
    // online_play.cpp: the online game.
    void startOnlineGame(const ServerMessage& message);
    void onlineMoved(const ServerMessage& message);
    void onlineError(const ServerMessage& message);
    void onlineRoomChanged();
    // Applies the server's lines in order, other seats' actions paced like bots' (runBots).
    void playIncoming();
    bool applyLine(const std::string& line);
    void sendTurn(const std::vector<carc::Action>& actions);
    void askResync();
    // Leaves the game or room on screen (online: the room too) for the setup screen.
    void backToSetup();
    // Tells the server and the page that this page leaves its room.
    void leaveRoom();
    std::vector<Seat> onlineSeats(const carc::Setup& setup, int mySeat) const;
    // An error of the server in the player's words (its own message where the engine gave the reason).
    std::string onlineErrorText(const ServerMessage& message) const;
    void drawOnlineStatus();
    // The action bar while another seat plays online; the host may hand an absent player to a bot.
    void drawOnlineWaiting();
    // Under a player's name online: bot level, connected or away, "you".
    std::string onlineSeatNote(int seat) const;
    double awaySeconds(int seat) const;
    void publishOnlineState();
    // Tells the page when this page's own seat comes to move online and when that turn is over; the
    // page alerts a player who looks elsewhere (shell/turn_alert.js).
    void tellTurnToPage();
    // The sound and notification switches of those alerts (room screen, side panel online).
    void drawTurnAlertSwitches();
    // online_clock.cpp: the turn clock's countdown, whose time ran out, taking one's seat back.
    void onlineClock(const ServerMessage& message);
    double clockSecondsLeft() const;
    void drawTurnClock();
    // The create-room choice of a move time and of the bot that plays a late turn (setup screen).
    void drawClockChoice();
    // play_again.cpp: the end screen's "Play again" and the others' prompt to join it.
    void onlineRematch(const ServerMessage& message);
    void drawPlayAgain();

    // look_back.cpp: undo a turn, ask the hard AI for a hint (never online).
    bool lookBackAllowed() const;
    std::optional<UndoCut> undoCut() const;
    void undoTurn();
    bool hintOffered() const;
    void askHint();
    void runHint(double sliceMs);
    // The hint's two ways: the AI worker's answer once it came, else the advisor here, in slices.
    void takeWorkerHint();
    void thinkHintOnPage();
    void drawLookBackButtons();
    std::optional<ImVec2> hintSpot(const carc::Action& place, carc::Pos pos, int segment) const;
    void drawHintGhost(ImDrawList* dl);
    void drawLookBackSummary();
    void publishLookBackState();

    // replay_viewer.cpp, timeline_bar.cpp: the replay viewer (replay_viewer.hpp).
    void showReplayStep(int shown);
    void fitReplayBoard();
    void followReplayStep();
    void closeReplay();
    void playFromHere(const std::vector<std::string>& controllers);
    // play_from_here.cpp: the dialog choosing who plays each seat of the game "Play from here" starts.
    void openPlayFromHere();
    void drawPlayFromHere();
    void runReplay();
    void handleReplayKeys();
    void drawReplayHighlight();
    void drawTimelineBar(ImVec2 origin, ImVec2 size);
    void publishReplayState();

    // announcer.cpp: the live region's lines (announcer.hpp).
    void announce();
    void announceGame();
    void announceSetup();
    std::string scoringLine(const carc::Game& g, const carc::Event& event) const;  // the scoring log's words
    std::string actionLine(const carc::Game& g, const Played& played, carc::Pos tilePos) const;

    // app.cpp
    // The look of tiles_: geometry (follower spots), ground colours, and the atlas fetch started.
    void prepareTileLook();
    void runBots();
    void rotateGhost();
    void publishHookState();
    int handDesign() const;
    // Legal placements of the chosen hand tile: cell -> rotation mask.
    std::map<std::pair<int, int>, int> legalCells() const;
    // Puts a match on screen (setup_screen.cpp); keepView: the same game again (online, after a
    // reconnection), the camera stays where it was.
    void showMatch(std::unique_ptr<Match> match, const carc::ModeInfo& mode, bool keepView);

    carc::Catalog catalog_;
    Screen screen_ = Screen::Setup;

    // Setup.
    int modeIndex_ = 0;
    std::vector<Seat> seats_;
    std::vector<int> optionChoice_;
    bool seedRandom_ = true;
    char seedText_[24] = "";
    bool hintsOffered_ = true;  // hints in the games this page starts
    std::string setupError_;
    std::string namesLanguage_;                   // the language of defaultNamesShown_
    std::vector<std::string> defaultNamesShown_;  // each seat's default name as last shown

    // Play.
    std::unique_ptr<Match> match_;
    std::shared_ptr<const carc::TileSet> tiles_;
    TileArts art_;
    TileAtlas atlas_;  // the tile pictures, fetched per tile set
    Palette palette_;
    TileLook look_;
    std::string tileLookMode_;  // the mode whose tile set atlas_ and look_ were prepared for
    Camera camera_;
    ImVec2 boardOrigin_, boardSize_;
    int preferredRotation_ = 0;
    int handIndex_ = 0;
    std::optional<std::pair<int, int>> hoverCell_;
    int hoverRotation_ = 0;
    bool touch_ = false;                             // main.cpp: the player plays by touch
    std::optional<std::pair<int, int>> touchGhost_;  // the cell a first tap showed the tile on
    int ghostRotation_ = 0;
    float actionBarTop_ = -1;                     // where the action bar began last frame (-1: not yet)
    std::array<int, 5> viewedStep_{};             // the step the camera last brought into view
    ImVec2 featureCardSize_{0, 0};                // the feature card's size last frame
    bool keyCursor_ = false;                      // the keyboard's cursor shows (until the mouse moves)
    std::optional<std::pair<int, int>> keyCell_;  // the legal cell under it
    int keyTarget_ = -1;                          // the step's target under it (keyTargets())
    std::vector<KeyTarget> keyTargetsShown_;
    // What the live region has been told of the game on screen (actions -1: a new game, not yet).
    struct Announced {
        int actions = -1;
        size_t events = 0;
        std::pair<int, int> turn{-1, -1};  // turn number, player
        bool over = false;
        std::string setup;     // the setup screen's last description
        std::string language;  // the canvas's label is in it
    };
    Announced announced_;
    bool focusBoardPending_ = false;  // a game just came on screen: the board takes the keyboard
    int speed_ = 1;                   // 0 slow .. 3 instant
    double nextBotTime_ = 0;
    int seenActions_ = 0;
    double lastActionTime_ = 0;
    bool showResults_ = true;
    bool fittedAtEnd_ = false;
    bool fitPending_ = false;                        // fit the start tiles once the board area is known
    std::vector<carc::Action> spotChoices_;          // several actions on one spot: a popup picks
    std::optional<carc::Action> hoveredSpot_;        // the action spot under the mouse (for its preview)
    std::vector<ShownSpot> spotsShown_;              // this frame's spots, where they are drawn
    std::optional<std::pair<int, int>> spotPicked_;  // on touch: the spot a first tap picked
    bool spotChoiceOpen_ = false;                    // open the several-actions popup next
    carc::Problem lastError_;
    std::string refusedText_;    // the game server refused this page's turn for a reason of its own
    int handOverShownFor_ = -1;  // the turn whose hand-over screen was dismissed
    double frameMs_ = 0;
    int vertices_ = 0;                      // drawn in the last frame
    long frameCount_ = 0;                   // frames drawn: tests see the page stays responsive while a bot thinks
    LookBack lookBack_;                     // undos and hints of the game on screen
    std::optional<FeatureFocus> logFocus_;  // the feature of the scoring-log entry under the pointer
    std::unique_ptr<ReplayViewer> replay_;  // set while the replay viewer is open
    SwipeDetector swipe_;                   // a finger's swipe on the replay's board steps

    // Online.
    OnlineSession online_;
    std::string inviteBase_;
    std::string onlineRoom_;     // the room of the online game on screen ("" when none)
    int onlineSeat_ = -1;        // this page's seat in it (-1: watching)
    carc::Record onlineRecord_;  // the seat's dealt record, as far as the committed game
    std::optional<carc::Record> fullRecord_;
    // The server's lines not applied yet; `paced`: another seat's move, shown at the bots' pace.
    struct IncomingLine {
        std::string text;
        bool paced = false;
    };
    std::deque<IncomingLine> incoming_;
    std::string onlineError_;
    double roomReceivedAt_ = 0;  // ImGui time of the last room message (absences count on from it)
    double lobbyAskedAt_ = -100;
    bool roomRequested_ = false;  // "Play online" pressed: the room screen follows the answer
    std::vector<std::pair<int, std::string>> botSeatsToSet_;  // the setup screen's bots, for the new room
    double resyncAskedAt_ = -100;
    char joinName_[97] = "";      // 24 characters of up to 4 bytes each
    bool turnToldYours_ = false;  // the page was last told that it is this seat's turn
    bool alertSound_ = true;
    bool alertNotify_ = false;
    bool notifyOffered_ = false;
    std::string onlineSavedAs_;  // the save the page made of the finished online game
    int joinColour_ = -1;
    // The turn clock: the seat to move and its time left when the `clock` message came (ImGui time).
    int clockSeat_ = -1;
    std::int64_t clockRemainingMs_ = 0;
    double clockReceivedAt_ = 0;
    int timedOutSeat_ = -1;   // the last seat whose time ran out
    int createClock_ = 0;     // the setup screen's move time (index into the offered choices)
    int createClockBot_ = 1;  // easy, medium, hard
    // "Play again": the new room once made or offered, who offered it, and this page's click.
    std::string rematchNext_;
    int rematchBy_ = -1;
    bool rematchAsked_ = false;
};

}  // namespace web
