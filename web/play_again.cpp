// "Play again" at the end of an online game (docs/online-protocol.md, `rematch`): the button that asks
// the server for the finished room's one new room, and the others' prompt "<name> offers a new game —
// Join". Either moves this page there; shell/online.js hands the new room the old seat's secret,
// which the new seat keeps (it never travels again).
#include "app.hpp"
#include "i18n.hpp"
#include "online_bridge.hpp"
#include "test_hook.hpp"

namespace web {

void App::onlineRematch(const ServerMessage& m) {
    if (m.room != onlineRoom_) return;
    rematchNext_ = m.next;
    rematchBy_ = m.by;
    // The answer to this page's own click: it moves at once (one click each).
    if (m.ref == "rematch") online::enterAfterFrame(rematchNext_);
}

void App::drawPlayAgain() {
    if (!playingOnline() || !online_.inRoom() || online_.seat() < 0) return;
    const Room& room = online_.room();
    const std::string next = rematchNext_.empty() ? room.rematch : rematchNext_;
    ImGui::Spacing();
    if (next.empty()) {
        ImGui::BeginDisabled(rematchAsked_ || !online_.connected());
        if (ImGui::Button(tr("online.rematch.play_again"))) {
            rematchAsked_ = true;
            online_.rematch();
        }
        ImGui::EndDisabled();
        hook::button("playAgain");
        return;
    }
    const int by = rematchBy_;
    const bool named = by >= 0 && by < static_cast<int>(match_->seats().size());
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(
        tr("online.rematch.offer", {{"name", named ? match_->seats()[static_cast<size_t>(by)].name : ""}}).c_str());
    ImGui::PopTextWrapPos();
    sameLineIfRoom(tr("online.rematch.join"));
    if (ImGui::Button(tr("online.rematch.join"))) online::enterAfterFrame(next);
    hook::button("joinRematch");
    hook::value("rematchOffer", hook::Json{{"by", by}, {"room", next}});
}

}  // namespace web
