// The two variants of RULES.md §4: double tile (a hand of 2 per player) and equal turns (tiles set
// aside face up before play).
#include <algorithm>

#include "discovery_game.hpp"

namespace carc::discovery {

namespace {
constexpr std::uint64_t kSetAsideStream = 0xD15C0001;  // the deck uses stream 1
constexpr std::size_t kHandSize = 2;
}  // namespace

int DiscoveryGame::tilesToSetAside(int players, int recordVersion) {
    switch (players) {
        case 2:
            return 1;
        case 3:
            return 2;
        case 4:
            return 3;
        case 5:
            // The rule page's 1 leaves 82 of the 83 tiles, which 5 players do not share out; 3 leave 80.
            // Version 1 records were played with the page's number.
            return recordVersion >= 2 ? 3 : 1;
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

// Equal turns: remove tiles at random from the shuffled pile, face up (they follow from the seed); with
// a deck line (version 2 on), its last tiles, so the line stays the exact draw order. Each is moved to
// the front of the pile and taken off there, so in a dealt game they are simply the next ones.
void DiscoveryGame::setTilesAside() {
    const int count = tilesToSetAside(playerCount(), setup().recordVersion);
    const bool lastOfLine = !setup().deck.empty() && setup().recordVersion >= 2;
    const int firstOfLast = static_cast<int>(deck_.size()) - count;
    Rng rng = makeRng(kSetAsideStream);
    for (int i = 0; i < count && deckNext_ < static_cast<int>(deck_.size()); ++i) {
        int pick = deckNext_;
        if (lastOfLine)
            pick = std::max(deckNext_, firstOfLast + i);
        else if (!dealt())
            pick += static_cast<int>(rng.below(static_cast<std::uint32_t>(deck_.size() - deckNext_)));
        // The rest keep their order.
        std::rotate(deck_.begin() + deckNext_, deck_.begin() + pick, deck_.begin() + pick + 1);
        showTile(deckNext_, kSeenByAll);
        setAside(deck_[deckNext_++]);
    }
}

void DiscoveryGame::setAside(int design) {
    setAsideTiles_.push_back(design);
    ++setAside_;
    if (logging()) {
        Event e(EventType::TileSetAside);
        e.design = design;
        log(e);
    }
}

// Double tile: every player takes 2 tiles, in turn order, before the first turn.
void DiscoveryGame::dealHands() {
    for (int p = 0; p < playerCount(); ++p) refillHand(p);
}

void DiscoveryGame::refillHand(int player) {
    auto& hand = hands_[player];
    while (hand.size() < kHandSize) {
        const int position = drawPlaceable(player);  // face down: only its holder sees it
        if (position < 0) return;
        const int design = deck_[position];
        hand.push_back(design);
        handSlots_[player].push_back(position);
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
        auto& slots = handSlots_[active_];
        for (std::size_t i = hand.size(); i-- > 0;) {
            if (fitsAnywhere(hand[i])) continue;
            showTile(slots[i], kSeenByAll);  // discarded face up
            discardTile(hand[i]);
            hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(i));
            slots.erase(slots.begin() + static_cast<std::ptrdiff_t>(i));
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

bool DiscoveryGame::heldFaceDown(int position) const {
    for (const auto& slots : handSlots_)
        if (std::find(slots.begin(), slots.end(), position) != slots.end()) return true;
    return false;
}

void DiscoveryGame::afterTileRevealed(int position) {
    for (std::size_t p = 0; p < handSlots_.size(); ++p)
        for (std::size_t i = 0; i < handSlots_[p].size(); ++i)
            if (handSlots_[p][i] == position) hands_[p][i] = deck_[position];
    if (variants_.doubleTile && phase() == Phase::PlaceTile) choices_ = hands_[active_];
}

}  // namespace carc::discovery
