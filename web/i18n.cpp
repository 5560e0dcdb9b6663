#include "i18n.hpp"

#include <emscripten.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "engine_wording.hpp"

// The browser's CLDR plural rules: index into carc::i18n::kPluralCategories.
EM_JS(int, carc_plural_category, (const char* language, double n), {
    const code = UTF8ToString(language);
    const rules = Module.carcPluralRules || (Module.carcPluralRules = {});
    const rule = rules[code] || (rules[code] = new Intl.PluralRules(code));
    return [ 'zero', 'one', 'two', 'few', 'many', 'other' ].indexOf(rule.select(n));
});

namespace web {
namespace {

std::string browserPluralCategory(const std::string& language, long long n) {
    const int index = carc_plural_category(language.c_str(), static_cast<double>(n));
    return std::string(index >= 0 ? carc::i18n::kPluralCategories[index] : "other");
}

carc::i18n::Translator translator(browserPluralCategory);
std::vector<carc::i18n::Language> listed;
// The catalogues other than English as read, parsed when first chosen: parsing all four at start took
// ~50 ms of the page's start-up (docs/load-time.md), and a page shows one language.
std::map<std::string, std::string, std::less<>> unparsed;

bool readFile(const std::string& path, std::string& text) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream content;
    content << in.rdbuf();
    text = content.str();
    return true;
}

// Parses `code`'s catalogue if it is still as read; false when it is not valid (reported on stderr).
bool parseWhenFirstNeeded(const std::string& code) {
    auto found = unparsed.find(code);
    if (found == unparsed.end()) return translator.has(code);
    std::string error;
    auto catalogue = carc::i18n::Catalogue::parse(found->second, error);
    unparsed.erase(found);
    if (!catalogue) {
        std::fprintf(stderr, "i18n: %s.json: %s\n", code.c_str(), error.c_str());
        return false;
    }
    translator.add(code, std::move(*catalogue));
    return true;
}

}  // namespace

bool loadTexts(const std::string& folder) {
    std::string text, error;
    if (!readFile(folder + "/index.json", text)) {
        std::fprintf(stderr, "i18n: %s/index.json is missing\n", folder.c_str());
        return false;
    }
    auto index = carc::i18n::parseIndex(text, error);
    if (!index) {
        std::fprintf(stderr, "i18n: index.json: %s\n", error.c_str());
        return false;
    }
    for (const auto& language : *index) {
        const std::string path = folder + "/" + language.code + ".json";
        if (!readFile(path, text)) {
            std::fprintf(stderr, "i18n: %s: missing\n", path.c_str());
            continue;
        }
        unparsed[language.code] = std::move(text);
        listed.push_back(language);
    }
    // English at once: every other language falls back to it.
    return parseWhenFirstNeeded(std::string(carc::i18n::Translator::kFallback));
}

const char* tr(std::string_view key) {
    const std::string* text = translator.text(key);
    return text ? text->c_str() : "";
}

std::string tr(std::string_view key, std::initializer_list<Arg> args) {
    return translator.format(key, args);
}

std::string tr(std::string_view key, std::span<const Arg> args) {
    return translator.format(key, args);
}

std::string trProblem(const carc::Problem& problem) {
    return wording::problem(translator, problem);
}

std::string trBreakdown(const carc::Breakdown& breakdown) {
    return wording::breakdown(translator, breakdown);
}

std::string trSurveyorMove(const carc::Event& event) {
    return wording::surveyorMove(translator, event);
}

const std::string& language() {
    return translator.language();
}

void setLanguage(const std::string& code) {
    const std::string chosen = carc::i18n::bestLanguage(listed, code);
    translator.setLanguage(parseWhenFirstNeeded(chosen) ? chosen : std::string(carc::i18n::Translator::kFallback));
}

const std::vector<carc::i18n::Language>& languages() {
    return listed;
}

std::string everyCatalogueText() {
    std::string all;
    for (const auto& language : listed) {
        // A catalogue not parsed yet gives its file as read: the same characters as its texts (a JSON
        // escape would hide one, so a file with \u escapes is parsed first), plus ASCII keys and syntax.
        auto raw = unparsed.find(language.code);
        if (raw != unparsed.end() && raw->second.find("\\u") == std::string::npos) {
            all += raw->second;
            continue;
        }
        parseWhenFirstNeeded(language.code);
        if (const auto* catalogue = translator.catalogue(language.code))
            for (const auto& [key, text] : catalogue->texts()) all += text;
    }
    return all;
}

}  // namespace web
