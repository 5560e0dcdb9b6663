// The New World turn (RULES.md §0, §3): place a tile west of the coast, perhaps one settler on it,
// then score what the tile completed, each scoring followed by its surveyor move and removals.
#include "newworld_game.hpp"

#include <algorithm>

namespace carc::newworld {

NewWorldGame::NewWorldGame(const Setup& setup, std::shared_ptr<const TileSet> tiles)
    : Game(setup, tiles, kSettlersInSupply, {"trail", "town", "farm", "plain", "surveyor"}),
      surveyors_(setup.option(options(), kSurveyorStartOption) == "track", setup.recordVersion >= 2) {
    trailKind_ = tiles->findKind("trail");
    townKind_ = tiles->findKind("town");
    plainKind_ = tiles->findKind("plain");
    farmKind_ = tiles->findKind("farm");
    post_ = tiles->findSymbol("post");
    flag_ = tiles->findSymbol("flag");
    animal_ = tiles->findSymbol("animal");
    for (const Design& d : tiles->designs) {
        auto farm = std::find_if(d.segments.begin(), d.segments.end(),
                                 [&](const SegmentDef& seg) { return seg.kind == farmKind_; });
        farmSegment_.push_back(farm == d.segments.end() ? -1 : static_cast<int>(farm - d.segments.begin()));
    }
    finalBonus_ = setup.option(options(), kFinalBonusOption) == "on";
    limitCells();  // tiles only west of the coast: see cellAllowed
    begin();
}

// ---- Placing a settler: one, on the tile just placed, on a feature nobody holds yet.

bool NewWorldGame::settlerStepOpen() const {
    if (settlerPlaced_ || supply(activePlayer()) == 0) return false;
    const auto& tile = board().tiles()[lastTile()];
    const int n = static_cast<int>(tileSet().designs[tile.design].segments.size());
    for (int s = 0; s < n; ++s)
        if (canPlaceFollowerOn(tile.firstSegment + s)) return true;
    return false;
}

void NewWorldGame::afterTilePlaced(int tileIndex) {
    westernmost_ = std::max(westernmost_, columnOf(board().tiles()[tileIndex].pos));
    // Nothing optional left: the turn goes on by itself, so records need no "pass" line then.
    if (!settlerStepOpen()) finishSettlerStep();
}

void NewWorldGame::actLegal(std::vector<Action>& out) const {
    if (phase() == Phase::Choose) {
        for (const Completed& c : toScore_) out.push_back(Action::at(ActionType::Score, c.pos, c.segment));
        return;
    }
    if (!settlerPlaced_ && supply(activePlayer()) > 0) {
        const auto& tile = board().tiles()[lastTile()];
        const int n = static_cast<int>(tileSet().designs[tile.design].segments.size());
        for (int s = 0; s < n; ++s)
            if (canPlaceFollowerOn(tile.firstSegment + s)) out.push_back(Action::follower(s));
    }
    out.push_back(Action::pass());
}

Problem NewWorldGame::actWhyIllegal(const Action& action) const {
    if (phase() == Phase::Choose) {
        if (action.type != ActionType::Score) return Problem(ProblemCode::ScoringOrderDue);
        if (waitingFeature(action) != toScore_.end()) return {};  // named by another of its segments
        return Problem(ProblemCode::NotWaitingToScore)
            .with(Param::Segment, int{action.segment})
            .with(Param::Pos, action.pos);
    }
    switch (action.type) {
        case ActionType::Follower: {
            if (settlerPlaced_) return Problem(ProblemCode::PieceAlreadyPlaced).with(Param::Piece, "settler");
            if (supply(activePlayer()) == 0) return Problem(ProblemCode::SupplyEmpty).with(Param::Piece, "settler");
            const int id = segmentId(board().tiles()[lastTile()].pos, action.segment);
            if (id < 0) return Problem(ProblemCode::SegmentNotOnTile).with(Param::Segment, int{action.segment});
            return Problem(ProblemCode::FeatureOccupied)
                .with(Param::Kind, kindName(id))
                .with(Param::Segment, int{action.segment})
                .with(Param::Piece, "settler");
        }
        case ActionType::Score:
            return Problem(ProblemCode::ScoringOrderNotAsked);
        default:
            return Problem(ProblemCode::NotInMode);
    }
}

void NewWorldGame::actApply(const Action& action) {
    switch (action.type) {
        case ActionType::Follower:
            placeFollower(activePlayer(), board().tiles()[lastTile()].firstSegment + action.segment);
            settlerPlaced_ = true;
            finishSettlerStep();
            return;
        case ActionType::Score: {
            const auto chosen = waitingFeature(action);
            const Completed feature = *chosen;
            toScore_.erase(chosen);
            setPhase(Phase::Act);
            scoreCompleted(feature);
            continueScoring();
            return;
        }
        default:  // Pass
            finishSettlerStep();
            return;
    }
}

// ---- Scoring during play: what the tile completed, in the order the active player chooses.

void NewWorldGame::finishSettlerStep() {
    toScore_ = completedThisTurn();
    // House rule (version 2 on): each completion counts on the score track, scored or not, as the tile
    // completes it.
    Surveyors::Move move;
    for (const Completed& c : toScore_)
        if (surveyors_.afterCompletedFeature(move)) logSurveyorMove(c.pos, move);
    continueScoring();  // drops the features nobody stands on
}

std::vector<NewWorldGame::Completed>::const_iterator NewWorldGame::waitingFeature(const Action& action) const {
    const int id = segmentId(action.pos, action.segment);
    if (id < 0) return toScore_.end();
    const int root = features().find(id);
    return std::find_if(toScore_.begin(), toScore_.end(),
                        [&](const Completed& c) { return features().find(c.segmentId) == root; });
}

std::vector<NewWorldGame::Completed> NewWorldGame::completedThisTurn() const {
    std::vector<Completed> found;
    std::vector<int> seen;
    const PlacedTile& tile = board().tiles()[lastTile()];
    const int n = static_cast<int>(tileSet().designs[tile.design].segments.size());
    for (int s = 0; s < n; ++s) {
        const int id = tile.firstSegment + s;
        const int root = features().find(id);
        const FeatureData& d = features().data(root);
        if ((d.kind != trailKind_ && d.kind != townKind_) || d.open != 0) continue;
        if (std::find(seen.begin(), seen.end(), root) != seen.end()) continue;
        seen.push_back(root);
        found.push_back({id, tile.pos, s});
    }
    // Farms: on this tile or on one of the 8 around it, complete once all 8 neighbours are tiles
    // (start spaces count). A farm completed with nobody on it is never scored.
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            const Pos p{tile.pos.x + dx, tile.pos.y + dy};
            const int t = board().tileAt(p);
            if (t < 0) continue;
            const PlacedTile& farmTile = board().tiles()[t];
            const int farm = farmSegment_[farmTile.design];
            if (farm >= 0 && board().surroundingTiles(p) == kFarmRing)
                found.push_back({farmTile.firstSegment + farm, p, farm});
        }
    }
    return found;
}

void NewWorldGame::continueScoring() {
    for (;;) {
        // A feature whose settlers were all left behind is not scored and moves no surveyor.
        std::erase_if(toScore_, [&](const Completed& c) {
            return features().data(features().find(c.segmentId)).followerTotal == 0;
        });
        if (toScore_.empty()) break;
        if (toScore_.size() >= 2) {
            std::vector<PendingFeature> pending;
            for (const Completed& c : toScore_) {
                const int root = features().find(c.segmentId);
                pending.push_back({featureValue(root, false, nullptr), claimsOn(root)});
            }
            if (scoringOrderMatters(pending, surveyors_, westernmost_, playerCount())) {
                setPhase(Phase::Choose);
                return;
            }
        }
        const Completed next = toScore_.front();
        toScore_.erase(toScore_.begin());
        scoreCompleted(next);
    }
    settlerPlaced_ = false;
    endTurn();
}

void NewWorldGame::scoreCompleted(const Completed& feature) {
    award(features().find(feature.segmentId), false, true);
    // The surveyor moves after the bonus is counted.
    const Surveyors::Move move = surveyors_.afterScoredFeature(westernmost_);
    if (move.step != Surveyors::Step::Waiting) logSurveyorMove(feature.pos, move);
    if (move.step == Surveyors::Step::Moved) leaveBehindSettlersEastOfSurveyors();
}

void NewWorldGame::logSurveyorMove(Pos where, const Surveyors::Move& move) {
    if (move.step == Surveyors::Step::Stayed)
        logMove(TokenMove::SurveyorsStayed, activePlayer(), where, -1, westernmost_);
    else
        logMove(Surveyors::tokenMove(move), activePlayer(), where, -1, move.surveyor, move.column);
}

// Runs each time a surveyor moves west (not when both stay put: nothing changed then).
void NewWorldGame::leaveBehindSettlersEastOfSurveyors() {
    const int front = surveyors_.easternmost();
    for (std::size_t i = followers_.size(); i-- > 0;) {
        const Follower f = followers_[i];
        const int column = columnOf(tilePos(f.segment));
        if (!standing(f) || column >= front) continue;  // trappers lie down and stay
        logMove(TokenMove::SettlerLeftBehind, f.player, tilePos(f.segment), features().segment(f.segment).index, column,
                front);
        returnFollower(i);
    }
}

// ---- Values and awards, shared by scoring during play and final scoring.

int NewWorldGame::featureValue(int root, bool final, Breakdown* breakdown) const {
    const FeatureData& d = features().data(root);
    auto symbols = [&](int symbol) { return symbol >= 0 ? static_cast<int>(d.symbols[symbol]) : 0; };
    Breakdown parts;
    int points = 0;
    if (d.kind == plainKind_) {
        const int animals = symbols(animal_);
        parts = Breakdown(ScoreRule::Plain).add(PartKind::Animals, animals, 1);
        points = animals;
    } else if (d.kind == farmKind_) {
        parts = farmScore(board().surroundingTiles(tilePos(root)), final);
        points = parts.points();
    } else if (d.kind == trailKind_) {
        const int tiles = features().distinctTiles(root);
        const int posts = symbols(post_);
        parts = Breakdown(final ? ScoreRule::TrailIncomplete : ScoreRule::TrailComplete)
                    .add(PartKind::Tiles, tiles, 1)
                    .add(PartKind::TradingPosts, posts, 2);
        points = tiles + 2 * posts;  // trading posts are worth 2 at the end too
    } else {
        const int tiles = features().distinctTiles(root);
        const int flags = symbols(flag_);
        const int perTile = final ? 1 : 2;
        parts = Breakdown(final ? ScoreRule::TownIncomplete : ScoreRule::TownComplete)
                    .add(PartKind::Tiles, tiles, perTile)
                    .add(PartKind::Flags, flags, perTile);
        points = perTile * (tiles + flags);
    }
    if (breakdown) *breakdown = parts;
    return points;
}

Breakdown NewWorldGame::farmScore(int around, bool final) {
    return Breakdown(final ? ScoreRule::FarmIncomplete : ScoreRule::FarmComplete)
        .add(PartKind::Farm, 1, 1)
        .add(PartKind::NeighbouringTiles, around, 1);
}

// The card's values: plains score only at the end, a farm completed has 8 neighbours.
Breakdown NewWorldGame::featureScore(int segmentId, ScoreMoment moment) const {
    if (moment == ScoreMoment::TakenBack) return {};
    const bool final = moment == ScoreMoment::GameEnd;
    const int root = features().find(segmentId);
    const int kind = features().data(root).kind;
    if (kind == plainKind_ && !final) return {};
    if (kind == farmKind_ && !final) return farmScore(kFarmRing, false);
    Breakdown breakdown;
    featureValue(root, final, &breakdown);
    return breakdown;
}

std::vector<Game::FeatureBonus> NewWorldGame::featureBonuses(int segmentId, ScoreMoment moment) const {
    const bool final = moment == ScoreMoment::GameEnd;
    const Breakdown value = featureScore(segmentId, moment);
    if (value.rule == ScoreRule::None || (final && !finalBonus_)) return {};
    std::vector<FeatureBonus> bonuses;
    for (const Award& a : awardsFor(claimsOn(features().find(segmentId)), value.points(), surveyors_, true))
        if (a.surveyors > 0) bonuses.push_back({a.player, a.bonusBreakdown()});
    return bonuses;
}

int NewWorldGame::removalStepsTaken() const {
    int moves = 0;
    for (int i = 0; i < Surveyors::kCount; ++i)
        if (surveyors_.onBoard(i)) moves += surveyors_.column(i);
    return moves;
}

int NewWorldGame::removalStepsLeft(const Follower& follower) const {
    if (!standing(follower)) return -1;  // trappers stay to the end
    int passesNeeded = 0;
    const int column = columnOf(tilePos(follower.segment));
    for (int i = 0; i < Surveyors::kCount; ++i)
        if (surveyors_.onBoard(i)) passesNeeded += std::max(0, column + 1 - surveyors_.column(i));
    return std::max(1, passesNeeded);  // already east of both: the next move leaves it behind
}

NewWorldGame::Category NewWorldGame::categoryOf(int kind) const {
    if (kind == trailKind_) return Trail;
    if (kind == townKind_) return Town;
    if (kind == farmKind_) return Farm;
    return Plain;
}

std::vector<Claim> NewWorldGame::claimsOn(int root) const {
    std::vector<Claim> claims;
    for (const Follower& f : followers_)
        if (features().find(f.segment) == root) claims.push_back({f.player, columnOf(tilePos(f.segment)), false});
    return claims;
}

void NewWorldGame::award(int root, bool final, bool withBonus) {
    Breakdown breakdown;
    const int points = featureValue(root, final, &breakdown);
    const int kind = features().data(root).kind;
    for (const Award& a : awardsFor(claimsOn(root), points, surveyors_, withBonus)) {
        addScore(a.player, categoryOf(kind), a.points, breakdown, final, root);
        if (a.surveyors > 0) addScore(a.player, Surveyor, a.bonus(), a.bonusBreakdown(), final, root);
    }
    if (kind != plainKind_) returnFollowers(root);  // trappers stay to the end
}

std::string NewWorldGame::stateText() const {
    return Game::stateText() + "surveyors " + std::to_string(surveyors_.column(0)) + " " +
           std::to_string(surveyors_.column(1)) + " track " + std::to_string(surveyors_.trackSpace()) + "\n";
}

}  // namespace carc::newworld
