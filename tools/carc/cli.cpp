#include "cli.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "carc/english.hpp"
#include "carc/event_json.hpp"
#include "carc/rng.hpp"
#include "source_tree/source_tree.hpp"

namespace carc::cli {

std::string Args::get(const std::string& key, const std::string& fallback) const {
    auto it = named.find(key);
    return it == named.end() || it->second.empty() ? fallback : it->second.back();
}

std::string parseArgs(int argc, char** argv, int first, const std::vector<std::string>& flags, Args& out) {
    for (int i = first; i < argc; ++i) {
        std::string word = argv[i];
        if (word.rfind("--", 0) != 0 || word == "-") {
            out.positional.push_back(word);
            continue;
        }
        std::string key = word.substr(2);
        std::string value;
        if (auto eq = key.find('='); eq != std::string::npos) {
            value = key.substr(eq + 1);
            key = key.substr(0, eq);
        } else if (std::find(flags.begin(), flags.end(), key) != flags.end()) {
            value = "1";
        } else {
            if (i + 1 >= argc) return "--" + key + " needs a value";
            value = argv[++i];
        }
        out.named[key].push_back(value);
    }
    return "";
}

std::string assetsFolder(const Args& args) {
    if (args.has("assets")) return args.get("assets");
    if (const char* env = std::getenv("CARC_ASSETS")) return env;
    return source_tree::assets();
}

Catalog makeCatalog(const Args& args) {
    return Catalog(folderSource(assetsFolder(args) + "/tilesets"));
}

std::string summaryJson(const Game& game) {
    const auto& s = game.setup();
    const auto& scores = game.scores();
    json::Json winners = json::Json::array();
    if (game.over()) {
        const int best = *std::max_element(scores.begin(), scores.end());
        for (int p = 0; p < s.players; ++p)
            if (scores[p] == best) winners.push_back(p);
    }
    return json::dump(json::Json{{"mode", s.mode},
                                 {"seed", seedToText(s.seed)},
                                 {"players", s.players},
                                 {"scores", scores},
                                 {"winners", std::move(winners)},
                                 {"over", game.over()},
                                 {"tiles_placed", game.tilesPlaced()},
                                 {"tiles_discarded", game.tilesDiscarded()}});
}

int fail(const std::string& message) {
    std::cerr << "carc: " << message << '\n';
    return 2;
}

int fail(const Problem& problem) {
    return fail(english::describe(problem));
}

}  // namespace carc::cli
