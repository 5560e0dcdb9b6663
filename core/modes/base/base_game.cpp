#include "base_game.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace carc::base {

ModeInfo baseMode() {
    ModeInfo mode;
    mode.id = "base";
    mode.title = "Carcassonne";
    mode.tileset = "base";
    mode.minPlayers = 2;
    mode.maxPlayers = 5;
    mode.create = [](const Setup& setup, std::shared_ptr<const TileSet> tiles) -> std::unique_ptr<Game> {
        return std::make_unique<BaseGame>(setup, std::move(tiles), false);
    };
    return mode;
}

ModeInfo tunnelMode() {
    ModeInfo mode = baseMode();
    mode.id = "base+tunnel";
    mode.title = "Carcassonne + The Tunnel";
    mode.tileset = "tunnel";
    mode.maxPlayers = 6;  // the Tunnel brings a sixth colour
    mode.options = TunnelRules::options();
    mode.create = [](const Setup& setup, std::shared_ptr<const TileSet> tiles) -> std::unique_ptr<Game> {
        return std::make_unique<BaseGame>(setup, std::move(tiles), true);
    };
    return mode;
}

BaseGame::BaseGame(const Setup& setup, std::shared_ptr<const TileSet> tiles, bool withTunnel)
    : Game(setup, tiles, 7, {"road", "city", "cloister", "field"}) {
    roadKind_ = tiles->findKind("road");
    cityKind_ = tiles->findKind("city");
    fieldKind_ = tiles->findKind("field");
    cloisterKind_ = tiles->findKind("cloister");
    pennant_ = tiles->findSymbol("pennant");
    if (withTunnel) tunnel_.emplace(setup, TunnelRules::options());
    begin();
}

// ---- The turn: the tile, a follower on it, and (with the Tunnel) a tunnel token at any point of the
// turn, before the tile too (RULES.md §2).

bool BaseGame::followerStepOpen() const {
    if (followerPlaced_ || supply(activePlayer()) == 0) return false;
    const auto& tile = board().tiles()[lastTile()];
    const int n = static_cast<int>(tileSet().designs[tile.design].segments.size());
    for (int s = 0; s < n; ++s)
        if (canPlaceFollowerOn(tile.firstSegment + s)) return true;
    return false;
}

void BaseGame::actLegal(std::vector<Action>& out) const {
    if (tunnel_ && tunnel_->secondTokenDue()) {
        tunnel_->legal(*this, out);
        return;
    }
    if (!followerPlaced_ && supply(activePlayer()) > 0) {
        const auto& tile = board().tiles()[lastTile()];
        const int n = static_cast<int>(tileSet().designs[tile.design].segments.size());
        for (int s = 0; s < n; ++s)
            if (canPlaceFollowerOn(tile.firstSegment + s)) out.push_back(Action::follower(s));
    }
    if (tunnel_) tunnel_->legal(*this, out);
    out.push_back(Action::pass());
}

Problem BaseGame::actWhyIllegal(const Action& action) const {
    switch (action.type) {
        case ActionType::Follower: {
            if (followerPlaced_) return Problem(ProblemCode::PieceAlreadyPlaced).with(Param::Piece, "follower");
            if (supply(activePlayer()) == 0) return Problem(ProblemCode::SupplyEmpty).with(Param::Piece, "follower");
            const int id = segmentId(board().tiles()[lastTile()].pos, action.segment);
            if (id < 0) return Problem(ProblemCode::SegmentNotOnTile).with(Param::Segment, int{action.segment});
            return Problem(ProblemCode::FeatureOccupied)
                .with(Param::Kind, kindName(id))
                .with(Param::Segment, int{action.segment})
                .with(Param::Piece, "follower");
        }
        case ActionType::Tunnel:
            return tunnelWhyIllegal(action);
        case ActionType::Pass:
            return Problem(ProblemCode::TunnelSecondTokenDue);
        default:
            return Problem(ProblemCode::NotInMode);
    }
}

Problem BaseGame::tunnelWhyIllegal(const Action& action) const {
    if (!tunnel_) return Problem(ProblemCode::NoTunnels);
    const int id = segmentId(action.pos, action.segment);
    if (id < 0)
        return Problem(ProblemCode::SegmentMissing)
            .with(Param::Segment, int{action.segment})
            .with(Param::Pos, action.pos);
    if (std::find(tunnel_->portals().begin(), tunnel_->portals().end(), id) == tunnel_->portals().end())
        return Problem(ProblemCode::NotAPortal).with(Param::Segment, int{action.segment}).with(Param::Pos, action.pos);
    if (tunnel_->claimed(id)) return Problem(ProblemCode::PortalTaken);
    if (tunnel_->usedThisTurn()) return Problem(ProblemCode::TunnelTokenAlreadyPlaced);
    if (action.design >= 0 && action.design != activePlayer() && !tunnel_->stealAllowed())
        return Problem(ProblemCode::TunnelPairNotYours).with(Param::Player, int{action.design});
    if (action.design < 0 && phase() == Phase::PlaceTile && tunnel_->noBlocking())
        return Problem(ProblemCode::TunnelPairAfterTile);
    return Problem(ProblemCode::TunnelNotAllowed);
}

void BaseGame::beforeTileLegal(std::vector<Action>& out) const {
    if (tunnel_) tunnel_->legal(*this, out);
}

void BaseGame::beforeTileApply(const Action& action) {
    placeTunnelToken(action);
}

Problem BaseGame::beforeTileWhyIllegal(const Action& action) const {
    if (!tunnel_) return Game::beforeTileWhyIllegal(action);
    if (action.type == ActionType::Place) return Problem(ProblemCode::TunnelSecondTokenFirst);
    if (action.type == ActionType::Tunnel) return tunnelWhyIllegal(action);
    return Game::beforeTileWhyIllegal(action);
}

// A road the token completes is scored with the rest of the turn (RULES.md §2), whenever it came.
void BaseGame::placeTunnelToken(const Action& action) {
    const int root = tunnel_->apply(*this, action);
    if (root >= 0) linkedThisTurn_.push_back(root);
}

void BaseGame::actApply(const Action& action) {
    switch (action.type) {
        case ActionType::Follower:
            placeFollower(activePlayer(), board().tiles()[lastTile()].firstSegment + action.segment);
            followerPlaced_ = true;
            break;
        case ActionType::Tunnel:
            placeTunnelToken(action);
            break;
        default: {  // Pass
            scoreCompleted();
            followerPlaced_ = false;
            linkedThisTurn_.clear();
            if (tunnel_) tunnel_->startTurn();
            endTurn();
            return;
        }
    }
    finishTurnIfDone();
}

void BaseGame::afterTilePlaced(int tileIndex) {
    if (tunnel_) tunnel_->addPortals(*this, tileIndex);
    finishTurnIfDone();
}

void BaseGame::finishTurnIfDone() {
    // Nothing optional left: the turn ends by itself, so records need no "pass" line then.
    if (followerStepOpen()) return;
    if (tunnel_ && tunnel_->tokenStepOpen(*this)) return;
    actApply(Action::pass());
}

// ---- Scoring during the game (RULES.md §1): complete roads and cities by majority, cloisters.

Breakdown BaseGame::roadOrCityScore(int root, bool final) const {
    const FeatureData& d = features().data(root);
    const int tiles = features().distinctTiles(root);
    if (d.kind == cityKind_) {
        const int pennants = pennant_ >= 0 ? d.symbols[pennant_] : 0;
        const int perTile = final ? 1 : 2;
        return Breakdown(final ? ScoreRule::CityIncomplete : ScoreRule::CityComplete)
            .add(PartKind::Tiles, tiles, perTile)
            .add(PartKind::Pennants, pennants, perTile);
    }
    return Breakdown(final ? ScoreRule::RoadIncomplete : ScoreRule::RoadComplete).add(PartKind::Tiles, tiles, 1);
}

Breakdown BaseGame::cloisterScore(int neighbours, bool final) {
    return Breakdown(final ? ScoreRule::CloisterIncomplete : ScoreRule::CloisterComplete)
        .add(PartKind::Cloister, 1, 1)
        .add(PartKind::Neighbours, neighbours, 1);
}

void BaseGame::scoreRoadOrCity(int root, bool final) {
    const std::uint32_t winners = features().majority(root);
    if (winners) {
        const Breakdown breakdown = roadOrCityScore(root, final);
        const bool isCity = features().data(root).kind == cityKind_;
        for (int p = 0; p < playerCount(); ++p)
            if (winners & (1u << p)) addScore(p, isCity ? City : Road, breakdown.points(), breakdown, final, root);
    }
    returnFollowers(root);
}

void BaseGame::scoreCloister(std::size_t followerIndex, bool final) {
    const Follower f = followers_[followerIndex];
    const Pos where = board().tiles()[features().segment(f.segment).tile].pos;
    const Breakdown breakdown = cloisterScore(board().surroundingTiles(where), final);
    addScore(f.player, Cloister, breakdown.points(), breakdown, final, f.segment);
    returnFollower(followerIndex);
}

void BaseGame::scoreCompleted() {
    // The features of the tile's segments in segment order, then those linked this turn, each once.
    // Scoring a feature joins none, so each root can be found as its turn comes.
    std::vector<int>& done = scored_;
    done.clear();
    const auto scoreIfComplete = [&](int candidate) {
        const int root = features().find(candidate);
        const FeatureData& d = features().data(root);
        if (d.open != 0 || (d.kind != roadKind_ && d.kind != cityKind_)) return;
        if (std::find(done.begin(), done.end(), root) != done.end()) return;
        done.push_back(root);
        scoreRoadOrCity(root, false);
    };
    const PlacedTile& tile = board().tiles()[lastTile()];
    const int segments = static_cast<int>(tileSet().designs[tile.design].segments.size());
    for (int s = 0; s < segments; ++s) scoreIfComplete(tile.firstSegment + s);
    for (int root : linkedThisTurn_) scoreIfComplete(root);
    // Only a cloister on or beside this turn's tile can have just got its eighth neighbour.
    const Pos placed = board().tiles()[lastTile()].pos;
    for (std::size_t i = followers_.size(); i-- > 0;) {
        const auto& seg = features().segment(followers_[i].segment);
        if (seg.kind != cloisterKind_) continue;
        const Pos where = board().tiles()[seg.tile].pos;
        if (std::abs(where.x - placed.x) > 1 || std::abs(where.y - placed.y) > 1) continue;
        if (board().surroundingTiles(where) == kCloisterRing) scoreCloister(i, false);
    }
}

// ---- Final scoring: incomplete roads, cities and cloisters, then fields (3 per completed city).

void BaseGame::finalScoring() {
    // Each incomplete road, city and cloister once, in the order their followers were placed;
    // scoring a feature returns all its followers. Farmers stay for the fields.
    for (std::size_t i = 0; i < followers_.size();) {
        const auto& seg = features().segment(followers_[i].segment);
        if (seg.kind == cloisterKind_)
            scoreCloister(i, true);
        else if (seg.kind == roadKind_ || seg.kind == cityKind_)
            scoreRoadOrCity(features().find(followers_[i].segment), true);
        else
            ++i;
    }
    scoreFields();
}

// 3 per completed city touching the field, each city counted once.
Breakdown BaseGame::fieldScore(int field, std::vector<int>& cities) const {
    cities.clear();
    features().forEachSegment(field, [&](int s) {
        const auto& info = features().segment(s);
        const auto& tile = board().tiles()[info.tile];
        const auto& seg = tileSet().designs[tile.design].segments[info.index];
        for (unsigned touching = seg.touches; touching; touching &= touching - 1) {
            const int other = std::countr_zero(touching);
            const int city = features().find(tile.firstSegment + other);
            if (features().data(city).kind != cityKind_ || features().data(city).open != 0) continue;
            if (std::find(cities.begin(), cities.end(), city) == cities.end()) cities.push_back(city);
        }
    });
    return Breakdown(ScoreRule::Field).add(PartKind::CompletedCities, static_cast<int>(cities.size()), 3);
}

void BaseGame::scoreFields() {
    // The scratch lists of scoreCompleted(), free by now: fields done, and one field's cities.
    std::vector<int>& fieldsDone = scored_;
    std::vector<int>& cities = candidates_;
    fieldsDone.clear();
    for (const auto& f : followers_) {
        const int field = features().find(f.segment);
        if (features().data(field).kind != fieldKind_) continue;
        if (std::find(fieldsDone.begin(), fieldsDone.end(), field) != fieldsDone.end()) continue;
        fieldsDone.push_back(field);
        const Breakdown breakdown = fieldScore(field, cities);
        const std::uint32_t winners = features().majority(field);
        for (int p = 0; p < playerCount(); ++p)
            if (winners & (1u << p)) addScore(p, Field, breakdown.points(), breakdown, true, field);
    }
}

// The card's values: roads and cities as they stand, a cloister completed has 8 neighbours.
Breakdown BaseGame::featureScore(int segmentId, ScoreMoment moment) const {
    if (moment == ScoreMoment::TakenBack) return {};
    const bool final = moment == ScoreMoment::GameEnd;
    const int root = features().find(segmentId);
    const int kind = features().data(root).kind;
    if (kind == roadKind_ || kind == cityKind_) return roadOrCityScore(root, final);
    if (kind == cloisterKind_) {
        const Pos where = board().tiles()[features().segment(segmentId).tile].pos;
        return cloisterScore(final ? board().surroundingTiles(where) : kCloisterRing, final);
    }
    if (kind == fieldKind_ && final) {
        std::vector<int> cities;
        return fieldScore(root, cities);
    }
    return {};
}

// A field scores 3 per completed city it touches: each open one it touches may still add 3.
void BaseGame::featureProspects(int root, std::vector<Prospect>& out) const {
    out.clear();
    if (features().data(root).kind != fieldKind_) return;
    features().forEachSegment(root, [&](int s) {
        const auto& info = features().segment(s);
        const auto& tile = board().tiles()[info.tile];
        const auto& seg = tileSet().designs[tile.design].segments[info.index];
        for (unsigned touching = seg.touches; touching; touching &= touching - 1) {
            const int city = features().find(tile.firstSegment + std::countr_zero(touching));
            if (features().data(city).kind != cityKind_ || features().data(city).open == 0) continue;
            const bool known =
                std::any_of(out.begin(), out.end(), [&](const Prospect& p) { return p.feature == city; });
            if (!known) out.push_back({city, 3});
        }
    });
}

std::string BaseGame::stateText() const {
    return Game::stateText() + (tunnel_ ? tunnel_->stateText() : "");
}

}  // namespace carc::base
