// The Hub's table talk (chat.hpp, docs/online-protocol.md "chat"): kept apart from hub.cpp so the
// rules of talk stay in one place. Stored before anyone hears it, fanned out like `room`.
#include "hub.hpp"

namespace carc::server {

void Hub::chat(PeerState& peer, Room& room, const ClientMessage& m) {
    if (room.chat.isMuted(peer.seat))
        return sendError(peer, "muted",
                         peer.seat < 0 ? "the host has muted the spectators" : "the host has muted this seat", m.ref);
    StoredChatLine line;
    line.seat = peer.seat < 0 ? -1 : peer.seat;
    if (!m.reaction.empty()) {
        if (!knownReaction(m.reaction))
            return sendError(peer, "bad_reaction", "'" + m.reaction + "' is not a reaction", m.ref);
        line.reaction = m.reaction;
    } else {
        CleanedChat cleaned = cleanChatText(m.text);
        if (!cleaned.code.empty()) return sendError(peer, cleaned.code, cleaned.message, m.ref);
        line.text = std::move(cleaned.text);
    }
    const Limits& l = options_.limits;
    const std::int64_t now = steadyNow(), window = std::int64_t{l.chatWindow} * 1000;
    // Per connection, and per client address across all its connections (tabs).
    ChatRate& clientRate = chatRateByClient_[peer.client];
    if (peer.chatRate.full(now, l.chatLines, window) || clientRate.full(now, l.chatLinesPerClient, window))
        return sendError(peer, "chat_rate_limited",
                         "at most " + std::to_string(l.chatLines) + " chat lines in " + std::to_string(l.chatWindow) +
                             " seconds (" + std::to_string(l.chatLinesPerClient) + " from one address)",
                         m.ref);
    peer.chatRate.take(now, l.chatLines, window);
    clientRate.take(now, l.chatLinesPerClient, window);
    if (line.seat >= 0) {
        const SeatState& seat = room.seats[static_cast<std::size_t>(line.seat)];
        line.name = seat.name;
        line.colour = seat.colour;
    } else {
        if (peer.spectatorRoom != room.id) peer.spectatorRoom = room.id, peer.spectatorNumber = 0;
        // Numbered by the store when it first speaks, so spectators on other processes get others.
        if (peer.spectatorNumber == 0 &&
            !store(peer, m, [&] { peer.spectatorNumber = store_.numberSpectator(room.id); }))
            return;
        line.name = peer.spectatorName;
        line.spectator = peer.spectatorNumber;
    }
    line.n = room.chat.next;
    std::int64_t stored = line.n;
    if (!store(peer, m, [&] { stored = store_.appendChat(room.id, line, kChatKept); })) return;
    if (stored != line.n) return readChat(room);  // lines said through other processes came first
    room.chat.add(line);
    sendToRoom(room, chatMessage(room.id, line));
}

void Hub::mute(PeerState& peer, Room& room, const ClientMessage& m) {
    if (peer.seat < 0 || !room.seats[static_cast<std::size_t>(peer.seat)].host)
        return sendError(peer, "not_host", "only the host mutes", m.ref);
    const int seat = m.spectators ? -1 : *m.seat;
    if (seat >= static_cast<int>(room.seats.size()) || seat == peer.seat)
        return sendError(peer, "no_seat", "seat " + std::to_string(seat) + " cannot be muted", m.ref);
    if (!store(peer, m, [&] { store_.saveChatMute(room.id, seat, m.muted); })) return;
    if (m.muted)
        room.chat.muted.insert(seat);
    else
        room.chat.muted.erase(seat);
    sendToRoom(room, chatMutedMessage(room.id, room.chat));
}

void Hub::sendToRoom(Room& room, const std::string& text) {
    auto shared = std::make_shared<const std::string>(text);
    for (const auto& [member, seat] : room.members) peers_.at(member).peer->send(shared);
}

}  // namespace carc::server
