// The setup screen: game mode, seats (human or bot, names), the mode's options, seed.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "app.hpp"
#include "carc/rng.hpp"
#include "i18n.hpp"
#include "test_hook.hpp"

namespace web {
namespace {

std::string defaultName(int seat) {
    return std::string(tr("seat.default_name")) + " " + std::to_string(seat + 1);
}

const char* controllerLabel(const std::string& controller) {
    if (controller == "human") return tr("seat.human");
    static std::string label;
    label = std::string("seat.bot.") + controller;
    return tr(label.c_str());
}

}  // namespace

void App::resetSeatsForMode() {
    const auto& mode = carc::allModes()[modeIndex_];
    const int wanted = std::clamp(static_cast<int>(seats_.empty() ? 2 : seats_.size()), mode.minPlayers,
                                  std::min(mode.maxPlayers, kMaxSeats));
    while (static_cast<int>(seats_.size()) < wanted) {
        Seat seat;
        seat.name = defaultName(static_cast<int>(seats_.size()));
        seat.controller = seats_.empty() ? "human" : "greedy";
        seats_.push_back(seat);
    }
    seats_.resize(wanted);
    optionChoice_.assign(mode.options.size(), 0);
}

void App::drawSetup() {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float width = std::min(620.0f, display.x - 16);
    ImGui::SetNextWindowPos(ImVec2((display.x - width) * 0.5f, std::max(8.0f, display.y * 0.05f)));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, display.y - 16));
    ImGui::Begin("##setup", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_AlwaysAutoResize);

    ImGui::SetWindowFontScale(1.6f);
    ImGui::TextUnformatted(tr("app.title"));
    ImGui::SetWindowFontScale(1.0f);
    ImGui::SameLine(width - 170);
    drawLanguageSwitch();
    ImGui::TextDisabled("%s", tr("setup.title"));
    ImGui::Separator();

    // Mode.
    const auto& modes = carc::allModes();
    ImGui::TextUnformatted(tr("setup.mode"));
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##mode", modes[modeIndex_].title.c_str())) {
        for (int i = 0; i < static_cast<int>(modes.size()); ++i) {
            if (ImGui::Selectable(modes[i].title.c_str(), i == modeIndex_)) {
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
    const auto bots = carc::botNames();
    int removeSeat = -1;
    for (int i = 0; i < static_cast<int>(seats_.size()); ++i) {
        ImGui::PushID(i);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float h = ImGui::GetFrameHeight();
        drawFollower(ImGui::GetWindowDrawList(), ImVec2(at.x + h * 0.5f, at.y + h * 0.5f), h * 0.9f, i, false);
        ImGui::Dummy(ImVec2(h, h));
        ImGui::SameLine();
        char name[32];
        std::snprintf(name, sizeof name, "%s", seats_[i].name.c_str());
        ImGui::SetNextItemWidth(std::max(120.0f, width * 0.42f));
        if (ImGui::InputText("##name", name, sizeof name)) {
            std::string cleaned;
            for (char c : std::string(name))
                if (c != ',' && c != '\t') cleaned += c;
            seats_[i].name = cleaned;
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(std::max(110.0f, width * 0.28f));
        if (ImGui::BeginCombo("##who", controllerLabel(seats_[i].controller))) {
            if (ImGui::Selectable(tr("seat.human"), seats_[i].human())) seats_[i].controller = "human";
            hook::button("seat" + std::to_string(i) + ":human");
            for (const auto& bot : bots) {
                if (ImGui::Selectable(controllerLabel(bot), seats_[i].controller == bot)) seats_[i].controller = bot;
                hook::button("seat" + std::to_string(i) + ":" + bot);
            }
            ImGui::EndCombo();
        }
        hook::button("seat" + std::to_string(i));
        if (static_cast<int>(seats_.size()) > mode.minPlayers) {
            ImGui::SameLine();
            if (ImGui::SmallButton("x")) removeSeat = i;
        }
        ImGui::PopID();
    }
    if (removeSeat >= 0) seats_.erase(seats_.begin() + removeSeat);
    if (static_cast<int>(seats_.size()) < std::min(mode.maxPlayers, kMaxSeats)) {
        if (ImGui::Button(tr("setup.add"))) {
            Seat seat;
            seat.name = defaultName(static_cast<int>(seats_.size()));
            seat.controller = "greedy";
            seats_.push_back(seat);
        }
        hook::button("addPlayer");
    }

    // Options of the mode, each with its one-line explanation.
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("setup.options"));
    if (mode.options.empty()) ImGui::TextDisabled("%s", tr("setup.no_options"));
    for (size_t i = 0; i < mode.options.size(); ++i) {
        const auto& spec = mode.options[i];
        ImGui::PushID(static_cast<int>(i) + 100);
        ImGui::SetNextItemWidth(std::min(180.0f, width * 0.3f));
        if (ImGui::BeginCombo(spec.key.c_str(), spec.values[optionChoice_[i]].c_str())) {
            for (size_t v = 0; v < spec.values.size(); ++v)
                if (ImGui::Selectable(spec.values[v].c_str(), static_cast<int>(v) == optionChoice_[i]))
                    optionChoice_[i] = static_cast<int>(v);
            ImGui::EndCombo();
        }
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", spec.description.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopID();
    }

    // Seed.
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("setup.seed"));
    ImGui::Checkbox(tr("setup.seed_random"), &seedRandom_);
    if (!seedRandom_) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(160);
        ImGui::InputText("##seed", seedText_, sizeof seedText_, ImGuiInputTextFlags_CharsUppercase);
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr("setup.seed_hint"));
    }

    ImGui::Spacing();
    ImGui::Separator();
    if (!setupError_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s: %s", tr("play.error"), setupError_.c_str());
        ImGui::PopTextWrapPos();
    }
    if (ImGui::Button(tr("setup.start"), ImVec2(-1, ImGui::GetFrameHeight() * 1.6f))) startGame();
    hook::button("start");
    hook::value("setupError", hook::quote(setupError_));
    hook::value("mode", hook::quote(mode.id));
    std::string ids;
    for (const auto& m : modes) ids += (ids.empty() ? "" : ",") + hook::quote(m.id);
    hook::value("modes", "[" + ids + "]");
    ImGui::End();
}

void App::startGame() {
    const auto& mode = carc::allModes()[modeIndex_];
    carc::Setup setup;
    setup.mode = mode.id;
    setup.players = static_cast<int>(seats_.size());
    for (size_t i = 0; i < mode.options.size(); ++i)
        setup.options.emplace_back(mode.options[i].key, mode.options[i].values[optionChoice_[i]]);
    for (auto& seat : seats_) {
        if (seat.name.empty()) seat.name = defaultName(static_cast<int>(&seat - seats_.data()));
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
        setupError_ = "seed: 1-13 base32 digits (0-9, A-Z without I, L, O, U)";
        return;
    }
    std::string error;
    auto game = catalog_.newGame(setup, error);
    if (!game) {
        setupError_ = error.empty() ? "this mode is not available yet" : error;
        return;
    }
    tiles_ = catalog_.tileSet(mode.tileset, error);
    art_ = buildTileArt(*tiles_);
    palette_ = paletteFor(*tiles_);
    look_ = {tiles_.get(), &art_, &palette_};
    modeTitle_ = mode.title;
    match_ = std::make_unique<Match>(std::move(game), seats_, setup.seed);
    camera_ = Camera{};
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    camera_.tile = display.x < 720 ? 64.0f : 96.0f;
    const auto& start = match_->view().board().tiles();
    if (!start.empty())
        camera_.centre = camera_.target =
            ImVec2(static_cast<float>(start[0].pos.x) + 0.5f, static_cast<float>(start[0].pos.y) + 0.5f);
    seenActions_ = 0;
    handIndex_ = 0;
    preferredRotation_ = 0;
    showResults_ = true;
    fittedAtEnd_ = false;
    fitPending_ = true;
    setupError_.clear();
    screen_ = Screen::Play;
}

}  // namespace web
