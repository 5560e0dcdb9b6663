// Reading a game setup from command-line options, and printing a game's events.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/record.hpp"
#include "cli.hpp"

namespace carc::cli {

std::vector<std::string> splitList(const std::string& text);
// --mode, --players, --seed, --option k=v (repeatable), --names a,b: "" or the error.
std::string setupFromArgs(const Args& args, Setup& setup);
void printEvents(const Game& game, std::ostream& out);
// Reads a file, or standard input for "-".
bool readInput(const std::string& path, std::string& text);
// Reads the record at `path` ("-": standard input) and replays it. 0 when `replay` holds the game;
// else it has printed why and returns the exit status (2 for an unreadable file, as fail(); 1 for a
// record the engine refuses).
int replayInput(const std::string& path, Catalog& catalog, Replay& replay);

}  // namespace carc::cli
