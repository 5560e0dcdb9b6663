// Every text the UI shows, in English, Romanian and Dutch (the languages of the rule pages).
// Widgets call tr("key"); a key missing from the table is shown as-is (engine-provided names such as
// score categories pass through tr() too, so they can be translated without touching core/).
#pragma once

#include <string>

namespace web {

enum class Lang { En, Ro, Nl };
constexpr int kLangCount = 3;

const char* tr(const char* key);
inline const char* tr(const std::string& key) {
    return tr(key.c_str());
}
// An engine scoring breakdown ("3 tiles x2") in the current language (web/score_wording.hpp).
std::string trScoring(const std::string& english);
Lang language();
void setLanguage(Lang lang);
// "en", "ro-RO", "nl-BE", ... -> Lang (English when unknown).
Lang languageFromCode(const std::string& code);
const char* languageName(Lang lang);  // in its own language

}  // namespace web
