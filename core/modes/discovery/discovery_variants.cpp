// The two variants of RULES.md §4: double tile (a hand of 2 per player) and equal turns (tiles set
// aside face up before play).
#include <algorithm>

#include "discovery_game.hpp"

namespace carc::discovery {

namespace {
constexpr std::uint64_t kSetAsideStream = 0xD15C0001;  // the deck uses stream 1
constexpr std::size_t kHandSize = 2;
}  // namespace

int DiscoveryGame::tilesToSetAside(int players) {
    switch (players) {
        case 2:
            return 1;
        case 3:
            return 2;
        case 4:
            return 3;
        case 5:
            return 1;  // as the rule page says, although 82 tiles do not share out among 5
        default:
            return 0;
    }
}

const std::vector<int>& DiscoveryGame::hand(int player) const {
    return hands_[player];
}

int DiscoveryGame::tilesInHands() const {
    if (!variants_.doubleTile) return Game::tilesInHands();
    int held = 0;
    for (const auto& hand : hands_) held += static_cast<int>(hand.size());
    return held;
}

void DiscoveryGame::setupExtras() {
    if (variants_.equalTurns) setTilesAside();
    if (variants_.doubleTile) dealHands();
}

// Equal turns: remove tiles at random from the shuffled pile, face up (they follow from the seed).
void DiscoveryGame::setTilesAside() {
    Rng rng = makeRng(kSetAsideStream);
    const int count = tilesToSetAside(playerCount());
    for (int i = 0; i < count && deckNext_ < static_cast<int>(deck_.size()); ++i) {
        const int pick = deckNext_ + static_cast<int>(rng.below(static_cast<std::uint32_t>(deck_.size() - deckNext_)));
        // Move the picked tile to the front of the pile and take it off; the rest keep their order.
        std::rotate(deck_.begin() + deckNext_, deck_.begin() + pick, deck_.begin() + pick + 1);
        const int design = deck_[deckNext_++];
        setAsideTiles_.push_back(design);
        ++setAside_;
        if (logging()) {
            Event e(EventType::TileSetAside);
            e.design = design;
            log(e);
        }
    }
}

// Double tile: every player takes 2 tiles, in turn order, before the first turn.
void DiscoveryGame::dealHands() {
    for (int p = 0; p < playerCount(); ++p) refillHand(p);
}

void DiscoveryGame::refillHand(int player) {
    auto& hand = hands_[player];
    while (hand.size() < kHandSize) {
        const int design = drawPlaceable();
        if (design < 0) return;
        hand.push_back(design);
        if (logging()) {
            Event e(EventType::TileDrawn, player);
            e.design = design;
            log(e);
        }
    }
}

void DiscoveryGame::drawForTurn() {
    if (!variants_.doubleTile) {
        Game::drawForTurn();
        return;
    }
    choices_.clear();
    for (int tried = 0; tried < playerCount(); ++tried) {
        auto& hand = hands_[active_];
        // A held tile that fits nowhere now leaves the game, and the player draws again (RULES.md §0).
        for (std::size_t i = hand.size(); i-- > 0;) {
            if (fitsAnywhere(hand[i])) continue;
            discardTile(hand[i]);
            hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(i));
        }
        refillHand(active_);
        if (!hand.empty()) {
            choices_ = hand;
            return;
        }
        // The pile is used up and this hand is played out: the next player with tiles goes on.
        active_ = (active_ + 1) % playerCount();
    }
}

}  // namespace carc::discovery
