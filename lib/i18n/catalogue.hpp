// One language's texts, read from its catalogue file (assets/i18n/<code>.json, docs/translating.md):
// a JSON object whose nested groups make dotted keys ("setup.title"). A text may name parameters as
// {{name}}; a text with plural forms is one key per CLDR plural category ("play.tiles_left_one",
// "play.tiles_left_few", "play.tiles_left_other"), chosen by the parameter `count`.
// Platform-free: the browser game and the native tests use it alike; which category a number takes
// comes from outside (the browser's Intl.PluralRules, or ICU natively).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace carc::i18n {

// Joins the fields of a catalogue or an index handed over as one text (U+001F, the unit separator, a
// control character no text of a catalogue has reason to hold; the page hands over none that does).
inline constexpr char kFieldSeparator = '\x1f';

// CLDR's plural categories, the only suffixes a plural key may end with.
inline constexpr std::string_view kPluralCategories[] = {"zero", "one", "two", "few", "many", "other"};

class Catalogue {
public:
    // Parses a catalogue file's text: nested objects of strings. nullopt and the reason in `error`
    // for anything else (not JSON, a value that is neither a string nor an object, an empty key).
    static std::optional<Catalogue> parse(std::string_view json, std::string& error);
    // A catalogue already read and flattened elsewhere (the browser page's copy, shell/i18n.js): key,
    // text, key, text, ... joined by kFieldSeparator. nullopt for an odd number of fields or an empty
    // key; "" is an empty catalogue.
    static std::optional<Catalogue> fromFields(std::string_view fields);

    // The text of a key, or nullptr.
    const std::string* find(std::string_view key) const;
    // Every key (plural forms as written, with their suffix) and its text.
    const std::map<std::string, std::string, std::less<>>& texts() const { return texts_; }

private:
    std::map<std::string, std::string, std::less<>> texts_;
};

// "play.tiles_left_few" -> {"play.tiles_left", "few"}; a key without a plural suffix -> {key, ""}.
std::pair<std::string_view, std::string_view> splitPluralSuffix(std::string_view key);

// The names of the {{name}} placeholders of a text, in order of appearance.
std::vector<std::string> placeholders(std::string_view text);

// A language the build lists (the index of catalogue files, web/i18n_index.cmake).
struct Language {
    std::string code;  // the catalogue's file name: a BCP 47 tag such as "en", "ro", "pt-BR"
    std::string name;  // in its own language ("Română")
};
// Reads index.json: {"languages": [{"code": "en", "name": "English"}, ...]}.
std::optional<std::vector<Language>> parseIndex(std::string_view json, std::string& error);
// The index already read elsewhere: code, name, code, name, ... joined by kFieldSeparator. nullopt for
// an odd number of fields or an empty code.
std::optional<std::vector<Language>> languagesFromFields(std::string_view fields);
// The listed language that serves a requested one: the same tag, else the same primary language
// ("de-AT" -> "de"), else English. Case-insensitive.
std::string bestLanguage(const std::vector<Language>& languages, std::string_view requested);

}  // namespace carc::i18n
