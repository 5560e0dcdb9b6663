#include "i18n/catalogue.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

namespace carc::i18n {
namespace {

using Json = nlohmann::json;

// Parses without exceptions (the wasm build has none): a discarded value means not JSON.
std::optional<Json> parseJson(std::string_view text, std::string& error) {
    Json value = Json::parse(text.begin(), text.end(), nullptr, false);
    if (value.is_discarded()) {
        error = "not valid JSON";
        return std::nullopt;
    }
    return value;
}

bool flatten(const Json& node, const std::string& prefix, std::map<std::string, std::string, std::less<>>& out,
             std::string& error) {
    for (const auto& [name, value] : node.items()) {
        if (name.empty() || name.find('.') != std::string::npos) {
            error = "\"" + prefix + name + "\": a key is a non-empty name without dots (groups nest instead)";
            return false;
        }
        const std::string key = prefix + name;
        if (value.is_string()) {
            out.emplace(key, value.get<std::string>());
        } else if (value.is_object()) {
            if (!flatten(value, key + ".", out, error)) return false;
        } else {
            error = "\"" + key + "\": a value is a text or a group of texts";
            return false;
        }
    }
    return true;
}

// `fields` cut at every kFieldSeparator, as pairs; nullopt for an odd count or an empty first of a pair.
std::optional<std::vector<std::pair<std::string, std::string>>> fieldPairs(std::string_view fields) {
    std::vector<std::pair<std::string, std::string>> pairs;
    if (fields.empty()) return pairs;
    std::vector<std::string_view> cut;
    for (size_t start = 0;;) {
        const size_t end = fields.find(kFieldSeparator, start);
        cut.push_back(fields.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    if (cut.size() % 2 != 0) return std::nullopt;
    for (size_t i = 0; i < cut.size(); i += 2) {
        if (cut[i].empty()) return std::nullopt;
        pairs.emplace_back(cut[i], cut[i + 1]);
    }
    return pairs;
}

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

}  // namespace

std::optional<Catalogue> Catalogue::parse(std::string_view json, std::string& error) {
    auto value = parseJson(json, error);
    if (!value) return std::nullopt;
    if (!value->is_object()) {
        error = "a catalogue is a JSON object";
        return std::nullopt;
    }
    Catalogue catalogue;
    if (!flatten(*value, "", catalogue.texts_, error)) return std::nullopt;
    return catalogue;
}

std::optional<Catalogue> Catalogue::fromFields(std::string_view fields) {
    auto pairs = fieldPairs(fields);
    if (!pairs) return std::nullopt;
    Catalogue catalogue;
    for (auto& [key, text] : *pairs) catalogue.texts_.insert_or_assign(std::move(key), std::move(text));
    return catalogue;
}

const std::string* Catalogue::find(std::string_view key) const {
    auto it = texts_.find(key);
    return it == texts_.end() ? nullptr : &it->second;
}

std::pair<std::string_view, std::string_view> splitPluralSuffix(std::string_view key) {
    const size_t cut = key.rfind('_');
    if (cut != std::string_view::npos) {
        const std::string_view suffix = key.substr(cut + 1);
        for (std::string_view category : kPluralCategories)
            if (suffix == category) return {key.substr(0, cut), suffix};
    }
    return {key, {}};
}

std::vector<std::string> placeholders(std::string_view text) {
    std::vector<std::string> names;
    for (size_t open = text.find("{{"); open != std::string_view::npos; open = text.find("{{", open + 2)) {
        const size_t close = text.find("}}", open + 2);
        if (close == std::string_view::npos) break;
        names.emplace_back(text.substr(open + 2, close - open - 2));
    }
    return names;
}

std::optional<std::vector<Language>> parseIndex(std::string_view json, std::string& error) {
    auto value = parseJson(json, error);
    if (!value) return std::nullopt;
    const auto list = value->is_object() ? value->find("languages") : value->end();
    if (list == value->end() || !list->is_array()) {
        error = "the index is {\"languages\": [...]}";
        return std::nullopt;
    }
    std::vector<Language> languages;
    for (const auto& item : *list) {
        const auto code = item.is_object() ? item.find("code") : item.end();
        const auto name = item.is_object() ? item.find("name") : item.end();
        if (code == item.end() || name == item.end() || !code->is_string() || !name->is_string()) {
            error = "each language is {\"code\": ..., \"name\": ...}";
            return std::nullopt;
        }
        languages.push_back({code->get<std::string>(), name->get<std::string>()});
    }
    return languages;
}

std::optional<std::vector<Language>> languagesFromFields(std::string_view fields) {
    auto pairs = fieldPairs(fields);
    if (!pairs) return std::nullopt;
    std::vector<Language> languages;
    for (auto& [code, name] : *pairs) languages.push_back({std::move(code), std::move(name)});
    return languages;
}

std::string bestLanguage(const std::vector<Language>& languages, std::string_view requested) {
    const std::string wanted = lower(requested);
    for (const auto& l : languages)
        if (lower(l.code) == wanted) return l.code;
    const std::string primary = wanted.substr(0, wanted.find_first_of("-_"));
    for (const auto& l : languages)
        if (lower(l.code) == primary) return l.code;
    return "en";
}

}  // namespace carc::i18n
