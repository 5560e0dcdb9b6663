// Carcassonne: Gold Rush (RULES.md §0 and §5). A turn: place a tile (and lay mining tokens on its
// mountain), then at most one of: a cowboy on the new tile, your tent to a mountain, mining the top
// token under your tent (or, house rule, taking a cowboy back); then score what the tile completed.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "mining_tokens.hpp"

namespace carc::goldrush {

class GoldRushGame final : public Game {
public:
    enum Category { Railroad, Mountain, City, Prairie, Gold };
    static constexpr int kCowboysInSupply = 4;
    static constexpr std::uint64_t kTokenStream = 0x601D;  // the mining tokens' shuffle
    // The box holds 115 nuggets on 63 tokens: a hidden token is worth about 2 (a what-if's gold, the AI's
    // estimates).
    static constexpr int kEstimatedNuggetsPerToken = 2;

    static std::vector<OptionSpec> options();

    // `tokenOrder` stacks the mining-token supply (top first) instead of shuffling it from the seed,
    // as a record's `deck` line stacks the tiles: for scenario tests.
    GoldRushGame(const Setup& setup, std::shared_ptr<const TileSet> tiles,
                 std::optional<std::vector<std::int8_t>> tokenOrder = std::nullopt);
    std::unique_ptr<Game> clone() const override { return std::unique_ptr<Game>(new GoldRushGame(*this)); }

    bool farmersAllowed() const { return farmers_; }
    bool cowboyRemovalAllowed() const { return removalRule_; }

    // Public facts about the tokens (no values).
    int tokensInSupply() const { return tokens_.supplyLeft(); }
    int tokensOutOfGame() const { return tokens_.outOfGame(); }
    int tokensHeld(int player) const { return tokens_.held(player); }
    int tokensInBox() const { return tokens_.total(); }
    // Tokens on the stack of the mountain that segment `index` of the tile at `p` belongs to.
    int stackSize(Pos p, int index) const;
    // The values of `holder`'s tokens as `viewer` sees them: kHiddenToken for each one, unless the
    // viewer is the holder or the game is over.
    std::vector<int> tokenValues(int viewer, int holder) const { return tokens_.valuesSeenBy(viewer, holder, over()); }
    // Note: while the game runs, scoresIfEndedNow() counts every held token at 2 nuggets (the box's
    // average, 115/63) instead of turning it over, so it reveals nothing either.

    // Segment id of a player's tent, or -1 while it is in their supply.
    int tentSegment(int player) const { return tents_[player]; }

    // Everything public; token values appear only once the game is over.
    std::string stateText() const override;
    Breakdown featureScore(int segmentId, ScoreMoment moment) const override;
    // A mountain's mining-token stack (its size, values hidden) and the tents pitched on it.
    std::vector<FeaturePiece> featurePieces(int segmentId) const override;
    std::vector<std::string> featurePieceNames() const override { return {kMiningTokenPiece, kTentPiece}; }
    // For the AI's evaluation (goldrush_estimates.cpp): a mountain's majority takes the tokens left on
    // its stack; a tent mines one a turn.
    double completionSpoils(int root) const override;
    double reachableSpoils(int player, int turns) const override;
    static constexpr const char* kMiningTokenPiece = "mining_token";
    static constexpr const char* kTentPiece = "tent";
    // Determinization for search: the draw pile and every token value `viewer` cannot see are
    // redrawn (goldrush_redeterminize.cpp).
    void redeterminize(int viewer, Rng& rng) override;

protected:
    void setupSecrets() override;
    void setupExtras() override;
    void modeSecrets(int seat, bool everything, std::vector<Reveal>& out) const override;
    Problem revealModeSecret(const Reveal& reveal) override;
    void afterTilePlaced(int tileIndex) override;
    void actLegal(std::vector<Action>& out) const override;
    void actApply(const Action& action) override;
    Problem actWhyIllegal(const Action& action) const override;
    void finalScoring() override;

private:
    GoldRushGame(const GoldRushGame&) = default;

    // ---- the turn (goldrush_turn.cpp)
    void noteMountains(int tileIndex);
    void layTokens(int tileIndex);
    bool mayPlaceCowboy(int segmentId) const;
    // Whether step 2 offers anything but "pass" (the first option found is enough).
    bool stepTwoOpen() const;
    bool mayPitTent(int segmentId) const;
    int tentMountainStack() const;
    void pitTent(int segmentId);
    void mine();
    void removeCowboy(Pos p, int index);
    void finishTurn();
    Pos posOf(int segmentId) const;
    void logToken(TokenMove move, int player, int segmentId, int first = 0, int second = 0);

    // ---- scoring (goldrush_scoring.cpp)
    void scoreCompleted();
    void scoreRailroad(int root, bool final);
    void scoreMountain(int root, bool final);
    void shareTokens(int root, std::uint32_t winners);
    void sendTentsHome(int root, TokenMove why);
    void scoreCity(std::size_t merchantIndex, bool final);
    // The railroads leaving a city segment, each once (a loop back to the city counts once): all of
    // them, and the complete ones. The city is complete when every one is.
    struct CityRailroads {
        int leaving = 0;
        int complete = 0;
        bool allComplete() const { return complete == leaving; }
    };
    CityRailroads railroadsOf(int citySegment) const;
    void scorePrairies();
    // What the scoring gives a feature's holders, shared with featureScore.
    Breakdown railroadScore(int root, bool final) const;
    Breakdown mountainScore(int root, bool final) const;
    static Breakdown cityScore(int completeRailroads, bool final);
    Breakdown prairieScore(int root) const;
    void scoreGold(bool provisional);

    int railroadKind_ = 0, mountainKind_ = 0, prairieKind_ = 0, cityKind_ = 0;
    int loco_ = -1, nugget_ = -1, tipi_ = -1, horses_ = -1;
    bool farmers_ = true;
    bool removalRule_ = false;
    std::optional<std::vector<std::int8_t>> tokenOrder_;
    MiningTokens tokens_;
    std::vector<int> scoreRoots_, scoreDone_;     // scratch for scoreCompleted: kept to save allocations
    std::vector<int> tents_;                      // per player: segment id, or -1 in supply
    std::vector<std::int32_t> mountainSegments_;  // every mountain segment on the board, in placement order
};

}  // namespace carc::goldrush
