#include "i18n.hpp"

#include <emscripten.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "engine_wording.hpp"
#include "read_file.hpp"

// The browser's CLDR plural rules: index into carc::i18n::kPluralCategories.
EM_JS(int, carc_plural_category, (const char* language, double n), {
    const code = UTF8ToString(language);
    const rules = Module.carcPluralRules || (Module.carcPluralRules = {});
    const rule = rules[code] || (rules[code] = new Intl.PluralRules(code));
    return [ 'zero', 'one', 'two', 'few', 'many', 'other' ].indexOf(rule.select(n));
});

// The page's own copy of the index (`what` empty) or of a catalogue (`what` its code), which
// shell/i18n.js has read already and the browser's JSON parser has flattened: fields joined by
// carc::i18n::kFieldSeparator, in a heap copy the caller frees; null when the page has none. Taking
// it spares the start-up the wasm JSON parser's first-call compilation and run (docs/load-time.md).
EM_JS(char*, carc_page_texts, (const char* what), {
    const fields = Module['pageTexts'] ? Module['pageTexts'](UTF8ToString(what)) : null;
    if (!fields) return 0;
    const bytes = new TextEncoder().encode(fields);  // the browser's encoder: far faster than a loop in JS
    const copy = _malloc(bytes.length + 1);
    HEAPU8.set(bytes, copy);
    HEAPU8[copy + bytes.length] = 0;
    return copy;
});

namespace web {
namespace {

std::string browserPluralCategory(const std::string& language, long long n) {
    const int index = carc_plural_category(language.c_str(), static_cast<double>(n));
    return std::string(index >= 0 ? carc::i18n::kPluralCategories[index] : "other");
}

carc::i18n::Translator translator(browserPluralCategory);
std::vector<carc::i18n::Language> listed;
std::string folderOfTexts;
// The listed languages whose catalogue is not taken yet: each is taken (from the page, or read and
// parsed) when first needed. Parsing all four at start took ~50 ms of the page's start-up
// (docs/load-time.md), and a page shows one language.
std::set<std::string, std::less<>> unparsed;
std::map<std::string, std::string> sources;  // see textSources()

// The page's copy of the index or of a catalogue as fields (see carc_page_texts), if it has one.
std::optional<std::string> pageTexts(const std::string& what) {
    char* fields = carc_page_texts(what.c_str());
    if (!fields) return std::nullopt;
    std::string copy(fields);
    std::free(fields);
    return copy;
}

std::string catalogueFile(const std::string& code) {
    return folderOfTexts + "/" + code + ".json";
}

// Takes `code`'s catalogue if it is not taken yet: the page's copy, or else its file, parsed; false
// when it is not valid (reported on stderr).
bool parseWhenFirstNeeded(const std::string& code) {
    if (unparsed.erase(code) == 0) return translator.has(code);
    if (const auto fields = pageTexts(code)) {
        if (auto catalogue = carc::i18n::Catalogue::fromFields(*fields)) {
            translator.add(code, std::move(*catalogue));
            sources[code] = "page";
            return true;
        }
        std::fprintf(stderr, "i18n: the page's copy of %s is malformed: reading the file\n", code.c_str());
    }
    std::string text, error;
    const std::string file = catalogueFile(code);
    if (!readFile(file, text)) {
        std::fprintf(stderr, "i18n: %s: cannot be read\n", file.c_str());
        return false;
    }
    auto catalogue = carc::i18n::Catalogue::parse(text, error);
    if (!catalogue) {
        std::fprintf(stderr, "i18n: %s.json: %s\n", code.c_str(), error.c_str());
        return false;
    }
    translator.add(code, std::move(*catalogue));
    sources[code] = "file";
    return true;
}

}  // namespace

bool loadTexts(const std::string& folder) {
    std::string text, error;
    std::optional<std::vector<carc::i18n::Language>> index;
    if (const auto fields = pageTexts("")) index = carc::i18n::languagesFromFields(*fields);
    sources["index"] = index ? "page" : "file";
    if (!index && !readFile(folder + "/index.json", text)) {
        std::fprintf(stderr, "i18n: %s/index.json is missing\n", folder.c_str());
        return false;
    }
    if (!index) index = carc::i18n::parseIndex(text, error);
    if (!index) {
        std::fprintf(stderr, "i18n: index.json: %s\n", error.c_str());
        return false;
    }
    folderOfTexts = folder;
    for (const auto& language : *index) {
        // Listed when its file is there; read only when the page has no copy of it (parseWhenFirstNeeded).
        const std::string file = catalogueFile(language.code);
        struct stat status {};
        if (stat(file.c_str(), &status) != 0) {
            std::fprintf(stderr, "i18n: %s: missing\n", file.c_str());
            continue;
        }
        unparsed.insert(language.code);
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

std::string trPlainBreakdown(const carc::Breakdown& breakdown) {
    return wording::breakdown(translator, breakdown, wording::Style::Plain);
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

const std::map<std::string, std::string>& textSources() {
    return sources;
}

const std::vector<carc::i18n::Language>& languages() {
    return listed;
}

std::string everyCatalogueText() {
    std::string all, text;
    for (const auto& language : listed) {
        // A catalogue not taken yet gives its file as read: the same characters as its texts (a JSON
        // escape would hide one, so a file with \u escapes is parsed first), plus ASCII keys and syntax.
        if (unparsed.contains(language.code) && readFile(catalogueFile(language.code), text) &&
            text.find("\\u") == std::string::npos) {
            all += text;
            continue;
        }
        parseWhenFirstNeeded(language.code);
        if (const auto* catalogue = translator.catalogue(language.code))
            for (const auto& [key, value] : catalogue->texts()) all += value;
    }
    return all;
}

}  // namespace web
