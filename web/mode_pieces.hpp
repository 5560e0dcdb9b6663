// What the screen shows of a mode's own pieces (tunnel tokens, tents and mining tokens, surveyors, a
// hand of tiles), read from the public accessors of the mode's game class, and what an action would
// score (applied to a copy of the game). No rules here: the engine answers every question.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "carc/game.hpp"

namespace web {

// The Tunnel: each player's pairs of tokens.
struct TunnelPieces {
    int pairsPerPlayer = 0;
    std::vector<int> left;      // pairs not started yet
    std::vector<int> linked;    // pairs with both tokens on portals
    std::vector<int> halfLaid;  // pairs with one token on a portal
};

// Gold Rush: tents and mining tokens.
struct GoldRushPieces {
    static constexpr int kHidden = -1;     // a token value the viewer may not see
    std::vector<int> tentSegment;          // segment id per player, -1 while in their supply
    std::vector<std::vector<int>> values;  // per holder, as the viewer sees them (kHidden or nuggets)
    int supply = 0;                        // face-down tokens not laid yet
};

// New World: the two surveyors.
struct SurveyorPieces {
    std::vector<int> columns;  // per surveyor: its column (board x = -column), -1 while on the score track
    int trackSpace = -1;       // score-track space of the waiting surveyor (house rule), else -1
    int bonus = 0;             // points per surveyor for a settler scored in its column
};

// A hand of several tiles (The Discovery's double-tile variant): the viewer's own hand only.
struct HandPieces {
    int owner = -1;
    std::vector<int> designs;
};

struct ModePieces {
    std::optional<TunnelPieces> tunnel;
    std::optional<GoldRushPieces> goldRush;
    std::optional<SurveyorPieces> surveyors;
    std::optional<HandPieces> hand;
};

// The viewer of a finished game's replay: the game is over, so nothing is secret at any of its steps.
constexpr int kEveryoneSees = -2;

// `viewer` is the seat looking at the screen (-1: nobody's hidden pieces are shown until the end;
// kEveryoneSees: every player's, as each sees their own).
ModePieces readModePieces(const carc::Game& game, int viewer);

// Whether the mode keeps players' hands secret (a hand of several tiles).
bool handsAreSecret(const carc::Game& game);

// What an action does to the scores, found by applying it to a copy of the game.
struct Consequence {
    bool legal = false;
    std::vector<int> gain;            // per player, the whole effect up to the next decision
    std::vector<carc::Event> first;   // Scored events of the first feature scored (up to a token move)
    std::vector<carc::Event> scored;  // every Scored event
    std::vector<carc::Event> moves;   // the mode's token moves it caused (e.g. a surveyor walks west)
};
Consequence consequenceOf(const carc::Game& game, const carc::Action& action);

// Scored events the turn in the making added on top of the committed game.
std::vector<carc::Event> scoredSince(const carc::Game& committed, const carc::Game& view);

}  // namespace web
