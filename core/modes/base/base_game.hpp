// Carcassonne, base game (RULES.md §0-1), with The Tunnel (§2) when the tile set has portals.
#pragma once

#include <memory>

#include "carc/game.hpp"
#include "carc/modes.hpp"
#include "tunnel_rules.hpp"

namespace carc::base {

ModeInfo baseMode();
ModeInfo tunnelMode();

class BaseGame final : public Game {
public:
    enum Category { Road, City, Cloister, Field };
    static constexpr int kCloisterRing = 8;  // neighbours of a complete cloister

    BaseGame(const Setup& setup, std::shared_ptr<const TileSet> tiles, bool withTunnel);
    std::unique_ptr<Game> clone() const override { return std::unique_ptr<Game>(new BaseGame(*this)); }

    const TunnelRules* tunnel() const { return tunnel_ ? &*tunnel_ : nullptr; }
    std::string stateText() const override;
    Breakdown featureScore(int segmentId, ScoreMoment moment) const override;
    void featureProspects(int root, std::vector<Prospect>& out) const override;

protected:
    void afterTilePlaced(int tileIndex) override;
    void actLegal(std::vector<Action>& out) const override;
    void actApply(const Action& action) override;
    Problem actWhyIllegal(const Action& action) const override;
    void beforeTileLegal(std::vector<Action>& out) const override;
    void beforeTileApply(const Action& action) override;
    bool tileMayBePlaced() const override { return !tunnel_ || !tunnel_->secondTokenDue(); }
    Problem beforeTileWhyIllegal(const Action& action) const override;
    void finalScoring() override;

private:
    BaseGame(const BaseGame&) = default;
    friend class TunnelRules;

    bool followerStepOpen() const;
    void finishTurnIfDone();
    Problem tunnelWhyIllegal(const Action& action) const;
    void placeTunnelToken(const Action& action);
    // Scores what this turn completed: roads and cities by majority, cloisters by their monk.
    void scoreCompleted();
    void scoreRoadOrCity(int root, bool final);
    void scoreCloister(std::size_t followerIndex, bool final);
    void scoreFields();
    // What the scoring gives a feature's holders (each holder the same), shared with featureScore.
    Breakdown roadOrCityScore(int root, bool final) const;
    static Breakdown cloisterScore(int neighbours, bool final);
    Breakdown fieldScore(int root, std::vector<int>& cities) const;  // cities: scratch

    int roadKind_ = 0, cityKind_ = 0, fieldKind_ = 0, cloisterKind_ = 0, pennant_ = 0;
    bool followerPlaced_ = false;
    std::vector<int> linkedThisTurn_;       // roots joined by a tunnel this turn
    std::vector<int> candidates_, scored_;  // scratch: scoreFields' cities, scoreCompleted's scored roots
    std::optional<TunnelRules> tunnel_;
};

}  // namespace carc::base
