// Online games (docs/online-protocol.md): the server sends this seat's dealt record, then its later
// lines as moves are made; this page replays them with the core (other seats' moves paced like
// bots'), sends its own confirmed turns and commits them only when the server's answer comes back,
// carrying the reveal of the next draw. The room's players, connections and the host's bot seats are
// shown around the board.
#include <algorithm>
#include <cstdio>

#include "app.hpp"
#include "carc/record.hpp"
#include "i18n.hpp"
#include "online_bridge.hpp"
#include "palette.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

bool isReveal(const std::string& line) {
    return line.rfind("reveal ", 0) == 0;
}

int colourIndex(const std::string& key) {
    for (int c = 0; c < kMaxSeats; ++c)
        if (key == colourKey(c)) return c;
    return -1;
}

// Codes of errors that answer a move: the turn goes back to the player.
bool refusesMove(const std::string& code) {
    static const char* codes[] = {"not_your_turn", "stale", "illegal", "over", "not_started", "spectator"};
    return std::any_of(std::begin(codes), std::end(codes), [&](const char* c) { return code == c; });
}

}  // namespace

void App::onlineLink(Link link, int retryIn) {
    const bool wasConnected = online_.connected();
    online_.setLink(link, retryIn);
    // A fresh connection: the lobby is asked again when the setup screen shows it.
    if (link == Link::Connected && !wasConnected) lobbyAskedAt_ = -100;
}

void App::onlineEntering(const std::string& room) {
    if (playingOnline() && onlineRoom_ == room) return;
    if (online_.inRoom() && online_.room().id != room) online_.forgetRoom();
    match_.reset();
    onlineRoom_.clear();
    onlineError_.clear();
    screen_ = Screen::Room;
}

void App::onlineReceive(const std::string& json) {
    const ServerMessage m = online_.receive(json);
    if (m.type.empty()) {
        std::printf("online: ignored a server message (%s)\n", m.problem.c_str());
        return;
    }
    if (m.type == "joined" || m.type == "watching") {
        onlineError_.clear();
        // A player coming back to the game on screen stays on it; anyone else sees the room (the game
        // follows when it has started). A game of this page's own is in the autosave.
        if (!(playingOnline() && onlineRoom_ == m.room)) {
            match_.reset();
            onlineRoom_.clear();
            screen_ = Screen::Room;
        }
        if (m.type == "joined" && m.host && roomRequested_) {
            // The setup screen's bots take their seats in the new room; other seats wait for friends.
            for (const auto& [seat, kind] : botSeatsToSet_) online_.setSeat(seat, kind);
            botSeatsToSet_.clear();
        }
        roomRequested_ = false;
    } else if (m.type == "room") {
        onlineRoomChanged();
    } else if (m.type == "game") {
        startOnlineGame(m);
    } else if (m.type == "moved") {
        onlineMoved(m);
    } else if (m.type == "over") {
        carc::Replay full = carc::replayText(m.record, catalog_);
        if (!full.error)
            fullRecord_ = full.record;
        else
            std::printf("online: the final record does not replay (%s)\n", trProblem(full.error).c_str());
    } else if (m.type == "clock" || m.type == "timeout") {
        onlineClock(m);
    } else if (m.type == "rematch") {
        onlineRematch(m);
    } else if (m.type == "left") {
        onlineRoom_.clear();
    } else if (m.type == "error") {
        onlineError(m);
    }
    tellTurnToPage();  // also in a background tab, which draws no frames
}

void App::onlineRoomChanged() {
    roomReceivedAt_ = ImGui::GetTime();
    if (!playingOnline() || !online_.inRoom() || online_.room().id != onlineRoom_) return;
    // A seat handed to a bot (or back to its player) is labelled so; the game itself comes in lines.
    const auto seats = onlineSeats(match_->committed().setup(), onlineSeat_);
    for (size_t p = 0; p < seats.size(); ++p) match_->updateSeat(static_cast<int>(p), seats[p]);
}

std::vector<Seat> App::onlineSeats(const carc::Setup& setup, int mySeat) const {
    std::vector<Seat> seats;
    const Room* room = online_.inRoom() ? &online_.room() : nullptr;
    for (int p = 0; p < setup.players; ++p) {
        Seat seat;
        const RoomSeat* known =
            room && p < static_cast<int>(room->seats.size()) ? &room->seats[static_cast<size_t>(p)] : nullptr;
        seat.name = p < static_cast<int>(setup.names.size()) ? setup.names[static_cast<size_t>(p)]
                    : known                                  ? known->name
                                                             : "";
        if (known) seat.name = roomSeatName(*known, p, seat.name);
        seat.controller = !known || known->human() ? "human" : known->kind;
        seat.colour = known && colourIndex(known->colour) >= 0 ? colourIndex(known->colour) : p;
        // This page plays its own seat, unless the host let a bot play it while the player was gone.
        seat.remote = p != mySeat || (known && !known->human());
        seats.push_back(seat);
    }
    return seats;
}

void App::startOnlineGame(const ServerMessage& m) {
    carc::Replay replay = carc::replayText(m.record, catalog_);
    const carc::ModeInfo* mode = replay.game ? carc::findMode(replay.record.setup.mode) : nullptr;
    if (replay.error || !mode) {
        onlineError_ = trProblem(replay.error);
        askResync();
        return;
    }
    const std::string room = m.room.empty() && online_.inRoom() ? online_.room().id : m.room;
    // The same game again (a reconnection): the view stays, and a turn in the making is kept.
    const bool same = playingOnline() && onlineRoom_ == room && onlineSeat_ == m.seat;
    std::vector<carc::Action> pending;
    bool wasSubmitted = false;
    int turnBefore = -1;
    if (same) {
        pending = match_->pendingActions();
        wasSubmitted = match_->submitted();
        turnBefore = match_->committed().turnNumber();
    }
    carc::Problem problem;
    auto game = catalog_.newGame(replay.record.setup, problem);
    if (!game) {
        onlineError_ = trProblem(problem);
        return;
    }
    auto match = std::make_unique<Match>(std::move(game), onlineSeats(replay.record.setup, m.seat), 0);
    const auto& record = replay.record;
    size_t nextReveal = 0;
    for (size_t i = 0; i <= record.actions.size(); ++i) {
        for (; nextReveal < record.reveals.size() && record.reveals[nextReveal].before == i; ++nextReveal)
            match->reveal(record.reveals[nextReveal].reveal);
        if (i < record.actions.size()) match->replay(record.actions[i]);
    }
    match->setSubmitter([this](const std::vector<carc::Action>& actions) { sendTurn(actions); });
    onlineRecord_ = record;
    fullRecord_.reset();
    incoming_.clear();
    if (!same) {
        clockSeat_ = timedOutSeat_ = rematchBy_ = -1;
        rematchNext_.clear();
        rematchAsked_ = false;
    }
    onlineRoom_ = room;
    onlineSeat_ = m.seat;
    onlineError_.clear();
    showMatch(std::move(match), *mode, same);
    if (!same || pending.empty() || !match_->humanToMove() || match_->committed().turnNumber() != turnBefore) return;
    for (const auto& action : pending)
        if (match_->applyHuman(action)) {
            match_->takeBack();
            return;
        }
    // Sent before the connection dropped and not played: send it again (the server refuses a
    // duplicate as stale, so it can never be played twice).
    if (wasSubmitted) match_->confirm();
}

void App::sendTurn(const std::vector<carc::Action>& actions) {
    refusedText_.clear();
    std::vector<std::string> lines;
    for (const auto& action : actions) lines.push_back(carc::actionText(action, *tiles_));
    online_.move(static_cast<int>(onlineRecord_.actions.size()), lines);
}

void App::onlineMoved(const ServerMessage& m) {
    if (!playingOnline() || m.room != onlineRoom_) return;
    const auto actions = static_cast<int>(
        std::count_if(m.lines.begin(), m.lines.end(), [](const std::string& l) { return !isReveal(l); }));
    const auto queued = static_cast<int>(
        std::count_if(incoming_.begin(), incoming_.end(), [](const IncomingLine& l) { return !isReveal(l.text); }));
    if (m.seq - actions != static_cast<int>(onlineRecord_.actions.size()) + queued) {
        askResync();  // a message went missing: the whole record comes again
        return;
    }
    // This seat's own move (from this page, or another tab playing the same seat) comes at once.
    const bool mine = m.by >= 0 && m.by == onlineSeat_;
    for (const auto& line : m.lines) incoming_.push_back({line, !mine});
    playIncoming();
}

void App::playIncoming() {
    const double now = ImGui::GetTime();
    while (!incoming_.empty()) {
        const IncomingLine line = incoming_.front();
        const bool action = !isReveal(line.text);
        const bool paced = action && line.paced && speed_ < 3 && !online::pageHidden();
        if (paced && now < nextBotTime_) return;
        incoming_.pop_front();
        if (!applyLine(line.text)) {
            askResync();
            return;
        }
        if (paced) {
            nextBotTime_ = now + botDelaySeconds(speed_);
            return;
        }
    }
}

bool App::applyLine(const std::string& line) {
    const carc::TileSet& tiles = match_->committed().tileSet();
    carc::Problem error;
    if (isReveal(line)) {
        const auto reveal = carc::parseRevealLine(line, tiles, error);
        if (reveal) error = match_->reveal(*reveal);
        if (error) {
            std::printf("online: '%s' refused: %s\n", line.c_str(), trProblem(error).c_str());
            return false;
        }
        onlineRecord_.reveals.push_back({onlineRecord_.actions.size(), *reveal});
        return true;
    }
    const auto action = carc::parseAction(line, tiles, error);
    // The server's move ends any turn in the making here (it was this seat's, from the server).
    if (action) match_->dropTurn(), error = match_->replay(*action);
    if (error) {
        std::printf("online: '%s' refused: %s\n", line.c_str(), trProblem(error).c_str());
        return false;
    }
    onlineRecord_.actions.push_back(*action);
    return true;
}

void App::askResync() {
    const double now = ImGui::GetTime();
    if (now - resyncAskedAt_ < 1.0) return;
    resyncAskedAt_ = now;
    online::toPage("resync", onlineRoom_.empty() && online_.inRoom() ? online_.room().id : onlineRoom_);
}

std::string App::onlineErrorText(const ServerMessage& m) const {
    // The engine's reason (an illegal move, a setup the core refuses), worded here from its code; a
    // server whose engine knows codes this page does not sends English words beside them.
    if (m.code == "illegal" || m.code == "bad_setup") return m.refusal ? trProblem(*m.refusal) : m.message;
    // A code from a newer server than this page knows: the server's own (English) words.
    const char* text = tr("online.error." + m.code);
    return *text == '\0' ? m.message : text;
}

void App::onlineError(const ServerMessage& m) {
    const std::string text = onlineErrorText(m);
    if (m.ref == "create") {
        roomRequested_ = false;
        setupError_ = text;
        return;
    }
    if (m.ref == "rematch") rematchAsked_ = false;  // the button may be pressed again
    if (refusesMove(m.code) && playingOnline()) {
        match_->dropTurn();
        // The engine's reason is kept as data (worded anew if the language changes); other refusals
        // (another seat's turn, a missed move) as the words chosen here.
        lastError_ = m.refusal ? *m.refusal : carc::Problem{};
        refusedText_ = m.refusal ? "" : text;
        if (m.code == "stale") askResync();
        return;
    }
    if (m.code == "no_room") {
        // The room is gone (expired): back to the setup screen, with the reason.
        leaveRoom();
        match_.reset();
        screen_ = Screen::Setup;
        setupError_ = text;
        return;
    }
    onlineError_ = text;
}

void App::leaveRoom() {
    if (online_.inRoom()) online_.leave();
    online::toPage("leave", "");
    onlineRoom_.clear();
    onlineSeat_ = -1;
    incoming_.clear();
    fullRecord_.reset();
    onlineError_.clear();
    onlineSavedAs_.clear();
    roomRequested_ = false;
}

void App::backToSetup() {
    if (playingOnline() || online_.inRoom()) leaveRoom();
    replay_.reset();
    match_.reset();
    screen_ = Screen::Setup;
}

const carc::Record* App::onlineRecord() const {
    if (!playingOnline()) return nullptr;
    return fullRecord_ ? &*fullRecord_ : &onlineRecord_;
}

double App::awaySeconds(int seat) const {
    if (!online_.inRoom() || seat < 0 || seat >= static_cast<int>(online_.room().seats.size())) return 0;
    const RoomSeat& s = online_.room().seats[static_cast<size_t>(seat)];
    if (s.connected || !s.human()) return 0;
    return s.away + (ImGui::GetTime() - roomReceivedAt_);
}

std::string App::onlineSeatNote(int seat) const {
    if (!online_.inRoom() || seat >= static_cast<int>(online_.room().seats.size())) return "";
    const RoomSeat& s = online_.room().seats[static_cast<size_t>(seat)];
    std::string note;
    if (!s.human())
        note = tr("seat.bot." + s.kind);
    else if (s.connected)
        note = tr("online.connected");
    else
        note = tr("online.away", {{"time", minutesSeconds(awaySeconds(seat))}});
    if (s.replaced) note += std::string(" ") + tr("online.replaced");
    if (s.reserved) note += std::string(", ") + tr("online.reserved");
    if (seat == online_.seat()) note += std::string(", ") + tr("online.you");
    if (s.host) note += std::string(", ") + tr("online.host");
    return note;
}

// One line at the top of the panel: the connection, and whether this page plays or watches.
void App::drawOnlineStatus() {
    const Link link = online_.link();
    const ImVec4 good(0.6f, 0.85f, 0.55f, 1), bad(1, 0.6f, 0.5f, 1);
    if (link == Link::Connected) {
        ImGui::TextColored(good, "%s", tr("online.link.connected"));
    } else if (link == Link::Retrying && online_.retryIn() <= 0) {
        ImGui::TextColored(bad, "%s", tr("online.link.reconnecting"));
    } else if (link == Link::Retrying) {
        ImGui::TextColored(bad, "%s", tr("online.link.retrying", {{"seconds", online_.retryIn()}}).c_str());
    } else if (link == Link::Incompatible) {
        ImGui::TextColored(bad, "%s", tr("online.link.incompatible"));
    } else if (link == Link::Connecting) {
        ImGui::TextColored(bad, "%s", tr("online.link.connecting"));
    } else {
        ImGui::TextColored(bad, "%s", tr("online.link.unavailable"));
    }
    std::string after;
    if (online_.inRoom() && online_.seat() < 0)
        after = tr("online.watching");
    else if (online_.inRoom() && online_.room().spectators > 0)
        after = tr("online.spectators", {{"count", online_.room().spectators}});
    if (!after.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", after.c_str());
    }
    if (!onlineError_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(bad, "%s", onlineError_.c_str());
        ImGui::PopTextWrapPos();
    }
}

void App::drawOnlineWaiting() {
    const carc::Game& g = match_->committed();
    const int active = g.activePlayer();
    const auto& seat = match_->seats()[static_cast<size_t>(active)];
    if (!incoming_.empty() || g.waitingForReveal() || !online_.connected()) {
        ImGui::TextUnformatted(tr("play.bot_thinking", {{"name", seat.name}}).c_str());
        return;
    }
    const double away = awaySeconds(active);
    if (away <= 0) {
        ImGui::TextUnformatted(tr("play.bot_thinking", {{"name", seat.name}}).c_str());
        return;
    }
    ImGui::TextUnformatted(tr("online.is_away", {{"name", seat.name}, {"time", minutesSeconds(away)}}).c_str());
    // Any seated player may let a bot play on for a player who has been gone long; until then the page
    // says when that will be (spectators only watch).
    if (online_.seat() < 0) return;
    if (away < online_.replaceAfter()) {
        ImGui::TextUnformatted(
            tr("online.replace_in", {{"time", minutesSeconds(online_.replaceAfter() - away)}}).c_str());
        return;
    }
    ImGui::TextUnformatted(tr("online.replace"));
    for (const char* kind : {"easy", "medium", "hard"}) {
        ImGui::SameLine();
        if (ImGui::Button(tr(std::string("seat.bot.") + kind))) online_.replace(active, kind);
        hook::button(std::string("replace:") + kind);
    }
}

void App::tellTurnToPage() {
    // The core's position decides: this seat is to move, no move of another seat is still to be shown.
    const bool yours = playingOnline() && !replay_ && onlineSeat_ >= 0 && incoming_.empty() && match_->humanToMove() &&
                       match_->committed().activePlayer() == onlineSeat_ && !match_->committed().waitingForReveal();
    if (yours == turnToldYours_) return;
    turnToldYours_ = yours;
    online::toPage("turn", yours ? "yours" : "");
}

void App::drawTurnAlertSwitches() {
    bool changed = ImGui::Checkbox(tr("online.alert_sound"), &alertSound_);
    hook::button("alertSound");
    if (notifyOffered_) {
        sameLineIfRoom(tr("online.alert_notify"));
        changed |= ImGui::Checkbox(tr("online.alert_notify"), &alertNotify_);
        hook::button("alertNotify");
    }
    if (changed) online::toPage("alerts", hook::Json{{"sound", alertSound_}, {"notify", alertNotify_}}.dump());
}

void App::publishOnlineState() {
    hook::Json out = {{"link", static_cast<int>(online_.link())},
                      {"available", online_.available()},
                      {"room", online_.inRoom() ? online_.room().id : ""},
                      {"seat", online_.seat()},
                      {"host", online_.host()},
                      {"playing", playingOnline()},
                      {"submitted", match_ && match_->submitted()},
                      {"incoming", incoming_.size()},
                      {"error", onlineError_},
                      {"lastError", lastError_ ? trProblem(lastError_) : refusedText_},
                      {"lobby", online_.lobby().size()},
                      {"yourTurn", turnToldYours_},
                      {"alerts", {{"sound", alertSound_}, {"notify", alertNotify_}, {"notifyOffered", notifyOffered_}}},
                      {"savedAs", onlineSavedAs_}};
    if (online_.inRoom()) {
        const Room& room = online_.room();
        hook::Json seats = hook::Json::array();
        for (const auto& s : room.seats)
            seats.push_back({{"kind", s.kind}, {"name", s.name}, {"connected", s.connected}});
        out["seats"] = std::move(seats);
        out["started"] = room.started;
        out["listed"] = room.listed;
        out["spectators"] = room.spectators;
    }
    if (playingOnline()) {
        // How many hidden values this page's game was told (tests: a spectator holds no token value).
        int tokens = 0;
        for (const auto& known : match_->committed().secretsKnown()) tokens += known.kind == carc::SecretKind::Token;
        out["tokensKnown"] = tokens;
    }
    hook::value("online", std::move(out));
}

}  // namespace web
