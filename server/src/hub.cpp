// The hub's connections: registry, rate limits, decoding and dispatch of every client message.
#include "hub.hpp"

#include <iostream>

#include "carc/bots.hpp"
#include "random.hpp"
#include "server_messages.hpp"

namespace carc::server {

Hub::Hub(Catalog& catalog, Store& store, BotRunner bots, HubOptions options, std::function<std::int64_t()> nowMs)
    : catalog_(catalog),
      store_(store),
      options_(std::move(options)),
      now_(std::move(nowMs)),
      bots_(std::move(bots), options_.later, [this](const std::string& line) { log(line); },
            {[this](const std::string& id) { return findRoom(id); },
             [this](Room& room, int seat, const MoveCheck& check, std::string& error) {
                 return commitMove(room, seat, check, error);
             },
             [this](Room& room) { return claimBotTurn(room); }}) {
    if (options_.processId.empty()) options_.processId = randomToken(9);
}

void Hub::log(const std::string& line) const {
    if (options_.log)
        options_.log(line);
    else
        std::cerr << "carc-server: " << line << std::endl;
}

PeerId Hub::connect(Peer& peer, const std::string& client) {
    const PeerId id = nextPeer_++;
    PeerState state;
    state.peer = &peer;
    state.client = client;
    state.rate = RateLimit(options_.limits, steadyNow());
    peers_.emplace(id, std::move(state));
    return id;
}

void Hub::disconnect(PeerId id) {
    auto it = peers_.find(id);
    if (it == peers_.end()) return;
    detach(id, it->second);
    peers_.erase(it);
}

void Hub::receive(PeerId id, std::string_view text, bool binary) {
    auto it = peers_.find(id);
    if (it == peers_.end()) return;
    PeerState& peer = it->second;
    if (peer.closedForFlooding) return;
    // One token before the frame is even parsed; what its type costs beyond that once it is.
    auto within = [&](int cost, const std::string& ref) {
        const auto verdict = peer.rate.take(cost, steadyNow());
        if (verdict == RateLimit::Verdict::Accepted) return true;
        if (verdict == RateLimit::Verdict::Dropped) return false;
        if (verdict == RateLimit::Verdict::Close) {
            log("a connection that kept flooding was closed");
            peer.closedForFlooding = true;
            peer.peer->close(1008);
            if (options_.flooded) options_.flooded(peer.client);
        } else {
            sendError(peer, "rate_limited",
                      "too many messages: at most " + std::to_string(options_.limits.messagesPerSecond) +
                          " per second (" + std::to_string(options_.limits.heavyCost) +
                          " for create, join, watch, resume, leave, start and lobby)",
                      ref);
        }
        return false;
    };
    if (!within(1, "")) return;
    if (binary) {
        sendError(peer, "bad_json", "messages are text frames holding one JSON object", "");
        return;
    }
    Decoded decoded = decodeClientMessage(text, options_.limits);
    if (!decoded.message) {
        sendError(peer, decoded.code, decoded.error, decoded.ref);
        return;
    }
    const int extra = messageCost(decoded.message->type, options_.limits) - 1;
    if (extra > 0 && !within(extra, decoded.message->ref)) return;
    handle(id, peer, *decoded.message);
}

void Hub::handle(PeerId id, PeerState& peer, const ClientMessage& m) {
    switch (m.type) {
        case ClientType::Hello:
            return hello(peer, m);
        case ClientType::Create:
            return create(id, peer, m);
        case ClientType::Join:
            return join(id, peer, m);
        case ClientType::Watch:
            return watch(id, peer, m);
        case ClientType::Resume:
            return resume(id, peer, m);
        case ClientType::Leave:
            return leave(id, peer, m);
        case ClientType::Lobby:
            return lobby(peer, m);
        case ClientType::Ping:
            return send(peer, pongMessage(m.ref));
        default:
            break;
    }
    // A start is judged on the stored room (one read a game, on a shared store): a guest seated
    // through another process a moment ago may not have been announced here yet.
    Room* room = roomOf(peer, m.type == ClientType::Start);
    if (!room) return sendError(peer, "not_in_room", "join, watch or resume a room first", m.ref);
    room->lastActivity = now_();
    switch (m.type) {
        case ClientType::Seat:
            return setSeat(peer, *room, m);
        case ClientType::Listed:
            return setListed(peer, *room, m);
        case ClientType::Start:
            return start(peer, *room, m);
        case ClientType::Move:
            return move(peer, *room, m);
        case ClientType::Replace:
            return replace(peer, *room, m);
        case ClientType::Chat:
            return chat(peer, *room, m);
        case ClientType::Mute:
            return mute(peer, *room, m);
        case ClientType::Rematch:
            return rematch(id, peer, *room, m);
        default:
            break;
    }
}

void Hub::hello(PeerState& peer, const ClientMessage& m) {
    if (m.protocol != kProtocolVersion)
        return sendError(peer, "protocol",
                         "this server speaks protocol version " + std::to_string(kProtocolVersion) + ", not " +
                             std::to_string(m.protocol),
                         m.ref);
    send(peer, welcomeMessage(options_.limits, botNames(), playerColours(), m.ref));
}

bool Hub::nameAccepted(PeerState& peer, const ClientMessage& m) {
    switch (checkName(m.name)) {
        case NameCheck::Good:
            return true;
        case NameCheck::NotUtf8:
            sendError(peer, "bad_name", "a name is UTF-8 text", m.ref);
            return false;
        case NameCheck::Bad:
            break;
    }
    sendError(peer, "bad_name", "a name is 1-24 characters without commas, tabs or line breaks, no blank at either end",
              m.ref);
    return false;
}

bool Hub::store(PeerState& peer, const ClientMessage& m, const std::function<void()>& write) {
    try {
        write();
        return true;
    } catch (const StoreError& e) {
        log(std::string("storage failed: ") + e.what());
        sendError(peer, "storage", "the server could not store this change; nothing changed", m.ref);
        return false;
    }
}

}  // namespace carc::server
