// The feature card's values (carc/feature_report.hpp) against the real scoring, in random games of every
// mode: what a report says a feature gives "at the end" is what final scoring gives its holders, and what
// it says "if completed" is what the feature scored once a tile completed it.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "carc/feature_report.hpp"
#include "carc/rng.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

class FeatureReports : public ::testing::TestWithParam<std::string> {};

bool sameBreakdown(const Breakdown& a, const Breakdown& b) {
    if (a.rule != b.rule || a.size != b.size) return false;
    for (std::size_t i = 0; i < a.size; ++i)
        if (a.parts[i].part != b.parts[i].part || a.parts[i].count != b.parts[i].count ||
            a.parts[i].each != b.parts[i].each)
            return false;
    return true;
}

std::string describe(const Breakdown& b) {
    if (b.rule == ScoreRule::None) return "none";
    std::ostringstream out;
    out << ruleInfo(b.rule).key;
    for (const auto& p : b.list()) out << ' ' << partInfo(p.part).key << ' ' << p.count << 'x' << p.each;
    return out.str();
}

bool onFeature(const FeatureReport& report, Pos pos) {
    return std::any_of(report.places.begin(), report.places.end(), [&](const auto& place) { return place.pos == pos; });
}

// Every follower's feature: each player it says scores at the end gets a final event worded as its atEnd.
int checkAtEnd(const Game& game) {
    int checked = 0;
    const auto ended = game.copyEndedNow();
    const auto& events = ended->events();
    const bool perFollower = game.setup().mode == "discovery";  // no majorities: each follower scores
    for (const Follower& f : game.followers()) {
        const SegmentInfo& info = game.features().segment(f.segment);
        const Pos pos = game.board().tiles()[info.tile].pos;
        const auto report = reportFeature(game, pos, info.index);
        if (!report) ADD_FAILURE() << "no report for a follower";
        if (!report) return checked;
        EXPECT_NE(report->atEnd.rule, ScoreRule::None) << report->kind << " held but never scored at the end";
        for (int p = 0; p < game.playerCount(); ++p) {
            const bool scores = perFollower ? p == f.player : (report->majority >> p) & 1u;
            if (!scores) continue;
            ++checked;
            const bool found = std::any_of(
                events.begin() + static_cast<long>(game.events().size()), events.end(), [&](const Event& e) {
                    return e.type == EventType::Scored && e.final && e.player == p && onFeature(*report, e.pos) &&
                           sameBreakdown(e.breakdown, report->atEnd);
                });
            EXPECT_TRUE(found) << game.setup().mode << ": player " << p << "'s " << report->kind
                               << " at the end: the report says " << describe(report->atEnd);
        }
    }
    return checked;
}

// Scored events of one action (not final): some feature on the event's tile reports that value if completed.
// (The Discovery scores nothing on completion: its taking back is checked on its own.)
int checkCompleted(const Game& game, std::size_t from) {
    int checked = 0;
    if (game.setup().mode == "discovery") return checked;
    for (std::size_t i = from; i < game.events().size(); ++i) {
        const Event& e = game.events()[i];
        if (e.type != EventType::Scored || e.final || !e.located || e.breakdown.rule == ScoreRule::SurveyorBonus)
            continue;
        const Design& design = game.tileSet().designs[game.board().tiles()[game.board().tileAt(e.pos)].design];
        bool found = false;
        for (int s = 0; s < static_cast<int>(design.segments.size()) && !found; ++s) {
            const auto report = reportFeature(game, e.pos, s);
            found = report && sameBreakdown(report->ifCompleted, e.breakdown);
        }
        ++checked;
        EXPECT_TRUE(found) << game.setup().mode << ": scored " << describe(e.breakdown) << " at " << e.pos.x << ','
                           << e.pos.y << " but no feature there reports it if completed";
    }
    return checked;
}

TEST_P(FeatureReports, AgreeWithTheScoringInRandomGames) {
    const ModeInfo* mode = findMode(GetParam());
    ASSERT_TRUE(mode);
    Rng seeds(0xFEA7);
    int completedChecks = 0, endChecks = 0, takenBackChecks = 0;
    for (int g = 0; g < 40; ++g) {
        carc::Setup setup;
        setup.mode = mode->id;
        setup.players = mode->minPlayers + static_cast<int>(seeds.below(mode->maxPlayers - mode->minPlayers + 1));
        setup.seed = seeds.next();
        std::size_t seen = 0;
        int step = 0;
        auto played = playRandomGame(setup, seeds.next(), [&](const Game& game, const Action& chosen) {
            completedChecks += checkCompleted(game, seen);
            seen = game.events().size();
            if (++step % 7 == 0) endChecks += checkAtEnd(game);
            // The Discovery scores a region when its follower is taken back: the report said so before.
            if (chosen.type == ActionType::Remove) {
                const auto report = reportFeature(game, chosen.pos, chosen.segment);
                ASSERT_TRUE(report);
                auto after = game.clone();
                ASSERT_FALSE(after->apply(chosen));
                const auto scored =
                    std::find_if(after->events().begin() + static_cast<long>(game.events().size()),
                                 after->events().end(), [](const Event& e) { return e.type == EventType::Scored; });
                ASSERT_NE(scored, after->events().end());
                ++takenBackChecks;
                EXPECT_TRUE(sameBreakdown(scored->breakdown, report->takenBack))
                    << "taken back: " << describe(scored->breakdown) << ", reported " << describe(report->takenBack);
            }
        });
        ASSERT_TRUE(played.game);
        if (HasFailure()) return;
    }
    // The games did compare something: holders at the end, and completions (or takings back).
    EXPECT_GT(endChecks, 100);
    EXPECT_GT(GetParam() == "discovery" ? takenBackChecks : completedChecks, 20);
    std::cout << GetParam() << ": " << endChecks << " end values, " << completedChecks << " completions, "
              << takenBackChecks << " taken back compared\n";
}

INSTANTIATE_TEST_SUITE_P(EveryMode, FeatureReports,
                         ::testing::Values("base", "base+tunnel", "newworld", "discovery", "goldrush"), modeParamName);

}  // namespace
}  // namespace carc::test
