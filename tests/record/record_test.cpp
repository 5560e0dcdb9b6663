// The game record: text round trip, link round trip, strict rejection with "line N: reason".
#include <gtest/gtest.h>

#include "carc/rng.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

std::string header(const std::string& extra = "") {
    return "carcassonne 1\nmode base\nplayers 2\nseed 1\n" + extra;
}

TEST(RecordText, FormatsWhatItParsesExactly) {
    const std::string text =
        "carcassonne 1\nmode base+tunnel\nplayers 3\nseed 8WQ2K\noption tunnel.same-turn=on\noption "
        "tunnel.tokens=spielbox\n"
        "names Ann,Bob,Cy\ndeck E T1 U\nplace E 0,-1 r2\nfollower 0\nplace T1 1,0 r0\npass\nplace U -1,0 r1\npass\n";
    Replay r = replay(text);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(formatRecord(r.record, r.game->tileSet()), text);
}

// docs/record-format.md, "Versioning": a game keeps the version it was started under, through the
// text form, the link form and the setup, so an old record goes on with the rules it was played by.
TEST(RecordVersion, NewGamesAreVersionTwoAndOldRecordsKeepTheirVersion) {
    carc::Setup setup;
    setup.mode = "base+tunnel";
    setup.players = 3;
    setup.seed = 3;
    EXPECT_EQ(setup.recordVersion, 2);
    auto played = playRandomGame(setup, 4);
    ASSERT_TRUE(played.game);
    const std::string text = formatRecord(played.record, played.game->tileSet());
    EXPECT_EQ(text.substr(0, 14), "carcassonne 2\n");

    for (int version : {1, 2}) {
        const std::string header = "carcassonne " + std::to_string(version) + "\n";
        Replay old = replay(header + text.substr(14));
        ASSERT_TRUE(old.game) << old.error;
        EXPECT_EQ(old.game->setup().recordVersion, version);
        EXPECT_EQ(formatRecord(old.record, old.game->tileSet()).substr(0, 14), header);
        Record decoded;
        Problem error;
        ASSERT_TRUE(decodeRecord(encodeRecord(old.record, old.game->tileSet()), catalog(), decoded, error)) << error;
        EXPECT_EQ(decoded.setup.recordVersion, version);
    }
}

TEST(RecordVersion, ASetupWithAnUnknownVersionIsRefused) {
    carc::Setup setup;
    setup.mode = "base";
    setup.recordVersion = 3;
    Problem error;
    std::string where;
    EXPECT_FALSE(catalog().newGame(setup, error, &where));
    EXPECT_EQ(error, "record version 3 is newer than this program (2)");
    EXPECT_EQ(where, "version");
}

TEST(RecordText, OptionsAreCanonicalDefaultsDroppedAndSorted) {
    Replay r = replay(
        "carcassonne 1\nmode base+tunnel\nplayers 2\nseed 1\noption tunnel.steal=on\noption tunnel.tokens=rules\n"
        "option tunnel.own-road=on\n");
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.record.setup.options,
              (std::vector<std::pair<std::string, std::string>>{{"tunnel.own-road", "on"}, {"tunnel.steal", "on"}}));
}

TEST(RecordText, CommentsAndBlankLinesAreIgnored) {
    Replay r = replay(
        "# a saved game\ncarcassonne 1\n\nmode base\nplayers 2\n# the seed\nseed 1\ndeck E\n\nplace E 0,-1 r2 \n");
    EXPECT_EQ(r.error, "");
}

struct BadRecord {
    std::string text;
    std::string error;
};

// Test names show the expected error, never the struct's bytes (which differ between builds).
void PrintTo(const BadRecord& bad, std::ostream* out) {
    *out << bad.error;
}

class RejectedRecords : public ::testing::TestWithParam<BadRecord> {};

TEST_P(RejectedRecords, FailWithTheLineAndTheReasonAndNeverCrash) {
    Replay r = replay(GetParam().text);
    EXPECT_EQ(r.error, GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Setup, RejectedRecords,
    ::testing::Values(
        BadRecord{"", "line 1: empty record"},
        BadRecord{"hello\n", "line 1: not a game record (expected 'carcassonne 1')"},
        BadRecord{"carcassonne 3\n", "line 1: record version 3 is newer than this program (2)"},
        BadRecord{"carcassonne 0\n", "line 1: bad record version"},
        BadRecord{"carcassonne 1\nmode chess\nplayers 2\nseed 1\n",
                  "line 2: unknown mode 'chess' (modes: base, base+tunnel, newworld, discovery, goldrush)"},
        BadRecord{"carcassonne 1\nmode base\nplayers 9\nseed 1\n", "line 3: base is for 2-5 players, not 9"},
        BadRecord{"carcassonne 1\nmode base\nplayers two\nseed 1\n", "line 3: expected one 'players N' line"},
        BadRecord{"carcassonne 1\nmode base\nplayers 2\nseed 8WQ2KI\n",
                  "line 4: expected one 'seed S' line (S: 1-13 base32 digits 0-9 A-Z without I L O U)"},
        BadRecord{"carcassonne 1\nmode base\nplayers 2\nplace E 0,-1 r2\n",
                  "line 4: the setup needs mode, players and seed lines"},
        BadRecord{header("option colour=red\n"), "line 5: unknown option 'colour' for mode base"},
        BadRecord{"carcassonne 1\nmode base+tunnel\nplayers 2\nseed 1\noption tunnel.tokens=9\n",
                  "line 5: option tunnel.tokens takes rules, spielbox, not '9'"},
        BadRecord{header("names Ann\n"), "line 5: names lists 1 players, setup has 2"},
        // Names count characters (code points), not bytes, and are UTF-8.
        BadRecord{header("names Ann,\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
                         "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
                         "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\n"),
                  "line 5: player names are 1-24 characters without commas, tabs, line breaks or blanks at either end"},
        BadRecord{header("names Ann,Bo\xC3\n"),
                  "line 5: player names are 1-24 characters without commas, tabs, line breaks or blanks at either end"},
        BadRecord{header("deck C C\n"), "line 5: deck holds more C tiles than the set has"},
        BadRecord{header("deck Z\n"), "line 5: deck names unknown tile 'Z'"}));

INSTANTIATE_TEST_SUITE_P(
    Actions, RejectedRecords,
    ::testing::Values(
        BadRecord{header("deck E\njump 1,1\n"), "line 6: unknown action 'jump'"},
        BadRecord{header("deck E\nplace E 0,-1\n"), "line 6: expected 'place DESIGN X,Y rR'"},
        BadRecord{header("deck E\nplace E 0;-1 r2\n"), "line 6: bad position '0;-1' (expected X,Y)"},
        BadRecord{header("deck E\nplace E 0,-1 r4\n"), "line 6: bad rotation 'r4' (expected r0..r3)"},
        BadRecord{header("deck E\nplace U 0,-1 r2\n"), "line 6: the tile to place is E, not U"},
        BadRecord{header("deck E\nplace E 5,5 r2\n"), "line 6: 5,5 touches no placed tile"},
        BadRecord{header("deck E\nplace E 0,0 r2\n"), "line 6: a tile already lies at 0,0"},
        BadRecord{header("deck E\nplace E 0,-1 r0\n"), "line 6: its south edge does not match the neighbouring tile"},
        BadRecord{header("deck E\nfollower 0\n"), "line 6: a tile must be placed first"},
        BadRecord{header("deck E E\nplace E 0,-1 r2\nfollower 7\n"), "line 7: the tile just placed has no segment 7"},
        BadRecord{header("deck E E\nplace E 0,-1 r2\nplace E 0,-2 r0\n"),
                  "line 7: the tile has already been placed this turn"},
        BadRecord{header("deck E E\nplace E 0,-1 r2\nfollower 99\n"), "line 7: bad segment number '99'"},
        BadRecord{header("deck E\nplace E 0,-1 r2\nfollower 0\npass\n"), "line 8: the game is over"},
        BadRecord{header("deck B\nplace B 0,1 r1\n"),
                  "line 6: rotation r1 repeats an earlier rotation of this symmetric tile; use the lowest"}));

TEST(RecordText, AnIllegalActionChangesNothing) {
    Replay r = replay(header("deck E E\nplace E 0,-1 r2\n"));
    ASSERT_EQ(r.error, "");
    const std::string before = r.game->stateText();
    EXPECT_NE(r.game->apply(Action::follower(5)), "");
    EXPECT_NE(r.game->apply(Action::place(0, {9, 9}, 0)), "");
    EXPECT_EQ(r.game->stateText(), before);
}

TEST(RecordText, UndoIsReplayingWithoutTheLastAction) {
    carc::Setup setup;
    setup.mode = "base+tunnel";
    setup.players = 3;
    setup.seed = 99;
    std::string before;
    auto played = playRandomGame(setup, 5, [&](const Game& game, const Action&) { before = game.stateText(); });
    Record shorter = played.record;
    shorter.actions.pop_back();
    Replay undone = replayRecord(shorter, catalog());
    ASSERT_EQ(undone.error, "");
    EXPECT_EQ(undone.game->stateText(), before);
}

TEST(RecordLink, RoundTripsAndStaysShort) {
    carc::Setup setup;
    setup.mode = "base+tunnel";
    setup.players = 4;
    setup.seed = 0xFFFFFFFFFFFFFFFFull;
    setup.names = {"Ann", "Bob", "Cy", "Dee"};
    setup.options = {{"tunnel.steal", "on"}};
    auto played = playRandomGame(setup, 3);
    const std::string link = encodeRecord(played.record, played.game->tileSet());
    EXPECT_LT(link.size(), 1000u);
    for (char c : link) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') << c;
    Record decoded;
    Problem error;
    ASSERT_TRUE(decodeRecord(link, catalog(), decoded, error)) << error;
    EXPECT_EQ(decoded.actions, played.record.actions);
    EXPECT_EQ(decoded.setup.names, setup.names);
    EXPECT_EQ(decoded.setup.seed, setup.seed);
}

TEST(RecordLink, GarbageAndTruncatedLinksAreRejectedWithAReason) {
    carc::Setup setup;
    setup.mode = "base";
    setup.players = 2;
    setup.seed = 12345;
    auto played = playRandomGame(setup, 3);
    const std::string link = encodeRecord(played.record, played.game->tileSet());
    Record decoded;
    Problem error;
    EXPECT_FALSE(decodeRecord("not a link!", catalog(), decoded, error));
    EXPECT_EQ(error, "link data is not valid base64url");
    EXPECT_FALSE(decodeRecord("", catalog(), decoded, error));
    EXPECT_FALSE(decodeRecord("Aw", catalog(), decoded, error));  // version byte 3
    EXPECT_EQ(error, "link is from a newer version of the game");
    // Every truncation either decodes to a prefix of the actions or is refused; never a crash.
    for (std::size_t cut = 0; cut < link.size(); cut += 3) {
        Record partial;
        if (decodeRecord(link.substr(0, cut), catalog(), partial, error)) {
            ASSERT_LE(partial.actions.size(), played.record.actions.size());
            EXPECT_TRUE(std::equal(partial.actions.begin(), partial.actions.end(), played.record.actions.begin()));
        }
    }
}

TEST(Names, CountCharactersNotBytes) {
    std::string thirteen;  // 26 bytes, 13 characters
    for (int i = 0; i < 13; ++i) thirteen += "\xC3\xA9";
    Replay r = replay(header("names " + thirteen + ",\xF0\x9F\x98\x80 Ann\n"));
    EXPECT_EQ(r.error, "");
}

TEST(Seeds, TextFormRoundTripsAndRejectsAmbiguousLetters) {
    Rng rng(1);
    for (int i = 0; i < 1000; ++i) {
        const std::uint64_t seed = rng.next() >> (i % 64);
        EXPECT_EQ(seedFromText(seedToText(seed)), seed);
    }
    EXPECT_EQ(seedFromText("8wq2k"), seedFromText("8WQ2K"));
    for (const char* bad : {"", "I", "L1", "0O", "U", "12345678901234", "G0000000000000", "-1", "8WQ 2K"})
        EXPECT_FALSE(seedFromText(bad)) << bad;
    EXPECT_EQ(seedFromText("GZZZZZZZZZZZZ"), std::nullopt);  // more than 64 bits
    EXPECT_EQ(seedFromText("FZZZZZZZZZZZZ"), 0xFFFFFFFFFFFFFFFFull);
    EXPECT_EQ(seedToText(0xFFFFFFFFFFFFFFFFull), "FZZZZZZZZZZZZ");
}

TEST(Rng, SequenceIsPinnedSoEveryBuildDealsTheSameGames) {
    // If this changes, every shared seed link changes: the deck order is part of the record format.
    Rng rng(0);
    std::vector<std::uint32_t> draws;
    for (int i = 0; i < 5; ++i) draws.push_back(rng.below(72));
    Rng again(0);
    for (int i = 0; i < 5; ++i) EXPECT_EQ(again.below(72), draws[i]);
    std::vector<int> deck(10);
    for (int i = 0; i < 10; ++i) deck[i] = i;
    Rng shuffler(deriveSeed(42, 1));
    shuffler.shuffle(deck);
    EXPECT_EQ(deck, (std::vector<int>{4, 1, 8, 6, 3, 0, 5, 7, 2, 9}));
}

TEST(Rng, IsXoshiro256StarStarSeededBySplitmix64) {
    // splitmix64 from state 0 yields these four published words; xoshiro256** returns
    // rotl(s1 * 5, 7) * 9 from them first.
    const std::uint64_t s1 = 0x6E789E6AA1B965F4ull;
    const std::uint64_t product = s1 * 5;
    const std::uint64_t expected = ((product << 7) | (product >> 57)) * 9;
    Rng rng(0);
    EXPECT_EQ(rng.next(), expected);
}

}  // namespace
}  // namespace carc::test
