// The keys the code uses, found by scanning web/ (tr calls) and shell/ (t calls): each exists in the
// English catalogue (so no player ever sees a raw key or an empty text), each text names only
// parameters the call passes, a key made at run time ("category." + id) exists for every value the
// engine can give it, and no English text is left that nothing uses.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "../../web/colour_keys.hpp"
#include "carc/bots.hpp"
#include "carc/modes.hpp"
#include "catalogue_files.hpp"
#include "scenario.hpp"
#include "source_scan.hpp"
#include "test_paths.hpp"

namespace carc::test {
namespace {

namespace fs = std::filesystem;

struct Scanned {
    std::vector<KeyUse> uses;
    std::set<std::string> groups;
};

// web/*.cpp, web/*.hpp (but the translation functions themselves) and shell/*.js.
const Scanned& scanned() {
    static const Scanned result = [] {
        Scanned out;
        const fs::path root = carc::test::sourceRoot();
        for (const char* folder : {"web", "shell"}) {
            for (const auto& entry : fs::directory_iterator(root / folder)) {
                const std::string ext = entry.path().extension().string();
                const std::string name = entry.path().filename().string();
                const bool cpp = ext == ".cpp" || ext == ".hpp", js = ext == ".js";
                if ((!cpp && !js) || name == "i18n.cpp" || name == "i18n.hpp" || name == "i18n.js") continue;
                const Language language = cpp ? Language::Cpp : Language::JavaScript;
                const std::string text = readText(entry.path());
                for (auto& use : keyUses(std::string(folder) + "/" + name, text, language)) out.uses.push_back(use);
                for (auto& group : groupLiterals(text, language)) out.groups.insert(group);
            }
        }
        return out;
    }();
    return result;
}

bool isWrapper(const KeyUse& use) {
    // shell/*.js: const t = (key, values) => shell.t(key, values);
    return use.opaque && (use.key == "key");
}

// Every English key a use covers: the key itself (plain or plural), or every key under its prefix.
std::vector<std::string> keysOf(const KeyUse& use) {
    std::vector<std::string> keys;
    for (const auto& key : baseKeys(english()))
        if (use.dynamic ? key.rfind(use.key, 0) == 0 : key == use.key) keys.push_back(key);
    return keys;
}

TEST(CodeKeys, TheScannerSeesCallsAsWritten) {
    const std::string js = R"js(
        // t('commented.out')
        const re = /"/g; const url = 'https://x'; /* t('also.out') */
        msg(t('page.a'), t("page.b", { name: x, count }), t(`page.c`));
        t('link.d', { ...spread });
        t('page.' + kind);
    )js";
    const auto uses = keyUses("x.js", js, Language::JavaScript);
    ASSERT_EQ(uses.size(), 5u);
    EXPECT_EQ(uses[0].key, "page.a");
    EXPECT_EQ(uses[1].key, "page.b");
    EXPECT_EQ(uses[1].params, (std::set<std::string>{"name", "count"}));
    EXPECT_EQ(uses[1].where, "x.js:4");
    EXPECT_EQ(uses[2].key, "page.c");
    EXPECT_FALSE(uses[3].paramsKnown);
    EXPECT_TRUE(uses[4].dynamic);
    EXPECT_EQ(uses[4].key, "page.");
    const std::string cpp = R"cpp(
        // tr("commented.out")
        auto a = tr("play.turn_of", {{"name", seat.name}, {"count", f(1, 2)}});
        auto b = tr(std::string("colour.") + colourKey(c));
        ImGui::Text("%s", tr("setup.title"));
        const char* u = "//";
        other.tr("no");
    )cpp";
    const auto cppUses = keyUses("x.cpp", cpp, Language::Cpp);
    ASSERT_EQ(cppUses.size(), 3u);
    EXPECT_EQ(cppUses[0].params, (std::set<std::string>{"name", "count"}));
    EXPECT_TRUE(cppUses[1].dynamic);
    EXPECT_EQ(cppUses[1].key, "colour.");
    EXPECT_EQ(cppUses[2].key, "setup.title");
    EXPECT_TRUE(cppUses[2].params.empty());
}

TEST(CodeKeys, FindsTheCallsOfBothFrontEnds) {
    std::set<std::string> files;
    for (const auto& use : scanned().uses) files.insert(use.where.substr(0, use.where.find(':')));
    EXPECT_GT(scanned().uses.size(), 150u);
    for (const char* file : {"web/setup_screen.cpp", "web/side_panel.cpp", "shell/saves.js", "shell/links.js"})
        EXPECT_TRUE(files.count(file)) << file;
}

TEST(CodeKeys, EveryKeyIsVisibleInTheCode) {
    for (const auto& use : scanned().uses)
        EXPECT_TRUE(!use.opaque || isWrapper(use)) << use.where << ": a key the tests cannot see: " << use.key;
}

TEST(CodeKeys, EveryKeyTheCodeUsesExistsInEnglish) {
    for (const auto& use : scanned().uses) {
        if (use.opaque) continue;
        EXPECT_FALSE(keysOf(use).empty())
            << use.where << ": " << use.key << (use.dynamic ? "..." : "") << " is not in assets/i18n/en.json";
    }
}

TEST(CodeKeys, EveryParameterATextUsesIsOneTheCodePasses) {
    for (const auto& use : scanned().uses) {
        if (use.opaque) continue;
        ASSERT_TRUE(use.paramsKnown) << use.where << ": pass the parameters as a literal list";
        for (const auto& key : keysOf(use)) {
            for (const auto& [code, catalogue] : catalogueFiles()) {
                const auto forms = formsOf(catalogue, key);
                if (forms.size() > 1 || catalogue.find(key + "_other")) {
                    EXPECT_TRUE(use.params.count("count"))
                        << use.where << ": " << key << " has plural forms: pass count";
                }
                for (const auto& text : forms) {
                    for (const auto& name : i18n::placeholders(text)) {
                        EXPECT_TRUE(use.params.count(name))
                            << use.where << ": " << code << ".json " << key << " uses {{" << name << "}}, not passed";
                    }
                }
            }
        }
    }
}

// The game server's error codes, from the table of docs/online-protocol.md (the page words each one;
// `illegal` and `bad_setup` carry the engine's own reason instead).
std::set<std::string> serverErrorCodes() {
    std::set<std::string> codes;
    std::istringstream doc(readText(carc::test::sourceRoot() / "docs" / "online-protocol.md"));
    bool inTable = false;
    for (std::string line; std::getline(doc, line);) {
        if (line.rfind("| code | when |", 0) == 0)
            inTable = true;
        else if (inTable && line.rfind("|", 0) != 0)
            break;
        else if (inTable) {
            const std::string first = line.substr(0, line.find('|', 1));
            for (size_t at = first.find('`'); at != std::string::npos; at = first.find('`', at + 1)) {
                const size_t end = first.find('`', at + 1);
                codes.insert(first.substr(at + 1, end - at - 1));
                at = end;
            }
        }
    }
    codes.erase("illegal");
    codes.erase("bad_setup");
    return codes;
}

// Every value a run-time key can take, from the engine (and the palette's colour names).
std::map<std::string, std::set<std::string>> runTimeKeys() {
    std::map<std::string, std::set<std::string>> keys;
    for (const auto& mode : allModes()) {
        keys["mode."].insert("mode." + mode.id);
        keys["rules."].insert("rules." + mode.id);
        for (const auto& option : mode.options) {
            keys["option."].insert("option." + option.key + ".label");
            keys["option."].insert("option." + option.key + ".description");
            for (const auto& value : option.values) keys["option_value."].insert("option_value." + value);
        }
        Setup setup;
        setup.mode = mode.id;
        setup.players = mode.minPlayers;
        Problem error;
        const auto game = catalog().newGame(setup, error);
        EXPECT_TRUE(game) << mode.id << ": " << error;
        if (game)
            for (const auto& category : game->scoreCategories()) keys["category."].insert("category." + category);
        // The feature card names any kind and symbol of the mode's tile set.
        if (game) {
            for (const auto& kind : game->tileSet().kinds)
                keys["feature_card.kind."].insert("feature_card.kind." + kind.name);
            for (const auto& symbol : game->tileSet().symbols)
                keys["feature_card.symbol."].insert("feature_card.symbol." + symbol);
            for (const auto& piece : game->featurePieceNames())
                keys["feature_card.piece."].insert("feature_card.piece." + piece);
        }
        // The held tile's description: named by the tile set that defines the design.
        if (game)
            for (const auto& design : game->tileSet().designs)
                keys["tile."].insert("tile." + design.origin + "." + design.name);
    }
    // The end screen's places: one for each seat of the largest game.
    for (const auto& mode : allModes())
        for (int place = 1; place <= mode.maxPlayers; ++place)
            keys["end.rank_"].insert("end.rank_" + std::to_string(place));
    for (const auto& bot : botNames()) keys["seat.bot."].insert("seat.bot." + bot);
    // The move times a room's host chooses from (server/src/turn_clock.cpp's choices, and "off").
    for (const char* clock : {"off", "30", "60", "120", "300", "86400"})
        keys["online.move_time."].insert(std::string("online.move_time.") + clock);
    for (const auto& code : serverErrorCodes()) keys["online.error."].insert("online.error." + code);
    for (const char* colour : web::kColourKeys) keys["colour."].insert(std::string("colour.") + colour);
    // New World's scoring-order choices name the kind of each completed feature: any kind but its fields.
    std::string error;
    const auto tiles = catalog().tileSet("newworld", error);
    EXPECT_TRUE(tiles) << error;
    for (const auto& kind : tiles ? tiles->kinds : std::vector<KindDef>{})
        if (kind.cls != KindClass::Field) keys["feature."].insert("feature." + kind.name);
    return keys;
}

TEST(CodeKeys, RunTimeKeysExistForEveryValueTheEngineGives) {
    const auto known = runTimeKeys();
    EXPECT_FALSE(known.at("feature.").empty());
    EXPECT_GE(known.at("online.error.").size(), 20u) << "docs/online-protocol.md's table of error codes was not read";
    std::set<std::string> prefixes;
    for (const auto& use : scanned().uses)
        if (use.dynamic) prefixes.insert(use.key);
    EXPECT_GE(prefixes.size(), 6u);
    for (const auto& prefix : prefixes) {
        const auto it = known.find(prefix);
        if (it == known.end()) {
            ADD_FAILURE() << "\"" << prefix << "\" + ...: teach tests/i18n which values this key can take";
            continue;
        }
        for (const auto& key : it->second)
            EXPECT_FALSE(formsOf(english(), key).empty()) << key << " is missing from assets/i18n/en.json";
    }
}

// The English catalogue's tile descriptions are the tile-set files' own (the CLI prints those), so the
// two never say different things.
TEST(CodeKeys, TileDescriptionsAreTheTileSetFilesOwn) {
    int designs = 0;
    for (const auto& mode : allModes()) {
        std::string error;
        const auto tiles = catalog().tileSet(mode.tileset, error);
        ASSERT_TRUE(tiles) << error;
        for (const auto& design : tiles->designs) {
            const std::string key = "tile." + design.origin + "." + design.name;
            const auto forms = formsOf(english(), key);
            ASSERT_EQ(forms.size(), 1u) << key << " is missing from assets/i18n/en.json";
            EXPECT_EQ(forms[0], design.description) << key;
            ++designs;
        }
    }
    EXPECT_GE(designs, 178);
}

TEST(CodeKeys, EveryEnglishTextIsUsed) {
    std::set<std::string> used = {"language.name"};  // the build's index of languages reads it
    for (const auto& use : scanned().uses)
        for (const auto& key : keysOf(use)) used.insert(key);
    for (const auto& key : baseKeys(english())) {
        const bool inGroup = std::any_of(scanned().groups.begin(), scanned().groups.end(),
                                         [&](const std::string& group) { return key.rfind(group, 0) == 0; });
        EXPECT_TRUE(used.count(key) || inGroup) << key << ": no code uses it (remove it from every catalogue)";
    }
}

}  // namespace
}  // namespace carc::test
