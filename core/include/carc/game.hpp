// The game state machine every mode builds on: setup + actions -> state, legal actions and events.
// This class owns what all modes share (deck, drawing and discarding, tile placement and feature
// merging, followers, scores, the event log); a mode adds its turn steps and its scoring.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/action.hpp"
#include "carc/board.hpp"
#include "carc/breakdown.hpp"
#include "carc/features.hpp"
#include "carc/problem.hpp"
#include "carc/rng.hpp"
#include "carc/secrets.hpp"
#include "carc/setup.hpp"
#include "carc/tileset.hpp"

namespace carc {

enum class Phase : std::uint8_t {
    PlaceTile,  // the active player must place one of tileChoices()
    Act,        // the mode's optional step after placing (followers, tokens, tents, ...)
    Choose,     // the mode asks the active player for a decision (e.g. scoring order)
    Over,
};

enum class EventType : std::uint8_t {
    TileDrawn,
    TilePlaced,
    TileDiscarded,  // drawn but fits nowhere: out of the game
    TileSetAside,   // removed before play (a variant)
    FollowerPlaced,
    FollowerReturned,
    Scored,  // points for one player from one feature or source
    Token,   // a mode's token moved (mining token, tent, surveyor): see move
    TurnEnded,
    GameOver,
};

struct Event {
    Event() = default;
    explicit Event(EventType t, int who = -1) : type(t), player(who) {}

    EventType type = EventType::TurnEnded;
    int player = -1;
    int points = 0;
    int category = -1;   // Scored: index into Game::scoreCategories()
    bool final = false;  // Scored during final scoring
    Pos pos;
    bool located = false;  // Scored: whether `pos` names the scored feature's tile (gold has no place)
    int design = -1;
    int segment = -1;
    Breakdown breakdown;  // Scored: the rule and its parts (docs/events.md)
    TokenMove move = TokenMove::None;
    std::array<int, 2> values{};  // Token: the move's values, named by tokenMoves()
};

// When a feature's value is asked for (Game::featureScore).
enum class ScoreMoment : std::uint8_t {
    Completed,  // as scored once it is complete, with what it holds now
    TakenBack,  // The Discovery: as scored if its follower were taken back now
    GameEnd,    // as final scoring would score it now
};

struct Follower {
    std::int8_t player = 0;
    std::int32_t segment = 0;  // segment id in the Features graph
};

class Game {
public:
    virtual ~Game() = default;
    virtual std::unique_ptr<Game> clone() const = 0;

    const Setup& setup() const { return setup_; }
    const TileSet& tileSet() const { return *tiles_; }
    const Board& board() const { return board_; }
    const Features& features() const { return features_; }
    int playerCount() const { return setup_.players; }
    int activePlayer() const { return active_; }
    Phase phase() const { return phase_; }
    bool over() const { return phase_ == Phase::Over; }
    // Designs the active player may place now (one, or a hand in variants); empty when over.
    const std::vector<int>& tileChoices() const { return choices_; }
    int drawPileSize() const { return static_cast<int>(deck_.size()) - deckNext_; }
    // Tiles still to come per design (face down: the order is not revealed). A dealt game counts every
    // tile it has not been shown, so other players' face-down hands count as still to come.
    std::vector<int> remainingCensus() const;
    int tilesPlaced() const { return static_cast<int>(board_.tiles().size()) - startTiles_; }
    int tilesDiscarded() const { return discarded_; }
    // Tiles removed face up before play (a variant).
    int tilesSetAside() const { return setAside_; }
    // Tiles drawn but not yet placed (the active player's tile, or every player's hand).
    virtual int tilesInHands() const { return phase_ == Phase::PlaceTile ? static_cast<int>(choices_.size()) : 0; }
    // Tiles the game started with in the draw pile (start tiles and start spaces excluded).
    int deckSize() const { return static_cast<int>(deck_.size()); }
    // Turns completed so far (0 during the first turn).
    int turnNumber() const { return turn_; }
    // Actions applied in the turn under way (0: its first decision is due).
    int actionsThisTurn() const { return actionsThisTurn_; }

    const std::vector<int>& scores() const { return scores_; }
    int supply(int player) const { return supply_[player]; }
    int followersPerPlayer() const { return followersPerPlayer_; }
    const std::vector<Follower>& followers() const { return followers_; }
    const std::vector<std::string>& scoreCategories() const { return categories_; }
    // Points of a player per category (same order as scoreCategories()).
    const std::vector<int>& scoreBreakdown(int player) const { return breakdown_[player]; }

    // Every event since the start; can be switched off for fast playouts.
    const std::vector<Event>& events() const { return events_; }
    void setEventLog(bool on) { logEvents_ = on; }

    // Legal actions in a fixed order (the same state always lists the same actions).
    void legalActions(std::vector<Action>& out) const;
    std::vector<Action> legalActions() const;
    // One legal action drawn uniformly at random, without listing every placement (fast playouts).
    Action randomLegalAction(Rng& rng) const;
    // Applies a legal action; an illegal one changes nothing and returns the problem (none when legal).
    Problem apply(const Action& action);
    // Why an action is illegal now (an empty Problem when it is legal).
    Problem whyIllegal(const Action& action) const;

    // Segment id of segment `index` of the tile at `p`, or -1.
    int segmentId(Pos p, int index) const;
    // The designs' kind name for a segment id ("road", "city", ...).
    const std::string& kindName(int segmentId) const { return tiles_->kinds[features_.segment(segmentId).kind].name; }

    // The breakdown the mode's own scoring gives the feature holding `segmentId` at `moment`; rule None
    // when that kind does not score then (a field when completed). The feature card (carc/feature_report.hpp).
    virtual Breakdown featureScore(int /*segmentId*/, ScoreMoment /*moment*/) const { return {}; }
    // What a mode adds to a feature's holders beyond featureScore at `moment` (New World's surveyor
    // bonus), per player who would earn it now.
    struct FeatureBonus {
        int player = 0;
        Breakdown breakdown;
    };
    virtual std::vector<FeatureBonus> featureBonuses(int /*segmentId*/, ScoreMoment /*moment*/) const { return {}; }
    // Pieces of the mode's own on a feature, followers aside (Gold Rush: the mining-token stack and
    // tents on a mountain). `player` is -1 for pieces nobody owns.
    struct FeaturePiece {
        std::string name;
        int count = 0;
        int player = -1;
    };
    virtual std::vector<FeaturePiece> featurePieces(int /*segmentId*/) const { return {}; }
    // Every name featurePieces can give (front ends word each one).
    virtual std::vector<std::string> featurePieceNames() const { return {}; }
    // What a feature's value at the game's end still stands to gain when other, open features are
    // completed (a base field: 3 points per open city it touches), for the AI's evaluation
    // (carc/evaluation.hpp). `out` is cleared first.
    struct Prospect {
        int feature = 0;  // root of the open feature it waits for
        int points = 0;
    };
    virtual void featureProspects(int /*root*/, std::vector<Prospect>& out) const { out.clear(); }
    // What the majority of a feature takes besides featureScore when it is completed, in points as
    // the box averages them, shared among the tied (Gold Rush: the mining tokens left on a mountain's
    // stack, lost if it is still open at the end); for the AI's evaluation.
    virtual double completionSpoils(int /*root*/) const { return 0.0; }
    // What `player` can still take with a piece of the mode's own in `turns` more turns of theirs,
    // in points as the box averages them (Gold Rush: a token a turn from the stack under their tent);
    // for the AI's evaluation.
    virtual double reachableSpoils(int /*player*/, int /*turns*/) const { return 0.0; }
    // Modes that take followers away unscored as the game goes on (New World's surveyors leave settlers
    // behind), for the AI's evaluation: how many of the mode's removal steps have happened so far, and
    // how many more `follower` can wait before one takes it away (-1: nothing ever does).
    virtual int removalStepsTaken() const { return 0; }
    virtual int removalStepsLeft(const Follower& /*follower*/) const { return -1; }
    // How many times `player` scores the feature `root` as its followers stand now, for the AI's
    // evaluation: once for each player with the most followers there in most modes; The Discovery has
    // no majorities, every follower scores the region for its owner.
    virtual int timesScored(int root, int player) const { return (features().majority(root) >> player) & 1u; }

    // Scores as they would stand if the game ended now (final scoring applied to a copy).
    std::vector<int> scoresIfEndedNow() const;
    // A copy with final scoring applied now, its Scored events logged (tests compare feature reports).
    std::unique_ptr<Game> copyEndedNow() const;

    // ---- Hidden information (carc/secrets.hpp, docs/record-format.md "Dealt records")
    bool dealt() const { return setup_.dealt; }
    // Every secret whose value `seat` may know now (-1: a spectator, who knows what is public), in a
    // fixed order: pile positions, then the mode's tokens. Once the game is over, every secret.
    std::vector<Reveal> secretsVisibleTo(int seat) const;
    // Every secret whose value this game holds (a dealt game: what it was revealed; tests check it).
    std::vector<Reveal> secretsKnown() const;
    // A dealt game learns a hidden value: no problem, or why it cannot (not a dealt game, no such secret,
    // it contradicts what is known, or the tile was already drawn face up without it).
    Problem reveal(const Reveal& reveal);
    // A dealt game drew a tile face up whose reveal has not come: nothing can be played until it does.
    bool waitingForReveal() const;
    // Why the setup's reveals could not be taken (no problem when they were); Catalog::newGame refuses
    // the game.
    const Problem& setupProblem() const { return setupProblem_; }
    // Which of the setup's reveals it was (index into Setup::reveals), -1 if none.
    int setupProblemReveal() const { return setupProblemReveal_; }

    // A text summary of the whole state (for tests comparing replays, and for debugging).
    virtual std::string stateText() const;

    // Determinization for search (AI): replaces everything `viewer` cannot see (-1: a spectator) by a
    // sample of what is unknown to them, drawn with `rng`. A value stays only if this game holds it and
    // the viewer may see it; every other one, held or not (a seeded game's pile, a dealt game's unknowns,
    // the dealt seat's own hand when another seat is the viewer), is drawn again from the tiles (and a
    // mode's tokens) that are not kept, listed by value, so the result depends only on what both the
    // game and the viewer know, never on a hidden order or value: a seeded game and the viewer's dealt
    // game give the same sample for the same `rng`. The base version covers every pile position,
    // face-down hands included (The Discovery's double tile, through afterTileRevealed); modes with
    // more hidden state (Gold Rush's mining tokens) override it and call the base.
    // Only for copies used in search: it changes the game's future.
    virtual void redeterminize(int viewer, Rng& rng);

protected:
    Game(Setup setup, std::shared_ptr<const TileSet> tiles, int followersPerPlayer,
         std::vector<std::string> categories);
    Game(const Game&) = default;

    // Called once by the mode's factory after its own fields are ready: lays the start tiles,
    // fixes the deck and starts the first turn.
    void begin();

    // ---- hooks for modes ----
    // Extra limits on where tiles may lie (New World: only west of the coast). A mode that
    // overrides this must call limitCells() in its constructor (the check is skipped otherwise).
    virtual bool cellAllowed(Pos) const { return true; }
    void limitCells() { cellsLimited_ = true; }
    // Right after a tile is placed and merged; `touched` are the roots its segments belong to now.
    virtual void afterTilePlaced(int /*tileIndex*/) {}
    // Legal actions and their effect in Phase::Act and Phase::Choose.
    virtual void actLegal(std::vector<Action>& out) const = 0;
    virtual void actApply(const Action& action) = 0;
    // Final scoring (called once when the last tile has been played).
    virtual void finalScoring() = 0;
    // Seeded setup that the mode needs besides the deck (tokens, set-aside tiles, ...).
    virtual void setupExtras() {}
    // Mode-specific reasons for Act actions that actLegal() does not list (default: generic). No problem
    // accepts the action: another way to write one that is listed (New World's `score` naming a feature
    // by any of its segments); actApply() then gets it as written.
    virtual Problem actWhyIllegal(const Action& action) const;
    // Actions a mode allows in Phase::PlaceTile besides the placements, listed after them (The Tunnel:
    // a token at any point of the turn, RULES.md §2), and their effect; the phase stays PlaceTile.
    virtual void beforeTileLegal(std::vector<Action>& /*out*/) const {}
    virtual void beforeTileApply(const Action& /*action*/) {}
    // False while something must happen before the tile (The Tunnel's same-turn variant: the pair's
    // second token); the placements are not listed then.
    virtual bool tileMayBePlaced() const { return true; }
    // Why an action is refused in Phase::PlaceTile (a placement only while !tileMayBePlaced()).
    virtual Problem beforeTileWhyIllegal(const Action& action) const;
    // Secrets of the mode's own (kind Token): set up its face-down supply (unknown values in a dealt
    // game), list what a seat may see, learn a revealed value.
    virtual void setupSecrets() {}
    // `everything`: every value held, whoever may see it.
    virtual void modeSecrets(int /*seat*/, bool /*everything*/, std::vector<Reveal>& /*out*/) const {}
    virtual Problem revealModeSecret(const Reveal& reveal);
    // A pile position already drawn into a face-down hand (its reveal may still come), and what a mode
    // updates once a tile's value is known.
    virtual bool heldFaceDown(int /*position*/) const { return false; }
    virtual void afterTileRevealed(int /*position*/) {}

    // ---- shared machinery for modes ----
    // Ends the turn: the next player draws.
    void endTurn();
    bool canPlaceFollowerOn(int segmentId) const {
        return features_.data(features_.find(segmentId)).followerTotal == 0;
    }
    void placeFollower(int player, int segmentId);
    // Returns every follower standing on the feature (after scoring); returns how many.
    int returnFollowers(int root);
    void returnFollower(std::size_t followerIndex);
    // Adds points; `breakdown` (what they are made of) is only kept when the event log is on.
    // `segmentId`: a segment of the scored feature, which the event names by its tile and index (-1: none,
    // as for gold).
    void addScore(int player, int category, int points, const Breakdown& breakdown, bool final, int segmentId = -1);
    // Logs a token event (when the log is on).
    void logMove(TokenMove move, int player, std::optional<Pos> where, int segment, int first = 0, int second = 0);
    void log(Event event);
    bool logging() const { return logEvents_; }
    Rng makeRng(std::uint64_t stream) const;
    // Roots of the features the segments of a tile belong to (no repeats), into `roots`.
    void rootsOfTile(int tileIndex, std::vector<int>& roots) const;
    std::vector<int> rootsOfTile(int tileIndex) const {
        std::vector<int> roots;
        rootsOfTile(tileIndex, roots);
        return roots;
    }
    // Joins two segments' features by something other than a tile edge (a tunnel): the two open
    // ends become one passage.
    int linkSegments(int a, int b);
    int lastTile() const { return lastTile_; }
    void setPhase(Phase phase) { phase_ = phase; }

    // Draw pile: designs in draw order (deck_[deckNext_] is next); kUnknown where a dealt game has not
    // been told. deckSeen_: who has seen each position.
    std::vector<int> deck_;
    std::vector<SeenBy> deckSeen_;
    int deckNext_ = 0;
    std::vector<int> choices_;
    int active_ = 0;
    std::vector<int> supply_;
    std::vector<Follower> followers_;
    int setAside_ = 0;

    // Puts the next tile(s) in the active player's hand (choices_), discarding tiles that fit
    // nowhere; leaves choices_ empty when the draw pile is exhausted. Variants with hands override.
    virtual void drawForTurn();
    // Whether a design fits somewhere; a tile a dealt game has not been shown counts as fitting (the
    // dealer reveals every discard, which is public).
    bool fitsAnywhere(int design) const;
    // Takes the next tile from the draw pile that fits somewhere (logging discards) and returns its
    // pile position, -1 when none is left. The tile is seen by everyone, or only by `holder` when it
    // goes into a face-down hand.
    int drawPlaceable(int holder = -1);
    // Puts a tile that fits nowhere out of the game (counted and logged); for tiles held in hands.
    void discardTile(int design);
    // Who has seen pile position `position` (tiles leaving a face-down hand become public).
    void showTile(int position, SeenBy who) { deckSeen_[static_cast<std::size_t>(position)] = who; }

private:
    void placementsOf(int design, std::vector<Action>& out) const;
    Problem placementProblem(const Action& action) const;
    // Remembers a placement randomLegalAction() drew, so that apply() skips checking it.
    Action pickedPlacement(const Action& action) const;
    // Whether choices_[i] is a known design not held earlier in the hand.
    bool firstOfItsDesign(std::size_t i) const {
        const auto at = choices_.begin() + static_cast<std::ptrdiff_t>(i);
        return *at != kUnknown && std::find(choices_.begin(), at, *at) == at;
    }
    // Whether every known design in hand has Design::fitCountByNeed (the tile set is tabulated).
    bool handTabulated() const;
    // randomLegalAction()'s placements when handTabulated() and the cells are not limited. (With
    // limited cells the general case's stored masks ran faster: fewer calls to cellAllowed.)
    Action randomTabulatedPlacement(Rng& rng, std::uint32_t extras) const;
    void placeTile(const Action& action);
    // Puts a tile on the board and merges its segments with its neighbours'; returns its index.
    int layTile(Pos pos, int design, int rotation);

    Setup setup_;
    std::shared_ptr<const TileSet> tiles_;
    Board board_;
    Features features_;
    int followersPerPlayer_ = 0;
    std::vector<std::string> categories_;
    int portalFlag_ = -1;  // the tile set's "portal" flag (The Tunnel), looked up once
    Phase phase_ = Phase::PlaceTile;
    int startTiles_ = 0;
    int discarded_ = 0;
    int turn_ = 0;
    int actionsThisTurn_ = 0;
    bool cellsLimited_ = false;
    // The legal actions of the Act or Choose phase as listed when version_ was scratchListed_ (0: it
    // holds something else): a state changes only through apply(), reveal() and redeterminize(), which
    // count versions, so a list made for a random pick need not be made again to check the pick.
    mutable std::vector<Action> scratch_;
    std::uint64_t version_ = 1;
    mutable std::uint64_t scratchListed_ = 0;
    // The placement randomLegalAction() drew when version_ was placementPicked_ (0: none): drawn
    // from the fitting rotations, it is legal, and apply() need not check it again.
    mutable Action placementPick_{};
    mutable std::uint64_t placementPicked_ = 0;
    mutable std::vector<std::uint8_t> scratchFits_;
    int lastTile_ = -1;
    std::vector<int> scores_;
    std::vector<std::vector<int>> breakdown_;
    std::vector<Event> events_;
    bool logEvents_ = true;
    Problem setupProblem_;
    int setupProblemReveal_ = -1;

    std::vector<Reveal> secrets(int seat, bool everything) const;
    // The unseen tiles of a dealt game: the set's counts minus every value known (game_secrets.cpp).
    std::vector<int> unseenTiles() const;
    // Game::redeterminize's tiles: every pile position whose value `viewer` may not know, or this game
    // was not told, becomes a draw from the tiles that are not both (game_secrets.cpp).
    void resampleHiddenTiles(int viewer, Rng& rng);
};

}  // namespace carc
