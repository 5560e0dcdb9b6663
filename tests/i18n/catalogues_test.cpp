// The catalogue files themselves: every language has exactly English's texts (no key missing, none
// left over), each plural text has exactly its language's CLDR categories (ICU), and a translation
// names no parameter its English text does not.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "catalogue_files.hpp"
#include "i18n/icu_plural_rule.hpp"

namespace carc::test {
namespace {

std::set<std::string> pluralBaseKeys(const i18n::Catalogue& catalogue) {
    std::set<std::string> keys;
    for (const auto& [key, text] : catalogue.texts())
        if (auto [base, category] = i18n::splitPluralSuffix(key); !category.empty()) keys.emplace(base);
    return keys;
}

TEST(Catalogues, EnglishAndAtLeastOneOtherLanguageExist) {
    ASSERT_TRUE(catalogueFiles().count("en"));
    EXPECT_GE(catalogueFiles().size(), 2u);
    EXPECT_GT(english().texts().size(), 200u);
}

TEST(Catalogues, EachIsNamedByALanguageTagAndNamesItsLanguage) {
    const std::regex tag("[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?");
    for (const auto& [code, catalogue] : catalogueFiles()) {
        EXPECT_TRUE(std::regex_match(code, tag)) << code << ".json: name it by its BCP 47 tag (de, pt-BR)";
        const std::string* name = catalogue.find("language.name");
        ASSERT_NE(name, nullptr) << code << ".json: language.name (the language's own name) is missing";
        EXPECT_FALSE(name->empty()) << code;
    }
}

// The page hands the game its catalogues as fields joined by this separator (web/i18n.cpp); a text
// holding it would make the game read that catalogue's file instead.
TEST(Catalogues, NoTextHoldsTheFieldSeparator) {
    for (const auto& [code, catalogue] : catalogueFiles())
        for (const auto& [key, text] : catalogue.texts()) {
            EXPECT_EQ(key.find(i18n::kFieldSeparator), std::string::npos) << code << ".json: " << key;
            EXPECT_EQ(text.find(i18n::kFieldSeparator), std::string::npos) << code << ".json: " << key;
        }
}

TEST(Catalogues, EveryLanguageHasEveryEnglishTextAndNoOther) {
    const auto wanted = baseKeys(english());
    for (const auto& [code, catalogue] : catalogueFiles()) {
        const auto have = baseKeys(catalogue);
        for (const auto& key : wanted) EXPECT_TRUE(have.count(key)) << code << ".json lacks " << key;
        for (const auto& key : have)
            EXPECT_TRUE(wanted.count(key)) << code << ".json has " << key << ", English does not";
    }
}

TEST(Catalogues, PluralTextsHaveExactlyTheLanguagesCldrCategories) {
    const auto englishPlurals = pluralBaseKeys(english());
    EXPECT_GE(englishPlurals.size(), 4u);
    for (const auto& [code, catalogue] : catalogueFiles()) {
        const auto categories = i18n::icuPluralCategories(code);
        ASSERT_FALSE(categories.empty()) << code << ": ICU knows no plural rules for it";
        const auto plurals = pluralBaseKeys(catalogue);
        EXPECT_EQ(plurals, englishPlurals) << code << ".json: the texts with plural forms differ from English's";
        for (const auto& key : plurals) {
            EXPECT_EQ(catalogue.find(key), nullptr) << code << ".json: " << key << " is both plain and plural";
            for (const auto& category : categories)
                EXPECT_NE(catalogue.find(key + "_" + category), nullptr)
                    << code << ".json: " << key << "_" << category << " is missing (CLDR: " << code << " has it)";
            for (std::string_view category : i18n::kPluralCategories)
                if (std::find(categories.begin(), categories.end(), category) == categories.end()) {
                    EXPECT_EQ(catalogue.find(key + "_" + std::string(category)), nullptr)
                        << code << ".json: " << key << "_" << category << ": " << code << " has no such plural form";
                }
        }
    }
}

// The code passes the parameters English names (tests/i18n/code_keys_test.cpp); a translation may
// leave one out ("1 tile" as "eine Karte") but not invent one.
TEST(Catalogues, TranslationsUseOnlyTheParametersOfTheirEnglishText) {
    for (const auto& [code, catalogue] : catalogueFiles()) {
        for (const auto& key : baseKeys(catalogue)) {
            std::set<std::string> known;
            for (const auto& text : formsOf(english(), key))
                for (auto& name : i18n::placeholders(text)) known.insert(name);
            for (const auto& text : formsOf(catalogue, key))
                for (const auto& name : i18n::placeholders(text))
                    EXPECT_TRUE(known.count(name)) << code << ".json: " << key << " uses {{" << name << "}}";
        }
    }
}

TEST(Catalogues, PlaceholdersAreWellFormed) {
    const std::regex name("[a-z][a-z_]*");
    for (const auto& [code, catalogue] : catalogueFiles()) {
        for (const auto& [key, text] : catalogue.texts()) {
            for (const auto& placeholder : i18n::placeholders(text))
                EXPECT_TRUE(std::regex_match(placeholder, name))
                    << code << ".json: " << key << ": {{" << placeholder << "}}";
            // A lone brace is a typo of a parameter ({name} or {{name}).
            const auto opens = std::count(text.begin(), text.end(), '{');
            const auto closes = std::count(text.begin(), text.end(), '}');
            EXPECT_EQ(opens, closes) << code << ".json: " << key;
            EXPECT_EQ(opens, static_cast<long>(2 * i18n::placeholders(text).size())) << code << ".json: " << key;
        }
    }
}

}  // namespace
}  // namespace carc::test
