// Scenario tests read like the rule pages' examples: a record with an explicit deck, then checks.
#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "carc/game.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"

namespace carc {

// Tests compare a problem with its English wording (vocabulary/), as the CLI shows it: "" for none,
// "line 6: its south edge does not match the neighbouring tile". Tests of the codes themselves
// compare Problem::code and its parameters.
bool operator==(const Problem& problem, std::string_view english);
std::ostream& operator<<(std::ostream& out, const Problem& problem);

}  // namespace carc

namespace carc::test {

// What an event says in English: a Scored event's breakdown, a Token event's move ("" otherwise).
std::string wording(const Event& event, const Game& game);

// Tile sets from the source tree's assets/ (loaded once).
Catalog& catalog();

// A two-player base game's record (seed 1) with an explicit deck, then `moves` (one action per line).
std::string baseRecord(std::string_view deck, std::string_view moves);

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
// A mode id as a test parameter's name: "base+tunnel" -> "base_tunnel" (GoogleTest allows [A-Za-z0-9_]).
std::string modeParamName(const ::testing::TestParamInfo<std::string>& param);

RandomGame playRandomGame(const Setup& setup, std::uint64_t choiceSeed,
                          const std::function<void(const Game&, const Action&)>& observe = {});

}  // namespace carc::test
