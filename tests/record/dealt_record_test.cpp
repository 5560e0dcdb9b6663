// Dealt records (docs/record-format.md, version 2): a seat's view of a game whose seed the dealer keeps.
// Tiles and token values arrive as `reveal` lines; everything else is an ordinary record.
#include <gtest/gtest.h>

#include <sstream>

#include "carc/seat_view.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

const std::string kDealtBase = "carcassonne 2\nmode base\nplayers 2\ndealt 71\n";

TEST(DealtRecord, PlaysTheTilesItIsShownAndWaitsForTheNext) {
    Replay r = replay(kDealtBase + "reveal tile 0 E\nplace E 0,-1 r2\nreveal tile 1 U\nfollower 0\n");
    ASSERT_EQ(r.error, "");
    EXPECT_TRUE(r.game->dealt());
    EXPECT_EQ(r.game->tileChoices(), std::vector<int>{r.game->tileSet().findDesign("U")});
    EXPECT_EQ(r.game->drawPileSize(), 69);
    // The census counts every tile not yet shown: the 72-tile set minus the start tile, E and U.
    const auto census = r.game->remainingCensus();
    EXPECT_EQ(census[r.game->tileSet().findDesign("E")], 4);
    EXPECT_EQ(census[r.game->tileSet().findDesign("U")], 7);
    // Without the reveal the next turn's tile is not known: nothing can be played until it comes.
    Replay waiting = replay(kDealtBase + "reveal tile 0 E\nplace E 0,-1 r2\nfollower 0\n");
    ASSERT_EQ(waiting.error, "");
    EXPECT_TRUE(waiting.game->waitingForReveal());
    EXPECT_TRUE(waiting.game->legalActions().empty());
    EXPECT_EQ(waiting.game->whyIllegal(Action::place(waiting.game->tileSet().findDesign("U"), {1, 0}, 0)),
              "the tile drawn has not been revealed yet");
}

TEST(DealtRecord, TextAndLinkFormsRoundTrip) {
    const std::string text = kDealtBase + "reveal tile 0 E\nplace E 0,-1 r2\nreveal tile 1 U\nfollower 0\n";
    Replay r = replay(text);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(formatRecord(r.record, r.game->tileSet()), text);
    Problem error;
    Record decoded;
    ASSERT_TRUE(decodeRecord(encodeRecord(r.record, r.game->tileSet()), catalog(), decoded, error)) << error;
    EXPECT_EQ(formatRecord(decoded, r.game->tileSet()), text);
}

TEST(DealtRecord, VersionOneRecordsStillLoadAndKnowNoRevealLines) {
    EXPECT_EQ(replay("carcassonne 1\nmode base\nplayers 2\nseed 1\n").error, "");
    EXPECT_EQ(replay("carcassonne 1\nmode base\nplayers 2\ndealt 71\n").error,
              "line 4: the setup needs mode, players and seed lines");
    EXPECT_EQ(replay("carcassonne 1\nmode base\nplayers 2\nseed 1\nreveal tile 0 E\n").error,
              "line 5: unknown action 'reveal'");
}

struct BadDealt {
    std::string text;
    std::string error;
};
void PrintTo(const BadDealt& bad, std::ostream* out) {
    *out << bad.error;
}
class RejectedDealtRecords : public ::testing::TestWithParam<BadDealt> {};

TEST_P(RejectedDealtRecords, FailWithTheLineAndTheReason) {
    EXPECT_EQ(replay(GetParam().text).error, GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Reveals, RejectedDealtRecords,
    ::testing::Values(
        BadDealt{"carcassonne 2\nmode base\nplayers 2\nseed 1\ndealt 71\n",
                 "line 5: expected one 'seed S' or 'dealt TILES' line"},
        BadDealt{"carcassonne 2\nmode base\nplayers 2\ndealt 80\n", "line 4: a dealt pile holds 1-71 tiles, not 80"},
        BadDealt{"carcassonne 2\nmode base\nplayers 2\nseed 1\nreveal tile 0 E\n",
                 "line 5: reveal lines belong to dealt games (a game with a seed knows every value)"},
        BadDealt{kDealtBase + "reveal tile 71 E\n", "line 5: the draw pile has positions 0-70, not 71"},
        BadDealt{kDealtBase + "reveal tile 0 Z\n", "line 5: unknown tile 'Z'"},
        BadDealt{kDealtBase + "reveal tile 0 E\nreveal tile 0 U\n", "line 6: tile 0 was revealed as E, not U"},
        BadDealt{kDealtBase + "reveal tile 0 C\nreveal tile 1 C\n", "line 6: the set has only 1 tiles C"},
        BadDealt{kDealtBase + "reveal token 0 2\n", "line 5: this mode has no secrets of kind token"},
        BadDealt{kDealtBase + "reveal tile 0 E\nplace E 0,-1 r2\nfollower 0\nreveal tile 1 U\n",
                 "line 8: tile 1 was drawn face up before it was revealed"},
        BadDealt{kDealtBase + "reveal card 0 E\n",
                 "line 5: expected 'reveal tile POSITION DESIGN' or 'reveal token POSITION VALUE'"},
        BadDealt{"carcassonne 2\nmode goldrush\nplayers 2\ndealt 71\nreveal token 63 2\n",
                 "line 5: the mining tokens are numbered 0-62, not 63"},
        BadDealt{"carcassonne 2\nmode goldrush\nplayers 2\ndealt 71\nreveal token 0 4\n",
                 "line 5: no mining token is worth 4"},
        BadDealt{"carcassonne 2\nmode goldrush\nplayers 2\ndealt 71\nreveal token 0 5\nreveal token 1 5\nreveal "
                 "token 2 5\nreveal token 3 5\n",
                 "line 8: the box has only 3 tokens worth 5"}));

// A page fed by a game server gets its seat's record a few lines at a time: each `reveal` line read
// with parseRevealLine and taken with Game::reveal, each other line played as an action, gives the
// same game as replaying the whole text.
TEST(DealtRecord, LinesAppliedOneByOneGiveTheSameGameAsTheWholeText) {
    carc::Setup setup;
    setup.mode = "goldrush";
    setup.players = 2;
    setup.seed = 11;
    auto played = playRandomGame(setup, 5);
    ASSERT_TRUE(played.game && played.game->over());
    Record view;
    ASSERT_EQ(dealtRecordFor(played.record, 1, catalog(), view), "");
    const std::string text = formatRecord(view, played.game->tileSet());
    // The setup (up to the first action) in one piece, then line by line.
    const std::size_t firstAction = text.find("\nplace ") + 1;
    Replay start = replayText(text.substr(0, firstAction), catalog());
    ASSERT_EQ(start.error, "");
    Game& game = *start.game;
    std::istringstream rest(text.substr(firstAction));
    int reveals = 0;
    for (std::string line; std::getline(rest, line);) {
        Problem error;
        if (line.rfind("reveal ", 0) == 0) {
            auto reveal = parseRevealLine(line, game.tileSet(), error);
            ASSERT_TRUE(reveal) << line << ": " << error;
            EXPECT_EQ(revealText(*reveal, game.tileSet()), line);
            ASSERT_EQ(game.reveal(*reveal), "") << line;
            ++reveals;
        } else {
            auto action = parseAction(line, game.tileSet(), error);
            ASSERT_TRUE(action) << line << ": " << error;
            ASSERT_EQ(game.apply(*action), "") << line;
        }
    }
    EXPECT_GT(reveals, 30);
    EXPECT_EQ(game.stateText(), replayText(text, catalog()).game->stateText());
    EXPECT_EQ(game.stateText(), played.game->stateText());
}

TEST(DealtRecord, ARevealLineThatCannotBeReadSaysWhy) {
    const TileSet& tiles = play("carcassonne 2\nmode base\nplayers 2\ndealt 71\n")->tileSet();
    Problem error;
    EXPECT_FALSE(parseRevealLine("place E 0,1 r0", tiles, error));
    EXPECT_EQ(error.code, ProblemCode::ExpectedRevealLine);
    EXPECT_EQ(error, "expected 'reveal tile POSITION DESIGN' or 'reveal token POSITION VALUE'");
    EXPECT_FALSE(parseRevealLine("reveal tile -1 E", tiles, error));
    EXPECT_EQ(error.code, ProblemCode::BadPilePosition);
    EXPECT_EQ(error, "bad position '-1'");
    EXPECT_FALSE(parseRevealLine("reveal tile 3 ZZ", tiles, error));
    EXPECT_EQ(error, "unknown tile 'ZZ'");
    auto ok = parseRevealLine("  reveal token 4 2 ", tiles, error);
    ASSERT_TRUE(ok);
    EXPECT_EQ(*ok, (Reveal{SecretKind::Token, 4, 2}));
}

TEST(SeatViews, GiveEachValueOnceAndOnlyToWhoMaySeeIt) {
    // Gold Rush: the first tile is public, the mining tokens are nobody's until taken.
    Problem error;
    carc::Setup setup;
    setup.mode = "goldrush";
    setup.seed = 7;
    auto game = catalog().newGame(setup, error);
    ASSERT_TRUE(game) << error;
    SeatViews views(2);
    const auto first = views.catchUp(*game, 0);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].kind, SecretKind::Tile);
    EXPECT_EQ(first[0].index, 0);
    EXPECT_EQ(first[0].value, game->tileChoices()[0]);
    EXPECT_TRUE(views.catchUp(*game, 0).empty()) << "nothing twice";
    EXPECT_EQ(views.catchUp(*game, -1), first) << "spectators see the public tile";
}

}  // namespace
}  // namespace carc::test
