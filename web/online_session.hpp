// Online play (docs/online-protocol.md): what this page knows of its room and the game server, read
// from the server's messages (JSON through nlohmann-json), and the messages it sends. The socket,
// reconnecting and the seat's secret are the page's job (shell/online.js); drawing the room and
// playing the game's lines through Match are App's (online_room.cpp, online_play.cpp). No ImGui, no
// emscripten here, so the native tests read it too (tests/web).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "carc/problem.hpp"
#include "nlohmann/json_fwd.hpp"

namespace web {

// The connection as the page reports it (shell/online.js).
enum class Link {
    Off,           // no game server configured, or not asked yet
    Connecting,    // first attempt under way
    Connected,     // the server answered `welcome`
    Retrying,      // lost; the page tries again (retryIn seconds)
    Unavailable,   // no game server answers (a static host)
    Incompatible,  // the server speaks another protocol version
};

struct RoomSeat {
    std::string kind;    // "open", "human" or a bot level
    std::string name;    // "" when open
    std::string colour;  // a colour key ("orange", ...), "" when open
    bool host = false;
    bool connected = false;
    double away = 0;  // seconds without a connection when the room message came
    bool replaced = false;
    bool reserved = false;  // a "Play again" seat kept for its player until they come
    bool open() const { return kind == "open"; }
    bool human() const { return kind == "human"; }
};

struct Room {
    std::string id;
    std::string mode;
    int players = 0;
    std::vector<std::string> options;  // "key=value"
    std::vector<RoomSeat> seats;
    bool started = false;
    bool over = false;
    bool listed = false;
    int spectators = 0;
    int actions = 0;
    int clock = 0;         // seconds per turn (0: no clock)
    std::string clockBot;  // the bot level that plays a turn whose time ran out
    std::string rematch;   // the "Play again" room, once made
};

struct LobbyRoom {
    std::string room;
    std::string mode;
    int players = 0;
    int free = 0;
    std::vector<std::string> names;
    bool started = false;
};

// One server message, read and checked; `type` is "" when the text was not a message we know how to
// read (then `problem` says why and nothing else is set).
struct ServerMessage {
    std::string type;
    std::string problem;
    std::string room;
    int seat = -1;
    bool host = false;
    std::string record;                    // game, over
    int seq = 0;                           // moved
    int by = -1;                           // moved
    std::vector<std::string> lines;        // moved
    std::string code, message;             // error
    std::optional<carc::Problem> refusal;  // error "illegal" / "bad_setup": the engine's reason as data
    std::string ref;
    std::int64_t remainingMs = 0;  // clock: the time left of the turn of `seat`
    int turn = -1;                 // clock
    std::string bot;               // timeout: the level now playing for `seat`
    std::string next;              // rematch: the new room (`by`: the seat that asked)
};

// Setup and seat choices the host creates a room with.
struct RoomRequest {
    std::string mode;
    int players = 2;
    std::vector<std::string> options;  // "key=value"
    std::string name;
    std::string colour;
    bool listed = false;
    int clock = 0;                    // seconds per turn, 0: none (the server offers 30, 60, 120, 300, 86400)
    std::string clockBot = "medium";  // plays a turn whose time ran out
};

class OnlineSession {
public:
    using Send = std::function<void(const std::string& json)>;
    explicit OnlineSession(Send send) : send_(std::move(send)) {}

    // Reads one message and updates what the session keeps (room, seat, lobby, limits).
    ServerMessage receive(const std::string& json);
    void setLink(Link link, int retryIn) { link_ = link, retryIn_ = retryIn; }
    // Back to no room (left, or the room is gone).
    void forgetRoom();

    Link link() const { return link_; }
    int retryIn() const { return retryIn_; }
    bool connected() const { return link_ == Link::Connected; }
    // Online play can be offered: a server answered at least once.
    bool available() const { return welcomed_; }
    bool inRoom() const { return room_.has_value(); }
    const Room& room() const { return *room_; }
    // This page's seat in the room (-1: watching).
    int seat() const { return seat_; }
    bool host() const {
        return seat_ >= 0 && room_ && seat_ < static_cast<int>(room_->seats.size()) && room_->seats[seat_].host;
    }
    const std::vector<LobbyRoom>& lobby() const { return lobby_; }
    // Seconds a disconnected player must be gone before the host may hand their seat to a bot.
    int replaceAfter() const { return replaceAfter_; }
    // Bot levels the server offers.
    const std::vector<std::string>& bots() const { return bots_; }

    // Client -> server (docs/online-protocol.md, "Client -> server").
    void create(const RoomRequest& request);
    void join(const std::string& room, int seat, const std::string& name, const std::string& colour);
    void watch(const std::string& room);
    void setSeat(int seat, const std::string& kind);
    void setListed(bool listed);
    void start();
    void move(int seq, const std::vector<std::string>& lines);
    void replace(int seat, const std::string& kind);
    void rematch();
    void leave();
    void askLobby();

private:
    void readRoom(const nlohmann::json& json);
    void readLobby(const nlohmann::json& json);
    void sendMessage(nlohmann::json message);

    Send send_;
    Link link_ = Link::Off;
    int retryIn_ = 0;
    bool welcomed_ = false;
    std::optional<Room> room_;
    int seat_ = -1;
    std::vector<LobbyRoom> lobby_;
    int replaceAfter_ = 60;
    std::vector<std::string> bots_;
};

// How long a player has been away, as the panel shows it: "2:05".
std::string minutesSeconds(double seconds);

}  // namespace web
