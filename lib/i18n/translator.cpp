#include "i18n/translator.hpp"

namespace carc::i18n {

std::string fill(std::string_view text, std::span<const Arg> args) {
    std::string out;
    size_t at = 0;
    for (size_t open = text.find("{{"); open != std::string_view::npos; open = text.find("{{", at)) {
        const size_t close = text.find("}}", open + 2);
        if (close == std::string_view::npos) break;
        const std::string_view name = text.substr(open + 2, close - open - 2);
        out.append(text.substr(at, open - at));
        const Arg* arg = nullptr;
        for (const Arg& a : args)
            if (a.name == name) arg = &a;
        if (arg)
            out += arg->text;
        else
            out.append(text.substr(open, close + 2 - open));
        at = close + 2;
    }
    out.append(text.substr(at));
    return out;
}

bool Translator::setLanguage(const std::string& language) {
    if (!has(language)) return false;
    language_ = language;
    return true;
}

const Catalogue* Translator::catalogue(const std::string& language) const {
    auto it = catalogues_.find(language);
    return it == catalogues_.end() ? nullptr : &it->second;
}

const std::string* Translator::lookup(const std::string& language, std::string_view key,
                                      std::span<const Arg> args) const {
    auto it = catalogues_.find(language);
    if (it == catalogues_.end()) return nullptr;
    const Catalogue& catalogue = it->second;
    for (const Arg& a : args) {
        if (a.name != "count" || !a.number) continue;
        const std::string base(key);
        if (const std::string* form = catalogue.find(base + "_" + plural_(language, *a.number))) return form;
        if (const std::string* other = catalogue.find(base + "_other")) return other;
    }
    return catalogue.find(key);
}

const std::string* Translator::text(std::string_view key) const {
    if (const std::string* found = lookup(language_, key, {})) return found;
    return lookup(std::string(kFallback), key, {});
}

std::string Translator::format(std::string_view key, std::span<const Arg> args) const {
    const std::string* found = lookup(language_, key, args);
    if (!found) found = lookup(std::string(kFallback), key, args);
    return found ? fill(*found, args) : std::string();
}

}  // namespace carc::i18n
