// CLDR plural rules from ICU, for native programs (the tests): the same categories the browser's
// Intl.PluralRules gives the game and the page.
#pragma once

#include <string>
#include <vector>

#include "i18n/translator.hpp"

namespace carc::i18n {

PluralRule icuPluralRule();
// Every plural category a language has, sorted ("few", "one", "other" for Romanian).
std::vector<std::string> icuPluralCategories(const std::string& language);

}  // namespace carc::i18n
