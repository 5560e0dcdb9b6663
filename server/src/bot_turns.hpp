// The bots' turns in every room: whose turn a bot plays, its thinking on a worker thread, its choice
// checked as a player's move is and committed on the hub's thread, and a turn that could not be
// played tried again after a backoff (then by the random bot), so that no room waits for a restart.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "carc/action.hpp"
#include "room.hpp"

namespace carc::server {

// Runs `think` somewhere (a worker thread) and later calls `done` with its result on the hub's thread
// (no action: the bot failed).
using BotRunner = std::function<void(std::function<Action()> think, std::function<void(std::optional<Action>)> done)>;

// Calls `task` on the hub's thread after `delayMs`.
using Scheduler = std::function<void(std::int64_t delayMs, std::function<void()> task)>;

class BotTurns {
public:
    // What the bots need of the rooms: a room by id (null once gone), and committing a checked move of
    // a seat as the hub commits a player's (false with `error` set when it could not be stored).
    struct Rooms {
        std::function<Room*(const std::string& id)> find;
        std::function<bool(Room& room, int seat, const MoveCheck& check, std::string& error)> commit;
        // Whether this process may think about the room's bot turn (processes sharing a store claim
        // it, so exactly one thinks); empty: always.
        std::function<bool(Room& room)> claim;
    };

    // `later` may be empty: a failed turn is then tried on the bot's next chance (a start, a move, a
    // replace).
    BotTurns(BotRunner runner, Scheduler later, std::function<void(const std::string&)> log, Rooms rooms);

    // Sets a bot thinking when the turn in `room` is a bot's, nobody here thinks about it yet and
    // this process holds its claim.
    void consider(Room& room);

private:
    void decided(const std::string& roomId, int generation, int seat, std::optional<Action> action);
    // A bot turn that could not be played: tried again after a backoff that doubles each time.
    void failed(Room& room, const std::string& why);

    BotRunner runner_;
    Scheduler later_;
    std::function<void(const std::string&)> log_;
    Rooms rooms_;
};

}  // namespace carc::server
