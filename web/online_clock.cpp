// The turn clock online (docs/online-protocol.md, "Turn clocks"): the time left of the player to move,
// counted down from the server's `clock` message (red under 10 s), the room's words when a turn's time
// ran out, and the button that takes this page's seat back from the bot that plays for it.
#include <algorithm>
#include <cmath>

#include "app.hpp"
#include "i18n.hpp"
#include "online_bridge.hpp"
#include "test_hook.hpp"

namespace web {

void App::onlineClock(const ServerMessage& m) {
    if (m.type == "clock") {
        clockSeat_ = m.seat;
        clockRemainingMs_ = m.remainingMs;
        clockReceivedAt_ = ImGui::GetTime();
    } else if (m.type == "timeout" && m.seat >= 0) {
        timedOutSeat_ = m.seat;
    }
}

double App::clockSecondsLeft() const {
    if (clockSeat_ < 0) return -1;
    return std::max(0.0, static_cast<double>(clockRemainingMs_) / 1000.0 - (ImGui::GetTime() - clockReceivedAt_));
}

void App::drawTurnClock() {
    if (!playingOnline() || !online_.inRoom() || online_.room().clock <= 0) return;
    const Room& room = online_.room();
    const carc::Game& g = match_->committed();
    const ImVec4 red(1, 0.35f, 0.3f, 1);
    if (!g.over() && clockSeat_ == g.activePlayer() && clockSeat_ < static_cast<int>(match_->seats().size())) {
        const double left = clockSecondsLeft();
        const std::string text = tr("online.clock.left", {{"name", match_->seats()[clockSeat_].name},
                                                          {"time", minutesSeconds(std::ceil(left))}});
        if (left < 10)
            ImGui::TextColored(red, "%s", text.c_str());
        else
            ImGui::TextUnformatted(text.c_str());
        hook::value("clock", hook::Json{{"seat", clockSeat_}, {"left", std::ceil(left)}, {"red", left < 10}});
    }
    // The room says whose time ran out while the bot plays for them; this page's player may take back.
    const int mine = online_.seat();
    for (int s = 0; s < static_cast<int>(room.seats.size()) && s < static_cast<int>(match_->seats().size()); ++s) {
        if (!room.seats[static_cast<size_t>(s)].replaced || s != timedOutSeat_) continue;
        ImGui::PushTextWrapPos(0);
        if (s == mine)
            ImGui::TextColored(red, "%s", tr("online.clock.mine"));
        else
            ImGui::TextDisabled("%s", tr("online.clock.timeout", {{"name", match_->seats()[s].name}}).c_str());
        ImGui::PopTextWrapPos();
    }
    if (mine >= 0 && mine < static_cast<int>(room.seats.size()) && room.seats[static_cast<size_t>(mine)].replaced) {
        // `resume` gives the seat back (shell/online.js resumes on "resync").
        if (ImGui::Button(tr("online.clock.take_back"))) online::toPage("resync", onlineRoom_);
        hook::button("takeSeatBack");
    }
}

}  // namespace web
