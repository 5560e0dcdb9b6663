#include "carc/game.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

namespace carc {

namespace {
constexpr std::uint64_t kDeckStream = 1;
}

Game::Game(Setup setup, std::shared_ptr<const TileSet> tiles, int followersPerPlayer,
           std::vector<std::string> categories)
    : setup_(std::move(setup)),
      tiles_(std::move(tiles)),
      followersPerPlayer_(followersPerPlayer),
      categories_(std::move(categories)),
      portalFlag_(tiles_->findFlag("portal")) {
    scores_.assign(setup_.players, 0);
    board_.setEdgeClasses(tiles_->edgeClasses);
    board_.reserve(128, 128);
    features_.reserve(1024, 128);  // a whole game's segments: no reallocation while playing
    supply_.assign(setup_.players, followersPerPlayer);
    breakdown_.assign(setup_.players, std::vector<int>(categories_.size(), 0));
}

Rng Game::makeRng(std::uint64_t stream) const {
    return Rng(deriveSeed(setup_.seed, stream));
}

void Game::begin() {
    for (const auto& s : tiles_->start) {
        layTile(s.pos, s.design, s.rotation);
        ++startTiles_;
    }
    if (setup_.dealt) {
        // The dealer keeps the order: every position is unknown until revealed.
        deck_.assign(static_cast<std::size_t>(setup_.pileSize), kUnknown);
    } else if (!setup_.deck.empty()) {
        for (const auto& name : setup_.deck) deck_.push_back(tiles_->findDesign(name));
    } else {
        const auto counts = tiles_->deckCounts();
        for (std::size_t d = 0; d < counts.size(); ++d)
            for (int c = 0; c < counts[d]; ++c) deck_.push_back(static_cast<int>(d));
        Rng rng = makeRng(kDeckStream);
        rng.shuffle(deck_);
    }
    deckSeen_.assign(deck_.size(), kSeenByNobody);
    setupSecrets();
    for (std::size_t i = 0; i < setup_.reveals.size(); ++i) {
        setupProblem_ = reveal(setup_.reveals[i]);
        if (setupProblem_) {
            setupProblemReveal_ = static_cast<int>(i);
            return;
        }
    }
    setupExtras();
    drawForTurn();
    if (choices_.empty()) {
        finalScoring();
        phase_ = Phase::Over;
        log(Event(EventType::GameOver));
    }
}

std::vector<int> Game::remainingCensus() const {
    if (setup_.dealt) return unseenTiles();
    std::vector<int> census(tiles_->designs.size(), 0);
    for (std::size_t i = deckNext_; i < deck_.size(); ++i) ++census[deck_[i]];
    return census;
}

bool Game::fitsAnywhere(int design) const {
    if (design == kUnknown) return true;
    const Design& def = tiles_->designs[design];
    for (const auto& cell : board_.frontier())
        if (Board::fittingRotations(cell, def) && (!cellsLimited_ || cellAllowed(cell.pos))) return true;
    return false;
}

int Game::drawPlaceable(int holder) {
    while (deckNext_ < static_cast<int>(deck_.size())) {
        const int position = deckNext_++;
        const int design = deck_[position];
        if (fitsAnywhere(design)) {
            deckSeen_[position] = holder < 0 ? kSeenByAll : seenBySeat(holder);
            return position;
        }
        deckSeen_[position] = kSeenByAll;  // a discard is shown to everyone
        discardTile(design);
    }
    return -1;
}

void Game::discardTile(int design) {
    ++discarded_;
    if (logEvents_) {
        Event e(EventType::TileDiscarded, active_);
        e.design = design;
        log(e);
    }
}

void Game::drawForTurn() {
    choices_.clear();
    const int position = drawPlaceable();
    if (position < 0) return;
    const int design = deck_[position];
    choices_.push_back(design);
    if (logEvents_) {
        Event e(EventType::TileDrawn, active_);
        e.design = design;
        log(e);
    }
}

void Game::placementsOf(int design, std::vector<Action>& out) const {
    const Design& def = tiles_->designs[design];
    for (const auto& cell : board_.frontier()) {
        const std::uint8_t fits = Board::fittingRotations(cell, def);
        if (!fits || (cellsLimited_ && !cellAllowed(cell.pos))) continue;
        for (int r = 0; r < 4; ++r)
            if (fits & (1u << r)) out.push_back(Action::place(design, cell.pos, r));
    }
}

Action Game::pickedPlacement(const Action& action) const {
    placementPick_ = action;
    placementPicked_ = version_;
    return action;
}

bool Game::handTabulated() const {
    for (std::size_t i = 0; i < choices_.size(); ++i)
        if (firstOfItsDesign(i) && tiles_->designs[choices_[i]].fitCountByNeed.empty()) return false;
    return true;
}

Action Game::randomTabulatedPlacement(Rng& rng, std::uint32_t extras) const {
    // The same draw as randomLegalAction's general case, over the same placements in the same order,
    // but each cell's number of fitting rotations comes from a table: nothing is stored per cell.
    const FrontierCell* cells = board_.frontier().data();
    const std::size_t cellCount = board_.frontier().size();
    std::uint32_t total = 0;
    for (std::size_t i = 0; i < choices_.size(); ++i) {
        if (!firstOfItsDesign(i)) continue;
        const std::uint8_t* const counts = tiles_->designs[choices_[i]].fitCountByNeed.data();
        for (std::size_t c = 0; c < cellCount; ++c) total += counts[cells[c].needKey];
    }
    if (total + extras == 0) return {};  // only a dealt game waiting for its tile's reveal
    std::uint32_t pick = rng.below(total + extras);
    if (pick >= total) return scratch_[pick - total];
    for (std::size_t i = 0; i < choices_.size(); ++i) {
        if (!firstOfItsDesign(i)) continue;
        const Design& def = tiles_->designs[choices_[i]];
        const std::uint8_t* const counts = def.fitCountByNeed.data();
        for (std::size_t c = 0; c < cellCount; ++c) {
            const std::uint32_t count = counts[cells[c].needKey];
            if (pick >= count) {
                pick -= count;
                continue;
            }
            const std::uint8_t fits = def.fitsByNeed[cells[c].needKey];
            for (int r = 0; r < 4; ++r)
                if ((fits & (1u << r)) && pick-- == 0)
                    return pickedPlacement(Action::place(choices_[i], cells[c].pos, r));
        }
    }
    return {};
}

Action Game::randomLegalAction(Rng& rng) const {
    if (phase_ != Phase::PlaceTile) {
        legalActions(scratch_);
        scratchListed_ = version_;  // apply() checks the action it picks against this very list
        return scratch_[rng.below(static_cast<std::uint32_t>(scratch_.size()))];
    }
    // What the mode allows before the tile counts alongside the placements (usually nothing).
    scratch_.clear();
    scratchListed_ = 0;  // scratch_ no longer holds the Act-phase list
    beforeTileLegal(scratch_);
    const auto extras = static_cast<std::uint32_t>(scratch_.size());
    if (!tileMayBePlaced()) return scratch_[rng.below(extras)];
    if (!cellsLimited_ && handTabulated()) return randomTabulatedPlacement(rng, extras);
    // One pass stores each cell's fitting rotations per distinct tile in hand; a draw over their
    // total then walks the stored masks. The loops read through locals: stores through a byte
    // pointer may alias anything, which would make the compiler reload members for every cell.
    const FrontierCell* cells = board_.frontier().data();
    const std::size_t cellCount = board_.frontier().size();
    const bool limited = cellsLimited_;
    scratchFits_.resize(cellCount * choices_.size());
    std::uint8_t* const fitsBegin = scratchFits_.data();
    std::uint8_t* fitsOut = fitsBegin;
    std::uint32_t total = 0;
    for (std::size_t i = 0; i < choices_.size(); ++i) {
        if (!firstOfItsDesign(i)) continue;
        const Design& def = tiles_->designs[choices_[i]];
        if (!def.fitsByNeed.empty() && !limited) {
            const std::uint8_t* const table = def.fitsByNeed.data();
            for (std::size_t c = 0; c < cellCount; ++c) {
                const std::uint8_t fits = table[cells[c].needKey];
                fitsOut[c] = fits;
                total += static_cast<std::uint32_t>(Board::rotationCount(fits));
            }
        } else if (!def.fitsByNeed.empty()) {
            const std::uint8_t* const table = def.fitsByNeed.data();
            for (std::size_t c = 0; c < cellCount; ++c) {
                std::uint8_t fits = table[cells[c].needKey];
                if (fits && !cellAllowed(cells[c].pos)) fits = 0;
                fitsOut[c] = fits;
                total += static_cast<std::uint32_t>(Board::rotationCount(fits));
            }
        } else {
            for (std::size_t c = 0; c < cellCount; ++c) {
                std::uint8_t fits = Board::fittingRotations(cells[c], def);
                if (fits && limited && !cellAllowed(cells[c].pos)) fits = 0;
                fitsOut[c] = fits;
                total += static_cast<std::uint32_t>(Board::rotationCount(fits));
            }
        }
        fitsOut += cellCount;
    }
    if (total + extras == 0) return {};  // only a dealt game waiting for its tile's reveal
    std::uint32_t pick = rng.below(total + extras);
    if (pick >= total) return scratch_[pick - total];
    const std::uint8_t* fitsIn = fitsBegin;
    for (std::size_t i = 0; i < choices_.size(); ++i) {
        if (!firstOfItsDesign(i)) continue;
        for (std::size_t c = 0; c < cellCount; ++c) {
            const std::uint8_t fits = fitsIn[c];
            const auto count = static_cast<std::uint32_t>(Board::rotationCount(fits));
            if (pick >= count) {
                pick -= count;
                continue;
            }
            for (int r = 0; r < 4; ++r)
                if ((fits & (1u << r)) && pick-- == 0)
                    return pickedPlacement(Action::place(choices_[i], cells[c].pos, r));
        }
        fitsIn += cellCount;
    }
    return {};
}

void Game::legalActions(std::vector<Action>& out) const {
    out.clear();
    switch (phase_) {
        case Phase::PlaceTile: {
            if (tileMayBePlaced()) {
                std::vector<int> seen;
                for (int design : choices_) {
                    if (design == kUnknown || std::find(seen.begin(), seen.end(), design) != seen.end()) continue;
                    seen.push_back(design);
                    placementsOf(design, out);
                }
            }
            beforeTileLegal(out);
            break;
        }
        case Phase::Act:
        case Phase::Choose:
            actLegal(out);
            break;
        case Phase::Over:
            break;
    }
}

std::vector<Action> Game::legalActions() const {
    std::vector<Action> out;
    legalActions(out);
    return out;
}

Problem Game::placementProblem(const Action& action) const {
    if (action.design < 0 || action.design >= static_cast<int>(tiles_->designs.size()))
        return Problem(ProblemCode::UnknownDesign);
    if (std::find(choices_.begin(), choices_.end(), action.design) == choices_.end()) {
        if (std::find(choices_.begin(), choices_.end(), kUnknown) != choices_.end())
            return Problem(ProblemCode::TileNotRevealed);
        std::vector<std::string> drawn;
        for (int d : choices_) drawn.push_back(tiles_->designs[d].name);
        return Problem(ProblemCode::WrongTile)
            .with(Param::Drawn, std::move(drawn))
            .with(Param::Tile, tiles_->designs[action.design].name);
    }
    if (action.rotation < 0 || action.rotation > 3) return Problem(ProblemCode::RotationOutOfRange);
    if (board_.tileAt(action.pos) >= 0) return Problem(ProblemCode::CellTaken).with(Param::Pos, action.pos);
    const FrontierCell* cell = board_.frontierAt(action.pos);
    if (!cell) return Problem(ProblemCode::CellUnconnected).with(Param::Pos, action.pos);
    if (!cellAllowed(action.pos)) return Problem(ProblemCode::CellForbidden).with(Param::Pos, action.pos);
    const Design& def = tiles_->designs[action.design];
    for (int e = 0; e < 4; ++e)
        if (!(def.rotationsShowing[cell->need[e] * 4 + e] & (1u << action.rotation)))
            return Problem(ProblemCode::EdgeMismatch).with(Param::Edge, std::string(edgeName(e)));
    if (!(def.distinctRotations & (1u << action.rotation)))
        return Problem(ProblemCode::RotationRepeats).with(Param::Rotation, int{action.rotation});
    return {};
}

Problem Game::actWhyIllegal(const Action&) const {
    return Problem(ProblemCode::NotNow);
}

Problem Game::beforeTileWhyIllegal(const Action&) const {
    return Problem(ProblemCode::TileNotPlaced);
}

Problem Game::whyIllegal(const Action& action) const {
    if (phase_ == Phase::Over) return Problem(ProblemCode::GameOver);
    if (phase_ == Phase::PlaceTile) {
        if (action.type == ActionType::Place && tileMayBePlaced())
            return placementPicked_ == version_ && action == placementPick_ ? Problem() : placementProblem(action);
        scratch_.clear();
        scratchListed_ = 0;  // scratch_ no longer holds the Act-phase list
        beforeTileLegal(scratch_);
        if (std::find(scratch_.begin(), scratch_.end(), action) != scratch_.end()) return {};
        return beforeTileWhyIllegal(action);
    }
    if (action.type == ActionType::Place) return Problem(ProblemCode::TileAlreadyPlaced);
    if (scratchListed_ != version_) {  // not listed since the last change of state
        scratch_.clear();
        actLegal(scratch_);
        scratchListed_ = version_;
    }
    if (std::find(scratch_.begin(), scratch_.end(), action) != scratch_.end()) return {};
    return actWhyIllegal(action);
}

Problem Game::apply(const Action& action) {
    if (Problem problem = whyIllegal(action)) return problem;
    const int turn = turn_;
    if (phase_ != Phase::PlaceTile)
        actApply(action);
    else if (action.type == ActionType::Place)
        placeTile(action);
    else
        beforeTileApply(action);
    actionsThisTurn_ = turn_ == turn ? actionsThisTurn_ + 1 : 0;
    ++version_;
    return {};
}

int Game::layTile(Pos pos, int design, int rotation) {
    const Design& def = tiles_->designs[design];
    const int tileIndex = static_cast<int>(board_.tiles().size());
    const int first = features_.addTile(def, tileIndex);
    // Portals are open ends of their road until a tunnel links them.
    if (portalFlag_ >= 0)
        for (std::size_t s = 0; s < def.segments.size(); ++s)
            if (def.segments[s].flags & (1u << portalFlag_)) ++features_.data(first + static_cast<int>(s)).open;
    std::array<int, 4> neighbours{};
    board_.place(pos, design, rotation, first, def, &neighbours);
    for (int d = 0; d < 4; ++d) {
        const int other = neighbours[static_cast<std::size_t>(d)];
        if (other < 0) continue;
        const PlacedTile& n = board_.tiles()[other];
        const Design& nd = tiles_->designs[n.design];
        for (int third = 0; third < 3; ++third) {
            const int port = d * 3 + third;
            const int mine = def.segmentAt(rotation, port);
            const int theirs = nd.segmentAt(n.rotation, facingPort(port));
            if (mine < 0 || theirs < 0) continue;
            const int root = features_.unite(first + mine, n.firstSegment + theirs);
            features_.data(root).open = static_cast<std::int16_t>(features_.data(root).open - 2);
        }
    }
    return tileIndex;
}

void Game::placeTile(const Action& action) {
    const int tileIndex = layTile(action.pos, action.design, action.rotation);
    // The tile leaves the hand.
    choices_.erase(std::find(choices_.begin(), choices_.end(), static_cast<int>(action.design)));
    lastTile_ = tileIndex;
    if (logEvents_) {
        Event e(EventType::TilePlaced, active_);
        e.pos = action.pos;
        e.design = action.design;
        e.segment = action.rotation;
        log(e);
    }
    phase_ = Phase::Act;
    afterTilePlaced(tileIndex);
}

int Game::linkSegments(int a, int b) {
    const int root = features_.unite(a, b);
    features_.data(root).open = static_cast<std::int16_t>(features_.data(root).open - 2);
    return root;
}

void Game::rootsOfTile(int tileIndex, std::vector<int>& roots) const {
    const PlacedTile& t = board_.tiles()[tileIndex];
    const int n = static_cast<int>(tiles_->designs[t.design].segments.size());
    roots.clear();
    for (int s = 0; s < n; ++s) {
        const int root = features_.find(t.firstSegment + s);
        if (std::find(roots.begin(), roots.end(), root) == roots.end()) roots.push_back(root);
    }
}

int Game::segmentId(Pos p, int index) const {
    const int t = board_.tileAt(p);
    if (t < 0) return -1;
    const PlacedTile& tile = board_.tiles()[t];
    if (index < 0 || index >= static_cast<int>(tiles_->designs[tile.design].segments.size())) return -1;
    return tile.firstSegment + index;
}

void Game::placeFollower(int player, int segmentId) {
    --supply_[player];
    followers_.push_back({static_cast<std::int8_t>(player), segmentId});
    FeatureData& d = features_.data(features_.find(segmentId));
    ++d.followers[player];
    ++d.followerTotal;
    if (logEvents_) {
        Event e(EventType::FollowerPlaced, player);
        e.pos = board_.tiles()[features_.segment(segmentId).tile].pos;
        e.segment = features_.segment(segmentId).index;
        log(e);
    }
}

void Game::returnFollower(std::size_t index) {
    const Follower f = followers_[index];
    followers_.erase(followers_.begin() + static_cast<std::ptrdiff_t>(index));
    ++supply_[f.player];
    FeatureData& d = features_.data(features_.find(f.segment));
    --d.followers[f.player];
    --d.followerTotal;
    if (logEvents_) {
        Event e(EventType::FollowerReturned, f.player);
        e.pos = board_.tiles()[features_.segment(f.segment).tile].pos;
        e.segment = features_.segment(f.segment).index;
        log(e);
    }
}

int Game::returnFollowers(int root) {
    int returned = 0;
    for (std::size_t i = followers_.size(); i-- > 0;) {
        if (features_.find(followers_[i].segment) == root) {
            returnFollower(i);
            ++returned;
        }
    }
    return returned;
}

void Game::addScore(int player, int category, int points, const Breakdown& breakdown, bool final, int segmentId) {
    scores_[player] += points;
    breakdown_[player][category] += points;
    if (logEvents_) {
        Event e(EventType::Scored, player);
        e.points = points;
        e.category = category;
        e.final = final;
        e.located = segmentId >= 0;
        if (e.located) {
            e.pos = board_.tiles()[features_.segment(segmentId).tile].pos;
            e.segment = features_.segment(segmentId).index;
        }
        e.breakdown = breakdown;
        log(e);
    }
}

void Game::logMove(TokenMove move, int player, std::optional<Pos> where, int segment, int first, int second) {
    if (!logEvents_) return;
    Event e(EventType::Token, player);
    e.move = move;
    e.pos = where.value_or(Pos{});
    e.located = where.has_value();
    e.segment = segment;
    e.values = {first, second};
    log(e);
}

void Game::log(Event event) {
    if (logEvents_) events_.push_back(std::move(event));
}

void Game::endTurn() {
    if (logEvents_) log(Event(EventType::TurnEnded, active_));
    active_ = (active_ + 1) % setup_.players;
    ++turn_;
    phase_ = Phase::PlaceTile;
    drawForTurn();
    if (choices_.empty()) {
        finalScoring();
        phase_ = Phase::Over;
        log(Event(EventType::GameOver));
    }
}

void Game::redeterminize(int viewer, Rng& rng) {
    ++version_;
    resampleHiddenTiles(viewer, rng);
}

std::vector<int> Game::scoresIfEndedNow() const {
    if (over()) return scores_;
    auto copy = clone();
    copy->setEventLog(false);
    copy->finalScoring();
    return copy->scores_;
}

std::unique_ptr<Game> Game::copyEndedNow() const {
    auto copy = clone();
    if (!over()) {
        copy->setEventLog(true);
        copy->finalScoring();
    }
    return copy;
}

std::string Game::stateText() const {
    std::ostringstream out;
    out << "active " << active_ << " phase " << static_cast<int>(phase_) << " next " << deckNext_ << '\n';
    for (const auto& t : board_.tiles())
        out << "tile " << tiles_->designs[t.design].name << ' ' << posText(t.pos) << " r" << int(t.rotation) << '\n';
    for (const auto& f : followers_) out << "follower " << int(f.player) << ' ' << f.segment << '\n';
    for (int p = 0; p < setup_.players; ++p) {
        out << "player " << p << " score " << scores_[p] << " supply " << supply_[p];
        for (int v : breakdown_[p]) out << ' ' << v;
        out << '\n';
    }
    return out.str();
}

}  // namespace carc
