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

// A room's turn clock (turn_clock.hpp): each turn has `moveSeconds`; when it runs out a bot of level
// `bot` plays the seat. `turnStart` (ms since the epoch) is when the present turn began, stored so that a
// restarted process, or another one, counts from the same start.
struct StoredClock {
    int moveSeconds = 0;  // 0: no clock
    std::string bot = "medium";
    std::int64_t turnStart = 0;
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
    StoredClock clock;
    std::string rematch;  // the room this one's "Play again" made ("" while none)
    std::string problem;  // why the room cannot be read back ("" when it can)
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
    // The start of the present turn of a room with a clock.
    virtual void saveTurnStart(const std::string& room, std::int64_t turnStart) = 0;
    // Records `next` as the one rematch of `room` unless one is recorded already; returns the one
    // recorded (`next` when this call recorded it), so two processes pressing at once agree.
    virtual std::string claimRematch(const std::string& room, const std::string& next) = 0;
    // Every room; one that cannot be read back comes with its `problem` set instead of failing the rest.
    virtual std::vector<StoredRoom> loadRooms() = 0;
};

}  // namespace carc::server
