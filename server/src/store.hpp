// Where rooms live between restarts: each room as its record (setup with the seed, then one line per
// action) plus its seats and their secrets' hashes. One small interface, so a shared database can replace
// the embedded SQLite file (docs/deployment.md). Every call commits before it returns; a failure
// throws StoreError and changes nothing.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace carc::server {

struct StoredSeat {
    int seat = 0;
    std::string kind = "open";  // "open", "human" or a bot level
    std::string name;
    std::string colour;
    std::string secretHash;  // hashSecret of the seat's secret (secret_hash.hpp); "" for a seat no human has taken
    bool host = false;
    bool replaced = false;  // a human seat handed to a bot by the host
};

// One line of table talk (server/src/chat.hpp): kept with the room, not part of its game record.
struct StoredChatLine {
    std::int64_t n = 0;  // the room's line number, from 0
    int seat = -1;       // -1: a spectator
    std::string name;    // the seat's name and colour when it was said ("" for a spectator)
    std::string colour;
    std::string text;      // cleaned text, or
    std::string reaction;  // a reaction's code (chatReactions())
};

struct StoredRoom {
    std::string id;
    std::string setup;  // the full record's setup lines (seed included)
    bool listed = false;
    bool started = false;
    std::int64_t created = 0;  // milliseconds since the epoch
    std::int64_t touched = 0;
    std::vector<StoredSeat> seats;
    std::vector<std::string> actions;  // record lines, in order
    std::string problem;               // why the room cannot be read back ("" when it can)
    std::vector<StoredChatLine> chat;  // the last lines kept, oldest first
    std::vector<int> chatMuted;        // seats the host muted; -1 for the spectators
};

class StoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Store {
public:
    virtual ~Store() = default;
    virtual void createRoom(const StoredRoom& room) = 0;  // the room and all its seats
    virtual void saveSeat(const std::string& room, const StoredSeat& seat, std::int64_t touched) = 0;
    virtual void saveRoom(const std::string& room, const std::string& setup, bool listed, bool started,
                          std::int64_t touched) = 0;
    // Appends action lines numbered from `first` (0-based); a line already stored under a number is an
    // error (two writers of one room).
    virtual void appendActions(const std::string& room, std::size_t first, const std::vector<std::string>& lines,
                               std::int64_t touched) = 0;
    // Notes activity in rooms that nothing else changed (one transaction).
    virtual void touchRooms(const std::vector<std::string>& rooms, std::int64_t touched) = 0;
    virtual void deleteRoom(const std::string& room) = 0;
    // Table talk: appends a line and forgets the room's lines older than its last `keep`.
    virtual void appendChat(const std::string& room, const StoredChatLine& line, std::size_t keep) = 0;
    // The host's mute of a seat (-1: the spectators) on or off.
    virtual void saveChatMute(const std::string& room, int seat, bool muted) = 0;
    // Every room; one that cannot be read back comes with its `problem` set instead of failing the rest.
    virtual std::vector<StoredRoom> loadRooms() = 0;
};

}  // namespace carc::server
