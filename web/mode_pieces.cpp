#include "mode_pieces.hpp"

#include "../core/modes/base/base_game.hpp"
#include "../core/modes/discovery/discovery_game.hpp"
#include "../core/modes/goldrush/goldrush_game.hpp"
#include "../core/modes/newworld/newworld_game.hpp"

namespace web {

ModePieces readModePieces(const carc::Game& game, int viewer) {
    ModePieces pieces;
    const int players = game.playerCount();
    if (const auto* base = dynamic_cast<const carc::base::BaseGame*>(&game); base && base->tunnel()) {
        const auto& rules = *base->tunnel();
        TunnelPieces t;
        t.pairsPerPlayer = rules.pairsPerPlayer();
        t.left.assign(players, 0);
        t.linked.assign(players, 0);
        t.halfLaid.assign(players, 0);
        for (int p = 0; p < players; ++p) t.left[p] = rules.pairsLeft(p);
        for (const auto& pair : rules.pairs()) (pair.second >= 0 ? t.linked : t.halfLaid)[pair.owner]++;
        pieces.tunnel = t;
    }
    if (const auto* gold = dynamic_cast<const carc::goldrush::GoldRushGame*>(&game)) {
        GoldRushPieces g;
        g.supply = gold->tokensInSupply();
        for (int p = 0; p < players; ++p) {
            g.tentSegment.push_back(gold->tentSegment(p));
            g.values.push_back(gold->tokenValues(viewer == kEveryoneSees ? p : viewer, p));
        }
        pieces.goldRush = g;
    }
    if (const auto* world = dynamic_cast<const carc::newworld::NewWorldGame*>(&game)) {
        SurveyorPieces s;
        for (int i = 0; i < carc::newworld::Surveyors::kCount; ++i) s.columns.push_back(world->surveyors().column(i));
        s.trackSpace = world->surveyors().trackSpace();
        s.bonus = carc::newworld::Surveyors::kBonus;
        pieces.surveyors = s;
    }
    if (const auto* discovery = dynamic_cast<const carc::discovery::DiscoveryGame*>(&game);
        discovery && discovery->variants().doubleTile && viewer != -1) {
        const int owner = viewer == kEveryoneSees ? game.activePlayer() : viewer;
        pieces.hand = HandPieces{owner, discovery->hand(owner)};
    }
    return pieces;
}

bool handsAreSecret(const carc::Game& game) {
    const auto* discovery = dynamic_cast<const carc::discovery::DiscoveryGame*>(&game);
    return discovery && discovery->variants().doubleTile;
}

Consequence consequenceOf(const carc::Game& game, const carc::Action& action) {
    Consequence c;
    auto copy = game.clone();
    const size_t before = copy->events().size();
    if (copy->apply(action)) return c;
    c.legal = true;
    c.gain.resize(game.playerCount());
    for (int p = 0; p < game.playerCount(); ++p) c.gain[p] = copy->scores()[p] - game.scores()[p];
    bool firstDone = false;
    for (size_t i = before; i < copy->events().size(); ++i) {
        const carc::Event& e = copy->events()[i];
        if (e.type == carc::EventType::Scored) {
            c.scored.push_back(e);
            if (!firstDone) c.first.push_back(e);
        } else if (e.type == carc::EventType::Token) {
            // A token moving after points were scored closes that feature's scoring.
            if (!c.first.empty()) firstDone = true;
            c.moves.push_back(e);
        }
    }
    return c;
}

std::vector<carc::Event> scoredSince(const carc::Game& committed, const carc::Game& view) {
    std::vector<carc::Event> out;
    const auto& events = view.events();
    for (size_t i = committed.events().size(); i < events.size(); ++i)
        if (events[i].type == carc::EventType::Scored) out.push_back(events[i]);
    return out;
}

}  // namespace web
