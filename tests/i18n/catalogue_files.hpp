// The catalogue files of the source tree (assets/i18n/<code>.json), read with the game's own reader.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "i18n/catalogue.hpp"
#include "test_paths.hpp"

namespace carc::test {

inline std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every catalogue by its code ("en", "ro", ...); a file that does not parse fails the test.
inline const std::map<std::string, i18n::Catalogue>& catalogueFiles() {
    static const std::map<std::string, i18n::Catalogue> catalogues = [] {
        std::map<std::string, i18n::Catalogue> out;
        for (const auto& entry : std::filesystem::directory_iterator(carc::test::sourceRoot() / "assets" / "i18n")) {
            if (entry.path().extension() != ".json") continue;
            std::string error;
            auto catalogue = i18n::Catalogue::parse(readText(entry.path()), error);
            EXPECT_TRUE(catalogue) << entry.path() << ": " << error;
            if (catalogue) out.emplace(entry.path().stem().string(), std::move(*catalogue));
        }
        return out;
    }();
    return catalogues;
}

inline const i18n::Catalogue& english() {
    return catalogueFiles().at("en");
}

// Keys without their plural suffix: "play.tiles_left_one" and "play.tiles_left_other" are one text.
inline std::set<std::string> baseKeys(const i18n::Catalogue& catalogue) {
    std::set<std::string> keys;
    for (const auto& [key, text] : catalogue.texts()) keys.emplace(i18n::splitPluralSuffix(key).first);
    return keys;
}

// The texts of a key: the one text, or each plural form.
inline std::vector<std::string> formsOf(const i18n::Catalogue& catalogue, const std::string& key) {
    std::vector<std::string> forms;
    if (const std::string* text = catalogue.find(key)) forms.push_back(*text);
    for (std::string_view category : i18n::kPluralCategories)
        if (const std::string* text = catalogue.find(key + "_" + std::string(category))) forms.push_back(*text);
    return forms;
}

}  // namespace carc::test
