// Records written before record version 2 replay as they were played (docs/record-format.md,
// "Versioning"). The files in version1/ come from `carc play` of the program before version 2, in the
// two modes whose rules version 2 changed; their final scores are those that program printed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "scenario.hpp"
#include "test_paths.hpp"

namespace carc::test {
namespace {

std::string versionOneRecord(const std::string& name) {
    const auto path = carc::test::sourceRoot() / "tests" / "record" / "version1" / name;
    std::ifstream in(path);
    EXPECT_TRUE(in) << "cannot read " << path;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The same record as if it had been written as version 2.
std::string asVersionTwo(std::string record) {
    const auto at = record.find("carcassonne 1\n");
    EXPECT_NE(at, std::string::npos);
    record.replace(at, 14, "carcassonne 2\n");
    return record;
}

TEST(VersionOneRecords, ADiscoveryGameWithEqualTurnsForFivePlayersReplaysAsPlayed) {
    const std::string record = versionOneRecord("discovery-equal-turns-5.carc");
    Replay replayed = replay(record);
    ASSERT_EQ(replayed.error, "");
    ASSERT_TRUE(replayed.game->over());
    EXPECT_EQ(replayed.game->scores(), (std::vector<int>{13, 29, 11, 40, 27}));
    EXPECT_EQ(replayed.game->tilesPlaced(), 82);
    EXPECT_EQ(replayed.game->tilesSetAside(), 1);
    // Under version 2's rules (3 tiles set aside) the same lines deal another game and soon fail.
    EXPECT_NE(replay(asVersionTwo(record)).error, "");
}

TEST(VersionOneRecords, ANewWorldGameWithTheScoreTrackHouseRuleReplaysAsPlayed) {
    const std::string record = versionOneRecord("newworld-track.carc");
    Replay replayed = replay(record);
    ASSERT_EQ(replayed.error, "");
    ASSERT_TRUE(replayed.game->over());
    EXPECT_EQ(replayed.game->scores(), (std::vector<int>{14, 6, 32}));
    EXPECT_EQ(replayed.game->tilesPlaced(), 95);
    // Version 2 counts every completed feature on the track: the surveyors, and the scores, differ.
    Replay asTwo = replay(asVersionTwo(record));
    EXPECT_TRUE(asTwo.error || asTwo.game->scores() != replayed.game->scores());
}

}  // namespace
}  // namespace carc::test
