#include "room.hpp"

#include <algorithm>

#include "carc/bots.hpp"
#include "carc/english.hpp"
#include "carc/utf8.hpp"

namespace carc::server {

int Room::localSpectators() const {
    return static_cast<int>(std::count_if(members.begin(), members.end(), [](const auto& m) { return m.second < 0; }));
}

int Room::spectators() const {
    return localSpectators() + remoteSpectators;
}

int Room::hostSeat() const {
    for (const auto& seat : seats)
        if (seat.host) return seat.seat;
    return -1;
}

const std::vector<std::string>& playerColours() {
    static const std::vector<std::string> colours = {"orange", "blue", "yellow", "green", "black", "pink"};
    return colours;
}

// The record's rule for names (carc::normaliseSetup: 1-24 code points), and no control characters.
NameCheck checkName(const std::string& name) {
    const auto length = utf8Length(name);
    if (!length) return NameCheck::NotUtf8;
    if (*length < 1 || *length > 24 || name.front() == ' ' || name.back() == ' ') return NameCheck::Bad;
    const bool plain = std::none_of(name.begin(), name.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f || c == ',';
    });
    return plain ? NameCheck::Good : NameCheck::Bad;
}

bool isBotKind(const std::string& kind) {
    const auto names = botNames();
    return std::find(names.begin(), names.end(), kind) != names.end();
}

std::string botDisplayName(const std::string& kind) {
    std::string name = kind;
    if (!name.empty()) name[0] = static_cast<char>(name[0] - 'a' + 'A');
    return name + " bot";
}

RoomSummary summarize(const Room& room, std::int64_t steadyNow) {
    RoomSummary out;
    out.id = room.id;
    out.mode = room.setup.mode;
    out.players = room.setup.players;
    for (const auto& [key, value] : room.setup.options) out.options.push_back(key + "=" + value);
    for (const auto& seat : room.seats) {
        const bool human = seat.kind == "human" || seat.replaced;
        SeatSummary& summary = out.seats.emplace_back();
        summary.seat = seat.seat;
        summary.kind = seat.kind;
        summary.name = seat.name;
        summary.colour = seat.colour;
        summary.host = seat.host;
        summary.connected = seat.connections > 0;
        summary.awaySeconds =
            human && seat.connections == 0 && seat.awaySince > 0 ? (steadyNow - seat.awaySince) / 1000 : 0;
        summary.replaced = seat.replaced;
        summary.reserved = seat.reserved;
    }
    out.started = room.started;
    out.over = room.over();
    out.listed = room.listed;
    out.spectators = room.spectators();
    out.actions = room.record.actions.size();
    out.clock = room.clock.moveSeconds;
    if (out.clock > 0) out.clockBot = room.clock.bot;
    out.rematch = room.rematch;
    return out;
}

std::string setupText(const Room& room, Catalog& catalog) {
    std::string error;
    const ModeInfo* mode = findMode(room.setup.mode);
    auto tiles = mode ? catalog.tileSet(mode->tileset, error) : nullptr;
    if (!tiles) return "";
    Record record;
    record.setup = room.setup;
    return formatRecord(record, *tiles);
}

std::string startGame(Room& room, Catalog& catalog) {
    Setup setup = room.setup;
    setup.names.clear();
    for (const auto& seat : room.seats) setup.names.push_back(seat.name);
    Problem problem;
    auto game = catalog.newGame(setup, problem);
    if (!game) return english::describe(problem);
    game->setEventLog(false);  // the server needs no event log: it keeps memory per room small
    room.setup = game->setup();
    room.record = Record{};
    room.record.setup = room.setup;
    room.views = std::make_unique<SeatViews>(game->playerCount());
    // What each view knows before the first action is in its `game` message (dealtRecordFor).
    for (int view = -1; view < game->playerCount(); ++view) room.views->catchUp(*game, view);
    room.game = std::move(game);
    room.started = true;
    return "";
}

MoveCheck checkMove(const Room& room, int seat, const std::vector<std::string>& lines) {
    MoveCheck check;
    const Game& game = *room.game;
    std::unique_ptr<Game> scratch;  // several lines are tried on a copy: all or nothing
    if (lines.size() > 1) {
        scratch = game.clone();
        scratch->setEventLog(false);
    }
    const Game& current = scratch ? *scratch : game;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string where = lines.size() > 1 ? "line " + std::to_string(i + 1) + ": " : "";
        if (current.over()) {
            check.code = "not_your_turn";
            check.message = where + "the game is over";
            return check;
        }
        if (current.activePlayer() != seat) {
            check.code = "not_your_turn";
            check.message = where + "it is seat " + std::to_string(current.activePlayer()) + "'s turn";
            return check;
        }
        Problem problem;
        auto action = parseAction(lines[i], game.tileSet(), problem);
        if (action) problem = scratch ? scratch->apply(*action) : game.whyIllegal(*action);
        if (problem) {
            problem.line = lines.size() > 1 ? static_cast<int>(i + 1) : 0;
            check.code = "illegal";
            check.message = english::describe(problem);
            check.problem = std::move(problem);
            return check;
        }
        check.actions.push_back(*action);
        check.lines.push_back(actionText(*action, game.tileSet()));
    }
    return check;
}

std::vector<std::vector<std::string>> applyMove(Room& room, const std::vector<Action>& actions) {
    Game& game = *room.game;
    const int players = game.playerCount();
    std::vector<std::vector<std::string>> views(static_cast<std::size_t>(players + 1));
    for (const Action& action : actions) {
        const std::string text = actionText(action, game.tileSet());
        game.apply(action);  // checked by checkMove: legal
        room.record.actions.push_back(action);
        for (int view = -1; view < players; ++view) {
            auto& out = views[static_cast<std::size_t>(view + 1)];
            for (const Reveal& r : room.views->catchUp(game, view)) out.push_back(revealText(r, game.tileSet()));
            out.push_back(text);
        }
    }
    return views;
}

std::string dealtText(const Room& room, int seat, Catalog& catalog, std::string& error) {
    Record view;
    if (Problem problem = dealtRecordFor(room.record, seat, catalog, view)) {
        error = english::describe(problem);
        return "";
    }
    return formatRecord(view, room.game->tileSet());
}

}  // namespace carc::server
