// A Hub with fake connections, a fresh database (SQLite or PostgreSQL, the test's parameter: each
// test runs on both, test_database.hpp), a clock the test moves and bots that think when the test says so.
#pragma once

#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <memory>

#include "harness.hpp"
#include "test_database.hpp"

namespace carc::server::test {

class HubTest : public ::testing::TestWithParam<std::string> {
protected:
    struct Conn {
        FakePeer peer;
        PeerId id = 0;
        PageView page;
        int seat = -2;
        std::string secret;
    };

    void SetUp() override {
        db_ = std::make_unique<TestDatabase>(GetParam());
        store_ = db_->open();  // no line for the schema steps that make the new database
        options_.log = [](const std::string&) {};
        makeHub();
    }
    void makeHub() {
        options_.steadyMs = [this] { return steady_ + (now_ - 1'700'000'000'000); };
        options_.later = [this](std::int64_t delayMs, std::function<void()> task) {
            timers_.push_back({now_ + delayMs, std::move(task)});
        };
        hub_ = std::make_unique<Hub>(
            carc::test::catalog(), *store_,
            [this](std::function<Action()> think, std::function<void(std::optional<Action>)> done) {
                bots_.push_back([this, think, done] {
                    if (failBots_ > 0) {
                        --failBots_;
                        return done(std::nullopt);
                    }
                    done(think());
                });
            },
            options_, [this] { return now_; });
        hub_->load();
    }
    // Moves both clocks on and runs the timers that are due.
    void advance(std::int64_t ms) {
        now_ += ms;
        std::vector<std::function<void()>> due;
        for (auto it = timers_.begin(); it != timers_.end();)
            if (it->first <= now_) {
                due.push_back(std::move(it->second));
                it = timers_.erase(it);
            } else {
                ++it;
            }
        for (auto& task : due) task();
    }
    // Thinks every pending bot decision (and those that follow from them).
    void runBots() {
        while (!bots_.empty()) {
            auto job = std::move(bots_.front());
            bots_.pop_front();
            job();
        }
    }
    std::unique_ptr<Conn> connect(const std::string& client = "local") {
        auto c = std::make_unique<Conn>();
        c->id = hub_->connect(c->peer, client);
        return c;
    }
    // Sends a message, 100 ms after the previous one (well within the rate limit).
    void say(Conn& c, const json& message) {
        now_ += 100;
        hub_->receive(c.id, message.dump(), false);
    }
    // The reply to a message: the last message of `type` among those that came back.
    json ask(Conn& c, const json& message, const std::string& type) {
        say(c, message);
        return c.peer.last(type);
    }
    std::string errorCode(Conn& c, const json& message) {
        say(c, message);
        json error = c.peer.last("error");
        return error.is_null() ? "" : error["code"].get<std::string>();
    }
    // Feeds a connection's page with every `game` and `moved` it has received.
    void feed(Conn& c) {
        for (auto& m : c.peer.take()) {
            if (m["type"] == "game") {
                ASSERT_EQ(c.page.load(m["record"]), "");
            } else if (m["type"] == "moved") {
                ASSERT_EQ(c.page.apply(m["lines"].get<std::vector<std::string>>()), "");
                ASSERT_EQ(c.page.actions(), m["seq"].get<std::size_t>());
            }
        }
    }
    // A room with `mode`/`players` created by a host (seat 0); returns the room id.
    std::string createRoom(Conn& host, const std::string& mode, int players, std::vector<std::string> options = {}) {
        json joined = ask(host,
                          {{"type", "create"},
                           {"setup", {{"mode", mode}, {"players", players}, {"options", options}}},
                           {"name", "Ann"}},
                          "joined");
        host.seat = joined.value("seat", -2);
        host.secret = joined.value("secret", "");
        return joined.value("room", "");
    }
    void joinRoom(Conn& c, const std::string& room, const std::string& name) {
        json joined = ask(c, {{"type", "join"}, {"room", room}, {"name", name}}, "joined");
        c.seat = joined.value("seat", -2);
        c.secret = joined.value("secret", "");
    }

    std::unique_ptr<TestDatabase> db_;
    std::unique_ptr<Store> store_;
    HubOptions options_;
    std::unique_ptr<Hub> hub_;
    std::deque<std::function<void()>> bots_;
    int failBots_ = 0;  // the next this many bot decisions fail (as if the bot had thrown)
    std::vector<std::pair<std::int64_t, std::function<void()>>> timers_;  // the hub's `later`, by wall time
    std::int64_t now_ = 1'700'000'000'000;
    // The steady clock runs with the wall clock unless a test sets the wall clock apart (steady_ offsets it).
    std::int64_t steady_ = 5'000'000;
};

}  // namespace carc::server::test
