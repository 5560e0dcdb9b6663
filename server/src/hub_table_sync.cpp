// The online table across processes (issue 47): what another process stored of a room's table talk,
// mutes, turn clock and "Play again" is read on catch-up and told to this process's connections with
// the same messages that process sent its own. The bus carried only {room, seq}.
#include <set>

#include "hub.hpp"
#include "server_messages.hpp"
#include "turn_clock.hpp"

namespace carc::server {

void Hub::readChat(Room& room) {
    std::vector<StoredChatLine> lines;
    try {
        lines = store_.loadChat(room.id, room.chat.next);
    } catch (const StoreError& e) {
        return log(std::string("storage failed while reading chat: ") + e.what());
    }
    for (auto& line : lines) {
        if (line.n < room.chat.next) continue;  // told already
        room.chat.next = line.n;                // add() numbers it: keep the stored number
        room.chat.add(line);
        sendToRoom(room, chatMessage(room.id, line));
    }
}

void Hub::catchUpTable(Room& room, const StoredRoom& stored) {
    readChat(room);

    const std::set<int> muted(stored.chatMuted.begin(), stored.chatMuted.end());
    if (muted != room.chat.muted) {
        room.chat.muted = muted;
        sendToRoom(room, chatMutedMessage(room.id, room.chat));
    }

    // A new turn's start (stored after its move, so the move is read by now): counted from it,
    // told, and timed here too, so that whichever process's timer fires first hands it on.
    if (hasClock(room) && stored.clock.turnStart != room.clock.turnStart) {
        room.clock = stored.clock;
        if (room.started && room.game && !room.over()) {
            adoptTurnClock(room);
            scheduleClock(room);
            sendToRoom(room, clockMessage(room.id, room.clockSeat, room.clockTurn, room.clock.moveSeconds,
                                          clockRemainingMs(room, now_(), options_.clockMsPerSecond)));
        }
    }

    if (!stored.rematch.empty() && room.rematch.empty()) {
        room.rematch = stored.rematch;
        room.rematchBy = stored.rematchBy;
        sendToRoom(room, rematchMessage(room.id, room.rematch, room.rematchBy, ""));
        broadcastRoom(room);
    }
}

}  // namespace carc::server
