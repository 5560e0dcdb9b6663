// The Bus over PostgreSQL's LISTEN/NOTIFY: a libpq connection of its own, LISTENing on the store's
// channel (PostgresStore NOTIFYs in the transaction of each change, so only committed changes are
// heard), watched by a thread that hands each announcement on. A lost connection is opened again
// every second; the listener is then told that it may have missed some.
#pragma once

#include <atomic>
#include <string>
#include <thread>

#include "bus.hpp"

struct pg_conn;

namespace carc::server {

class PostgresBus : public Bus {
public:
    explicit PostgresBus(std::string uri);
    ~PostgresBus() override;
    PostgresBus(const PostgresBus&) = delete;
    PostgresBus& operator=(const PostgresBus&) = delete;

    void start(Listener listener) override;

private:
    void run(pg_conn* first, Listener listener);

    std::string uri_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace carc::server
