// The catalogue reader and the translator (lib/i18n): nested groups, parameters, plural forms by CLDR
// category (ICU natively, the browser's Intl.PluralRules in the game), English where a language
// lacks a key.
#include <gtest/gtest.h>

#include "i18n/icu_plural_rule.hpp"
#include "i18n/translator.hpp"

namespace carc::test {
namespace {

i18n::Catalogue parsed(std::string_view json) {
    std::string error;
    auto catalogue = i18n::Catalogue::parse(json, error);
    EXPECT_TRUE(catalogue) << error;
    return catalogue ? *catalogue : i18n::Catalogue{};
}

TEST(Catalogue, NestedGroupsMakeDottedKeys) {
    const auto c = parsed(R"({"setup": {"title": "New game", "seat": {"human": "Human"}}, "app": "x"})");
    ASSERT_NE(c.find("setup.title"), nullptr);
    EXPECT_EQ(*c.find("setup.title"), "New game");
    EXPECT_EQ(*c.find("setup.seat.human"), "Human");
    EXPECT_EQ(c.find("setup"), nullptr);
    EXPECT_EQ(c.texts().size(), 3u);
}

TEST(Catalogue, RefusesWhatIsNotACatalogue) {
    for (std::string_view bad : {R"({"a": )", R"(["a"])", R"({"a": 3})", R"({"a": ["x"]})", R"({"a.b": "x"})",
                                 R"({"": "x"})", R"({"a": {"b": null}})"}) {
        std::string error;
        EXPECT_FALSE(i18n::Catalogue::parse(bad, error)) << bad;
        EXPECT_FALSE(error.empty()) << bad;
    }
}

// The page's copy, handed over as one text (web/i18n.cpp): the same texts as the file gives.
TEST(Catalogue, FromFieldsAsTheFileGivesThem) {
    const auto file = parsed(R"({"setup": {"title": "New game", "seat": {"human": "Human"}}, "app": ""})");
    const std::string sep(1, i18n::kFieldSeparator);
    const auto fields = i18n::Catalogue::fromFields("setup.title" + sep + "New game" + sep + "setup.seat.human" + sep +
                                                    "Human" + sep + "app" + sep);
    ASSERT_TRUE(fields);
    EXPECT_EQ(fields->texts(), file.texts());
    ASSERT_TRUE(i18n::Catalogue::fromFields(""));
    EXPECT_TRUE(i18n::Catalogue::fromFields("")->texts().empty());
    EXPECT_FALSE(i18n::Catalogue::fromFields("a"));                          // a key without its text
    EXPECT_FALSE(i18n::Catalogue::fromFields("a" + sep + "x" + sep + "b"));  // likewise, later
    EXPECT_FALSE(i18n::Catalogue::fromFields(sep + "x"));                    // an empty key
    const auto languages = i18n::languagesFromFields("en" + sep + "English" + sep + "ro" + sep + "Română");
    ASSERT_TRUE(languages);
    ASSERT_EQ(languages->size(), 2u);
    EXPECT_EQ((*languages)[1].code, "ro");
    EXPECT_EQ((*languages)[1].name, "Română");
    EXPECT_FALSE(i18n::languagesFromFields("en" + sep + "English" + sep + "ro"));
}

TEST(Catalogue, PluralSuffixesAreCldrCategories) {
    EXPECT_EQ(i18n::splitPluralSuffix("play.tiles_left_few"),
              std::make_pair(std::string_view("play.tiles_left"), std::string_view("few")));
    EXPECT_EQ(i18n::splitPluralSuffix("play.tiles_left").second, "");
    EXPECT_EQ(i18n::splitPluralSuffix("overlay.side.north").second, "");
    EXPECT_EQ(i18n::splitPluralSuffix("setup.seed_random").second, "");
}

TEST(Catalogue, Placeholders) {
    EXPECT_EQ(i18n::placeholders("{{name}} +{{points}} {{category}}"),
              (std::vector<std::string>{"name", "points", "category"}));
    EXPECT_TRUE(i18n::placeholders("no {parameter} here").empty());
}

TEST(Catalogue, IndexAndBestLanguage) {
    std::string error;
    const auto index = i18n::parseIndex(
        R"({"languages": [{"code": "en", "name": "English"}, {"code": "pt-BR", "name": "Português"},
                          {"code": "ro", "name": "Română"}]})",
        error);
    ASSERT_TRUE(index) << error;
    EXPECT_EQ(i18n::bestLanguage(*index, "ro-RO"), "ro");
    EXPECT_EQ(i18n::bestLanguage(*index, "RO"), "ro");
    EXPECT_EQ(i18n::bestLanguage(*index, "pt-br"), "pt-BR");
    EXPECT_EQ(i18n::bestLanguage(*index, "ja"), "en");
    EXPECT_EQ(i18n::bestLanguage(*index, ""), "en");
    EXPECT_FALSE(i18n::parseIndex(R"({"languages": [{"code": "en"}]})", error));
}

TEST(Translator, FillsParametersAndLeavesUnknownOnesVisible) {
    EXPECT_EQ(i18n::fill("{{name}} +{{points}}", {{"name", "Ann"}, {"points", 12}}), "Ann +12");
    EXPECT_EQ(i18n::fill("{{name}} and {{other}}", {{"name", "Ann"}}), "Ann and {{other}}");
    EXPECT_EQ(i18n::fill("{{a}}{{a}}", {{"a", std::string("x")}}), "xx");
}

class RomanianTranslator : public ::testing::Test {
protected:
    RomanianTranslator() : translator(i18n::icuPluralRule()) {
        translator.add("en", parsed(R"({"tiles_one": "{{count}} tile", "tiles_other": "{{count}} tiles",
                                       "only_en": "English only", "hello": "Hello {{name}}"})"));
        translator.add("ro", parsed(R"({"tiles_one": "{{count}} piesă", "tiles_few": "{{count}} piese",
                                       "tiles_other": "{{count}} de piese", "hello": "Salut {{name}}"})"));
        translator.setLanguage("ro");
    }
    i18n::Translator translator;
};

// Romanian has three plural forms (CLDR): one (1), few (0, 2-19, 101-119, ...), other (20-100, ...).
TEST_F(RomanianTranslator, ChoosesTheCldrPluralForm) {
    EXPECT_EQ(translator.format("tiles", {{"count", 1}}), "1 piesă");
    EXPECT_EQ(translator.format("tiles", {{"count", 0}}), "0 piese");
    EXPECT_EQ(translator.format("tiles", {{"count", 2}}), "2 piese");
    EXPECT_EQ(translator.format("tiles", {{"count", 19}}), "19 piese");
    EXPECT_EQ(translator.format("tiles", {{"count", 20}}), "20 de piese");
    EXPECT_EQ(translator.format("tiles", {{"count", 101}}), "101 piese");
    EXPECT_EQ(translator.format("tiles", {{"count", 120}}), "120 de piese");
    translator.setLanguage("en");
    EXPECT_EQ(translator.format("tiles", {{"count", 1}}), "1 tile");
    EXPECT_EQ(translator.format("tiles", {{"count", 0}}), "0 tiles");
}

// Arguments made at run time (an engine error code's parameters) work the same.
TEST_F(RomanianTranslator, TakesArgumentsMadeAtRunTime) {
    std::vector<i18n::Arg> args;
    args.emplace_back("count", 3);
    EXPECT_EQ(translator.format("tiles", args), "3 piese");
    EXPECT_EQ(i18n::fill("{{count}}", args), "3");
}

TEST_F(RomanianTranslator, FallsBackToEnglishKeyByKey) {
    EXPECT_EQ(translator.format("hello", {{"name", "Ana"}}), "Salut Ana");
    ASSERT_NE(translator.text("only_en"), nullptr);
    EXPECT_EQ(*translator.text("only_en"), "English only");
    EXPECT_EQ(translator.text("nowhere"), nullptr);
    EXPECT_EQ(translator.format("nowhere", {}), "");  // never the raw key
    EXPECT_FALSE(translator.setLanguage("xx"));
    EXPECT_EQ(translator.language(), "ro");
}

TEST(IcuPluralRule, CategoriesOfTheGamesLanguages) {
    EXPECT_EQ(i18n::icuPluralCategories("ro"), (std::vector<std::string>{"few", "one", "other"}));
    EXPECT_EQ(i18n::icuPluralCategories("de"), (std::vector<std::string>{"one", "other"}));
    EXPECT_EQ(i18n::icuPluralRule()("de", 1), "one");
    EXPECT_EQ(i18n::icuPluralRule()("ro", 5), "few");
}

}  // namespace
}  // namespace carc::test
