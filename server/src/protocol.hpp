// The online protocol's client messages (docs/online-protocol.md): decoding one frame into a checked
// message, or the error to answer it with. Pure functions, no I/O (fuzzed by tests/fuzz).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carc::server {

constexpr int kProtocolVersion = 1;

struct Limits {
    std::size_t maxMessage = 16 * 1024;      // larger: `too_big`
    std::size_t hardMaxMessage = 64 * 1024;  // larger: the socket is closed (code 1009)
    int messagesPerSecond = 20;
    int burst = 40;
    int maxLines = 8;             // lines in one `move`
    int replaceAfter = 60;        // seconds a human must be gone before the host may hand the seat to a bot
    int heavyCost = 5;            // tokens a message that replays a game, lists rooms or changes membership takes
    int roomsPerConnection = 4;   // rooms not yet over that one connection may have created
    int roomsPerAddress = 16;     // the same for every connection of one client address
    int chatLines = 5;            // chat lines (texts or reactions) one connection may send in ...
    int chatWindow = 10;          // ... this many seconds
    int chatLinesPerClient = 10;  // the same for every connection of one client address together
};

enum class ClientType {
    Hello,
    Create,
    Join,
    Watch,
    Resume,
    Leave,
    Seat,
    Listed,
    Start,
    Move,
    Replace,
    Lobby,
    Ping,
    Chat,
    Mute,
    Rematch
};

struct ClientMessage {
    ClientType type = ClientType::Ping;
    std::string ref;
    int protocol = 0;                  // hello
    std::string mode;                  // create: setup.mode
    int players = 0;                   // create: setup.players
    std::vector<std::string> options;  // create: setup.options, "key=value"
    std::string name;                  // create, join; watch (optional: how the spectator is shown in chat)
    std::string colour;                // create, join ("" = any free)
    bool listed = false;               // create, listed
    int clock = 0;                     // create: seconds per turn (0: no clock; turn_clock.hpp)
    std::string clockBot;              // create: the bot level that plays a turn whose time ran out
    std::string room;                  // join, watch, resume
    std::optional<int> seat;           // join (optional), resume, seat, replace
    std::string secret;                // resume
    std::string kind;                  // seat, replace
    std::int64_t seq = 0;              // move
    std::vector<std::string> lines;    // move
    std::string text;                  // chat: a text, or
    std::string reaction;              // chat: a reaction's code
    bool spectators = false;           // mute: the spectators instead of a seat
    bool muted = false;                // mute
};

struct Decoded {
    std::optional<ClientMessage> message;  // set when the frame is a good message
    std::string code;                      // else the error code ("bad_json", "bad_message", "too_big")
    std::string error;                     // and a readable reason
    std::string ref;                       // the frame's ref, when it had a readable one
};

// Checks a text frame: JSON object, known type, every field of its type and within its bounds.
Decoded decodeClientMessage(std::string_view text, const Limits& limits);

}  // namespace carc::server
