#include "tunnel_rules.hpp"

#include <algorithm>
#include <sstream>

#include "base_game.hpp"

namespace carc::base {

std::vector<OptionSpec> TunnelRules::options() {
    return {
        {"tunnel.tokens",
         {"rules", "spielbox"},
         "Tunnel token pairs per player: rules = 3 with 2 players, 2 with 3, 1 with 4-6; spielbox = 2 each with 2 "
         "players"},
        {"tunnel.own-road",
         {"off", "on"},
         "Anti-blocking (a): a token only on a portal whose road holds one of your followers"},
        {"tunnel.steal",
         {"off", "on"},
         "Anti-blocking (b): a first token left unmatched for a full round may be matched by a player with a follower "
         "on its road"},
        {"tunnel.same-turn", {"off", "on"}, "Anti-blocking (c): both tokens of a pair are placed in the same turn"},
        {"tunnel.no-blocking",
         {"off", "on"},
         "Anti-blocking (d): a first token may not claim a portal whose road holds an opponent's follower"},
    };
}

TunnelRules::TunnelRules(const Setup& setup, const std::vector<OptionSpec>& specs) {
    const bool spielbox = setup.option(specs, "tunnel.tokens") == "spielbox";
    if (setup.players == 2)
        pairsPerPlayer_ = spielbox ? 2 : 3;
    else if (setup.players == 3)
        pairsPerPlayer_ = 2;
    else
        pairsPerPlayer_ = 1;
    ownRoadOnly_ = setup.option(specs, "tunnel.own-road") == "on";
    steal_ = setup.option(specs, "tunnel.steal") == "on";
    sameTurn_ = setup.option(specs, "tunnel.same-turn") == "on";
    noBlocking_ = setup.option(specs, "tunnel.no-blocking") == "on";
}

int TunnelRules::pairsLeft(int player) const {
    const auto started =
        std::count_if(pairs_.begin(), pairs_.end(), [&](const TunnelPair& p) { return p.owner == player; });
    return pairsPerPlayer_ - static_cast<int>(started);
}

bool TunnelRules::claimed(int segment) const {
    return std::find(claimed_.begin(), claimed_.end(), segment) != claimed_.end();
}

void TunnelRules::addPortals(const Game& game, int tileIndex) {
    const auto& tile = game.board().tiles()[tileIndex];
    const auto& design = game.tileSet().designs[tile.design];
    const int portal = game.tileSet().findFlag("portal");
    for (std::size_t s = 0; s < design.segments.size(); ++s)
        if (design.segments[s].flags & (1u << portal)) portals_.push_back(tile.firstSegment + static_cast<int>(s));
}

bool TunnelRules::tokenStepOpen(const BaseGame& game) const {
    if (pendingPair_ >= 0) return true;
    if (usedThisTurn_) return false;
    std::vector<Action> actions;
    legal(game, actions);
    return !actions.empty();
}

bool TunnelRules::mayUsePortal(const BaseGame& game, int player, int segment, bool startsPair) const {
    if (claimed(segment)) return false;
    const FeatureData& road = game.features().data(game.features().find(segment));
    if (ownRoadOnly_ && road.followers[player] == 0) return false;
    if (noBlocking_ && startsPair && road.followerTotal > road.followers[player]) return false;
    return true;
}

bool TunnelRules::stealable(const BaseGame& game, const TunnelPair& pair, int player) const {
    if (!steal_ || pair.owner == player || pair.second >= 0) return false;
    // The owner had a whole further turn to match it and did not.
    if (game.turnNumber() <= pair.startedTurn + game.playerCount()) return false;
    const FeatureData& road = game.features().data(game.features().find(pair.first));
    return road.followers[player] > 0;
}

void TunnelRules::legal(const BaseGame& game, std::vector<Action>& out) const {
    const int player = game.activePlayer();
    auto completions = [&](const TunnelPair& pair) {
        for (int portal : portals_) {
            if (!mayUsePortal(game, player, portal, false)) continue;
            const auto& seg = game.features().segment(portal);
            Action a = Action::at(ActionType::Tunnel, game.board().tiles()[seg.tile].pos, seg.index);
            a.design = pair.owner;
            a.rotation = pair.number;
            out.push_back(a);
        }
    };
    if (pendingPair_ >= 0) {
        completions(pairs_[pendingPair_]);
        return;
    }
    if (usedThisTurn_) return;
    for (const auto& pair : pairs_)
        if (pair.second < 0 && (pair.owner == player || stealable(game, pair, player))) completions(pair);
    // (d) judges a first token by the road it ends: before the tile, the tile could still join that road
    // to an opponent's follower, so with (d) a pair starts only after the tile.
    const bool beforeTile = game.phase() == Phase::PlaceTile;
    if (pairsLeft(player) > 0 && !(noBlocking_ && beforeTile)) {
        // With both tokens due this turn, a pair may only start where its second token can follow.
        auto secondTokenPossible = [&](int first) {
            return std::any_of(portals_.begin(), portals_.end(),
                               [&](int p) { return p != first && mayUsePortal(game, player, p, false); });
        };
        for (int portal : portals_) {
            if (!mayUsePortal(game, player, portal, true)) continue;
            if (sameTurn_ && !secondTokenPossible(portal)) continue;
            const auto& seg = game.features().segment(portal);
            out.push_back(Action::at(ActionType::Tunnel, game.board().tiles()[seg.tile].pos, seg.index));
        }
    }
}

int TunnelRules::apply(BaseGame& game, const Action& action) {
    const int portal = game.segmentId(action.pos, action.segment);
    claimed_.push_back(portal);
    if (action.design < 0) {
        TunnelPair pair;
        pair.owner = static_cast<std::int8_t>(game.activePlayer());
        pair.number = static_cast<std::int8_t>(pairsPerPlayer_ - pairsLeft(game.activePlayer()) + 1);
        pair.first = portal;
        pair.startedTurn = game.turnNumber();
        pairs_.push_back(pair);
        if (sameTurn_)
            pendingPair_ = static_cast<int>(pairs_.size()) - 1;
        else
            usedThisTurn_ = true;
        return -1;
    }
    auto it = std::find_if(pairs_.begin(), pairs_.end(), [&](const TunnelPair& p) {
        return p.owner == action.design && p.number == action.rotation;
    });
    it->second = portal;
    usedThisTurn_ = true;
    pendingPair_ = -1;
    return game.linkSegments(it->first, portal);
}

std::string TunnelRules::stateText() const {
    std::ostringstream out;
    for (const auto& p : pairs_)
        out << "tunnel " << int(p.owner) << '.' << int(p.number) << ' ' << p.first << ' ' << p.second << '\n';
    return out.str();
}

}  // namespace carc::base
