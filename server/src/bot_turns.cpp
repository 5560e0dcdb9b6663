#include "bot_turns.hpp"

#include <algorithm>
#include <memory>

#include "carc/bots.hpp"
#include "random.hpp"

namespace carc::server {

BotTurns::BotTurns(BotRunner runner, Scheduler later, std::function<void(const std::string&)> log, Rooms rooms)
    : runner_(std::move(runner)), later_(std::move(later)), log_(std::move(log)), rooms_(std::move(rooms)) {}

void BotTurns::consider(Room& room) {
    if (!room.started || room.over() || room.botPending) return;
    const int seat = room.game->activePlayer();
    const std::string kind = room.seats[static_cast<std::size_t>(seat)].kind;
    if (!isBotKind(kind)) return;
    if (rooms_.claim && !rooms_.claim(room)) return;  // another process thinks about it
    room.botPending = true;
    std::shared_ptr<const Game> position(room.game->clone());
    const std::uint64_t seed = randomSeed();
    // After failures in a row, the turn goes to the random bot, whose legal choice cannot fail the same way.
    const std::string thinker = room.botFailures >= 3 ? "random" : kind;
    runner_(
        [position, thinker, seed]() {
            // The bot sees the game through its public interface; the AI's determinization
            // (Game::redeterminize) keeps it from reading the hidden order, as in the browser.
            auto bot = makeBot(thinker, seed);
            return bot->choose(*position);
        },
        [this, roomId = room.id, generation = room.botGeneration, seat](std::optional<Action> action) {
            decided(roomId, generation, seat, action);
        });
}

void BotTurns::decided(const std::string& roomId, int generation, int seat, std::optional<Action> action) {
    Room* room = rooms_.find(roomId);
    if (!room) return;
    room->botPending = false;
    if (generation != room->botGeneration || room->over() || room->game->activePlayer() != seat ||
        !isBotKind(room->seats[static_cast<std::size_t>(seat)].kind))
        return consider(*room);
    if (!action) return failed(*room, "the bot failed to choose");
    MoveCheck check = checkMove(*room, seat, {actionText(*action, room->game->tileSet())});
    if (!check.code.empty()) return failed(*room, "the bot chose an illegal action: " + check.message);
    std::string error;
    if (!rooms_.commit(*room, seat, check, error)) return failed(*room, error);
    room->botFailures = 0;
}

void BotTurns::failed(Room& room, const std::string& why) {
    ++room.botFailures;
    const std::int64_t delay = std::min<std::int64_t>(30'000, 500LL << std::min(room.botFailures - 1, 6));
    log_("room " + room.id + ": a bot turn failed (" + why + "), tried again in " + std::to_string(delay) + " ms");
    if (!later_) return;
    room.botPending = true;  // nobody else starts this turn meanwhile
    later_(delay, [this, roomId = room.id] {
        Room* again = rooms_.find(roomId);
        if (!again) return;
        again->botPending = false;
        consider(*again);
    });
}

}  // namespace carc::server
