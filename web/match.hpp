// One game in progress: the committed state, the active human's turn in the making (so a misclick
// can be taken back before it is confirmed), the bots, and what was played. No rules here: every
// action comes from Game::legalActions() or a bot and goes through Game::apply().
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai_client.hpp"
#include "carc/bots.hpp"
#include "carc/game.hpp"
#include "carc/record.hpp"

namespace web {

// The steady clock in milliseconds: bots and hints think in slices of a frame's time.
double nowMs();

constexpr int kSeatColours = 6;  // the player colour set's size (palette.hpp)

// The bot a seat gets unless someone picks another (a new seat on the setup screen, "Me against bots",
// "Let bots finish"): the AI level a newcomer enjoys playing against.
inline constexpr const char* kDefaultBot = "medium";
// The bots a player is offered (the AI levels); the engine's others (random, greedy) are tools for tests
// and the arena, still played when a link or a save names them.
bool offeredBot(const std::string& bot);

struct Seat {
    std::string name;
    std::string controller = "human";  // "human" or a bot name from carc::botNames()
    int colour = 0;                    // index into the player colour set (palette.hpp)
    // Online: played on another device or by the server's bot, never on this page.
    bool remote = false;
    bool human() const { return controller == "human"; }
};

struct Played {
    carc::Action action;
    int player = 0;
    int turn = 0;  // the game's turn number when it was played (an undo cuts whole turns)
};

// One decision of a bot, measured in wall-clock time from its first slice of thinking to its action
// (frames drawn in between included): what a player waits.
struct BotDecision {
    int player = 0;
    int turn = 0;
    double ms = 0;
    double thinkingMs = 0;  // of which spent thinking (the rest: drawing frames in between)
    int slices = 0;         // frames the thinking was spread over
    // Thought in the AI worker (web/ai_client.hpp): its own measure of the thinking, and whether the
    // iterations ("cap") or the level's time budget ("time") ended it.
    bool worker = false;
    int iterations = 0;
    double workerMs = 0;
    std::string stoppedBy;
};

class Match {
public:
    Match(std::unique_ptr<carc::Game> game, std::vector<Seat> seats, std::uint64_t seed);
    ~Match();
    Match(const Match&) = delete;
    Match& operator=(const Match&) = delete;

    // What to show: the turn in the making while a human plays, else the committed game.
    const carc::Game& view() const { return scratch_ ? *scratch_ : *committed_; }
    const carc::Game& committed() const { return *committed_; }
    const std::vector<Seat>& seats() const { return seats_; }
    bool humanToMove() const;
    // The human's turn ended in the scratch state: confirm or take back.
    bool awaitingConfirm() const;
    bool turnStarted() const { return !pending_.empty(); }

    // Applies a human action to the turn in the making; returns the engine's problem when illegal.
    carc::Problem applyHuman(const carc::Action& action);
    void confirm();
    void takeBack();
    // Lets the current bot think for about `sliceMs` and, once it has decided, play its action on the
    // committed game; false when it is not a bot's turn. The AI levels think in the AI worker when
    // the page has one (then a step only looks for its answer), else here in slices.
    bool botStep(double sliceMs);
    // A bot is in the middle of a decision (it spreads its thinking over frames).
    bool botThinking() const { return thinking_; }
    void handOverToBots();
    // Replays an action of a loaded record on the committed game (a resumed game); its problem if any.
    carc::Problem replay(const carc::Action& action);
    // The game was already over when a record opened it (a link, a save): none of its turns was played here.
    void markOpenedOver() { openedOver_ = committed_->over(); }
    bool openedOver() const { return openedOver_; }
    // A dealt game (online) learns a hidden value; the turn in the making learns it too.
    carc::Problem reveal(const carc::Reveal& reveal);

    // Online: a confirmed turn goes to `submit` instead of into the committed game, and stays on
    // screen, locked, until the server answers: its lines then come back through replay() after
    // dropTurn(), or the move is refused and dropTurn() gives the turn back.
    void setSubmitter(std::function<void(const std::vector<carc::Action>&)> submit) { submit_ = std::move(submit); }
    bool submitted() const { return submitted_; }
    // The actions of the turn in the making (to send again after a reconnection).
    std::vector<carc::Action> pendingActions() const;
    void dropTurn();
    // A seat's name, controller or colour changed (online: a player replaced by a bot, a colour).
    void updateSeat(int seat, const Seat& value) { seats_[static_cast<size_t>(seat)] = value; }
    const std::vector<BotDecision>& botDecisions() const { return decisions_; }

    // Every action so far, committed then pending, with who played it.
    std::vector<Played> played() const;
    // Scores after each completed turn (index 0: the start).
    const std::vector<std::vector<int>>& scoreHistory() const { return history_; }
    int actionsCommitted() const { return static_cast<int>(log_.size()); }
    // The setup and the committed actions (what the AI worker replays; a local game's record).
    carc::Record committedRecord() const;
    // The seed a bot (or a hint) thinking for `player` uses: the same for a bot and a hint in that seat.
    std::uint64_t botSeed(int player) const { return carc::seatBotSeed(seed_, player); }
    // The AI worker's question about the committed position for `player`: "move" (the next decision of
    // the AI level or tuning name `level`) or "hint" (the whole turn); nullopt for a name that is no AI level.
    std::optional<ai_client::Question> workerQuestion(const std::string& kind, const std::string& level,
                                                      int player) const;

private:
    void afterCommit(int turnBefore);
    // The AI worker's side of botStep: asks once, then looks for the answer; false when the worker
    // cannot take this decision (botStep then thinks here).
    bool workerStep(int player);
    // Plays a bot's decision through the core; false when the core refuses it.
    bool playBotAction(int player, const carc::Action& action, BotDecision decision);

    std::unique_ptr<carc::Game> committed_;
    std::unique_ptr<carc::Game> scratch_;
    std::vector<Seat> seats_;
    std::vector<std::unique_ptr<carc::Bot>> bots_;
    std::vector<Played> log_, pending_;
    std::vector<std::vector<int>> history_;
    std::uint64_t seed_;
    bool thinking_ = false;
    double thinkingSince_ = 0;  // ms on the steady clock
    double thinkingMs_ = 0;
    int slices_ = 0;
    int question_ = 0;           // the AI worker's question being thought about (0: none)
    std::size_t askedAt_ = 0;    // the actions committed when it was asked
    bool workerFailed_ = false;  // it answered with an error once: this game thinks on the page
    std::vector<BotDecision> decisions_;
    std::function<void(const std::vector<carc::Action>&)> submit_;
    bool openedOver_ = false;
    bool submitted_ = false;
    // Search iterations between two looks at the clock (well under a millisecond of the AI's thinking).
    static constexpr int kIterationsPerStep = 20;
};

}  // namespace web
