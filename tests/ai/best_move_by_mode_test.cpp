// The AI finds the obvious best move in hand-built positions of every mode, each laid out like a
// worked example of the rule pages (RULES.md): a record with an explicit deck leads to a turn where
// one choice is clearly worth most, and the medium AI must take it.
#include <gtest/gtest.h>

#include <sstream>

#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "carc/mcts.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

constexpr std::uint64_t kAiSeed = 7;

// What the search thought of each option, for the failure message.
std::string thinking(const ai::Mcts& search, const Game& game) {
    std::ostringstream out;
    for (const auto& option : search.rootOptions())
        out << "\n  " << actionText(option.action, game.tileSet()) << ": " << option.visits << " visits, mean "
            << option.mean << ", prior " << option.prior;
    return out.str();
}

// The medium AI's choice for the active player's next decision.
std::string mediumChooses(const Game& game) {
    ai::Mcts search(*ai::levelConfig("medium"), kAiSeed);
    const Action choice = search.choose(game);
    const std::string text = actionText(choice, game.tileSet());
    return text + thinking(search, game);
}

// The first line of mediumChooses(): just the action.
std::string actionOf(const std::string& choiceAndThinking) {
    return choiceAndThinking.substr(0, choiceAndThinking.find('\n'));
}

// The medium AI plays the active player's whole turn (tile, then whatever follows).
void mediumPlaysTheTurn(Game& game) {
    ai::Mcts search(*ai::levelConfig("medium"), kAiSeed);
    const int turn = game.turnNumber();
    while (!game.over() && game.turnNumber() == turn) ASSERT_EQ(game.apply(search.choose(game)), "");
}

// ---- Carcassonne + The Tunnel (RULES.md §2).

// Red's thief stands on the road leaving the city gate of S (-1,0); it runs through the start tile D
// into T1's west portal (1,0), where red's first tunnel token lies. The far side: T3's east portal
// (1,1), three straight roads U and the crossroads X at 5,1. Red now draws the cloister B: nothing
// to do with the tile itself, but red's second token on T3's portal links the two halves into one
// complete road of 8 tiles (S, D, T1, T3, U, U, U, X): 8 points now instead of 3 at the end.
constexpr const char* kTunnelRoad = R"(
    carcassonne 1
    mode base+tunnel
    players 2
    seed 1
    deck S T1 T3 U U U X E B A J K V W
    place S -1,0 r3
    follower 1
    place T1 1,0 r0
    pass
    place T3 1,1 r0
    tunnel 1,0 1
    pass
    place U 2,1 r1
    pass
    place U 3,1 r1
    pass
    place U 4,1 r1
    pass
    place X 5,1 r0
    pass
    place E 0,-1 r2
    pass
)";

TEST(AiBestMoveByMode, TunnelRedLinksItsTunnelAndCompletesARoadOfEightTiles) {
    auto game = play(kTunnelRoad);
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 0);
    ASSERT_EQ(pointsFor(*game, 0, "road"), 0);
    mediumPlaysTheTurn(*game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 road 8"}));
}

TEST(AiBestMoveByMode, TunnelAfterTheTileTheTokenThatCompletesTheRoadComesFirst) {
    // The same turn, red's cloister laid: of everything left (a monk, a token on any open portal,
    // passing), the token on T3's east portal is worth most; a monk can still follow it.
    auto game = play(std::string(kTunnelRoad) + "place B 0,1 r0\n");
    ASSERT_TRUE(game);
    const std::string choice = mediumChooses(*game);
    EXPECT_EQ(actionOf(choice), "tunnel 1,1 0 0.1") << choice;
}

// ---- New World (RULES.md §3). Start board in column 0; New York's town is at y=4.

// Red's sheriff stands in a town of four corners (36, 37) between columns 1 and 2, three of them laid;
// blue has only played elsewhere. Red draws the fourth corner: at -2,3 turned r1 it closes the town,
// 4 tiles x 2 = 8 points (the sheriff scores and comes home), where the open town is worth 3.
constexpr const char* kTownOfFourCorners = R"(
    carcassonne 1
    mode newworld
    players 2
    seed 1
    deck 36 37 36 16 36 14 14 18 12
    place 36 -1,2 r3
    follower 0
    place 37 -2,2 r2
    pass
    place 36 -1,3 r0
    pass
    place 16 -1,0 r1
    pass
)";

TEST(AiBestMoveByMode, NewWorldRedClosesItsTownOfFourTiles) {
    auto game = play(kTownOfFourCorners);
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 0);
    const std::string choice = mediumChooses(*game);
    EXPECT_EQ(actionOf(choice), "place 36 -2,3 r1") << choice;
    mediumPlaysTheTurn(*game);
    EXPECT_EQ(pointsFor(*game, 0, "town", When::DuringPlay), 8);
}

// ---- The Discovery (RULES.md §4). The start tile: mountain north, sea east, meadow south and west.

// The seed's complete meadow of five tiles: red's explorer on the meadow band north of the start tile,
// closed by mountains (16, east) and by red's cape in the sea (17, west). Taking the explorer back now
// scores the complete meadow, 5 x 2 = 10; left on the board it would score 5 at the end (and a
// complete meadow cannot grow).
constexpr const char* kCompleteMeadow = R"(
    carcassonne 1
    mode discovery
    players 2
    seed 1
    deck 09 09 16 12 17 15 15 23 03 07
    place 09 0,-1 r1
    follower 0
    place 09 1,-1 r1
    pass
    place 16 2,-1 r0
    pass
    place 12 -1,-1 r1
    pass
    place 17 -2,-1 r2
)";

TEST(AiBestMoveByMode, DiscoveryRedCashesInTheCompleteMeadowRatherThanAnythingElse) {
    auto game = play(kCompleteMeadow);
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 0);
    ASSERT_EQ(game->phase(), Phase::Act);
    const std::string choice = mediumChooses(*game);
    EXPECT_EQ(actionOf(choice), "remove 0,-1 0") << choice;
    ASSERT_EQ(game->apply(Action::at(ActionType::Remove, {0, -1}, 0)), "");
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 meadow 10"}));
}

// ---- Gold Rush (RULES.md §5). The start tile 33: mountain north (1 nugget), railroad west-east.

// Yellow's gold miner on 54 joins the start mountain; red's 08 west of it adds 2 nuggets and red
// pitches the tent on the start tile's mountain. Red then draws another 08 and joins it on the east:
// the stack holds 1 + 3 + 2 + 2 = 8 tokens, and yellow will take them all when the mountain closes.
// Red's tile offers a cowboy only on an empty prairie (worth nothing); mining takes a token now.
constexpr const char* kRichStack = R"(
    carcassonne 1
    mode goldrush
    players 2
    seed 1
    names YELLOW,RED
    deck 54 08 56 08 01 12 26 39 56
    place 54 0,-1 r2
    follower 0
    place 08 -1,-1 r1
    tent 0,0 0
    place 56 -1,0 r3
    pass
    place 08 1,-1 r3
)";

TEST(AiBestMoveByMode, GoldRushRedMinesTheRichStackRatherThanPlaceACowboy) {
    auto game = play(kRichStack);
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 1);
    const auto& gold = dynamic_cast<const goldrush::GoldRushGame&>(*game);
    ASSERT_EQ(gold.stackSize({0, 0}, 0), 8);
    ASSERT_EQ(game->whyIllegal(Action::follower(1)), "");  // a cowboy would be legal
    const std::string choice = mediumChooses(*game);
    EXPECT_EQ(actionOf(choice), "mine") << choice;
}

// The seed's railroad example: blue's railwayman on the junction 39 east of the start tile; the
// railroad runs west through 27 (one locomotive). Blue draws a second junction: laid at -2,0 it ends
// the railroad, 4 tiles doubled by the single locomotive = 8 points, where the open railroad is worth 3.
constexpr const char* kLocomotiveRailroad = R"(
    carcassonne 1
    mode goldrush
    players 2
    seed 1
    names BLUE,RED
    deck 39 27 39 01 12 26 56 08
    place 39 1,0 r0
    follower 2
    place 27 -1,0 r0
    pass
)";

TEST(AiBestMoveByMode, GoldRushBlueEndsItsRailroadWithOneLocomotiveForEightPoints) {
    auto game = play(kLocomotiveRailroad);
    ASSERT_TRUE(game);
    ASSERT_EQ(game->activePlayer(), 0);
    mediumPlaysTheTurn(*game);
    EXPECT_EQ(scoringLog(*game), (std::vector<std::string>{"P0 railroad 8"}));
}

}  // namespace
}  // namespace carc::test
