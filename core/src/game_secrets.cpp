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

void Game::sampleUnknownTiles(Rng& rng) {
    std::vector<int> pool;
    const auto unseen = unseenTiles();
    for (std::size_t d = 0; d < unseen.size(); ++d) pool.insert(pool.end(), unseen[d], static_cast<int>(d));
    rng.shuffle(pool);
    auto next = pool.begin();
    for (std::size_t i = 0; i < deck_.size() && next != pool.end(); ++i)
        if (deck_[i] == kUnknown) {
            deck_[i] = *next++;
            afterTileRevealed(static_cast<int>(i));
        }
}

}  // namespace carc
