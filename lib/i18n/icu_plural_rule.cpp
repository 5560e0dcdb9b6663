#include "i18n/icu_plural_rule.hpp"

#include <unicode/locid.h>
#include <unicode/plurrule.h>
#include <unicode/strenum.h>

#include <algorithm>
#include <memory>

namespace carc::i18n {
namespace {

std::unique_ptr<icu::PluralRules> rulesFor(const std::string& language) {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::PluralRules> rules(
        icu::PluralRules::forLocale(icu::Locale::forLanguageTag(language, status), status));
    if (U_FAILURE(status)) return nullptr;
    return rules;
}

std::string utf8(const icu::UnicodeString& text) {
    std::string out;
    text.toUTF8String(out);
    return out;
}

}  // namespace

PluralRule icuPluralRule() {
    return [](const std::string& language, long long n) -> std::string {
        const auto rules = rulesFor(language);
        return rules ? utf8(rules->select(static_cast<double>(n))) : "other";
    };
}

std::vector<std::string> icuPluralCategories(const std::string& language) {
    std::vector<std::string> categories;
    const auto rules = rulesFor(language);
    if (!rules) return categories;
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::StringEnumeration> keywords(rules->getKeywords(status));
    if (U_FAILURE(status) || !keywords) return categories;
    while (const icu::UnicodeString* keyword = keywords->snext(status)) {
        if (U_FAILURE(status)) break;
        categories.push_back(utf8(*keyword));
    }
    std::sort(categories.begin(), categories.end());
    return categories;
}

}  // namespace carc::i18n
