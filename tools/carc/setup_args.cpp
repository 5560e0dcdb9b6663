#include "setup_args.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "carc/english.hpp"
#include "carc/rng.hpp"

namespace carc::cli {

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) out.push_back(item);
    return out;
}

std::string setupFromArgs(const Args& args, Setup& setup) {
    if (!args.has("mode")) return "--mode is required";
    setup.mode = args.get("mode");
    const std::string players = args.get("players", "2");
    if (players.empty() || players.size() > 2 || players.find_first_not_of("0123456789") != std::string::npos)
        return "--players must be a number, not '" + players + "'";
    setup.players = std::stoi(players);
    const std::string seedText = args.get("seed", "1");
    auto seed = seedFromText(seedText);
    if (!seed) return "bad seed '" + seedText + "' (1-13 base32 digits: 0-9 and A-Z without I, L, O, U)";
    setup.seed = *seed;
    if (auto it = args.named.find("option"); it != args.named.end()) {
        for (const auto& kv : it->second) {
            const auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0) return "--option takes KEY=VALUE, not '" + kv + "'";
            setup.options.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
        }
    }
    if (args.has("names")) setup.names = splitList(args.get("names"));
    return "";
}

void printEvents(const Game& game, std::ostream& out) {
    for (const auto& e : game.events()) {
        switch (e.type) {
            case EventType::TilePlaced:
                out << "P" << e.player << " places " << game.tileSet().designs[e.design].name << " at "
                    << posText(e.pos) << " r" << e.segment << '\n';
                break;
            case EventType::TileSetAside:
                out << "tile " << game.tileSet().designs[e.design].name << " set aside: equal turns\n";
                break;
            case EventType::TileDiscarded:
                out << "tile " << game.tileSet().designs[e.design].name << " discarded: fits nowhere\n";
                break;
            case EventType::Scored:
                out << "P" << e.player << " scores " << e.points << " for " << game.scoreCategories()[e.category]
                    << (e.final ? " (final)" : "") << ": " << english::describe(e.breakdown) << '\n';
                break;
            case EventType::Token:
                out << "P" << e.player << ": " << english::describeMove(e, english::playerName(game.setup(), e.player))
                    << '\n';
                break;
            case EventType::GameOver:
                out << "game over\n";
                break;
            default:
                break;
        }
    }
}

bool readInput(const std::string& path, std::string& text) {
    std::ostringstream buffer;
    if (path == "-") {
        buffer << std::cin.rdbuf();
    } else {
        std::ifstream in(path, std::ios::binary);
        if (!in) return false;
        buffer << in.rdbuf();
    }
    text = buffer.str();
    return true;
}

int replayInput(const std::string& path, Catalog& catalog, Replay& replay) {
    std::string text;
    if (!readInput(path, text)) return fail("cannot read " + path);
    replay = replayText(text, catalog);
    if (!replay.error) return 0;
    std::cerr << english::describe(replay.error) << '\n';
    return 1;
}

}  // namespace carc::cli
