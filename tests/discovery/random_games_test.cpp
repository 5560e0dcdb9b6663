// Properties of The Discovery over many random games, with every combination of its variants:
// each score equals the region's value recomputed from scratch (a flood fill over the board, not the
// engine's incremental features), at most one follower action per turn, hands and tiles conserved,
// and every record replays to the same state.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "../../core/modes/discovery/discovery_game.hpp"
#include "carc/record.hpp"
#include "carc/rng.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

using discovery::DiscoveryGame;

// ---- A reference evaluation of RULES.md §4, written independently of the engine's union-find.

struct Node {
    int tile;
    int segment;
    friend bool operator<(Node a, Node b) { return a.tile != b.tile ? a.tile < b.tile : a.segment < b.segment; }
};

struct Region {
    std::set<Node> nodes;
    bool open = false;
};

class Reference {
public:
    explicit Reference(const Game& game) : game_(game), tiles_(game.tileSet()) {
        meadow_ = tiles_.findKind("meadow");
        mountain_ = tiles_.findKind("mountain");
        city_ = tiles_.findSymbol("city");
    }

    // Points a follower on segment `segment` of the tile at `pos` scores now (or as incomplete).
    int value(Pos pos, int segment, bool asIncomplete) const {
        const Region region = flood({game_.board().tileAt(pos), segment});
        std::set<int> tileSet;
        for (const Node& n : region.nodes) tileSet.insert(n.tile);
        const int tiles = static_cast<int>(tileSet.size());
        const bool complete = !region.open && !asIncomplete;
        const int kind = segmentDef(*region.nodes.begin()).kind;
        if (kind == meadow_) return complete ? (tiles == 2 ? 2 : 2 * tiles) : tiles;
        if (kind == mountain_) {
            int cities = citiesOf(region);
            std::set<Node> counted = region.nodes;  // meadow nodes already counted
            for (const Node& n : region.nodes) {
                const auto& def = tiles_.designs[placed(n.tile).design];
                for (int other = 0; other < static_cast<int>(def.segments.size()); ++other) {
                    if (!(def.segments[n.segment].touches & (1u << other))) continue;
                    if (def.segments[other].kind != meadow_ || counted.count({n.tile, other})) continue;
                    const Region meadow = flood({n.tile, other});
                    counted.insert(meadow.nodes.begin(), meadow.nodes.end());
                    cities += citiesOf(meadow);
                }
            }
            return complete ? (tiles == 2 ? cities : 2 * cities) : cities;
        }
        const int cities = citiesOf(region);  // sea
        return complete && tiles != 2 ? cities + tiles : cities;
    }

private:
    const PlacedTile& placed(int tile) const { return game_.board().tiles()[tile]; }
    const SegmentDef& segmentDef(Node n) const { return tiles_.designs[placed(n.tile).design].segments[n.segment]; }

    int citiesOf(const Region& region) const {
        int cities = 0;
        for (const Node& n : region.nodes) cities += segmentDef(n).symbols[city_];
        return cities;
    }

    Region flood(Node start) const {
        Region region;
        std::vector<Node> todo = {start};
        region.nodes.insert(start);
        while (!todo.empty()) {
            const Node n = todo.back();
            todo.pop_back();
            const PlacedTile& t = placed(n.tile);
            for (int port = 0; port < kPorts; ++port) {
                if (!(segmentDef(n).ports & (1u << port))) continue;
                const int turned = rotatePort(port, t.rotation);
                const int neighbour = game_.board().tileAt(step(t.pos, portEdge(turned)));
                if (neighbour < 0) {
                    region.open = true;
                    continue;
                }
                const PlacedTile& o = placed(neighbour);
                const int theirs = tiles_.designs[o.design].segmentAt(o.rotation, facingPort(turned));
                const Node next{neighbour, theirs};
                if (region.nodes.insert(next).second) todo.push_back(next);
            }
        }
        return region;
    }

    const Game& game_;
    const TileSet& tiles_;
    int meadow_ = -1, mountain_ = -1, city_ = -1;
};

// ---- Random games

Setup randomSetup(Rng& rng) {
    Setup setup;
    setup.mode = "discovery";
    setup.players = 2 + static_cast<int>(rng.below(4));
    setup.seed = rng.next();
    if (rng.below(2)) setup.options.emplace_back("discovery.double-tile", "on");
    if (rng.below(2)) setup.options.emplace_back("discovery.equal-turns", "on");
    return setup;
}

void checkTilesAndHands(const Game& game) {
    const auto& discovery = dynamic_cast<const DiscoveryGame&>(game);
    ASSERT_EQ(
        game.tilesPlaced() + game.tilesDiscarded() + game.tilesSetAside() + game.drawPileSize() + game.tilesInHands(),
        game.deckSize());
    if (!discovery.variants().doubleTile || game.over()) return;
    for (int p = 0; p < game.playerCount(); ++p) {
        ASSERT_LE(discovery.hand(p).size(), 2u);
        // While tiles remain in the pile, every hand is full between turns.
        if (game.drawPileSize() > 0 && (p != game.activePlayer() || game.phase() == Phase::PlaceTile)) {
            ASSERT_EQ(discovery.hand(p).size(), 2u) << "player " << p;
        }
    }
    if (game.phase() == Phase::PlaceTile) {
        ASSERT_EQ(game.tileChoices(), discovery.hand(game.activePlayer()));
    }
}

TEST(DiscoveryRandomGames, ThousandGamesScoreExactlyWhatTheRulesSay) {
    Rng rng(0xD15C);
    int removals = 0, finals = 0, discards = 0;
    for (int g = 0; g < 1000; ++g) {
        const carc::Setup setup = randomSetup(rng);
        Problem error;
        auto game = catalog().newGame(setup, error);
        ASSERT_TRUE(game) << error;
        Reference reference(*game);
        std::vector<Action> legal;
        std::size_t seen = 0;
        int followerActionsThisTurn = 0;
        int turnsSeen = 0;
        while (!game->over()) {
            checkTilesAndHands(*game);
            if (HasFatalFailure()) return;
            game->legalActions(legal);
            ASSERT_FALSE(legal.empty());
            const Action action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
            const int player = game->activePlayer();
            const int turn = game->turnNumber();
            ASSERT_EQ(game->apply(action), "");
            if (action.type == ActionType::Follower || action.type == ActionType::Remove) {
                ++followerActionsThisTurn;
                // Never both, never two: the turn is over after one of them.
                ASSERT_TRUE(game->over() || game->turnNumber() != turn);
            }
            if (game->turnNumber() != turn) followerActionsThisTurn = 0;
            // Each Scored event is followed by the return of the follower that scored: check its value
            // on the board as it stands (scoring never changes the board).
            const auto& events = game->events();
            for (; seen < events.size(); ++seen) {
                const Event& e = events[seen];
                if (e.type == EventType::TurnEnded) ++turnsSeen;
                if (e.type != EventType::Scored) continue;
                ASSERT_LT(seen + 1, events.size());
                const Event& back = events[seen + 1];
                ASSERT_EQ(back.type, EventType::FollowerReturned);
                ASSERT_EQ(back.player, e.player);
                if (!e.final) {
                    ASSERT_EQ(e.player, player);
                    ASSERT_EQ(action.type, ActionType::Remove);
                    ++removals;
                } else {
                    ++finals;
                }
                ASSERT_EQ(e.points, reference.value(back.pos, back.segment, e.final))
                    << (e.final ? "final" : "removal") << " at " << posText(back.pos) << " segment " << back.segment
                    << " in game " << g;
            }
        }
        checkTilesAndHands(*game);
        ASSERT_TRUE(game->followers().empty()) << "final scoring returns every follower";
        discards += game->tilesDiscarded();
        (void)turnsSeen;
    }
    // The games did exercise both kinds of scoring.
    EXPECT_GT(removals, 1000);
    EXPECT_GT(finals, 1000);
    // The reconstructed tile set is playable: discards are rare.
    EXPECT_LT(discards, 100) << "tiles discarded in 1000 games";
}

TEST(DiscoveryRandomGames, TwoHundredGamesWithVariantsReplayIdentically) {
    Rng rng(0x5EED);
    for (int g = 0; g < 200; ++g) {
        const carc::Setup setup = randomSetup(rng);
        auto played = playRandomGame(setup, rng.next());
        ASSERT_TRUE(played.game && played.game->over());
        const std::string text = formatRecord(played.record, played.game->tileSet());
        Replay again = replay(text);
        ASSERT_EQ(again.error, "") << text;
        EXPECT_EQ(again.game->stateText(), played.game->stateText()) << text;
        EXPECT_EQ(again.game->scores(), played.game->scores());
        if (HasFailure()) return;
    }
}

}  // namespace
}  // namespace carc::test
