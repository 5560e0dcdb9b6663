// The Discovery (RULES.md §0 and §4): place a tile, then place a follower on it OR take one of your
// followers back from anywhere and score its region now, or neither. No majorities, no scoring at
// completion: a region scores only when a follower leaves it, and at the end.
#pragma once

#include <memory>
#include <vector>

#include "carc/game.hpp"
#include "region_value.hpp"

namespace carc::discovery {

class DiscoveryGame final : public Game {
public:
    // The score categories, in the order of discovery::Category.
    static std::vector<std::string> categories() { return {"meadow", "mountain", "sea"}; }
    static constexpr int kFollowers = 4;

    struct Variants {
        bool doubleTile = false;  // each player holds 2 tiles, plays one, draws one
        bool equalTurns = false;  // tiles set aside face up before play so every player gets as many turns
    };

    DiscoveryGame(const Setup& setup, std::shared_ptr<const TileSet> tiles, Variants variants);
    std::unique_ptr<Game> clone() const override { return std::unique_ptr<Game>(new DiscoveryGame(*this)); }

    const Variants& variants() const { return variants_; }
    const Terrain& terrain() const { return terrain_; }
    // What the region holding `segmentId` would score if a follower left it now (or at the end).
    RegionValue valueOf(int segmentId, bool asIncomplete = false) const {
        return regionValue(*this, terrain_, segmentId, asIncomplete);
    }

    // Double-tile variant: a player's hand (face down: show it to that player only). Empty otherwise.
    const std::vector<int>& hand(int player) const;
    // Equal-turns variant: the tiles removed face up before play, in the order they were removed.
    const std::vector<int>& setAsideTiles() const { return setAsideTiles_; }
    // How many tiles the equal-turns variant removes for a number of players (RULES.md §4) in a game of
    // a record version (docs/record-format.md, "Versioning").
    static int tilesToSetAside(int players, int recordVersion);

    int tilesInHands() const override;
    Breakdown featureScore(int segmentId, ScoreMoment moment) const override;
    int timesScored(int root, int player) const override { return features().data(root).followers[player]; }
    std::string stateText() const override;

protected:
    void afterTilePlaced(int tileIndex) override;
    void actLegal(std::vector<Action>& out) const override;
    void actApply(const Action& action) override;
    Problem actWhyIllegal(const Action& action) const override;
    Problem beforeTileWhyIllegal(const Action& action) const override;
    void finalScoring() override;
    void setupExtras() override;
    void drawForTurn() override;
    bool heldFaceDown(int position) const override;
    // A hand follows its pile positions: a reveal, or the AI's determinization (Game::redeterminize),
    // which deals the hands the viewer cannot see anew with the pile.
    void afterTileRevealed(int position) override;

private:
    DiscoveryGame(const DiscoveryGame&) = default;

    int segmentsOfLastTile() const;
    bool mayPlaceOn(int tileSegment) const;
    // Index in followers_ of the active player's follower on segment `segment` of the tile at `pos`.
    int ownFollowerAt(Pos pos, int segment) const;
    bool anythingOptional() const;
    void scoreFollower(std::size_t followerIndex, bool final);
    void finishTurn();

    // Variants (discovery_variants.cpp).
    void setTilesAside();
    void setAside(int design);
    void dealHands();
    void refillHand(int player);

    Variants variants_;
    Terrain terrain_;
    std::vector<std::vector<int>> hands_;      // double tile: per player, designs (kUnknown: not shown)
    std::vector<std::vector<int>> handSlots_;  // the same tiles' draw-pile positions
    std::vector<int> setAsideTiles_;
    bool turnEndedByChoice_ = false;  // the last turn ended with a follower placed or removed
};

}  // namespace carc::discovery
