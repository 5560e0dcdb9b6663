// The browser shows the engine's scoring breakdowns in Romanian and Dutch by swapping the phrases of
// web/score_wording.hpp in their English wording (vocabulary/). Every breakdown of random games of
// every mode (and the New World surveyor moves the scoring-order dialog shows), worded in English, must
// be made of those phrases, numbers and signs only, or a Romanian or Dutch player would read English.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "../../web/score_wording.hpp"
#include "carc/modes.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

std::set<std::string> breakdownsOfRandomGames() {
    std::set<std::string> texts;
    for (const auto& mode : allModes()) {
        for (std::uint64_t seed = 1; seed <= 60; ++seed) {
            carc::Setup setup;
            setup.mode = mode.id;
            setup.seed = seed;
            setup.players = 2 + static_cast<int>(seed % 3);
            // Every other game with each option's last value (house rules, variants).
            if (seed % 2 == 0)
                for (const auto& option : mode.options) setup.options.emplace_back(option.key, option.values.back());
            std::sort(setup.options.begin(), setup.options.end());
            const auto played = playRandomGame(setup, seed);
            // What the UI shows: scoring breakdowns, and New World's surveyor moves (the scoring-order dialog).
            for (const auto& e : played.game->events())
                if (e.type == EventType::Scored || (e.type == EventType::Token && mode.id == "newworld"))
                    texts.insert(wording(e, *played.game));
        }
    }
    return texts;
}

TEST(ScoreWording, EveryBreakdownTheEngineWritesIsMadeOfKnownPhrases) {
    const auto texts = breakdownsOfRandomGames();
    ASSERT_GT(texts.size(), 50u);
    for (const auto& text : texts) {
        const std::string rest = web::replaceScoringPhrases(text, [](const web::Phrase&) { return ""; });
        for (char c : rest)
            EXPECT_FALSE(std::isalpha(static_cast<unsigned char>(c)) && c != 'x') << "untranslated: " << text;
    }
}

TEST(ScoreWording, RomanianAndDutchReadLikeTheirLanguage) {
    EXPECT_EQ(web::translateScoring("3 tiles x2 + 1 pennant x2", 1), "3 piese x2 + 1 stemă x2");
    EXPECT_EQ(web::translateScoring("3 tiles x2 + 1 pennant x2", 2), "3 tegels x2 + 1 wapenschild x2");
    EXPECT_EQ(web::translateScoring("2 completed cities x3", 2), "2 voltooide steden x3");
    EXPECT_EQ(web::translateScoring("2 cities (complete, two tiles)", 1), "2 orașe (completă, două piese)");
    EXPECT_EQ(web::translateScoring("a surveyor moves west to column 2", 2), "een landmeter gaat west naar kolom 2");
    EXPECT_EQ(web::translateScoring("3 tiles x2", 0), "3 tiles x2");
}

}  // namespace
}  // namespace carc::test
