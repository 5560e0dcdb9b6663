// Online play before the game: "Play online" and the lobby of open rooms on the setup screen, and the
// room screen (invitation link, seats to take or to give to bots, listing in the lobby, start).
#include <algorithm>
#include <cstdio>
#include <iterator>

#include "app.hpp"
#include "carc/bots.hpp"
#include "i18n.hpp"
#include "online_bridge.hpp"
#include "palette.hpp"
#include "shell_bridge.hpp"
#include "test_hook.hpp"
#include "touch_text.hpp"

namespace web {
namespace {

int colourIndex(const std::string& key) {
    for (int c = 0; c < kMaxSeats; ++c)
        if (key == colourKey(c)) return c;
    return -1;
}

bool colourTaken(const Room& room, int colour) {
    return std::any_of(room.seats.begin(), room.seats.end(),
                       [&](const RoomSeat& s) { return !s.open() && colourIndex(s.colour) == colour; });
}

// The move times the server offers (seconds, 0: none) and the bot levels that may play a late turn.
constexpr int kClockChoices[] = {0, 30, 60, 120, 300, 86400};
constexpr const char* kClockBots[] = {"easy", "medium", "hard"};

std::string seatName(int seat) {
    return tr("seat.default_name", {{"number", seat + 1}});
}

// A mode the server offers but this page does not know is named by its id.
std::string modeTitle(const std::string& id) {
    return carc::findMode(id) ? std::string(tr("mode." + id)) : id;
}

}  // namespace

std::string roomSeatName(const RoomSeat& seat, int index, const std::string& recorded) {
    if (seat.open() || seat.human() || seat.replaced) return recorded;
    return defaultSeatName(index);
}

std::vector<Seat> App::roomSeatsShown() const {
    std::vector<Seat> seats;
    if (!online_.inRoom()) return seats;
    const Room& room = online_.room();
    for (const auto& s : room.seats) {
        Seat seat;
        seat.name = roomSeatName(s, static_cast<int>(seats.size()), s.name);
        seat.controller = s.human() || s.open() ? "human" : s.kind;
        seat.colour = colourIndex(s.colour);
        seat.remote = true;
        seats.push_back(seat);
    }
    // Open seats show a colour nobody plays.
    for (auto& seat : seats)
        for (int c = 0; seat.colour < 0 && c < kMaxSeats; ++c)
            if (std::none_of(seats.begin(), seats.end(), [c](const Seat& other) { return other.colour == c; }))
                seat.colour = c;
    return seats;
}

void App::createRoom() {
    const auto& mode = carc::allModes()[static_cast<size_t>(modeIndex_)];
    RoomRequest request;
    request.mode = mode.id;
    request.players = static_cast<int>(seats_.size());
    for (size_t i = 0; i < mode.options.size(); ++i)
        request.options.push_back(mode.options[i].key + "=" +
                                  mode.options[i].values[static_cast<size_t>(optionChoice_[i])]);
    request.name = seats_[0].name.empty() ? seatName(0) : seats_[0].name;
    request.colour = colourKey(seats_[0].colour);
    botSeatsToSet_.clear();
    for (size_t i = 1; i < seats_.size(); ++i)
        if (!seats_[i].human()) botSeatsToSet_.emplace_back(static_cast<int>(i), seats_[i].controller);
    request.clock = kClockChoices[createClock_];
    request.clockBot = kClockBots[createClockBot_];
    roomRequested_ = true;
    setupError_.clear();
    online_.create(request);
}

void App::drawClockChoice() {
    const float w = std::min(ImGui::GetContentRegionAvail().x * 0.5f, ImGui::GetFontSize() * 12);
    ImGui::SetNextItemWidth(w);
    const std::string shown =
        tr("online.move_time." + std::string(createClock_ == 0 ? "off" : std::to_string(kClockChoices[createClock_])));
    if (ImGui::BeginCombo(tr("online.clock.label"), shown.c_str())) {
        for (int i = 0; i < static_cast<int>(std::size(kClockChoices)); ++i) {
            const std::string key = i == 0 ? "off" : std::to_string(kClockChoices[i]);
            if (ImGui::Selectable(tr("online.move_time." + key), i == createClock_)) createClock_ = i;
            hook::button("clock:" + key);
        }
        ImGui::EndCombo();
    }
    hook::button("clockChoice");
    if (createClock_ == 0) return;
    ImGui::SetNextItemWidth(w);
    if (ImGui::BeginCombo(tr("online.clock.bot"), tr(std::string("seat.bot.") + kClockBots[createClockBot_]))) {
        for (int i = 0; i < static_cast<int>(std::size(kClockBots)); ++i) {
            if (ImGui::Selectable(tr(std::string("seat.bot.") + kClockBots[i]), i == createClockBot_))
                createClockBot_ = i;
            hook::button(std::string("clockBot:") + kClockBots[i]);
        }
        ImGui::EndCombo();
    }
    hook::button("clockBot");
}

void App::drawOnlineSetup(float width) {
    if (!online_.available()) return;
    ImGui::Spacing();
    drawClockChoice();
    ImGui::BeginDisabled(roomRequested_ || !online_.connected());
    if (ImGui::Button(tr("online.play"), ImVec2(-1, ImGui::GetFrameHeight() * 1.4f))) createRoom();
    ImGui::EndDisabled();
    hook::button("playOnline");
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", tr("online.play_hint"));
    ImGui::PopTextWrapPos();
    if (!online_.connected()) drawOnlineStatus();
    (void)width;
    drawLobby();
}

void App::drawLobby() {
    // The lobby is asked for while the setup screen shows it, every few seconds.
    const double now = ImGui::GetTime();
    if (online_.connected() && now - lobbyAskedAt_ > 8.0) {
        lobbyAskedAt_ = now;
        online_.askLobby();
    }
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("online.lobby"));
    const auto& rooms = online_.lobby();
    if (rooms.empty()) ImGui::TextDisabled("%s", tr("online.lobby_empty"));
    for (size_t i = 0; i < rooms.size() && i < 8; ++i) {
        const LobbyRoom& r = rooms[i];
        ImGui::PushID(static_cast<int>(i));
        std::string names;
        for (const auto& n : r.names) names += (names.empty() ? "" : ", ") + n;
        const bool joinable = !r.started && r.free > 0;
        if (ImGui::SmallButton(joinable ? tr("online.join_room") : tr("online.watch_room")))
            online::enterAfterFrame(r.room);
        hook::button("lobby" + std::to_string(i));
        ImGui::SameLine();
        ImGui::Text("%s, %s", modeTitle(r.mode).c_str(), tr("online.players", {{"count", r.players}}).c_str());
        ImGui::SameLine();
        if (r.started)
            ImGui::TextDisabled("(%s)", tr("online.in_play"));
        else
            ImGui::TextDisabled("(%s)", tr("online.seats_free", {{"count", r.free}}).c_str());
        if (!names.empty()) {
            ImGui::Indent(ImGui::GetFrameHeight());
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("%s", names.c_str());
            ImGui::PopTextWrapPos();
            ImGui::Unindent(ImGui::GetFrameHeight());
        }
        ImGui::PopID();
    }
}

void App::drawRoom() {
    const float width = beginCentredPanel("##room", tr("online.title"));
    if (!online_.inRoom()) {
        drawOnlineStatus();
    } else {
        const Room& room = online_.room();
        ImGui::TextDisabled("%s, %s", modeTitle(room.mode).c_str(),
                            tr("online.players", {{"count", room.players}}).c_str());
        for (const auto& option : room.options) ImGui::TextDisabled("  %s", option.c_str());
        if (room.clock > 0)
            ImGui::TextDisabled(
                "%s",
                tr("online.clock.room", {{"time", tr("online.move_time." + std::to_string(room.clock))}}).c_str());
        ImGui::Separator();

        // The invitation: the room's link, to copy and send.
        ImGui::TextUnformatted(tr("online.invite"));
        std::string link = inviteBase_ + "#room=" + room.id;
        const float copyWidth = ImGui::CalcTextSize(tr("online.copy")).x + ImGui::GetStyle().FramePadding.x * 2;
        ImGui::SetNextItemWidth(-(copyWidth + ImGui::GetStyle().ItemSpacing.x));
        touch_text::field("inviteField", "##invite", link.data(), link.size() + 1, ImGuiInputTextFlags_ReadOnly);
        ImGui::SameLine();
        if (ImGui::Button(tr("online.copy"))) online::toPage("copy", link);
        hook::button("roomCopy");
        hook::value("inviteLink", link);
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", tr("online.invite_hint"));
        ImGui::PopTextWrapPos();
        ImGui::Separator();

        const bool seated = online_.seat() >= 0;
        const bool anyOpen =
            std::any_of(room.seats.begin(), room.seats.end(), [](const RoomSeat& s) { return s.open(); });
        if (!seated && anyOpen && !room.started) {
            // Who this page will be when it takes a seat: asked before the seats to take.
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(tr("online.your_name"));
            ImGui::SameLine();
            ImGui::SetNextItemWidth(std::max(120.0f, width * 0.4f));
            if (touch_text::field("joinName", "##joinname", joinName_, sizeof joinName_)) {
                std::string cleaned;
                for (char c : std::string(joinName_))
                    if (c != ',' && c != '\t') cleaned += c;
                std::snprintf(joinName_, sizeof joinName_, "%s", cleaned.c_str());
            }
            ImGui::TextUnformatted(tr("online.your_colour"));
            if (joinColour_ < 0 || colourTaken(room, joinColour_))
                for (int c = kMaxSeats - 1; c >= 0; --c)
                    if (!colourTaken(room, c)) joinColour_ = c;
            const float swatch = ImGui::GetFrameHeight() * 1.3f;
            for (int c = 0; c < kMaxSeats; ++c) {
                ImGui::SameLine();
                ImGui::PushID(c + 200);
                const bool taken = colourTaken(room, c);
                const ImVec2 p = ImGui::GetCursorScreenPos();
                ImGui::BeginDisabled(taken);
                if (ImGui::Selectable("##swatch", joinColour_ == c, 0, ImVec2(swatch, swatch))) joinColour_ = c;
                ImGui::EndDisabled();
                hook::button(std::string("joinColour:") + colourKey(c));
                if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
                    const std::string colour = tr(std::string("colour.") + colourKey(c));
                    ImGui::SetTooltip("%s",
                                      taken ? tr("setup.colour_taken", {{"colour", colour}}).c_str() : colour.c_str());
                }
                ImDrawList* dl = ImGui::GetWindowDrawList();
                const ImVec2 centre(p.x + swatch * 0.5f, p.y + swatch * 0.5f);
                const int alpha = taken ? 70 : 255;
                dl->AddCircleFilled(centre, swatch * 0.42f, IM_COL32(20, 20, 20, alpha));
                dl->AddCircleFilled(centre, swatch * 0.36f,
                                    (colourOf(c) & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT));
                drawColourMark(dl, centre, swatch * 0.16f, c, inkOf(c));
                ImGui::PopID();
            }
        }
        ImGui::Spacing();
        ImGui::TextUnformatted(tr("setup.players"));
        for (int i = 0; i < static_cast<int>(room.seats.size()); ++i) drawRoomSeat(i, width);
        if (seated) drawTurnAlertSwitches();
        ImGui::Spacing();
        if (online_.host() && !room.started) {
            bool listed = room.listed;
            if (ImGui::Checkbox(tr("online.listed"), &listed)) online_.setListed(listed);
            hook::button("listed");
        }
        ImGui::Separator();
        if (room.started) {
            ImGui::TextUnformatted(tr("online.starting"));
        } else if (online_.host()) {
            ImGui::BeginDisabled(anyOpen);
            if (ImGui::Button(tr("online.start"), ImVec2(-1, ImGui::GetFrameHeight() * 1.6f))) online_.start();
            ImGui::EndDisabled();
            hook::button("startOnline");
            if (anyOpen) ImGui::TextDisabled("%s", tr("online.start_waiting"));
        } else {
            ImGui::TextDisabled("%s", tr("online.waiting_host"));
        }
        drawOnlineStatus();
    }
    if (ImGui::Button(online_.inRoom() ? tr("online.leave") : tr("play.new_game"))) {
        backToSetup();
        ImGui::End();
        return;
    }
    hook::button("leaveRoom");
    ImGui::End();
}

void App::drawRoomSeat(int i, float width) {
    const Room& room = online_.room();
    const RoomSeat& s = room.seats[static_cast<size_t>(i)];
    ImGui::PushID(i);
    const float h = ImGui::GetFrameHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (s.open())
        dl->AddCircle(ImVec2(at.x + h * 0.5f, at.y + h * 0.5f), h * 0.3f, IM_COL32(200, 190, 170, 160), 0, 1.5f);
    else
        drawFollower(dl, ImVec2(at.x + h * 0.5f, at.y + h * 0.5f), h * 0.9f, i, false);
    ImGui::Dummy(ImVec2(h, h));
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    if (s.open())
        ImGui::TextDisabled("%s", tr("online.open_seat"));
    else
        ImGui::TextUnformatted(roomSeatName(s, i, s.name).c_str());
    const bool hostChooses = online_.host() && i != online_.seat() && !room.started;
    if (!s.open() && (s.human() || !hostChooses)) {
        ImGui::SameLine();
        const std::string note = onlineSeatNote(i);
        if (s.human()) {
            // A dot: green while the player's page is connected.
            const ImVec2 dot = ImGui::GetCursorScreenPos();
            const float r = ImGui::GetTextLineHeight() * 0.25f;
            dl->AddCircleFilled(ImVec2(dot.x + r, dot.y + h * 0.5f), r,
                                s.connected ? IM_COL32(120, 210, 110, 255) : IM_COL32(130, 125, 115, 255));
            ImGui::Dummy(ImVec2(r * 2, h));
            ImGui::SameLine();
        }
        ImGui::TextDisabled("%s", note.c_str());
    }
    const bool started = room.started;
    if (hostChooses) {
        // The host puts a bot on a seat or opens it again (a seat a player holds is theirs).
        ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 8, width - 200));
        ImGui::SetNextItemWidth(170);
        ImGui::BeginDisabled(s.human());
        const std::string shown = s.open()    ? tr("online.open_seat")
                                  : s.human() ? tr("seat.human")
                                              : tr("seat.bot." + s.kind);
        if (ImGui::BeginCombo("##kind", shown.c_str())) {
            if (ImGui::Selectable(tr("online.open_seat"), s.open())) online_.setSeat(i, "open");
            hook::button("seat" + std::to_string(i) + ":open");
            const auto bots = online_.bots().empty() ? carc::botNames() : online_.bots();
            for (const auto& bot : bots) {
                if (ImGui::Selectable(tr("seat.bot." + bot), s.kind == bot)) online_.setSeat(i, bot);
                hook::button("seat" + std::to_string(i) + ":" + bot);
            }
            ImGui::EndCombo();
        }
        ImGui::EndDisabled();
        hook::button("seat" + std::to_string(i));
    } else if (s.open() && online_.seat() < 0 && !started) {
        ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 8, width - 200));
        if (ImGui::Button(tr("online.take_seat"), ImVec2(170, 0))) {
            const std::string name = joinName_[0] ? joinName_ : seatName(i);
            online_.join(room.id, i, name, joinColour_ >= 0 ? colourKey(joinColour_) : "");
        }
        hook::button("takeSeat" + std::to_string(i));
    }
    ImGui::PopID();
}

}  // namespace web
