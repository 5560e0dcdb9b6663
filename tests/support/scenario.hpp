// Scenario tests read like the rule pages' examples: a record with an explicit deck, then checks.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "carc/game.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"

namespace carc::test {

// Tile sets from the source tree's assets/ (loaded once).
Catalog& catalog();

// Replays a record; the test fails (with the record's "line N: reason") if any line is bad.
std::unique_ptr<Game> play(std::string_view record);
// Replays a record and returns the outcome, good or bad.
Replay replay(std::string_view record);

// Points a player received from Scored events of one category ("road", "city", ...).
// final: only final scoring (true), only during play (false), or both (default).
enum class When { Any, DuringPlay, Final };
int pointsFor(const Game& game, int player, const std::string& category, When when = When::Any);
// The Scored events, in order, as "P<player> <category> <points>" strings (final ones end in " final").
std::vector<std::string> scoringLog(const Game& game);

// Plays one game choosing uniformly at random among the legal actions; `observe` sees the game
// before every action (and the action chosen). Returns the finished game and its record.
struct RandomGame {
    std::unique_ptr<Game> game;
    Record record;
};
RandomGame playRandomGame(const Setup& setup, std::uint64_t choiceSeed,
                          const std::function<void(const Game&, const Action&)>& observe = {});

}  // namespace carc::test
