// Hidden information shared by every mode (carc/secrets.hpp): what a seat may know of the draw pile,
// and how a dealt game learns the values a dealer reveals to it.
#include <algorithm>

#include "carc/game.hpp"

namespace carc {

std::string_view secretKindName(SecretKind kind) {
    return kind == SecretKind::Tile ? "tile" : "token";
}

std::vector<Reveal> Game::secrets(int seat, bool everything) const {
    std::vector<Reveal> out;
    for (std::size_t i = 0; i < deck_.size(); ++i)
        if (deck_[i] != kUnknown && (everything || seatMayKnow(deckSeen_[i], seat)))
            out.push_back({SecretKind::Tile, static_cast<int>(i), deck_[i]});
    modeSecrets(seat, everything, out);
    return out;
}

std::vector<Reveal> Game::secretsVisibleTo(int seat) const {
    return secrets(seat, over());
}

std::vector<Reveal> Game::secretsKnown() const {
    return secrets(-1, true);
}

bool Game::waitingForReveal() const {
    return phase_ == Phase::PlaceTile && std::find(choices_.begin(), choices_.end(), kUnknown) != choices_.end() &&
           std::none_of(choices_.begin(), choices_.end(), [](int d) { return d != kUnknown; });
}

Problem Game::revealModeSecret(const Reveal&) {
    return Problem(ProblemCode::NoTokenSecrets);
}

Problem Game::reveal(const Reveal& r) {
    ++version_;  // a value learnt may change what is legal: scratch_'s list is stale
    if (!setup_.dealt) return Problem(ProblemCode::RevealNotDealt);
    if (r.kind != SecretKind::Tile) return revealModeSecret(r);
    if (r.index < 0 || r.index >= static_cast<int>(deck_.size()))
        return Problem(ProblemCode::PilePositionOutOfRange)
            .with(Param::Max, static_cast<int>(deck_.size()) - 1)
            .with(Param::Index, r.index);
    const auto counts = tiles_->deckCounts();
    if (r.value < 0 || r.value >= static_cast<int>(counts.size()) || counts[r.value] == 0)
        return Problem(ProblemCode::NotInPile);
    int& known = deck_[r.index];
    if (known == r.value) return {};
    if (known != kUnknown)
        return Problem(ProblemCode::TileRevealedOtherwise)
            .with(Param::Index, r.index)
            .with(Param::Known, tiles_->designs[known].name)
            .with(Param::Tile, tiles_->designs[r.value].name);
    if (r.index < deckNext_ && !heldFaceDown(r.index))
        return Problem(ProblemCode::TileDrawnUnrevealed).with(Param::Index, r.index);
    if (std::count(deck_.begin(), deck_.end(), r.value) >= counts[r.value])
        return Problem(ProblemCode::TileCopiesExhausted)
            .with(Param::Count, counts[r.value])
            .with(Param::Tile, tiles_->designs[r.value].name);
    known = r.value;
    afterTileRevealed(r.index);
    return {};
}

std::vector<int> Game::unseenTiles() const {
    std::vector<int> unseen = tiles_->deckCounts();
    for (int design : deck_)
        if (design != kUnknown) --unseen[design];
    return unseen;
}

void Game::resampleHiddenTiles(int viewer, Rng& rng) {
    // The tiles the game is made of: a seeded game's own pile (a deck line may hold any tiles), the
    // set's for a dealt game, whose pile is not known.
    std::vector<int> unknownToViewer(tiles_->designs.size(), 0);
    if (setup_.dealt) {
        unknownToViewer = tiles_->deckCounts();
    } else {
        for (int design : deck_) ++unknownToViewer[design];
    }
    // A position keeps its value only if this game holds it and the viewer may see it: what the game
    // holds beyond that (another seat's hand in a dealt game of this seat, the whole truth in a seeded
    // one) is as hidden from the viewer as what it was never told.
    std::vector<int> hidden;
    for (std::size_t i = 0; i < deck_.size(); ++i) {
        if (deck_[i] != kUnknown && (over() || seatMayKnow(deckSeen_[i], viewer)))
            --unknownToViewer[deck_[i]];
        else
            hidden.push_back(static_cast<int>(i));
    }
    // Listed by design, not by position: only what is unknown shapes the draw, never its hidden order.
    std::vector<int> pool;
    pool.reserve(hidden.size());
    for (std::size_t d = 0; d < unknownToViewer.size(); ++d)
        pool.insert(pool.end(), static_cast<std::size_t>(std::max(0, unknownToViewer[d])), static_cast<int>(d));
    rng.shuffle(pool);
    // A dealt game's pile is never larger than its set (Catalog::newGame), so the pool covers it.
    for (std::size_t k = 0; k < hidden.size() && k < pool.size(); ++k) {
        deck_[static_cast<std::size_t>(hidden[k])] = pool[k];
        if (hidden[k] < deckNext_) afterTileRevealed(hidden[k]);  // a face-down hand holds it
    }
}

}  // namespace carc
