// Shared pieces of the `carc` command-line tool.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/modes.hpp"

namespace carc::cli {

// --key value pairs (repeatable keys keep every value) and the remaining positional words.
struct Args {
    std::map<std::string, std::vector<std::string>> named;
    std::vector<std::string> positional;
    bool has(const std::string& key) const { return named.count(key) > 0; }
    std::string get(const std::string& key, const std::string& fallback = "") const;
};

// Parses argv[first..]; `flags` are keys that take no value. Returns "" or an error.
std::string parseArgs(int argc, char** argv, int first, const std::vector<std::string>& flags, Args& out);

std::string assetsFolder(const Args& args);
Catalog makeCatalog(const Args& args);

// One JSON line: mode, seed, players, scores, winners, tiles placed and discarded.
std::string summaryJson(const Game& game);

int fail(const std::string& message);  // prints "carc: message" to stderr, returns 2
int fail(const Problem& problem);      // the same, worded in English

int cmdPlay(const Args& args);
int cmdReplay(const Args& args);
int cmdTiles(const Args& args);
int cmdBench(const Args& args);
int cmdLink(const Args& args);
int cmdModes(const Args& args);
int cmdBatch(const Args& args);  // many command lines in one process (tests/wasm)
int cmdArena(const Args& args);  // bots against bots, many games
int cmdHint(const Args& args);   // the AI's turn for the player to move at a record's end

}  // namespace carc::cli
