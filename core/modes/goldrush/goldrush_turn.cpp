// The Gold Rush turn (RULES.md §5): tile and mining tokens, then at most one of cowboy, tent, mining
// (or, house rule, taking a cowboy back), then scoring.
#include <algorithm>
#include <sstream>

#include "goldrush_game.hpp"

namespace carc::goldrush {

std::vector<OptionSpec> GoldRushGame::options() {
    return {
        {"goldrush.farmers",
         {"on", "off"},
         "Farmers on prairies; off plays without them, as the rule page advises for a first game"},
        {"goldrush.remove-cowboy",
         {"off", "on"},
         "House rule: instead of step 2, take one of your cowboys back from the board without scoring"},
    };
}

GoldRushGame::GoldRushGame(const Setup& setup, std::shared_ptr<const TileSet> tiles,
                           std::optional<std::vector<std::int8_t>> tokenOrder)
    : Game(setup, tiles, kCowboysInSupply, {"railroad", "mountain", "city", "prairie", "gold"}),
      tokenOrder_(std::move(tokenOrder)),
      tokens_({}, setup.players),
      tents_(static_cast<std::size_t>(setup.players), -1) {
    railroadKind_ = tiles->findKind("railroad");
    mountainKind_ = tiles->findKind("mountain");
    prairieKind_ = tiles->findKind("prairie");
    cityKind_ = tiles->findKind("city");
    loco_ = tiles->findSymbol("loco");
    nugget_ = tiles->findSymbol("nugget");
    tipi_ = tiles->findSymbol("tipi");
    horses_ = tiles->findSymbol("horses");
    const auto specs = options();
    farmers_ = setup.option(specs, "goldrush.farmers") == "on";
    removalRule_ = setup.option(specs, "goldrush.remove-cowboy") == "on";
    begin();
}

// ---- Setup: the 63 tokens shuffled from the seed (unknown in a dealt game); one per nugget symbol on
// the start tile's mountain.

void GoldRushGame::setupSecrets() {
    std::vector<std::int8_t> supply;
    if (tokenOrder_) {
        supply = std::move(*tokenOrder_);
        tokenOrder_.reset();  // needed only here; clones need not copy it
    } else if (dealt()) {
        supply.assign(MiningTokens::box().size(), static_cast<std::int8_t>(kUnknown));
    } else {
        supply = MiningTokens::box();
        Rng rng = makeRng(kTokenStream);
        rng.shuffle(supply);
    }
    tokens_ = MiningTokens(std::move(supply), playerCount());
}

void GoldRushGame::modeSecrets(int seat, bool everything, std::vector<Reveal>& out) const {
    tokens_.visibleTo(seat, everything, out);
}

Problem GoldRushGame::revealModeSecret(const Reveal& reveal) {
    return tokens_.reveal(reveal.index, reveal.value);
}

void GoldRushGame::setupExtras() {
    for (std::size_t t = 0; t < board().tiles().size(); ++t) {
        noteMountains(static_cast<int>(t));
        layTokens(static_cast<int>(t));
    }
}

void GoldRushGame::noteMountains(int tileIndex) {
    const PlacedTile& tile = board().tiles()[tileIndex];
    const Design& design = tileSet().designs[tile.design];
    for (std::size_t s = 0; s < design.segments.size(); ++s)
        if (design.segments[s].kind == mountainKind_)
            mountainSegments_.push_back(tile.firstSegment + static_cast<int>(s));
}

void GoldRushGame::layTokens(int tileIndex) {
    const PlacedTile& tile = board().tiles()[tileIndex];
    const Design& design = tileSet().designs[tile.design];
    for (std::size_t s = 0; s < design.segments.size(); ++s) {
        const int wanted = nugget_ >= 0 ? design.segments[s].symbols[nugget_] : 0;
        if (wanted == 0) continue;
        const int segment = tile.firstSegment + static_cast<int>(s);
        const int laid = tokens_.lay(features(), segment, wanted);
        if (logging())
            logToken(laid < wanted ? TokenMove::TokensLaidSupplyEmpty : TokenMove::TokensLaid, -1, segment, laid,
                     tokens_.stackSize(features(), segment));
    }
}

// ---- Step 1 done: stacks of mountains this tile joined become one, then the tile's own tokens.

void GoldRushGame::afterTilePlaced(int tileIndex) {
    const std::size_t mountainsBefore = mountainSegments_.size();
    noteMountains(tileIndex);
    // Only a tile with a mountain can join two mountains.
    if (mountainSegments_.size() > mountainsBefore) tokens_.mergeJoined(features());
    layTokens(tileIndex);
    if (!stepTwoOpen()) finishTurn();  // nothing optional left: no "pass" needed
}

// ---- Step 2: at most one of cowboy, tent, mining, (house rule) removal.

bool GoldRushGame::mayPlaceCowboy(int segmentId) const {
    if (!farmers_ && features().segment(segmentId).kind == prairieKind_) return false;
    return canPlaceFollowerOn(segmentId);
}

bool GoldRushGame::mayPitTent(int segmentId) const {
    if (features().segment(segmentId).kind != mountainKind_) return false;
    if (features().data(features().find(segmentId)).open == 0) return false;  // complete mountains take no tent
    if (std::find(tents_.begin(), tents_.end(), segmentId) != tents_.end()) return false;
    return std::none_of(followers_.begin(), followers_.end(),
                        [&](const Follower& f) { return f.segment == segmentId; });
}

int GoldRushGame::tentMountainStack() const {
    const int tent = tents_[activePlayer()];
    return tent < 0 ? 0 : tokens_.stackSize(features(), tent);
}

bool GoldRushGame::stepTwoOpen() const {
    const PlacedTile& last = board().tiles()[lastTile()];
    const int segments = static_cast<int>(tileSet().designs[last.design].segments.size());
    if (supply(activePlayer()) > 0)
        for (int s = 0; s < segments; ++s)
            if (mayPlaceCowboy(last.firstSegment + s)) return true;
    if (std::any_of(mountainSegments_.begin(), mountainSegments_.end(), [&](int m) { return mayPitTent(m); }))
        return true;
    if (tentMountainStack() > 0) return true;
    return removalRule_ && std::any_of(followers_.begin(), followers_.end(),
                                       [&](const Follower& f) { return f.player == activePlayer(); });
}

void GoldRushGame::actLegal(std::vector<Action>& out) const {
    const int me = activePlayer();
    const PlacedTile& last = board().tiles()[lastTile()];
    const int segments = static_cast<int>(tileSet().designs[last.design].segments.size());
    if (supply(me) > 0)
        for (int s = 0; s < segments; ++s)
            if (mayPlaceCowboy(last.firstSegment + s)) out.push_back(Action::follower(s));
    for (int mountain : mountainSegments_)
        if (mayPitTent(mountain))
            out.push_back(Action::at(ActionType::Tent, posOf(mountain), features().segment(mountain).index));
    if (tentMountainStack() > 0) out.push_back(Action::mine());
    if (removalRule_)
        for (const auto& f : followers_)
            if (f.player == me)
                out.push_back(Action::at(ActionType::Remove, posOf(f.segment), features().segment(f.segment).index));
    out.push_back(Action::pass());
}

Problem GoldRushGame::actWhyIllegal(const Action& action) const {
    const int me = activePlayer();
    switch (action.type) {
        case ActionType::Follower: {
            if (supply(me) == 0) return Problem(ProblemCode::SupplyEmpty).with(Param::Piece, "cowboy");
            const int id = segmentId(board().tiles()[lastTile()].pos, action.segment);
            if (id < 0) return Problem(ProblemCode::SegmentNotOnTile).with(Param::Segment, int{action.segment});
            if (!farmers_ && features().segment(id).kind == prairieKind_) return Problem(ProblemCode::NoFarmers);
            return Problem(ProblemCode::FeatureOccupied)
                .with(Param::Kind, kindName(id))
                .with(Param::Segment, int{action.segment})
                .with(Param::Piece, "cowboy");
        }
        case ActionType::Tent: {
            const int id = segmentId(action.pos, action.segment);
            if (id < 0)
                return Problem(ProblemCode::SegmentMissing)
                    .with(Param::Segment, int{action.segment})
                    .with(Param::Pos, action.pos);
            if (features().segment(id).kind != mountainKind_)
                return Problem(ProblemCode::TentNeedsMountain).with(Param::Kind, kindName(id));
            if (features().data(features().find(id)).open == 0) return Problem(ProblemCode::MountainComplete);
            return Problem(ProblemCode::MountainSegmentOccupied);
        }
        case ActionType::Mine:
            if (tents_[me] < 0) return Problem(ProblemCode::TentNotPitched);
            return Problem(ProblemCode::MountainEmpty);
        case ActionType::Remove:
            if (!removalRule_) return Problem(ProblemCode::CowboyRemovalOff);
            return Problem(ProblemCode::NotYourPiece)
                .with(Param::Piece, "cowboy")
                .with(Param::Segment, int{action.segment})
                .with(Param::Pos, action.pos);
        default:
            return Problem(ProblemCode::NotInMode);
    }
}

void GoldRushGame::actApply(const Action& action) {
    switch (action.type) {
        case ActionType::Follower:
            placeFollower(activePlayer(), board().tiles()[lastTile()].firstSegment + action.segment);
            break;
        case ActionType::Tent:
            pitTent(segmentId(action.pos, action.segment));
            break;
        case ActionType::Mine:
            mine();
            break;
        case ActionType::Remove:
            removeCowboy(action.pos, action.segment);
            break;
        default:  // Pass
            break;
    }
    finishTurn();  // one step-2 action at most: the turn goes on to scoring
}

void GoldRushGame::pitTent(int segmentId) {
    const int me = activePlayer();
    const bool moving = tents_[me] >= 0;
    tents_[me] = segmentId;
    if (logging())
        logToken(moving ? TokenMove::TentMoved : TokenMove::TentPitched, me, segmentId,
                 tokens_.stackSize(features(), segmentId));
}

void GoldRushGame::mine() {
    const int me = activePlayer();
    tokens_.take(features(), tents_[me], me);
    if (logging()) logToken(TokenMove::TokenMined, me, tents_[me], tokens_.held(me));
}

void GoldRushGame::removeCowboy(Pos p, int index) {
    const int id = segmentId(p, index);
    for (std::size_t i = 0; i < followers_.size(); ++i)
        if (followers_[i].segment == id && followers_[i].player == activePlayer()) {
            returnFollower(i);
            return;
        }
}

void GoldRushGame::finishTurn() {
    scoreCompleted();
    endTurn();
}

// ---- Helpers and the public state.

Pos GoldRushGame::posOf(int segmentId) const {
    return board().tiles()[features().segment(segmentId).tile].pos;
}

void GoldRushGame::logToken(TokenMove move, int player, int segmentId, int first, int second) {
    logMove(move, player, posOf(segmentId), features().segment(segmentId).index, first, second);
}

int GoldRushGame::stackSize(Pos p, int index) const {
    const int id = segmentId(p, index);
    if (id < 0 || features().segment(id).kind != mountainKind_) return 0;
    return tokens_.stackSize(features(), id);
}

std::vector<Game::FeaturePiece> GoldRushGame::featurePieces(int segmentId) const {
    if (features().segment(segmentId).kind != mountainKind_) return {};
    std::vector<FeaturePiece> pieces{{kMiningTokenPiece, tokens_.stackSize(features(), segmentId), -1}};
    const int root = features().find(segmentId);
    for (int p = 0; p < playerCount(); ++p)
        if (tents_[p] >= 0 && features().find(tents_[p]) == root) pieces.push_back({kTentPiece, 1, p});
    return pieces;
}

std::string GoldRushGame::stateText() const {
    std::ostringstream out;
    out << Game::stateText() << tokens_.publicText(features());
    for (int p = 0; p < playerCount(); ++p) out << "tent " << p << ' ' << tents_[p] << '\n';
    if (over())
        for (int p = 0; p < playerCount(); ++p) {
            out << "tokens " << p;
            for (int v : tokenValues(-1, p)) out << ' ' << v;
            out << '\n';
        }
    return out.str();
}

}  // namespace carc::goldrush
