// The game told to the live region (announcer.hpp): whose turn it is and the tile drawn, every
// committed action (placements, pieces, passes), every scoring in the scoring log's words, and the
// end with the winner and the scores; on the setup screen, the setup and how to move through it.
#include "announcer.hpp"

#include <emscripten.h>

#include <algorithm>

#include "app.hpp"
#include "i18n.hpp"
#include "test_hook.hpp"

// clang-format off
EM_JS(void, carc_announce_line, (const char* text), {
    const region = document.getElementById('announcer');
    if (!region) return;
    const line = document.createElement('p');
    line.textContent = UTF8ToString(text);
    region.appendChild(line);
    while (region.childNodes.length > 40) region.removeChild(region.firstChild);
});
EM_JS(void, carc_label_canvas, (const char* text), {
    const canvas = document.getElementById('canvas');
    if (canvas) canvas.setAttribute('aria-label', UTF8ToString(text));
});
// clang-format on

namespace web {

void announce::say(const std::string& line) {
    carc_announce_line(line.c_str());
}

void announce::labelCanvas(const std::string& label) {
    carc_label_canvas(label.c_str());
}

std::string App::scoringLine(const carc::Game& g, const carc::Event& e) const {
    const char* category = e.category >= 0 ? tr("category." + g.scoreCategories()[e.category]) : "";
    std::string line =
        tr("log.entry", {{"name", match_->seats()[e.player].name}, {"points", e.points}, {"category", category}});
    if (const std::string detail = trBreakdown(e.breakdown); !detail.empty())
        line = tr("log.detail", {{"entry", line}, {"detail", detail}});
    if (e.final) line = tr("log.final", {{"entry", line}});
    return line;
}

std::string App::actionLine(const carc::Game& g, const Played& p, carc::Pos tilePos) const {
    const std::string& name = match_->seats()[static_cast<size_t>(p.player)].name;
    const carc::Action& a = p.action;
    switch (a.type) {
        case carc::ActionType::Place: {
            const carc::Design& d = tiles_->designs[static_cast<size_t>(a.design)];
            return tr("a11y.placed", {{"name", name},
                                      {"tile", std::string(tr("tile." + d.origin + "." + d.name))},
                                      {"x", a.pos.x},
                                      {"y", a.pos.y}});
        }
        case carc::ActionType::Pass:
            return tr("a11y.passed", {{"name", name}});
        case carc::ActionType::Mine:
            return tr("a11y.mined", {{"name", name}});
        default:
            break;
    }
    // A piece on a segment: a follower on the tile just placed, or a token, tent, ... on a tile's segment.
    const carc::Pos at = a.type == carc::ActionType::Follower ? tilePos : a.pos;
    if (a.segment < 0 || g.board().tileAt(at) < 0) return tr("a11y.acted", {{"name", name}});
    const std::string kind = tr("feature_card.kind." + g.kindName(g.segmentId(at, a.segment)));
    if (a.type == carc::ActionType::Follower) return tr("a11y.follower", {{"name", name}, {"feature", kind}});
    if (a.type == carc::ActionType::Tent) return tr("a11y.tent", {{"name", name}, {"feature", kind}});
    if (a.type == carc::ActionType::Remove) return tr("a11y.removed", {{"name", name}, {"feature", kind}});
    if (a.type == carc::ActionType::Score) return tr("a11y.scores_first", {{"name", name}, {"feature", kind}});
    return tr("a11y.token", {{"name", name}, {"feature", kind}, {"x", at.x}, {"y", at.y}});
}

void App::announceGame() {
    if (!match_ || replay_) return;
    const carc::Game& g = match_->committed();
    const auto played = match_->played();
    const int committed = std::min(match_->actionsCommitted(), static_cast<int>(played.size()));
    if (announced_.actions < 0) {  // a game just came on screen: from its position on
        announced_.actions = committed;
        announced_.events = g.events().size();
    }
    // The tile a follower stands on is the one placed last before it.
    carc::Pos tileOfAction{};
    for (int i = 0; i < committed; ++i) {
        const Played& p = played[static_cast<size_t>(i)];
        if (p.action.type == carc::ActionType::Place) tileOfAction = p.action.pos;
        if (i >= announced_.actions) announce::say(actionLine(g, p, tileOfAction));
    }
    announced_.actions = committed;
    const auto& events = g.events();
    for (size_t i = announced_.events; i < events.size(); ++i)
        if (events[i].type == carc::EventType::Scored) announce::say(scoringLine(g, events[i]));
    announced_.events = events.size();

    if (g.over()) {
        if (announced_.over) return;
        announced_.over = true;
        const auto scores = g.scores();
        const int best = scores.empty() ? 0 : *std::max_element(scores.begin(), scores.end());
        std::string winners, table;
        int winnerCount = 0;
        for (size_t p = 0; p < scores.size(); ++p) {
            const std::string& name = match_->seats()[p].name;
            if (scores[p] == best) winners += (winners.empty() ? "" : ", ") + name, ++winnerCount;
            table += (table.empty() ? "" : ", ") + tr("a11y.score", {{"name", name}, {"points", scores[p]}});
        }
        announce::say(std::string(tr("end.title")) + ". " +
                      (winnerCount == 1 ? tr("end.wins", {{"name", winners}}) : tr("end.tie", {{"names", winners}})) +
                      " " + table);
        return;
    }
    const std::pair<int, int> turn{g.turnNumber(), g.activePlayer()};
    if (turn == announced_.turn || g.phase() != carc::Phase::PlaceTile) return;
    announced_.turn = turn;
    std::string line = tr("play.turn_of", {{"name", match_->seats()[static_cast<size_t>(g.activePlayer())].name}});
    // The tile drawn, unless it is a hidden hand the screen's viewer may not see.
    const bool hidden = handsAreSecret(g) && g.activePlayer() != viewer();
    if (!g.tileChoices().empty() && !hidden) {
        const carc::Design& d = tiles_->designs[static_cast<size_t>(g.tileChoices().front())];
        line += ". " + tr("a11y.tile_drawn", {{"tile", std::string(tr("tile." + d.origin + "." + d.name))}});
    }
    announce::say(line);
}

// The setup screen in words: the game, the seats, and the keys; said again when one of them changes.
void App::announceSetup() {
    const auto& modes = carc::allModes();
    std::string seats;
    for (const auto& s : seats_) {
        const std::string who = s.controller == "human" ? tr("seat.human") : tr("seat.bot." + s.controller);
        seats += (seats.empty() ? "" : ", ") + tr("a11y.seat", {{"name", s.name}, {"who", who}});
    }
    const std::string line =
        tr("a11y.setup",
           {{"mode", std::string(tr("mode." + modes[static_cast<size_t>(modeIndex_)].id))}, {"players", seats}});
    if (line == announced_.setup) return;
    announced_.setup = line;
    announce::say(line);
}

void App::announce() {
    if (language() != announced_.language) {
        announced_.language = language();
        announce::labelCanvas(tr("a11y.canvas"));
        announced_.setup.clear();
    }
    if (screen_ == Screen::Setup) announceSetup();
    if (screen_ == Screen::Play) announceGame();
}

}  // namespace web
