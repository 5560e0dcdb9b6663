// The game record: setup + one action per line (docs/record-format.md), its compact URL form, and
// replaying it into a game with precise errors.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "carc/action.hpp"
#include "carc/game.hpp"
#include "carc/modes.hpp"
#include "carc/setup.hpp"

namespace carc {

// A hidden value a dealt record learns between actions: before the action with index `before`
// (== actions.size() for one after the last action).
struct LaterReveal {
    std::size_t before = 0;
    Reveal reveal;
    friend bool operator==(const LaterReveal&, const LaterReveal&) = default;
};

struct Record {
    Setup setup;  // for a dealt record: setup.dealt, and setup.reveals before the first action
    std::vector<Action> actions;
    std::vector<LaterReveal> reveals;  // dealt records only, in order
};

std::string formatRecord(const Record& record, const TileSet& tiles);

struct Replay {
    std::unique_ptr<Game> game;  // the position after the last good action (null if setup failed)
    Record record;               // setup and the actions that were applied
    Problem error;               // none, or the problem with its `line` (text) or `action` (data)
    int errorLine = 0;
};

// Parses a text record and applies its actions one by one; stops at the first bad line (error.line).
Replay replayText(std::string_view text, Catalog& catalog);
// Applies the actions (and a dealt record's reveals) to a new game (error.action: the 1-based action
// that failed).
Replay replayRecord(const Record& record, Catalog& catalog);
// One reveal as a record line: "reveal tile 12 E", "reveal token 40 2".
std::string revealText(const Reveal& reveal, const TileSet& tiles);
// Reads one such line (a dealt record's later lines arrive one by one, e.g. from a game server);
// nullopt with the reason in `error`.
std::optional<Reveal> parseRevealLine(std::string_view line, const TileSet& tiles, Problem& error);

// Compact, URL-safe (base64url) form of the same content, for links.
std::string encodeRecord(const Record& record, const TileSet& tiles);
// Decodes a link form; returns false with the reason in `error`.
bool decodeRecord(std::string_view text, Catalog& catalog, Record& record, Problem& error);

}  // namespace carc
