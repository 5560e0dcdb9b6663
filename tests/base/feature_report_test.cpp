// The feature card's report worked out by hand from the rule page (RULES.md §1): a city of 2 tiles with a
// pennant is worth 2 x (2 + 1) = 6 once completed and 1 x (2 + 1) = 3 at the end; its outline covers both tiles.
#include <gtest/gtest.h>

#include "carc/feature_report.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

TEST(FeatureReport, OpenCityWithAPennantReportsBothValuesAndItsHolder) {
    // The start tile D at 0,0 has its city north; M (city north+west, pennant) turned r2 opens it south
    // and east.
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck M E
        place M 0,-1 r2
        follower 0
    )");
    ASSERT_TRUE(game);
    const auto report = reportFeature(*game, {0, -1}, 0);
    ASSERT_TRUE(report);
    EXPECT_EQ(report->kind, "city");
    EXPECT_EQ(report->tiles, 2);
    EXPECT_FALSE(report->complete);
    ASSERT_EQ(report->symbols.size(), 1u);
    EXPECT_EQ(report->symbols[0].name, "pennant");
    EXPECT_EQ(report->symbols[0].count, 1);
    EXPECT_EQ(report->followers[0], 1);
    EXPECT_EQ(report->followers[1], 0);
    EXPECT_EQ(report->majority, 1u);
    EXPECT_EQ(report->ifCompleted.rule, ScoreRule::CityComplete);
    EXPECT_EQ(report->ifCompleted.points(), 6);
    EXPECT_EQ(report->atEnd.rule, ScoreRule::CityIncomplete);
    EXPECT_EQ(report->atEnd.points(), 3);
    EXPECT_EQ(report->takenBack.rule, ScoreRule::None);
    EXPECT_EQ(report->places.size(), 2u);
    // The same city seen from the start tile's side.
    const auto fromStart = reportFeature(*game, {0, 0}, 0);
    ASSERT_TRUE(fromStart);
    EXPECT_EQ(fromStart->kind, "city");
    EXPECT_EQ(fromStart->ifCompleted.points(), 6);
    // No segment 9 on a tile, no tile at 5,5.
    EXPECT_FALSE(reportFeature(*game, {0, -1}, 9));
    EXPECT_FALSE(reportFeature(*game, {5, 5}, 0));
}

TEST(FeatureReport, FieldScoresOnlyAtTheEndAndCloisterCountsItsRing) {
    auto game = play(R"(
        carcassonne 1
        mode base
        players 2
        seed 1
        deck A E
        place A 0,1 r0
        follower 0
    )");
    ASSERT_TRUE(game);
    // A: a cloister (segment 0) with a road south; at 0,1 it has only the start tile beside it.
    const auto cloister = reportFeature(*game, {0, 1}, 0);
    ASSERT_TRUE(cloister);
    EXPECT_EQ(cloister->kind, "cloister");
    EXPECT_EQ(cloister->ifCompleted.points(), 9);  // 1 + 8 neighbours
    EXPECT_EQ(cloister->atEnd.points(), 2);        // 1 + the start tile
    const auto field = reportFeature(*game, {0, 0}, 3);
    ASSERT_TRUE(field);
    EXPECT_EQ(field->kind, "field");
    EXPECT_EQ(field->ifCompleted.rule, ScoreRule::None);
    EXPECT_EQ(field->atEnd.rule, ScoreRule::Field);
}

}  // namespace
}  // namespace carc::test
