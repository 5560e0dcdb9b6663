#include "shell_bridge.hpp"

#include <emscripten.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "app.hpp"
#include "carc/bots.hpp"
#include "carc/event_json.hpp"
#include "carc/record.hpp"
#include "carc/rng.hpp"
#include "i18n.hpp"
#include "imgui.h"
#include "palette.hpp"
#include "test_hook.hpp"

// Game -> page: one callback, set by shell/shell.js (absent: nothing happens).
EM_JS(void, carc_notify_page, (const char* json), {
    if (Module['onGameEvent']) Module['onGameEvent'](UTF8ToString(json));
});
// Game -> page: a button of the page's own (share, saves, embed), with the game's current language.
EM_JS(void, carc_shell_command, (const char* name, const char* language), {
    if (Module['shellCommand']) Module['shellCommand'](UTF8ToString(name), UTF8ToString(language));
});

namespace web::shell {
namespace {

using Json = carc::json::Json;

App* theApp = nullptr;
bool embedMode = false;
const Match* watched = nullptr;
int reportedActions = 0;
size_t reportedEvents = 0;  // events of the committed game already reported
bool reportedOver = false;
// The undo and hint counts last reported (nothing online), compared with the App's each frame.
struct LookBackCounts {
    std::vector<int> undos, hints;
    bool hintsAllowed = true;
    static LookBackCounts of(const LookBack& lookBack) {
        return {lookBack.undos, lookBack.hints, lookBack.hintsAllowed};
    }
    bool matches(const LookBack& lookBack) const {
        return undos == lookBack.undos && hints == lookBack.hints && hintsAllowed == lookBack.hintsAllowed;
    }
};
std::optional<LookBackCounts> reportedLookBack;

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    if (text.empty()) return parts;
    size_t start = 0;
    for (;;) {
        const size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) return parts;
        start = end + 1;
    }
}

std::vector<std::string> names(const Match& match) {
    std::vector<std::string> out;
    for (const auto& seat : match.seats()) out.push_back(seat.name);
    return out;
}

std::vector<int> winners(const carc::Game& game) {
    const auto& scores = game.scores();
    const int best = *std::max_element(scores.begin(), scores.end());
    std::vector<int> out;
    for (int p = 0; p < game.playerCount(); ++p)
        if (scores[p] == best) out.push_back(p);
    return out;
}

// The undos and hints counted so far: kept with a save, so that the end screen still counts them after a
// reload (carc_restore_look_back).
Json lookBackJson() {
    const LookBack& lookBack = theApp->lookBack();
    return Json{{"undos", lookBack.undos}, {"hints", lookBack.hints}, {"hintsAllowed", lookBack.hintsAllowed}};
}

// The state the page stores with a save and sends to an embedding page; `scored`, when given, lists
// the scoring (docs/events.md) committed since the previous event.
Json stateJson(const char* type, const Match& match, const Json* scored = nullptr) {
    const carc::Game& g = match.committed();
    std::string seats;
    std::string colours;
    for (const auto& seat : match.seats()) {
        seats += (seats.empty() ? "" : ",") + seat.controller;
        colours += (colours.empty() ? "" : ",") + std::string(colourKey(seat.colour));
    }
    Json state{{"type", type},
               {"mode", g.setup().mode},
               {"players", g.playerCount()},
               {"seed", carc::seedToText(g.setup().seed)},
               {"turn", g.turnNumber()},
               {"active", g.activePlayer()},
               {"actions", match.actionsCommitted()},
               {"over", g.over()},
               {"scores", g.scores()},
               {"names", names(match)},
               {"seats", seats},
               {"colours", colours}};
    if (g.over()) state["winners"] = winners(g);
    if (scored) state["scored"] = *scored;
    if (theApp->playingOnline()) {
        state["online"] = true;
    } else {
        state["lookBack"] = lookBackJson();
    }
    return state;
}

// The Scored events of the committed game from event `from` on.
Json scoredSince(const Match& match, size_t from) {
    const carc::Game& g = match.committed();
    Json scored = Json::array();
    for (size_t i = from; i < g.events().size(); ++i)
        if (g.events()[i].type == carc::EventType::Scored) scored.push_back(carc::json::event(g.events()[i], g));
    return scored;
}

void notify(const Json& json) {
    carc_notify_page(carc::json::dump(json).c_str());
}

carc::Record committedRecord(const Match& match) {
    // Online: the seat's dealt record (with its reveals), or the full record once the server sent it.
    if (const carc::Record* online = theApp->onlineRecord()) return *online;
    return match.committedRecord();
}

// "human,hard,human" -> one controller per seat (empty: all human); "" or the reason in `error`.
std::vector<std::string> controllersFrom(const std::string& csv, int players, std::string& error) {
    std::vector<std::string> controllers = split(csv, ',');
    if (controllers.empty()) controllers.assign(static_cast<size_t>(players), "human");
    if (static_cast<int>(controllers.size()) != players) {
        error = tr("error.seat_count", {{"count", controllers.size()}, {"players", players}});
        return {};
    }
    const auto bots = carc::botNames();
    for (const auto& c : controllers) {
        if (c == "human" || std::find(bots.begin(), bots.end(), c) != bots.end()) continue;
        std::string known = "human";
        for (const auto& b : bots) known += ", " + b;
        error = tr("error.unknown_seat", {{"seat", c}, {"list", known}});
        return {};
    }
    return controllers;
}

// "green,blue" -> one colour index per seat, all different (empty: the setup screen's colours).
std::vector<int> coloursFrom(const std::string& csv, int players, std::string& error) {
    std::vector<int> colours;
    const auto keys = split(csv, ',');
    if (keys.empty()) return colours;
    if (static_cast<int>(keys.size()) != players) {
        error = tr("error.colour_count", {{"count", keys.size()}, {"players", players}});
        return {};
    }
    for (const auto& key : keys) {
        int found = -1;
        for (int c = 0; c < kSeatColours; ++c)
            if (key == colourKey(c)) found = c;
        if (found < 0 || std::find(colours.begin(), colours.end(), found) != colours.end()) {
            error =
                found < 0 ? tr("error.unknown_colour", {{"colour", key}}) : tr("error.colour_twice", {{"colour", key}});
            return {};
        }
        colours.push_back(found);
    }
    return colours;
}

// An option given as `key:value` or `key=value`, with the key in full ("goldrush.farmers") or
// without the mode's prefix ("farmers").
std::string addOption(const carc::ModeInfo& mode, const std::string& item, carc::Setup& setup) {
    const size_t cut = item.find_first_of(":=");
    if (cut == std::string::npos) return tr("error.option_form", {{"item", item}});
    const std::string key = item.substr(0, cut), value = item.substr(cut + 1);
    for (const auto& spec : mode.options) {
        const std::string shortKey = spec.key.substr(spec.key.find('.') + 1);
        if (key != spec.key && key != shortKey) continue;
        if (std::find(spec.values.begin(), spec.values.end(), value) == spec.values.end())
            return tr("error.option_value", {{"key", shortKey}, {"value", value}});
        setup.options.emplace_back(spec.key, value);
        return "";
    }
    return tr("error.unknown_option", {{"key", key}, {"mode", mode.id}});
}

const char* answer(std::string text) {
    static std::string kept;
    kept = std::move(text);
    return kept.c_str();
}

// The engine's problem behind the last refusal of a carc_start_* call (none when the page's own
// checks refused, or nothing was refused), and the message it was answered with.
carc::Problem lastProblem;
std::string lastMessage;

// Refuses with the engine's problem, worded in the page's language after `prefix` ("link: ").
const char* refuse(carc::Problem problem, const std::string& prefix = "") {
    lastMessage = prefix + trProblem(problem);
    lastProblem = std::move(problem);
    return answer(lastMessage);
}

// Refuses for a reason of the bridge's own (seats, colours, options as the page writes them).
const char* refuse(const std::string& message) {
    lastProblem = {};
    lastMessage = message;
    return answer(message);
}

const char* start(const carc::Record& record, const char* seatsCsv, const char* coloursCsv = "") {
    std::string error;
    const auto controllers = controllersFrom(seatsCsv ? seatsCsv : "", record.setup.players, error);
    if (!error.empty()) return refuse(error);
    const auto colours = coloursFrom(coloursCsv ? coloursCsv : "", record.setup.players, error);
    if (!error.empty()) return refuse(error);
    if (carc::Problem problem = theApp->startRecord(record, controllers, colours)) return refuse(std::move(problem));
    lastProblem = {};
    lastMessage.clear();
    return answer("");
}

}  // namespace

void attach(App* app) {
    theApp = app;
}

void setEmbedded(bool embedded) {
    embedMode = embedded;
}

bool embedded() {
    return embedMode;
}

void gameStarted(const Match& match) {
    watched = &match;
    reportedActions = match.actionsCommitted();
    reportedEvents = match.committed().events().size();
    reportedOver = match.committed().over();
    reportedLookBack = theApp->playingOnline() ? std::nullopt : std::optional(LookBackCounts::of(theApp->lookBack()));
    notify(stateJson("started", match));
    if (reportedOver) notify(stateJson("gameOver", match));
}

void watch(const Match* match) {
    if (!match || match != watched) return;
    const auto report = [&](const char* type) {
        const Json scored = scoredSince(*match, reportedEvents);
        reportedEvents = match->committed().events().size();
        notify(stateJson(type, *match, &scored));
    };
    if (match->actionsCommitted() != reportedActions) {
        reportedActions = match->actionsCommitted();
        report("action");
    }
    if (match->committed().over() && !reportedOver) {
        reportedOver = true;
        report("gameOver");
    }
    // An undo or a hint counted without a new action: the page saves the counts too.
    if (!theApp->playingOnline() && !(reportedLookBack && reportedLookBack->matches(theApp->lookBack()))) {
        reportedLookBack = LookBackCounts::of(theApp->lookBack());
        notify(stateJson("lookBack", *match));
    }
}

void drawButtons(bool playing) {
    if (embedMode) return;
    const char* code = language().c_str();
    if (playing) {
        if (ImGui::Button(tr("shell.share"))) carc_shell_command("share", code);
        hook::button("share");
        ImGui::SameLine();
    }
    if (ImGui::Button(tr("shell.saves"))) carc_shell_command("saves", code);
    hook::button("saves");
    if (playing) {
        ImGui::SameLine();
        if (ImGui::Button(tr("shell.embed"))) carc_shell_command("embed", code);
        hook::button("embed");
    }
}

}  // namespace web::shell

using web::shell::answer;
using web::shell::Json;
using web::shell::refuse;

// Page -> game. Every carc_start_* returns "" when the game started, else the reason (shown as text).
extern "C" {

// A text record (a save, an imported .carc file): the game resumes after its last action.
const char* carc_start_record(const char* text, const char* seatsCsv, const char* coloursCsv) {
    auto replay = carc::replayText(text ? text : "", web::shell::theApp->catalog());
    if (replay.error) return refuse(std::move(replay.error));
    return web::shell::start(replay.record, seatsCsv, coloursCsv);
}

// The compact link form (play-by-link): decoded, then every action is checked by replaying it.
const char* carc_start_link(const char* link, const char* seatsCsv) {
    carc::Record record;
    carc::Problem error;
    if (!carc::decodeRecord(link ? link : "", web::shell::theApp->catalog(), record, error))
        return refuse(std::move(error), "link: ");
    auto replay = carc::replayRecord(record, web::shell::theApp->catalog());
    if (replay.error) return refuse(std::move(replay.error), "link: ");
    return web::shell::start(replay.record, seatsCsv);
}

// A seed link: mode, players, seed (Crockford base32), options "key:value,..." and seats.
const char* carc_start_setup(const char* mode, int players, const char* seed, const char* optionsCsv,
                             const char* seatsCsv) {
    const carc::ModeInfo* info = carc::findMode(mode ? mode : "");
    if (!info) {
        std::vector<std::string> known;
        for (const auto& m : carc::allModes()) known.push_back(m.id);
        return refuse(carc::Problem(carc::ProblemCode::UnknownMode)
                          .with(carc::Param::Mode, std::string(mode ? mode : ""))
                          .with(carc::Param::Modes, std::move(known)),
                      "mode: ");
    }
    carc::Setup setup;
    setup.mode = info->id;
    setup.players = players;
    const auto parsedSeed = carc::seedFromText(seed ? seed : "");
    if (!parsedSeed) return refuse("seed: 1-13 base32 digits (0-9, A-Z without I, L, O, U)");
    setup.seed = *parsedSeed;
    for (const auto& item : web::shell::split(optionsCsv ? optionsCsv : "", ','))
        if (auto error = web::shell::addOption(*info, item, setup); !error.empty()) return refuse(error);
    std::string where;
    carc::Problem error;
    if (!web::shell::theApp->catalog().newGame(setup, error, &where)) return refuse(std::move(error), where + ": ");
    return web::shell::start(carc::Record{setup, {}, {}}, seatsCsv);
}

// The committed record (a human's unconfirmed turn is left out), as text and in link form; "" when
// no game is being played.
const char* carc_record_text() {
    const web::Match* match = web::shell::theApp->match();
    if (!match) return answer("");
    return answer(carc::formatRecord(web::shell::committedRecord(*match), match->committed().tileSet()));
}

const char* carc_record_link() {
    const web::Match* match = web::shell::theApp->match();
    if (!match) return answer("");
    return answer(carc::encodeRecord(web::shell::committedRecord(*match), match->committed().tileSet()));
}

// The seed-link query of the current game (setup and seats, no actions): "mode=...&players=...".
const char* carc_setup_query() {
    const web::Match* match = web::shell::theApp->match();
    if (!match) return answer("");
    const carc::Setup& setup = match->committed().setup();
    std::string options, seats;
    for (const auto& [key, value] : setup.options)
        options += (options.empty() ? "" : ",") + key.substr(key.find('.') + 1) + ":" + value;
    for (const auto& seat : match->seats()) seats += (seats.empty() ? "" : ",") + seat.controller;
    std::string mode;
    for (char c : setup.mode) mode += c == '+' ? std::string("%2B") : std::string(1, c);
    return answer("mode=" + mode + "&players=" + std::to_string(setup.players) + "&seed=" +
                  carc::seedToText(setup.seed) + (options.empty() ? "" : "&opt=" + options) + "&seats=" + seats);
}

// The game being played, as in the `action` event (null when none).
const char* carc_game_state() {
    const web::Match* match = web::shell::theApp->match();
    return answer(match ? carc::json::dump(web::shell::stateJson("state", *match)) : "null");
}

// Modes (id, title, players, tile set, options) and bot names, so the page validates links without a
// copy (and fetches a link's tile art early: shell/shell.js).
const char* carc_modes_json() {
    Json modes = Json::array();
    for (const auto& m : carc::allModes()) {
        Json options = Json::array();
        for (const auto& o : m.options) options.push_back(Json{{"key", o.key}, {"values", o.values}});
        modes.push_back(Json{{"id", m.id},
                             {"title", m.title},
                             {"minPlayers", m.minPlayers},
                             {"maxPlayers", m.maxPlayers},
                             {"tileset", m.tileset},
                             {"options", std::move(options)}});
    }
    return answer(carc::json::dump(Json{{"modes", std::move(modes)}, {"bots", carc::botNames()}}));
}

// Why the last carc_start_* call was refused, as the engine's data (docs/events.md), with the message
// it answered: {code, params, line?, action?, message}; null when it was not the engine that refused
// (the page's values: seats, colours, seed, options as written) or nothing was refused.
const char* carc_last_problem() {
    if (!web::shell::lastProblem) return answer("null");
    Json problem = carc::json::problem(web::shell::lastProblem);
    problem["message"] = web::shell::lastMessage;
    return answer(carc::json::dump(problem));
}

// Opens the game on screen (just started from a save, a file or a link) in the replay viewer at its
// first move: "" when it opened, else why not.
const char* carc_view_replay() {
    if (!web::shell::theApp->viewReplay()) return answer("replay: no game of this page to view");
    return answer("");
}

// The undos and hints a save kept ({"undos": [...], "hints": [...], "hintsAllowed": bool}, as the game's
// state gives them) for the game just resumed from it: "" when restored, else why not (the game stays,
// counted from zero).
const char* carc_restore_look_back(const char* text) {
    const Json json = Json::parse(text ? text : "", nullptr, false);
    const auto counts = [&json](const char* key, std::vector<int>& out) {
        if (!json.is_object() || !json.contains(key) || !json[key].is_array() || json[key].size() > carc::kMaxPlayers)
            return false;
        for (const auto& n : json[key]) {
            if (!n.is_number_integer() || n.get<long long>() < 0 || n.get<long long>() > 1'000'000) return false;
            out.push_back(n.get<int>());
        }
        return true;
    };
    std::vector<int> undos, hints;
    if (!counts("undos", undos) || !counts("hints", hints) || !json.contains("hintsAllowed") ||
        !json["hintsAllowed"].is_boolean())
        return answer("lookBack: not {undos: [n per seat], hints: [n per seat], hintsAllowed: true|false}");
    if (!web::shell::theApp->restoreLookBack(undos, hints, json["hintsAllowed"].get<bool>()))
        return answer("lookBack: the counts do not fit the game on screen");
    return answer("");
}

// Bot speed 0 (slow) .. 3 (instant), e.g. for an embedded bots-only demo.
void carc_set_speed(int speed) {
    web::shell::theApp->setBotSpeed(std::clamp(speed, 0, 3));
}

}  // extern "C"
