// The game's texts, from the catalogue files (assets/i18n/<code>.json, preloaded into /i18n with the
// build's index of languages; docs/translating.md). The page (shell/i18n.js) reads the same files.
//   tr("setup.title")                              a plain text
//   tr("play.turn_of", {{"name", seat.name}})      {{name}} filled in
//   tr("play.tiles_left", {{"count", n}})          the plural form of n (CLDR, via Intl.PluralRules)
// A key the current language lacks comes from English; tests/i18n checks that every key the code
// uses exists and that every parameter a text names is one the code passes.
#pragma once

#include <initializer_list>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "carc/game.hpp"
#include "i18n/catalogue.hpp"
#include "i18n/translator.hpp"

namespace web {

using carc::i18n::Arg;

// Reads the index and every catalogue it lists, parsing English at once and each other catalogue when
// it is first chosen; false (and the reason on stderr) when the build's i18n folder is unusable.
bool loadTexts(const std::string& folder = "/i18n");

// Valid until the language changes (or for ever, for English).
const char* tr(std::string_view key);
std::string tr(std::string_view key, std::initializer_list<Arg> args);
// The same with arguments made at run time (an engine error's parameters).
std::string tr(std::string_view key, std::span<const Arg> args);
// The engine's codes in the current language (web/engine_wording.hpp): a problem ("line 3: ..."), a
// scoring breakdown ("3 tiles x2"), a New World surveyor move ("" for other moves).
std::string trProblem(const carc::Problem& problem);
std::string trBreakdown(const carc::Breakdown& breakdown);
// The feature card's plain words: "3 tiles at 2 points each" (wording::Style::Plain).
std::string trPlainBreakdown(const carc::Breakdown& breakdown);
std::string trSurveyorMove(const carc::Event& event);

const std::string& language();  // the current catalogue's code: "en", "ro", ...
// Switches to the listed language that best serves `code` ("ro-RO" -> "ro"; English when none does, or
// when that catalogue is not valid JSON).
void setLanguage(const std::string& code);
const std::vector<carc::i18n::Language>& languages();
// Every character of every catalogue, for the test hook's check that the UI font has them all (web/app.cpp).
std::string everyCatalogueText();
// Where the index ("index") and each catalogue taken so far came from: "page" (the page's copy,
// shell/i18n.js) or "file" (read and parsed here). For the test hook.
const std::map<std::string, std::string>& textSources();

}  // namespace web
