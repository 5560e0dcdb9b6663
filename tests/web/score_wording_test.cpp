// The browser shows the engine's scoring breakdowns in the player's language by swapping the phrases of
// the catalogues' "scoring." group (web/score_wording.hpp) in their English wording (vocabulary/). Every
// breakdown of random games of every mode (and the New World surveyor moves the scoring-order dialog
// shows), worded in English, must be made of the English catalogue's phrases, numbers and signs only, or
// another language's player would read English.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "../../web/score_wording.hpp"
#include "../i18n/catalogue_files.hpp"
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
    // Every English phrase replaced by nothing: what is left must be numbers and signs.
    auto phrases = web::scoringPhrases(english(), english());
    ASSERT_GT(phrases.size(), 40u);
    for (auto& phrase : phrases) phrase.translated.clear();
    for (const auto& text : texts) {
        const std::string rest = web::replaceScoringPhrases(text, phrases);
        for (char c : rest)
            EXPECT_FALSE(std::isalpha(static_cast<unsigned char>(c)) && c != 'x') << "untranslated: " << text;
    }
}

std::string translated(const std::string& english, const std::string& language) {
    return web::replaceScoringPhrases(english,
                                      web::scoringPhrases(carc::test::english(), catalogueFiles().at(language)));
}

TEST(ScoreWording, RomanianAndDutchReadLikeTheirLanguage) {
    EXPECT_EQ(translated("3 tiles x2 + 1 pennant x2", "ro"), "3 piese x2 + 1 stemă x2");
    EXPECT_EQ(translated("3 tiles x2 + 1 pennant x2", "nl"), "3 tegels x2 + 1 wapenschild x2");
    EXPECT_EQ(translated("2 completed cities x3", "nl"), "2 voltooide steden x3");
    EXPECT_EQ(translated("2 cities (complete, two tiles)", "ro"), "2 orașe (completă, două piese)");
    EXPECT_EQ(translated("a surveyor moves west to column 2", "nl"), "een landmeter gaat west naar kolom 2");
    EXPECT_EQ(translated("3 tiles x2", "en"), "3 tiles x2");
}

}  // namespace
}  // namespace carc::test
