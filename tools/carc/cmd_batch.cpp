// carc batch: runs many carc command lines in one process, so a build that is slow to start
// (the wasm carc under node) pays its start-up once. tests/wasm compares such batches between
// the native and the wasm build.
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "setup_args.hpp"

namespace carc::cli {

namespace {

using Command = int (*)(const Args&);

// The commands a batch may run (not batch itself, not bench: its timings differ run to run).
Command findCommand(const std::string& name) {
    if (name == "play") return cmdPlay;
    if (name == "replay") return cmdReplay;
    if (name == "tiles") return cmdTiles;
    if (name == "link") return cmdLink;
    if (name == "modes") return cmdModes;
    return nullptr;
}

int runLine(const std::vector<std::string>& words) {
    Command command = findCommand(words[0]);
    if (!command) return fail("batch cannot run '" + words[0] + "' (play, replay, tiles, link, modes)");
    // parseArgs reads argv; words[0] stands where the program name would be.
    std::vector<char*> argv;
    for (const auto& word : words) argv.push_back(const_cast<char*>(word.c_str()));
    Args args;
    if (auto error = parseArgs(static_cast<int>(argv.size()), argv.data(), 1, {"quiet", "log", "events"}, args);
        !error.empty())
        return fail(error);
    try {
        return command(args);
    } catch (const std::exception& e) {
        return fail(std::string("internal error: ") + e.what());
    }
}

}  // namespace

// Each line of the input is one command line (words split at blanks, no quoting); blank lines and
// # comments are skipped. After each command's own output comes the line "exit N".
int cmdBatch(const Args& args) {
    if (args.positional.size() != 1) return fail("batch takes one file of command lines (or - for standard input)");
    std::string text;
    if (!readInput(args.positional[0], text)) return fail("cannot read " + args.positional[0]);
    std::istringstream lines(text);
    std::string line;
    int failures = 0;
    while (std::getline(lines, line)) {
        std::istringstream split(line);
        std::vector<std::string> words;
        for (std::string word; split >> word;) words.push_back(word);
        if (words.empty() || words[0][0] == '#') continue;
        const int status = runLine(words);
        std::cout << "exit " << status << '\n';
        std::cout.flush();
        if (status != 0) ++failures;
    }
    return failures == 0 ? 0 : 1;
}

}  // namespace carc::cli
