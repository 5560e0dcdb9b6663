// The setup screen: game mode, seats (human or bot, names), the mode's options, seed.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "app.hpp"
#include "carc/rng.hpp"
#include "i18n.hpp"
#include "key_focus.hpp"
#include "shell_bridge.hpp"
#include "test_hook.hpp"
#include "touch_text.hpp"

namespace web {
namespace {

static_assert(kSeatColours == kMaxSeats, "a seat's colour indexes the palette's colour set");

const char* controllerLabel(const std::string& controller) {
    if (controller == "human") return tr("seat.human");
    return tr("seat.bot." + controller);
}

ImU32 faded(ImU32 colour) {
    return (colour & ~IM_COL32_A_MASK) | (80u << IM_COL32_A_SHIFT);
}

// The first colour of the set that no seat plays yet.
int freeColour(const std::vector<Seat>& seats) {
    for (int c = 0; c < kMaxSeats; ++c)
        if (std::none_of(seats.begin(), seats.end(), [c](const Seat& s) { return s.colour == c; })) return c;
    return 0;
}

// The follower in a seat's colour; a click opens the colour choice. Colours other seats play are
// not offered, so no two seats look alike.
void colourChoice(std::vector<Seat>& seats, int seat) {
    const float h = ImGui::GetFrameHeight();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (ImGui::InvisibleButton("##colour", ImVec2(h, h))) ImGui::OpenPopup("##colours");
    hook::button("seat" + std::to_string(seat) + ":colour");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("setup.colour"));
    drawFollower(ImGui::GetWindowDrawList(), ImVec2(at.x + h * 0.5f, at.y + h * 0.5f), h * 0.9f, seat, false);
    if (!ImGui::BeginPopup("##colours")) return;
    ImGui::TextUnformatted(tr("setup.colour"));
    const float swatch = h * 1.5f;
    for (int c = 0; c < kMaxSeats; ++c) {
        const bool taken =
            std::any_of(seats.begin(), seats.end(), [&](const Seat& s) { return &s != &seats[seat] && s.colour == c; });
        if (c > 0) ImGui::SameLine();
        ImGui::PushID(c);
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::BeginDisabled(taken);
        if (ImGui::Selectable("##swatch", seats[seat].colour == c, 0, ImVec2(swatch, swatch))) {
            seats[seat].colour = c;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndDisabled();
        hook::button("colour:" + std::string(colourKey(c)));
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            const char* colour = tr(std::string("colour.") + colourKey(c));
            ImGui::SetTooltip("%s", taken ? tr("setup.colour_taken", {{"colour", colour}}).c_str() : colour);
        }
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 c0(p.x + swatch * 0.5f, p.y + swatch * 0.5f);
        const ImU32 fill = taken ? faded(colourOf(c)) : colourOf(c);
        dl->AddCircleFilled(c0, swatch * 0.42f, IM_COL32(20, 20, 20, taken ? 80 : 230));
        dl->AddCircleFilled(c0, swatch * 0.36f, fill);
        drawColourMark(dl, c0, swatch * 0.16f, c, taken ? faded(inkOf(c)) : inkOf(c));
        ImGui::PopID();
    }
    ImGui::EndPopup();
}

}  // namespace

// The entries a seat's combo lists: human, the AI levels, and the seat's own bot if a link or a save
// gave it another (random and greedy still play).
static std::vector<std::string> controllerEntries(const std::string& controller) {
    std::vector<std::string> entries{"human"};
    for (const auto& bot : carc::botNames())
        if (offeredBot(bot) || controller == bot) entries.push_back(bot);
    return entries;
}

float controllerChoiceWidth(const std::string& controller) {
    float widest = 0;
    for (const auto& entry : controllerEntries(controller))
        widest = std::max(widest, ImGui::CalcTextSize(controllerLabel(entry)).x);
    return widest + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x;
}

void controllerChoice(std::string& controller, const std::string& hookName) {
    const std::string id = "##" + hookName;
    // As wide as its longest entry: no label cut off, in any language.
    ImGui::SetNextItemWidth(controllerChoiceWidth(controller));
    const char* shown = controllerLabel(controller);
    if (ImGui::BeginCombo(id.c_str(), shown)) {
        for (const auto& entry : controllerEntries(controller)) {
            if (ImGui::Selectable(controllerLabel(entry), controller == entry)) controller = entry;
            hook::button(hookName + ":" + entry);
        }
        ImGui::EndCombo();
    }
    hook::button(hookName);
    hook::labelWidth(hookName, ImGui::CalcTextSize(shown).x);
}

std::string defaultSeatName(int seat) {
    return tr("seat.default_name", {{"number", seat + 1}});
}

void App::resetSeatsForMode() {
    const auto& mode = carc::allModes()[modeIndex_];
    const int wanted = std::clamp(static_cast<int>(seats_.empty() ? 2 : seats_.size()), mode.minPlayers,
                                  std::min(mode.maxPlayers, kMaxSeats));
    while (static_cast<int>(seats_.size()) < wanted) {
        Seat seat;
        seat.name = defaultSeatName(static_cast<int>(seats_.size()));
        seat.controller = seats_.empty() ? "human" : kDefaultBot;
        seat.colour = freeColour(seats_);
        seats_.push_back(seat);
    }
    seats_.resize(wanted);
    optionChoice_.assign(mode.options.size(), 0);
}

float App::beginCentredPanel(const char* id, const char* title) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float width = std::min(620.0f, display.x - 16);
    ImGui::SetNextWindowPos(ImVec2((display.x - width) * 0.5f, std::max(8.0f, display.y * 0.05f)));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, display.y - 16));
    ImGui::Begin(id, nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::SetWindowFontScale(1.6f);
    ImGui::TextUnformatted(title);
    ImGui::SetWindowFontScale(1.0f);
    // Right-aligned within what the window leaves (less when a long language needs a scroll bar).
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 8, ImGui::GetWindowContentRegionMax().x - 150));
    drawLanguageSwitch();
    return width;
}

// A name nobody typed follows the language: "Player 2" becomes "Spieler 2" when the page turns German.
void App::renameDefaultSeats() {
    if (namesLanguage_ == language() && defaultNamesShown_.size() == seats_.size()) return;
    if (namesLanguage_ != language())
        for (size_t i = 0; i < seats_.size() && i < defaultNamesShown_.size(); ++i)
            if (seats_[i].name == defaultNamesShown_[i]) seats_[i].name = defaultSeatName(static_cast<int>(i));
    namesLanguage_ = language();
    defaultNamesShown_.clear();
    for (size_t i = 0; i < seats_.size(); ++i) defaultNamesShown_.push_back(defaultSeatName(static_cast<int>(i)));
}

void App::drawSetup() {
    renameDefaultSeats();
    const float width = beginCentredPanel("##setup", tr("app.title"));
    ImGui::TextDisabled("%s", tr("setup.title"));
    ImGui::Separator();

    // Mode.
    const auto& modes = carc::allModes();
    ImGui::TextUnformatted(tr("setup.mode"));
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##mode", tr("mode." + modes[modeIndex_].id))) {
        for (int i = 0; i < static_cast<int>(modes.size()); ++i) {
            if (ImGui::Selectable(tr("mode." + modes[i].id), i == modeIndex_)) {
                modeIndex_ = i;
                resetSeatsForMode();
                setupError_.clear();
            }
            hook::button("mode:" + modes[i].id);
        }
        ImGui::EndCombo();
    }
    hook::button("mode");
    const auto& mode = modes[modeIndex_];

    // Seats.
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("setup.players"));
    int removeSeat = -1;
    for (int i = 0; i < static_cast<int>(seats_.size()); ++i) {
        ImGui::PushID(i);
        colourChoice(seats_, i);
        ImGui::SameLine();
        char name[97];  // 24 characters of up to 4 bytes each
        std::snprintf(name, sizeof name, "%s", seats_[i].name.c_str());
        // The name takes what the combo (as wide as its longest entry) and the remove button leave.
        const ImGuiStyle& style = ImGui::GetStyle();
        const float removeWidth = static_cast<int>(seats_.size()) > mode.minPlayers
                                      ? ImGui::CalcTextSize("x").x + 2 * style.FramePadding.x + style.ItemSpacing.x
                                      : 0.0f;
        const float nameRoom = ImGui::GetContentRegionAvail().x - controllerChoiceWidth(seats_[i].controller) -
                               removeWidth - style.ItemSpacing.x;
        ImGui::SetNextItemWidth(std::max(80.0f, std::min(nameRoom, std::max(120.0f, width * 0.42f))));
        // A Tab stop: Tab only focuses it, Enter or Space edits.
        if (touch_text::field(("seatName" + std::to_string(i)).c_str(), "##name", name, sizeof name)) {
            std::string cleaned;
            for (char c : std::string(name))
                if (c != ',' && c != '\t') cleaned += c;
            seats_[i].name = cleaned;
        }
        ImGui::SameLine();
        controllerChoice(seats_[i].controller, "seat" + std::to_string(i));
        if (static_cast<int>(seats_.size()) > mode.minPlayers) {
            ImGui::SameLine();
            if (ImGui::SmallButton("x")) removeSeat = i;
        }
        ImGui::PopID();
    }
    if (removeSeat >= 0) seats_.erase(seats_.begin() + removeSeat);
    const bool addShown = static_cast<int>(seats_.size()) < std::min(mode.maxPlayers, kMaxSeats);
    if (addShown) {
        if (ImGui::Button(tr("setup.add"))) {
            Seat seat;
            seat.name = defaultSeatName(static_cast<int>(seats_.size()));
            seat.controller = kDefaultBot;
            seat.colour = freeColour(seats_);
            seats_.push_back(seat);
        }
        hook::button("addPlayer");
    }
    drawHintsChoice(addShown);

    // Options of the mode, each with its one-line explanation.
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("setup.options"));
    if (mode.options.empty()) ImGui::TextDisabled("%s", tr("setup.no_options"));
    for (size_t i = 0; i < mode.options.size(); ++i) {
        const auto& spec = mode.options[i];
        ImGui::PushID(static_cast<int>(i) + 100);
        ImGui::SetNextItemWidth(std::min(180.0f, width * 0.3f));
        // The label in the player's language; the engine's key keeps the combo's id unique.
        const std::string label = tr("option." + spec.key + ".label") + std::string("##") + spec.key;
        if (ImGui::BeginCombo(label.c_str(), tr("option_value." + spec.values[optionChoice_[i]]))) {
            for (size_t v = 0; v < spec.values.size(); ++v)
                if (ImGui::Selectable(tr("option_value." + spec.values[v]), static_cast<int>(v) == optionChoice_[i]))
                    optionChoice_[i] = static_cast<int>(v);
            ImGui::EndCombo();
        }
        hook::button("option:" + spec.key);
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", tr("option." + spec.key + ".description"));
        ImGui::PopTextWrapPos();
        ImGui::PopID();
    }

    // Seed.
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("setup.seed"));
    ImGui::Checkbox(tr("setup.seed_random"), &seedRandom_);
    keys::stop();
    if (!seedRandom_) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(160);
        touch_text::field("seed", "##seed", seedText_, sizeof seedText_, ImGuiInputTextFlags_CharsUppercase);
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr("setup.seed_hint"));
    }

    ImGui::Spacing();
    ImGui::Separator();
    if (!setupError_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", tr("setup.error", {{"reason", setupError_}}).c_str());
        ImGui::PopTextWrapPos();
    }
    if (ImGui::Button(tr("setup.start"), ImVec2(-1, ImGui::GetFrameHeight() * 1.6f))) startGame();
    hook::button("start");
    drawOnlineSetup(width);
    shell::drawButtons(false);
    if (hook::active()) {
        hook::value("setupError", setupError_);
        hook::value("mode", mode.id);
        hook::Json ids = hook::Json::array();
        for (const auto& m : modes) ids.push_back(m.id);
        hook::value("modes", std::move(ids));
    }
    hook::overflow("setup");
    ImGui::End();
}

// Hints in the games started here (look_back.cpp): beside Add player when it fits, so the screen
// grows no taller; what it does shows on hover.
void App::drawHintsChoice(bool besideAdd) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float gap = style.ItemSpacing.x * 4;
    const float needed = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(tr("setup.hints")).x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (besideAdd && ImGui::GetItemRectMax().x + gap + needed <= right) ImGui::SameLine(0, gap);
    ImGui::Checkbox(tr("setup.hints"), &hintsOffered_);
    hook::button("hintsOption");
    if (ImGui::IsItemHovered()) {
        // Wrapped to fit the screen: in one line the description is wider than a phone.
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(std::min(ImGui::GetIO().DisplaySize.x * 0.8f, ImGui::GetFontSize() * 28.0f));
        ImGui::TextUnformatted(tr("setup.hints_description"));
        ImGui::PopTextWrapPos();
        // Where the text reaches (the window's size is clamped to the screen, its text is not).
        const float padding = ImGui::GetStyle().WindowPadding.x;
        if (hook::active())
            hook::value("hintsTooltip", hook::Json{{"left", ImGui::GetItemRectMin().x - padding},
                                                   {"right", ImGui::GetItemRectMax().x + padding}});
        ImGui::EndTooltip();
    }
    hook::value("hintsOffered", hintsOffered_);
}

// Drawing looks a seat's colour up by seat number: keep that table in step with the seats.
void App::publishSeatColours() {
    const std::vector<Seat> roomSeats = screen_ == Screen::Room ? roomSeatsShown() : std::vector<Seat>{};
    const auto& seats = match_ ? match_->seats() : screen_ == Screen::Room ? roomSeats : seats_;
    std::vector<int> colours;
    for (const auto& seat : seats) colours.push_back(seat.colour);
    setSeatColours(colours);
    if (!hook::active()) return;
    hook::Json keys = hook::Json::array(), controllers = hook::Json::array(), names = hook::Json::array();
    for (const auto& seat : seats) {
        keys.push_back(colourKey(seat.colour));
        controllers.push_back(seat.controller);
        names.push_back(seat.name);
    }
    hook::value("seatColours", std::move(keys));
    hook::value("seatControllers", std::move(controllers));
    hook::value("seatNames", std::move(names));
}

void App::startGame() {
    const auto& mode = carc::allModes()[modeIndex_];
    carc::Setup setup;
    setup.mode = mode.id;
    setup.players = static_cast<int>(seats_.size());
    for (size_t i = 0; i < mode.options.size(); ++i)
        setup.options.emplace_back(mode.options[i].key, mode.options[i].values[optionChoice_[i]]);
    for (auto& seat : seats_) {
        if (seat.name.empty()) seat.name = defaultSeatName(static_cast<int>(&seat - seats_.data()));
        setup.names.push_back(seat.name);
    }
    if (seedRandom_ || seedText_[0] == 0) {
        const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
        setup.seed = static_cast<std::uint64_t>(now) * 0x9E3779B97F4A7C15ull;
        const std::string text = carc::seedToText(setup.seed);
        std::snprintf(seedText_, sizeof seedText_, "%s", text.c_str());
    } else if (auto typed = carc::seedFromText(seedText_)) {
        setup.seed = *typed;
    } else {
        setupError_ = tr("error.seed");
        return;
    }
    std::vector<std::string> controllers;
    for (const auto& seat : seats_) controllers.push_back(seat.controller);
    setupError_ = trProblem(startRecord(carc::Record{setup, {}, {}}, controllers));
}

carc::Problem App::startRecord(const carc::Record& record, const std::vector<std::string>& controllers,
                               const std::vector<int>& colours) {
    const carc::Setup& setup = record.setup;
    carc::Problem problem;
    auto game = catalog_.newGame(setup, problem);
    if (!game) return problem;
    const carc::ModeInfo* mode = carc::findMode(game->setup().mode);
    std::vector<Seat> seats;
    for (int p = 0; p < setup.players; ++p) {
        Seat seat;
        seat.name = p < static_cast<int>(setup.names.size()) ? setup.names[p] : defaultSeatName(p);
        seat.controller = p < static_cast<int>(controllers.size()) ? controllers[p] : "human";
        if (!colours.empty())
            seat.colour = colours[static_cast<size_t>(p)];
        else
            seat.colour = p < static_cast<int>(seats_.size()) ? seats_[p].colour : freeColour(seats);
        seats.push_back(seat);
    }
    auto match = std::make_unique<Match>(std::move(game), seats, setup.seed);
    for (size_t i = 0; i < record.actions.size(); ++i)
        if (auto why = match->replay(record.actions[i])) {
            why.action = static_cast<int>(i) + 1;
            return why;
        }
    match->markOpenedOver();
    // The setup screen shows this game's settings when the player comes back to it.
    modeIndex_ = static_cast<int>(mode - carc::allModes().data());
    seats_ = seats;
    optionChoice_.assign(mode->options.size(), 0);
    for (size_t i = 0; i < mode->options.size(); ++i) {
        const auto& values = mode->options[i].values;
        const auto chosen = std::find(values.begin(), values.end(), setup.option(mode->options, mode->options[i].key));
        if (chosen != values.end()) optionChoice_[i] = static_cast<int>(chosen - values.begin());
    }
    std::snprintf(seedText_, sizeof seedText_, "%s", carc::seedToText(setup.seed).c_str());
    if (playingOnline() || online_.inRoom()) leaveRoom();  // a game of this page's own
    showMatch(std::move(match), *mode, false);
    return {};
}

void App::showMatch(std::unique_ptr<Match> match, const carc::ModeInfo& mode, bool keepView) {
    std::string error;
    tiles_ = catalog_.tileSet(mode.tileset, error);
    if (!keepView || tileLookMode_ != mode.id) prepareTileLook();
    tileLookMode_ = mode.id;
    replay_.reset();  // a new game on screen closes the replay viewer
    match_ = std::move(match);
    seenActions_ = match_->actionsCommitted();
    touchGhost_.reset();
    setupError_.clear();
    screen_ = Screen::Play;
    focusBoardPending_ = true;
    const std::string language = announced_.language;
    announced_ = Announced{};  // the live region tells this game from its position on
    announced_.language = language;
    // A new game's undo and hint counts start at zero before the page hears of it: it saves them with it.
    if (!keepView) lookBack_.reset(static_cast<int>(match_->seats().size()), hintsOffered_);
    shell::gameStarted(*match_);
    if (keepView) return;
    camera_ = Camera{};
    viewedStep_.fill(-1);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    camera_.tile = camera_.tileTarget = display.x < 720 ? 64.0f : 96.0f;
    const auto& start = match_->view().board().tiles();
    if (!start.empty())
        camera_.centre = camera_.target =
            ImVec2(static_cast<float>(start[0].pos.x) + 0.5f, static_cast<float>(start[0].pos.y) + 0.5f);
    handIndex_ = 0;
    preferredRotation_ = 0;
    showResults_ = true;
    fittedAtEnd_ = false;
    fitPending_ = true;
    handOverShownFor_ = -1;
}

}  // namespace web
