// The texts of the current language, falling back to English key by key, with parameters filled in
// and plural forms chosen. The game's screens and (in JavaScript, shell/i18n.js) the page follow the
// same rules: docs/translating.md.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "i18n/catalogue.hpp"

namespace carc::i18n {

// A parameter of a text: `name` fills {{name}}; a whole number may also choose the plural form
// (the parameter `count`).
struct Arg {
    Arg(std::string_view argName, std::string value) : name(argName), text(std::move(value)) {}
    Arg(std::string_view argName, const char* value) : name(argName), text(value) {}
    Arg(std::string_view argName, long long value) : name(argName), text(std::to_string(value)), number(value) {}
    Arg(std::string_view argName, int value) : Arg(argName, static_cast<long long>(value)) {}
    Arg(std::string_view argName, std::size_t value) : Arg(argName, static_cast<long long>(value)) {}

    std::string_view name;
    std::string text;
    std::optional<long long> number;
};

// The CLDR plural category ("one", "few", "other", ...) of a whole number in a language.
using PluralRule = std::function<std::string(const std::string& language, long long n)>;

// `text` with every {{name}} that has an argument replaced by its value; others stay as written.
std::string fill(std::string_view text, std::span<const Arg> args);
inline std::string fill(std::string_view text, std::initializer_list<Arg> args) {
    return fill(text, std::span<const Arg>(args.begin(), args.size()));
}

class Translator {
public:
    static constexpr std::string_view kFallback = "en";

    explicit Translator(PluralRule plural) : plural_(std::move(plural)) {}

    void add(const std::string& language, Catalogue catalogue) {
        catalogues_.insert_or_assign(language, std::move(catalogue));
    }
    bool has(std::string_view language) const { return catalogues_.count(std::string(language)) > 0; }
    // Switches to a language added before; false (and no change) otherwise.
    bool setLanguage(const std::string& language);
    const std::string& language() const { return language_; }
    // A language's catalogue as added, or nullptr.
    const Catalogue* catalogue(const std::string& language) const;

    // The text of `key` in the current language, else in English; nullptr when neither has it.
    const std::string* text(std::string_view key) const;
    // The same with the arguments filled in; a `count` argument picks the plural form. "" when the
    // key is missing in both (a test makes sure none is).
    // (A span serves arguments made at run time, such as an engine error's parameters.)
    std::string format(std::string_view key, std::span<const Arg> args) const;
    std::string format(std::string_view key, std::initializer_list<Arg> args) const {
        return format(key, std::span<const Arg>(args.begin(), args.size()));
    }

private:
    const std::string* lookup(const std::string& language, std::string_view key, std::span<const Arg> args) const;

    PluralRule plural_;
    std::map<std::string, Catalogue> catalogues_;
    std::string language_{kFallback};
};

}  // namespace carc::i18n
