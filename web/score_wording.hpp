// The engine writes its scoring breakdowns in English ("3 tiles x2 + 1 pennant x2", core/); the UI shows
// them in the player's language by swapping the phrases of that fixed vocabulary (numbers and signs
// stay). tests/web checks that every breakdown the engine writes is covered. No ImGui here, so the
// native tests can include it.
#pragma once

#include <cctype>
#include <cstring>
#include <string>

namespace web {

struct Phrase {
    const char* en;
    const char* ro;
    const char* nl;
};

// Whole-word phrases; where one phrase contains another, the longest match wins.
inline constexpr Phrase kScoringPhrases[] = {
    // Shared
    {"tiles", "piese", "tegels"},
    {"tile", "piesă", "tegel"},
    {"complete, two tiles", "completă, două piese", "voltooid, twee tegels"},
    {"complete", "completă", "voltooid"},
    {"estimate", "estimare", "schatting"},
    // Carcassonne
    {"pennants", "steme", "wapenschilden"},
    {"pennant", "stemă", "wapenschild"},
    {"completed cities", "orașe terminate", "voltooide steden"},
    {"completed city", "oraș terminat", "voltooide stad"},
    {"cloister", "mănăstire", "klooster"},
    {"neighbours", "vecini", "buren"},
    {"neighbour", "vecin", "buur"},
    // New World
    {"animals", "animale", "dieren"},
    {"animal", "animal", "dier"},
    {"farm", "fermă", "boerderij"},
    {"neighbouring tiles", "piese vecine", "aangrenzende tegels"},
    {"neighbouring tile", "piesă vecină", "aangrenzende tegel"},
    {"trading posts", "posturi comerciale", "handelsposten"},
    {"trading post", "post comercial", "handelspost"},
    {"flags", "steaguri", "vlaggen"},
    {"flag", "steag", "vlag"},
    {"surveyors in the settler's column", "topografi în coloana colonistului",
     "landmeters in de kolom van de kolonist"},
    {"surveyor in the settler's column", "topograf în coloana colonistului", "landmeter in de kolom van de kolonist"},
    {"a surveyor moves west to column", "un topograf se mută spre vest în coloana",
     "een landmeter gaat west naar kolom"},
    {"the waiting surveyor advances to space", "topograful care așteaptă avansează la căsuța",
     "de wachtende landmeter gaat naar vak"},
    {"of the score track", "a traseului de punctaj", "van het scorespoor"},
    {"the waiting surveyor enters the start board", "topograful care așteaptă intră pe tabla de start",
     "de wachtende landmeter komt op het startbord"},
    {"column", "coloana", "kolom"},
    {"settler in", "colonistul din", "kolonist in"},
    {"left behind east of the surveyors", "rămas în urmă la est de topografi",
     "achtergelaten ten oosten van de landmeters"},
    {"returned without scoring", "se întoarce fără puncte", "teruggenomen zonder punten"},
    {"the surveyors stay: no tile lies west of column", "topografii rămân: nicio piesă la vest de coloana",
     "de landmeters blijven staan: geen tegel ligt ten westen van kolom"},
    // The Discovery
    {"cities", "orașe", "steden"},
    {"city", "oraș", "stad"},
    {"two tiles", "două piese", "twee tegels"},
    // Gold Rush
    {"nugget symbols", "simboluri de pepite", "goudklompsymbolen"},
    {"nugget symbol", "simbol de pepită", "goudklompsymbool"},
    {"complete railroads", "căi ferate complete", "voltooide spoorlijnen"},
    {"complete railroad", "cale ferată completă", "voltooide spoorlijn"},
    {"tipi camps", "tabere de tipi", "tipikampen"},
    {"tipi camp", "tabără de tipi", "tipikamp"},
    {"herds of wild horses", "herghelii de cai sălbatici", "kuddes wilde paarden"},
    {"herd of wild horses", "herghelie de cai sălbatici", "kudde wilde paarden"},
    {"hidden tokens", "jetoane ascunse", "verborgen fiches"},
    {"hidden token", "jeton ascuns", "verborgen fiche"},
    {"one locomotive", "o locomotivă", "één locomotief"},
    {"locomotives: not doubled", "locomotive: nu se dublează", "locomotieven: niet verdubbeld"},
};

// Replaces every phrase of the table in `english` by `pick(phrase)`; other characters are kept.
template <class Pick>
std::string replaceScoringPhrases(const std::string& english, Pick pick) {
    const auto isLetter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '\''; };
    std::string out;
    size_t i = 0;
    while (i < english.size()) {
        const Phrase* best = nullptr;
        size_t bestLength = 0;
        if (i == 0 || !isLetter(english[i - 1])) {
            for (const Phrase& phrase : kScoringPhrases) {
                const size_t n = std::strlen(phrase.en);
                if (n > bestLength && english.compare(i, n, phrase.en) == 0 &&
                    (i + n == english.size() || !isLetter(english[i + n]))) {
                    best = &phrase;
                    bestLength = n;
                }
            }
        }
        if (best) {
            out += pick(*best);
            i += bestLength;
        } else {
            out += english[i++];
        }
    }
    return out;
}

// lang: 0 English (unchanged), 1 Romanian, 2 Dutch.
inline std::string translateScoring(const std::string& english, int lang) {
    if (lang == 0) return english;
    return replaceScoringPhrases(english, [lang](const Phrase& p) { return lang == 1 ? p.ro : p.nl; });
}

}  // namespace web
