#include "discovery_game.hpp"

#include <algorithm>
#include <sstream>

namespace carc::discovery {

DiscoveryGame::DiscoveryGame(const Setup& setup, std::shared_ptr<const TileSet> tiles, Variants variants)
    : Game(setup, tiles, kFollowers, categories()), variants_(variants), terrain_(Terrain::of(*tiles)) {
    hands_.assign(setup.players, {});
    handSlots_.assign(setup.players, {});
    begin();
}

// ---- The turn: after the tile, one follower on it, or one removal anywhere, or neither.

int DiscoveryGame::segmentsOfLastTile() const {
    return static_cast<int>(tileSet().designs[board().tiles()[lastTile()].design].segments.size());
}

bool DiscoveryGame::mayPlaceOn(int tileSegment) const {
    return canPlaceFollowerOn(board().tiles()[lastTile()].firstSegment + tileSegment);
}

int DiscoveryGame::ownFollowerAt(Pos pos, int segment) const {
    const int id = segmentId(pos, segment);
    if (id < 0) return -1;
    for (std::size_t i = 0; i < followers_.size(); ++i)
        if (followers_[i].player == activePlayer() && followers_[i].segment == id) return static_cast<int>(i);
    return -1;
}

void DiscoveryGame::actLegal(std::vector<Action>& out) const {
    if (supply(activePlayer()) > 0)
        for (int s = 0; s < segmentsOfLastTile(); ++s)
            if (mayPlaceOn(s)) out.push_back(Action::follower(s));
    for (const auto& f : followers_) {
        if (f.player != activePlayer()) continue;
        const SegmentInfo& info = features().segment(f.segment);
        out.push_back(Action::at(ActionType::Remove, board().tiles()[info.tile].pos, info.index));
    }
    out.push_back(Action::pass());
}

Problem DiscoveryGame::actWhyIllegal(const Action& action) const {
    switch (action.type) {
        case ActionType::Follower: {
            if (supply(activePlayer()) == 0) return Problem(ProblemCode::SupplyEmpty).with(Param::Piece, "follower");
            const int id = segmentId(board().tiles()[lastTile()].pos, action.segment);
            if (id < 0) return Problem(ProblemCode::SegmentNotOnTile).with(Param::Segment, int{action.segment});
            return Problem(ProblemCode::FeatureOccupied)
                .with(Param::Kind, kindName(id))
                .with(Param::Segment, int{action.segment})
                .with(Param::Piece, "follower");
        }
        case ActionType::Remove: {
            const int id = segmentId(action.pos, action.segment);
            if (id < 0)
                return Problem(ProblemCode::SegmentMissing)
                    .with(Param::Segment, int{action.segment})
                    .with(Param::Pos, action.pos);
            return Problem(ProblemCode::NotYourPiece)
                .with(Param::Piece, "follower")
                .with(Param::Segment, int{action.segment})
                .with(Param::Pos, action.pos);
        }
        default:
            return Problem(ProblemCode::NotInMode);
    }
}

Problem DiscoveryGame::beforeTileWhyIllegal(const Action& action) const {
    if (turnEndedByChoice_ && (action.type == ActionType::Follower || action.type == ActionType::Remove))
        return Problem(ProblemCode::OneFollowerMovePerTurn);
    return Game::beforeTileWhyIllegal(action);
}

bool DiscoveryGame::anythingOptional() const {
    for (const auto& f : followers_)
        if (f.player == activePlayer()) return true;
    if (supply(activePlayer()) == 0) return false;
    for (int s = 0; s < segmentsOfLastTile(); ++s)
        if (mayPlaceOn(s)) return true;
    return false;
}

void DiscoveryGame::afterTilePlaced(int tileIndex) {
    turnEndedByChoice_ = false;
    if (variants_.doubleTile) {
        // The first held tile of that design leaves the hand, face up now.
        auto& hand = hands_[activePlayer()];
        auto& slots = handSlots_[activePlayer()];
        const auto at = std::find(hand.begin(), hand.end(), board().tiles()[tileIndex].design) - hand.begin();
        showTile(slots[static_cast<std::size_t>(at)], kSeenByAll);
        hand.erase(hand.begin() + at);
        slots.erase(slots.begin() + at);
    }
    // Nothing to choose: the turn ends by itself, so records need no "pass" line then.
    if (!anythingOptional()) finishTurn();
}

void DiscoveryGame::actApply(const Action& action) {
    switch (action.type) {
        case ActionType::Follower:
            placeFollower(activePlayer(), board().tiles()[lastTile()].firstSegment + action.segment);
            break;
        case ActionType::Remove:
            // The region's other followers stay; once it has none, anyone may claim it again.
            scoreFollower(static_cast<std::size_t>(ownFollowerAt(action.pos, action.segment)), false);
            break;
        default:  // Pass
            break;
    }
    // Never both, and only one removal: any choice ends the turn.
    turnEndedByChoice_ = action.type != ActionType::Pass;
    finishTurn();
}

void DiscoveryGame::finishTurn() {
    if (variants_.doubleTile) refillHand(activePlayer());
    endTurn();
}

// ---- Scoring: a follower scores its region's full value for its owner; there are no majorities.

void DiscoveryGame::scoreFollower(std::size_t followerIndex, bool final) {
    const Follower f = followers_[followerIndex];
    const RegionValue value = valueOf(f.segment, final);
    addScore(f.player, static_cast<int>(value.category), value.points, value.breakdown, final, f.segment);
    returnFollower(followerIndex);
}

void DiscoveryGame::finalScoring() {
    // Every follower left scores its region as if incomplete, even a complete one.
    while (!followers_.empty()) scoreFollower(0, true);
}

// The card's values: a region scores when its follower leaves, now or at the end.
Breakdown DiscoveryGame::featureScore(int segmentId, ScoreMoment moment) const {
    switch (moment) {
        case ScoreMoment::Completed:
            return regionValueIfComplete(*this, terrain_, segmentId).breakdown;
        case ScoreMoment::TakenBack:
            return valueOf(segmentId).breakdown;
        default:
            return valueOf(segmentId, true).breakdown;
    }
}

std::string DiscoveryGame::stateText() const {
    std::ostringstream out;
    out << Game::stateText();
    if (!setAsideTiles_.empty()) {
        out << "set aside";
        for (int d : setAsideTiles_) out << ' ' << tileSet().designs[d].name;
        out << '\n';
    }
    if (variants_.doubleTile)
        for (int p = 0; p < playerCount(); ++p) {
            out << "hand " << p;
            for (int d : hands_[p]) out << ' ' << (d == kUnknown ? "?" : tileSet().designs[d].name);
            out << '\n';
        }
    return out.str();
}

}  // namespace carc::discovery
