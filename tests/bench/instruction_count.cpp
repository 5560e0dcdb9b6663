// Work to count under callgrind (docs/ai.md, "Engine speed"): one seeded random game, or the hard AI's
// decision at a fixed position. Instruction counts repeat exactly on a loaded machine, where times do
// not; only the functions named measured* are meant to be counted:
//   valgrind --tool=callgrind --toggle-collect='measured*' carc_instruction_count game base 1
#include <iostream>
#include <string>

#include "carc/bots.hpp"
#include "carc/english.hpp"
#include "carc/rng.hpp"
#include "scenario.hpp"

namespace {

// A whole game of random legal actions, as the AI's playouts make them.
__attribute__((noinline)) int measuredRandomGame(carc::Game& game, carc::Rng& rng) {
    int actions = 0;
    while (!game.over()) {
        game.apply(game.randomLegalAction(rng));
        ++actions;
    }
    return actions;
}

__attribute__((noinline)) carc::Action measuredChoice(carc::Bot& bot, const carc::Game& game) {
    return bot.choose(game);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: carc_instruction_count game|hard MODE SEED [KEY=VALUE ...]\n"
                     "  game: a random game of 2 players; hard: the hard AI's decision at turn 20 of one\n";
        return 2;
    }
    const std::string task = argv[1];
    carc::Setup setup;
    setup.mode = argv[2];
    setup.players = 2;
    setup.seed = std::stoull(argv[3]);
    for (int i = 4; i < argc; ++i) {
        const std::string option = argv[i];
        const auto eq = option.find('=');
        if (eq == std::string::npos) {
            std::cerr << "options are KEY=VALUE, not '" << option << "'\n";
            return 2;
        }
        setup.options.emplace_back(option.substr(0, eq), option.substr(eq + 1));
    }
    carc::Problem problem;
    auto game = carc::test::catalog().newGame(setup, problem);
    if (!game) {
        std::cerr << carc::english::describe(problem) << '\n';
        return 1;
    }
    game->setEventLog(false);
    carc::Rng rng(setup.seed ^ 0x9E3779B97F4A7C15ull);
    // The result is printed so that two builds can be seen to do the same work.
    if (task == "game") {
        const int actions = measuredRandomGame(*game, rng);
        std::cout << "actions " << actions << " scores";
        for (int score : game->scores()) std::cout << ' ' << score;
        std::cout << '\n';
        return 0;
    }
    if (task != "hard") {
        std::cerr << "the task is game or hard, not '" << task << "'\n";
        return 2;
    }
    while (!game->over() && game->turnNumber() < 20) game->apply(game->randomLegalAction(rng));
    auto bot = carc::makeBot("hard", 7);
    const carc::Action choice = measuredChoice(*bot, *game);
    std::cout << "turn " << game->turnNumber() << " choice " << carc::actionText(choice, game->tileSet()) << '\n';
    return 0;
}
