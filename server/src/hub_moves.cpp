// Moves: a player's or a bot's actions checked, committed in one store transaction, told to the room.
#include "hub.hpp"

#include "server_messages.hpp"

namespace carc::server {

void Hub::move(PeerState& peer, Room& room, const ClientMessage& m) {
    if (peer.seat < 0) return sendError(peer, "spectator", "spectators do not move", m.ref);
    if (!room.started) return sendError(peer, "not_started", "the game has not started", m.ref);
    if (room.over()) return sendError(peer, "over", "the game is over", m.ref);
    // A client that has seen more than this copy holds heard of it through another process before
    // the bus told this one: the room is read first.
    if (m.seq > static_cast<std::int64_t>(room.record.actions.size()) && !catchUp(room))
        return sendError(peer, "not_in_room", "the room has expired", m.ref);
    const auto actions = static_cast<std::int64_t>(room.record.actions.size());
    if (m.seq != actions)
        return sendError(peer, "stale",
                         "the game holds " + std::to_string(actions) + " actions, not " + std::to_string(m.seq) +
                             ": resume to catch up",
                         m.ref);
    for (const auto& line : m.lines)
        if (line.rfind("reveal", 0) == 0)
            return sendError(peer, "bad_message", "only the server reveals hidden values", m.ref);
    MoveCheck check = checkMove(room, peer.seat, m.lines);
    if (!check.code.empty())
        return sendError(peer, check.code, check.message, m.ref, check.problem ? &check.problem : nullptr);
    // A seat a bot plays for (its time ran out) is taken back by its player's own move.
    const bool takenBack = room.seats[static_cast<std::size_t>(peer.seat)].replaced;
    if (takenBack && !takeSeatBack(room, peer.seat))
        return sendError(peer, "storage", "the server could not store this change; nothing changed", m.ref);
    MoveCheck refused;
    if (!commitChecked(room, peer.seat, check, m.seq, refused))
        return sendError(peer, refused.code, refused.message, m.ref, refused.problem ? &refused.problem : nullptr);
    if (takenBack) broadcastRoom(room);
}

bool Hub::commitMove(Room& room, int seat, const MoveCheck& check, std::string& error) {
    MoveCheck refused;
    const std::size_t before = room.record.actions.size();
    if (commitChecked(room, seat, check, -1, refused)) return true;
    if (refused.code != "storage" && room.record.actions.size() > before) {
        // Another process played this bot turn first (every process with players there thinks
        // about it): nothing failed, the next turn is considered.
        bots_.consider(room);
        return true;
    }
    error = refused.message;
    return false;
}

bool Hub::commitChecked(Room& room, int seat, MoveCheck check, std::int64_t clientSeq, MoveCheck& refused) {
    struct Refusal {};  // thrown out of the transaction: rolls it back
    try {
        store_.appendMove(
            room.id, room.record.actions.size(),
            [&](const std::vector<std::string>& unseen) {
                if (unseen.empty()) return check.lines;
                // Another process moved first: this one catches up, then judges the move afresh.
                if (!applyLines(room, unseen, true)) throw StoreError("stored lines do not apply");
                const auto actions = static_cast<std::int64_t>(room.record.actions.size());
                if (clientSeq >= 0 && clientSeq != actions) {
                    refused.code = "stale";
                    refused.message = "the game holds " + std::to_string(actions) + " actions, not " +
                                      std::to_string(clientSeq) + ": resume to catch up";
                    throw Refusal{};
                }
                if (room.over()) {
                    refused.code = "over";
                    refused.message = "the game is over";
                    throw Refusal{};
                }
                check = checkMove(room, seat, check.lines);
                if (!check.code.empty()) {
                    refused = check;
                    throw Refusal{};
                }
                return check.lines;
            },
            now_());
    } catch (const Refusal&) {
        return false;
    } catch (const StoreError& e) {
        log(std::string("storage failed: ") + e.what());
        refused.code = "storage";
        refused.message = "the server could not store this move; nothing changed";
        return false;
    }
    room.lastActivity = room.storedTouched = now_();
    const auto views = applyMove(room, check.actions);
    tellMoved(room, seat, views);
    if (room.over() && store_.shared()) {
        try {
            store_.markFinished(room.id);  // the lobby query leaves it out from now on
        } catch (const StoreError& e) {
            log(std::string("storage failed while noting a game's end: ") + e.what());
        }
    }
    clockTurnBegan(room);
    bots_.consider(room);
    return true;
}

void Hub::tellMoved(Room& room, int seat, const std::vector<std::vector<std::string>>& views) {
    const auto seq = room.record.actions.size();
    std::vector<std::shared_ptr<const std::string>> texts;
    for (std::size_t v = 0; v < views.size(); ++v)
        texts.push_back(std::make_shared<const std::string>(movedMessage(room.id, seq, seat, views[v])));
    for (const auto& [member, view] : room.members)
        peers_.at(member).peer->send(texts[static_cast<std::size_t>(view + 1)]);
    if (room.over()) {
        log("game over: " + room.setup.mode);
        releaseRoomCount(room);
        for (const auto& [member, view] : room.members) sendOver(peers_.at(member), room);
        broadcastRoom(room);
    }
}

void Hub::releaseRoomCount(Room& room) {
    if (!room.countedForCreator) return;
    room.countedForCreator = false;
    auto it = roomsByClient_.find(room.creatorClient);
    if (it != roomsByClient_.end() && --it->second <= 0) roomsByClient_.erase(it);
    auto creator = peers_.find(room.creatorPeer);
    if (creator != peers_.end()) --creator->second.roomsCreated;
}

}  // namespace carc::server
