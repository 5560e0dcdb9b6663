// Honest simulated players: rooms of four that play random legal turns after a think time and
// start a new game in a new room 0-5 s after one is over (so that rooms started together
// drift apart). All on one io_context thread.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs it

#include <boost/asio.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "carc/rng.hpp"
#include "options.hpp"

namespace loadtest {

struct HonestStats {
    std::vector<double> latenciesMs;  // while measuring
    std::vector<double> windowMs;     // since the last sample
    long moves = 0;
    long errors = 0;       // `error` messages and failures to connect
    long disconnects = 0;  // sockets the server closed or broke
    long gamesStarted = 0;
    long gamesFinished = 0;
    std::map<std::string, long> problems;  // error code or close reason -> count
    bool measuring = false;
    int logged = 0;  // lines written to stderr, capped

    void problem(const std::string& what);
};

// The honest rooms' ids, read by the hostile thread's non-readers (who watch busy rooms).
class RoomDirectory {
public:
    void add(const std::string& id);
    // One of the ids (empty if none yet), picked by `pick` in [0, size).
    std::string any(std::uint32_t pick);

private:
    std::mutex mutex_;
    std::vector<std::string> ids_;
};

class Player;

// Four players: the host creates the room, the others join, the host starts; over and again.
class Room {
public:
    Room(boost::asio::io_context& ioc, HonestStats& stats, const Options& options, RoomDirectory& directory, int index);
    // Connects the host; `firstStart` runs once, when this room's first game starts. The four seats
    // connect through the servers round-robin (seat s of room i through endpoints[(4i + s) % n]).
    void open(const std::vector<boost::asio::ip::tcp::endpoint>& endpoints, std::function<void()> firstStart);
    void gameOver(int seat);

private:
    void create();
    void hostJoined(const std::string& room);
    void guestJoined();

    HonestStats& stats_;
    const Options& options_;
    RoomDirectory& directory_;
    const boost::asio::ip::tcp::endpoint& endpointOf(int seat) const;

    std::vector<boost::asio::ip::tcp::endpoint> endpoints_;
    int index_;
    std::vector<std::shared_ptr<Player>> players_;
    std::function<void()> firstStart_;
    boost::asio::steady_timer between_;  // the pause between one game and the next
    carc::Rng rng_;
    int pendingGuests_ = 0;
    bool started_ = false;
};

}  // namespace loadtest
