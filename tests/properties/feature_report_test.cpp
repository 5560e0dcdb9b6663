// The feature card's values (carc/feature_report.hpp) against the real scoring, in random games of every
// mode: what a report says a feature gives "at the end" is what final scoring gives its holders, and what
// it says "if completed" is what the feature scored once a tile completed it.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <optional>
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

// The event names a segment of the feature (its tile and index).
bool onFeature(const FeatureReport& report, const Event& e) {
    return std::any_of(report.places.begin(), report.places.end(),
                       [&](const auto& place) { return place.pos == e.pos && place.segment == e.segment; });
}

std::vector<Event> bonusEvents(const std::vector<Event>& events, std::size_t from, bool final) {
    std::vector<Event> out;
    for (std::size_t i = from; i < events.size(); ++i)
        if (events[i].type == EventType::Scored && events[i].final == final &&
            events[i].breakdown.rule == ScoreRule::SurveyorBonus)
            out.push_back(events[i]);
    return out;
}

// Player p earned a bonus event on the feature exactly when the report names one for p, and the same.
int checkBonus(const FeatureReport& report, const std::vector<Game::FeatureBonus>& reported, int p,
               const std::vector<Event>& bonuses) {
    const auto said = std::find_if(reported.begin(), reported.end(), [&](const auto& b) { return b.player == p; });
    const auto earned = std::find_if(bonuses.begin(), bonuses.end(),
                                     [&](const Event& e) { return e.player == p && onFeature(report, e); });
    const bool saidOne = said != reported.end(), earnedOne = earned != bonuses.end();
    EXPECT_EQ(saidOne, earnedOne) << "player " << p << "'s " << report.kind << ": bonus reported " << saidOne
                                  << ", earned " << earnedOne;
    if (saidOne && earnedOne) {
        EXPECT_TRUE(sameBreakdown(said->breakdown, earned->breakdown))
            << "bonus " << describe(earned->breakdown) << ", reported " << describe(said->breakdown);
    }
    return saidOne ? 1 : 0;
}

// New World: the first feature an action scores (the surveyors still where they stood; the event names
// it) earns each of its majority players the surveyor bonus its report named before the action. An action that places a
// settler changes the claims the report saw, and later features see moved surveyors: not compared.
int checkBonusIfCompleted(const Game& game, const Action& chosen) {
    if (game.setup().mode != "newworld" || chosen.type == ActionType::Follower) return 0;
    auto after = game.clone();
    if (after->apply(chosen)) return 0;
    const auto& events = after->events();
    std::size_t first = game.events().size();
    while (first < events.size() && (events[first].type != EventType::Scored || events[first].final ||
                                     events[first].breakdown.rule == ScoreRule::SurveyorBonus))
        ++first;
    if (first == events.size() || !events[first].located) return 0;
    const Event& scored = events[first];
    const auto feature = reportFeature(game, scored.pos, scored.segment);
    if (!feature || !feature->complete) return 0;
    // That feature's awards: its Scored events and bonuses, up to the next feature's first Scored event.
    std::vector<Event> bonuses;
    for (std::size_t i = first; i < events.size(); ++i) {
        const Event& e = events[i];
        if (e.type != EventType::Scored) continue;
        if (e.breakdown.rule == ScoreRule::SurveyorBonus)
            bonuses.push_back(e);
        else if (!onFeature(*feature, e) || !sameBreakdown(e.breakdown, feature->ifCompleted))
            break;
    }
    int checked = 0;
    for (int p = 0; p < game.playerCount(); ++p)
        if ((feature->majority >> p) & 1u) checked += 1 + checkBonus(*feature, feature->bonusIfCompleted, p, bonuses);
    return checked;
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
        const auto names = game.featurePieceNames();
        for (const auto& piece : report->pieces)
            EXPECT_NE(std::find(names.begin(), names.end(), piece.name), names.end())
                << piece.name << " is not among the mode's featurePieceNames";
        for (int p = 0; p < game.playerCount(); ++p) {
            const bool scores = perFollower ? p == f.player : (report->majority >> p) & 1u;
            if (!scores) continue;
            ++checked;
            const bool found = std::any_of(
                events.begin() + static_cast<long>(game.events().size()), events.end(), [&](const Event& e) {
                    return e.type == EventType::Scored && e.final && e.player == p && onFeature(*report, e) &&
                           sameBreakdown(e.breakdown, report->atEnd);
                });
            EXPECT_TRUE(found) << game.setup().mode << ": player " << p << "'s " << report->kind
                               << " at the end: the report says " << describe(report->atEnd);
            checked += checkBonus(*report, report->bonusAtEnd, p, bonusEvents(events, game.events().size(), true));
        }
    }
    return checked;
}

// Scored events of one action (not final): the feature the event names (its tile and segment) reports that
// value if completed. (The Discovery scores nothing on completion: its taking back is checked on its own.)
int checkCompleted(const Game& game, std::size_t from) {
    int checked = 0;
    if (game.setup().mode == "discovery") return checked;
    for (std::size_t i = from; i < game.events().size(); ++i) {
        const Event& e = game.events()[i];
        if (e.type != EventType::Scored || e.final || !e.located || e.breakdown.rule == ScoreRule::SurveyorBonus)
            continue;
        const auto report = reportFeature(game, e.pos, e.segment);
        ++checked;
        EXPECT_TRUE(report && sameBreakdown(report->ifCompleted, e.breakdown))
            << game.setup().mode << ": scored " << describe(e.breakdown) << " at " << e.pos.x << ',' << e.pos.y
            << " segment " << e.segment << ", which reports "
            << (report ? describe(report->ifCompleted) : std::string("no feature")) << " if completed";
    }
    return checked;
}

TEST_P(FeatureReports, AgreeWithTheScoringInRandomGames) {
    const ModeInfo* mode = findMode(GetParam());
    ASSERT_TRUE(mode);
    Rng seeds(0xFEA7);
    int completedChecks = 0, endChecks = 0, takenBackChecks = 0, bonusChecks = 0;
    for (int g = 0; g < 40; ++g) {
        carc::Setup setup;
        setup.mode = mode->id;
        setup.players = mode->minPlayers + static_cast<int>(seeds.below(mode->maxPlayers - mode->minPlayers + 1));
        setup.seed = seeds.next();
        std::size_t seen = 0;
        int step = 0;
        // New World: every other game with the surveyor bonus at the end too.
        if (mode->id == "newworld" && g % 2 == 1) setup.options = {{"newworld.final-bonus", "on"}};
        auto played = playRandomGame(setup, seeds.next(), [&](const Game& game, const Action& chosen) {
            completedChecks += checkCompleted(game, seen);
            bonusChecks += checkBonusIfCompleted(game, chosen);
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
    if (GetParam() == "newworld") {
        EXPECT_GT(bonusChecks, 20);
    }
    std::cout << GetParam() << ": " << endChecks << " end values, " << completedChecks << " completions, "
              << takenBackChecks << " taken back, " << bonusChecks << " bonuses compared\n";
}

INSTANTIATE_TEST_SUITE_P(EveryMode, FeatureReports,
                         ::testing::Values("base", "base+tunnel", "newworld", "discovery", "goldrush"), modeParamName);

}  // namespace
}  // namespace carc::test
