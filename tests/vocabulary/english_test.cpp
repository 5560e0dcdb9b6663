// Every code the engine can report has an English phrase that uses only (and, for problems, all) the
// parameters the code declares; and the phrase table holds nothing but the vocabulary. The codes come
// from the engine's own tables (problemCodes(), scoreRules(), breakdownParts(), tokenMoves()).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "carc/english.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

std::set<std::string> words(std::string_view list) {
    std::set<std::string> out;
    std::size_t at = 0;
    while (at < list.size()) {
        const auto blank = list.find(' ', at);
        const auto word = list.substr(at, blank == std::string_view::npos ? std::string_view::npos : blank - at);
        if (!word.empty()) out.emplace(word);
        if (blank == std::string_view::npos) break;
        at = blank + 1;
    }
    return out;
}

std::set<std::string> placeholders(std::string_view text) {
    std::set<std::string> out;
    for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
        const auto close = text.find('}', open);
        if (close != std::string_view::npos) out.emplace(text.substr(open + 1, close - open - 1));
    }
    return out;
}

// The phrases of a key: itself, or its ".one" and ".other" forms (both, or neither).
std::vector<const english::Phrase*> formsOf(const std::string& key) {
    if (const auto* plain = english::find(key)) return {plain};
    const auto* one = english::find(key + ".one");
    const auto* other = english::find(key + ".other");
    if (one && other) return {one, other};
    return {};
}

TEST(EnglishWording, EveryProblemCodeHasAPhraseShowingExactlyItsParameters) {
    ASSERT_GT(problemCodes().size(), 60u);
    for (const ProblemInfo& info : problemCodes()) {
        const auto forms = formsOf(english::key(info.code));
        ASSERT_FALSE(forms.empty()) << "no English for " << english::key(info.code);
        for (const auto* form : forms)
            EXPECT_EQ(placeholders(form->text), words(info.params)) << form->key << ": " << form->text;
    }
}

TEST(EnglishWording, EveryRuleAndPartHasAPhraseUsingOnlyItsParts) {
    for (const RuleInfo& rule : scoreRules()) {
        const auto forms = formsOf(english::key(rule.rule));
        ASSERT_FALSE(forms.empty()) << "no English for " << english::key(rule.rule);
        std::set<std::string> allowed = words(rule.parts);
        allowed.insert({"parts", "points"});
        for (const auto* form : forms)
            for (const auto& name : placeholders(form->text))
                EXPECT_TRUE(allowed.count(name)) << form->key << " uses {" << name << "}";
    }
    for (const PartInfo& part : breakdownParts()) {
        const std::string key = english::key(part.part);
        ASSERT_TRUE(english::find(key + ".one") && english::find(key + ".other")) << "no English for " << key;
        for (const char* form : {".one", ".other"})
            for (const auto& name : placeholders(english::find(key + form)->text))
                EXPECT_TRUE(name == "count" || name == "each") << key << form << " uses {" << name << "}";
    }
    // A rule's parts are parts of the vocabulary.
    std::set<std::string> partKeys;
    for (const PartInfo& part : breakdownParts()) partKeys.emplace(part.key);
    for (const RuleInfo& rule : scoreRules())
        for (const auto& name : words(rule.parts)) EXPECT_TRUE(partKeys.count(name)) << rule.key << ": " << name;
}

TEST(EnglishWording, EveryTokenMoveHasAPhraseUsingOnlyItsValues) {
    for (const MoveInfo& move : tokenMoves()) {
        const auto forms = formsOf(english::key(move.move));
        ASSERT_FALSE(forms.empty()) << "no English for " << english::key(move.move);
        std::set<std::string> allowed = words(move.values);
        allowed.insert("player");
        for (const auto* form : forms)
            for (const auto& name : placeholders(form->text))
                EXPECT_TRUE(allowed.count(name)) << form->key << " uses {" << name << "}";
        // Plural forms are chosen by a count.
        if (forms.size() == 2) {
            EXPECT_TRUE(words(move.values).count("count")) << move.key;
        }
    }
}

TEST(EnglishWording, ThePhraseTableHoldsOnlyTheVocabulary) {
    std::set<std::string> known = {"where.line",     "where.action",    "where.reveal",  "list.or",
                                   "list.and",       "edge.north",      "edge.east",     "edge.south",
                                   "edge.west",      "piece.follower",  "piece.settler", "piece.cowboy",
                                   "breakdown.plus", "breakdown.times", "player.unnamed"};
    const auto addForms = [&](const std::string& key) {
        for (const char* suffix : {"", ".one", ".other"}) known.insert(key + suffix);
    };
    for (const auto& info : problemCodes()) addForms(english::key(info.code));
    for (const auto& info : scoreRules()) addForms(english::key(info.rule));
    for (const auto& info : breakdownParts()) addForms(english::key(info.part));
    for (const auto& info : tokenMoves()) addForms(english::key(info.move));
    std::set<std::string_view> seen;
    for (const auto& phrase : english::phrases()) {
        EXPECT_TRUE(known.count(std::string(phrase.key))) << "a phrase for no code: " << phrase.key;
        EXPECT_TRUE(seen.insert(phrase.key).second) << "twice: " << phrase.key;
    }
    // Each edge and piece value the engine uses has its word.
    for (int edge = 0; edge < 4; ++edge) EXPECT_TRUE(english::find("edge." + std::string(edgeName(edge))));
}

TEST(EnglishWording, BreakdownsLeaveOutEmptyPartsAndShowMultipliers) {
    EXPECT_EQ(
        english::describe(Breakdown(ScoreRule::CityComplete).add(PartKind::Tiles, 3, 2).add(PartKind::Pennants, 1, 2)),
        "3 tiles x2 + 1 pennant x2");
    EXPECT_EQ(
        english::describe(Breakdown(ScoreRule::CityComplete).add(PartKind::Tiles, 1, 2).add(PartKind::Pennants, 0, 2)),
        "1 tile x2");
    EXPECT_EQ(english::describe(
                  Breakdown(ScoreRule::Prairie).add(PartKind::TipiCamps, 0, 2).add(PartKind::WildHorseHerds, 0, 4)),
              "0 tipi camps x2 + 0 herds of wild horses x4");
    EXPECT_EQ(english::describe(
                  Breakdown(ScoreRule::RailroadNotDoubled).add(PartKind::Tiles, 4, 1).add(PartKind::Locomotives, 2, 0)),
              "4 tiles (2 locomotives: not doubled)");
    EXPECT_EQ(english::describe(Breakdown(ScoreRule::MeadowCompleteTwoTiles).add(PartKind::Tiles, 2, 1)),
              "2 tiles (complete, two tiles: 2)");
    EXPECT_EQ(
        english::describe(
            Breakdown(ScoreRule::GoldRevealed).add(PartKind::MiningTokens, 2, 1).add(PartKind::MiningTokens, 1, 0)),
        "2x1 + 1x0 = 2");
}

TEST(EnglishWording, ProblemsNameTheirPlaceInTheRecord) {
    Problem problem = Problem(ProblemCode::WrongTile)
                          .with(Param::Drawn, std::vector<std::string>{"15", "57"})
                          .with(Param::Tile, "03");
    EXPECT_EQ(english::describe(problem), "the tile to place is 15 or 57, not 03");
    problem.line = 8;
    EXPECT_EQ(english::describe(problem), "line 8: the tile to place is 15 or 57, not 03");
    problem.line = 0;
    problem.action = 3;
    EXPECT_EQ(english::describe(problem), "action 3: the tile to place is 15 or 57, not 03");
    EXPECT_EQ(english::describe(Problem()), "");
}

}  // namespace
}  // namespace carc::test
