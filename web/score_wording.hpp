// The engine writes its scoring breakdowns in English ("3 tiles x2 + 1 pennant x2", core/); the UI shows
// them in the player's language by swapping the phrases of that fixed vocabulary (numbers and signs
// stay). The phrases are the catalogues' "scoring." texts: the English text is what the engine
// writes, the other language's text of the same key replaces it. tests/web checks that every
// breakdown the engine writes is covered. No ImGui here, so the native tests can include it.
// (Once the engine reports breakdowns as data, they will be worded from catalogue keys instead.)
#pragma once

#include <cctype>
#include <string>
#include <vector>

#include "i18n/catalogue.hpp"

namespace web {

struct ScoringPhrase {
    std::string english;
    std::string translated;
};

inline constexpr std::string_view kScoringGroup = "scoring.";

// The phrases of the "scoring." group: English, and the target's text (English where it has none).
inline std::vector<ScoringPhrase> scoringPhrases(const carc::i18n::Catalogue& english,
                                                 const carc::i18n::Catalogue& target) {
    std::vector<ScoringPhrase> phrases;
    for (const auto& [key, text] : english.texts()) {
        if (key.compare(0, kScoringGroup.size(), kScoringGroup) != 0) continue;
        const std::string* translated = target.find(key);
        phrases.push_back({text, translated ? *translated : text});
    }
    return phrases;
}

// Replaces every whole-word phrase in `english` by its translation; where one phrase contains
// another, the longest match wins. Other characters are kept.
inline std::string replaceScoringPhrases(const std::string& english, const std::vector<ScoringPhrase>& phrases) {
    const auto isLetter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '\''; };
    std::string out;
    size_t i = 0;
    while (i < english.size()) {
        const ScoringPhrase* best = nullptr;
        if (i == 0 || !isLetter(english[i - 1])) {
            for (const ScoringPhrase& phrase : phrases) {
                const size_t n = phrase.english.size();
                if (n > (best ? best->english.size() : 0) && english.compare(i, n, phrase.english) == 0 &&
                    (i + n == english.size() || !isLetter(english[i + n])))
                    best = &phrase;
            }
        }
        if (best) {
            out += best->translated;
            i += best->english.size();
        } else {
            out += english[i++];
        }
    }
    return out;
}

}  // namespace web
