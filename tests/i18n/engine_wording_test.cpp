// The browser words the engine's codes from the catalogues (web/engine_wording.hpp). In every language,
// every problem code (with example values for the parameters it declares), and every breakdown and New
// World surveyor move of random games of every mode, is worded with no parameter left unfilled; in
// English the wording is vocabulary/'s word for word, so the page and the CLI say the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "../../web/engine_wording.hpp"
#include "carc/english.hpp"
#include "carc/modes.hpp"
#include "catalogue_files.hpp"
#include "i18n/icu_plural_rule.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

i18n::Translator& translator() {
    static i18n::Translator t = [] {
        i18n::Translator made(i18n::icuPluralRule());
        for (const auto& [code, catalogue] : catalogueFiles()) made.add(code, catalogue);
        return made;
    }();
    return t;
}

std::vector<std::string> languages() {
    std::vector<std::string> codes;
    for (const auto& [code, catalogue] : catalogueFiles()) codes.push_back(code);
    return codes;
}

// A worded text is whole: not empty, and no {{name}} left (a parameter the text names but the code
// does not give).
void expectWhole(const std::string& text, const std::string& what) {
    EXPECT_FALSE(text.empty()) << what;
    EXPECT_EQ(text.find("{{"), std::string::npos) << what << ": " << text;
}

// Example values for every parameter a problem code declares.
Problem example(const ProblemInfo& info, int count) {
    Problem problem(info.code);
    std::istringstream names{std::string(info.params)};
    for (std::string name; names >> name;) {
        const auto params = allParams();
        const auto param = std::find_if(params.begin(), params.end(), [&](Param p) { return paramKey(p) == name; });
        if (param == params.end()) {
            ADD_FAILURE() << info.key << ": unknown parameter " << name;
            continue;
        }
        switch (*param) {
            case Param::Pos:
                problem.with(*param, Pos{2, -1});
                break;
            case Param::Drawn:
            case Param::Modes:
            case Param::Values:
                problem.with(*param, std::vector<std::string>{"E", "F", "U"});
                break;
            case Param::Edge:
                problem.with(*param, std::string("south"));
                break;
            case Param::Piece:
                problem.with(*param, std::string("settler"));
                break;
            case Param::Count:
                problem.with(*param, count);
                break;
            case Param::Kind:
            case Param::Tile:
            case Param::Mode:
            case Param::Option:
            case Param::Text:
            case Param::Form:
            case Param::Tileset:
            case Param::Detail:
                problem.with(*param, std::string("x"));
                break;
            default:
                problem.with(*param, 3);
                break;
        }
    }
    return problem;
}

TEST(EngineWording, EveryProblemIsWordedInEveryLanguage) {
    for (const auto& language : languages()) {
        ASSERT_TRUE(translator().setLanguage(language));
        for (const auto& info : problemCodes()) {
            for (int count : {1, 2, 5, 21}) {
                Problem problem = example(info, count);
                problem.line = 4;
                const std::string text = web::wording::problem(translator(), problem);
                expectWhole(text, language + " " + std::string(info.key));
                if (language == "en") {
                    EXPECT_EQ(text, english::describe(problem));
                }
            }
        }
        Problem refused = example(problemInfo(ProblemCode::NotInPile), 1);
        refused.reveal = 2;
        refused.action = 7;
        expectWhole(web::wording::problem(translator(), refused), language + " reveal");
        if (language == "en") {
            EXPECT_EQ(web::wording::problem(translator(), refused), english::describe(refused));
        }
    }
}

// Every Scored event and New World token move of random games of every mode, options varied.
std::vector<Event> eventsOfRandomGames() {
    std::vector<Event> events;
    for (const auto& mode : allModes()) {
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            carc::Setup setup;
            setup.mode = mode.id;
            setup.seed = seed;
            setup.players = 2 + static_cast<int>(seed % 3);
            if (seed % 2 == 0)
                for (const auto& option : mode.options) setup.options.emplace_back(option.key, option.values.back());
            std::sort(setup.options.begin(), setup.options.end());
            auto played = playRandomGame(setup, seed);
            for (const auto& e : played.game->events())
                if (e.type == EventType::Scored || (e.type == EventType::Token && mode.id == "newworld"))
                    events.push_back(e);
        }
    }
    return events;
}

TEST(EngineWording, EveryBreakdownAndSurveyorMoveIsWordedInEveryLanguage) {
    const auto events = eventsOfRandomGames();
    ASSERT_GT(events.size(), 500u);
    std::set<std::string> seenRules, seenMoves;
    for (const auto& language : languages()) {
        ASSERT_TRUE(translator().setLanguage(language));
        for (const Event& e : events) {
            if (e.type == EventType::Scored) {
                const std::string text = web::wording::breakdown(translator(), e.breakdown);
                expectWhole(text, language + " " + std::string(ruleInfo(e.breakdown.rule).key));
                if (language == "en") {
                    EXPECT_EQ(text, english::describe(e.breakdown));
                }
                seenRules.insert(std::string(ruleInfo(e.breakdown.rule).key));
            } else if (const std::string text = web::wording::surveyorMove(translator(), e); !text.empty()) {
                EXPECT_EQ(text.find("{{"), std::string::npos) << language << ": " << text;
                if (language == "en") {
                    EXPECT_EQ(text, english::describeMove(e, ""));
                }
                seenMoves.insert(std::string(moveInfo(e.move).key));
            }
        }
    }
    EXPECT_GT(seenRules.size(), 25u);
    EXPECT_GE(seenMoves.size(), 3u);
}

TEST(EngineWording, RomanianCountsPartsWithItsThreePluralForms) {
    ASSERT_TRUE(translator().setLanguage("ro"));
    Breakdown road(ScoreRule::RoadComplete);
    EXPECT_EQ(web::wording::breakdown(translator(), road.add(PartKind::Tiles, 1, 1)), "1 piesă");
    EXPECT_EQ(web::wording::breakdown(translator(), Breakdown(ScoreRule::RoadComplete).add(PartKind::Tiles, 3, 1)),
              "3 piese");
    EXPECT_EQ(
        web::wording::breakdown(
            translator(), Breakdown(ScoreRule::CityComplete).add(PartKind::Tiles, 20, 2).add(PartKind::Pennants, 1, 2)),
        "20 de piese x2 + 1 stemă x2");
}

// The feature card words a breakdown plainly (its line already says "If completed"): the factor as
// points each, without the scoring log's "(complete)".
TEST(EngineWording, TheFeatureCardSaysPointsEachInPlainWords) {
    using web::wording::Style;
    const Breakdown meadow = Breakdown(ScoreRule::MeadowComplete).add(PartKind::Tiles, 1, 2);
    const Breakdown city = Breakdown(ScoreRule::CityComplete).add(PartKind::Tiles, 3, 2).add(PartKind::Pennants, 1, 2);
    ASSERT_TRUE(translator().setLanguage("en"));
    EXPECT_EQ(web::wording::breakdown(translator(), meadow), "1 tile x2 (complete)") << "the scoring log's stays short";
    EXPECT_EQ(web::wording::breakdown(translator(), meadow, Style::Plain), "1 tile at 2 points each");
    EXPECT_EQ(web::wording::breakdown(translator(), city, Style::Plain),
              "3 tiles at 2 points each + 1 pennant at 2 points each");
    EXPECT_EQ(web::wording::breakdown(translator(), Breakdown(ScoreRule::RoadComplete).add(PartKind::Tiles, 4, 1),
                                      Style::Plain),
              "4 tiles");
    ASSERT_TRUE(translator().setLanguage("de"));
    EXPECT_EQ(web::wording::breakdown(translator(), meadow, Style::Plain), "1 Karte zu je 2 Punkten");
    ASSERT_TRUE(translator().setLanguage("ro"));
    EXPECT_EQ(web::wording::breakdown(translator(), city, Style::Plain),
              "3 piese a câte 2 puncte + 1 stemă a câte 2 puncte");
    for (const auto& language : languages()) {
        ASSERT_TRUE(translator().setLanguage(language));
        for (int each : {1, 2, 3, 20}) {
            const std::string text = web::wording::breakdown(
                translator(), Breakdown(ScoreRule::SeaComplete).add(PartKind::Tiles, 2, each), Style::Plain);
            expectWhole(text, language + " sea x" + std::to_string(each));
            EXPECT_EQ(text.find("x" + std::to_string(each)), std::string::npos) << language << ": " << text;
        }
    }
}

}  // namespace
}  // namespace carc::test
