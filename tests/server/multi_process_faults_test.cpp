// Several carc-server processes on one PostgreSQL database under faults (issue 46): every mode played
// by seats spread over processes records what one process records for the same game; processes
// SIGKILLed at random points lose no acknowledged move; a `listed` and a `start` crossing through two
// processes never take the start back; the database server stopped mid-game refuses moves with
// `storage` (never half-applied) and the game finishes once it is back.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "multi_process.hpp"
#include "test_database.hpp"

namespace carc::server::test {
namespace {

std::int64_t nowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// One room's players: player i is seat i, connected through process processOf[i].
struct Table {
    std::string room;
    std::vector<Player> players;
    std::vector<std::size_t> processOf;
};

// Seat i joins through ports[i % ports.size()] (the host, seat 0, creates the room there); then the
// host starts and every page loads its `game`.
void seatAndStart(Table& t, const std::string& mode, int seats, const std::vector<unsigned short>& ports) {
    t.players.resize(static_cast<std::size_t>(seats));
    t.processOf.resize(static_cast<std::size_t>(seats));
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        auto& p = t.players[i];
        t.processOf[i] = i % ports.size();
        p.client = std::make_unique<WsClient>(ports[t.processOf[i]]);
        if (i == 0)
            p.client->send(json{{"type", "create"}, {"setup", {{"mode", mode}, {"players", seats}}}, {"name", "P0"}});
        else
            p.client->send(json{{"type", "join"}, {"room", t.room}, {"name", "P" + std::to_string(i)}});
        json joined = p.client->waitFor("joined", std::chrono::seconds(20));
        ASSERT_FALSE(joined.is_null()) << "player " << i << " could not sit through process " << t.processOf[i];
        if (i == 0) t.room = joined["room"];
        p.secret = joined["secret"];
    }
    t.players[0].client->send(json{{"type", "start"}});
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        json game = t.players[i].client->waitFor("game", std::chrono::seconds(20));
        ASSERT_FALSE(game.is_null()) << "player " << i << " never heard of the start";
        ASSERT_EQ(t.players[i].page.load(game["record"]), "");
    }
}

// Every player reads until its page holds `target` actions.
void everyoneCatchesUp(Table& t, std::size_t target) {
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        catchUpTo(t.players[i], target, static_cast<int>(i));
        if (::testing::Test::HasFatalFailure()) return;
    }
}

// Every player's `over`: one record for all (returned; "" on a failure).
std::string everyonesRecord(Table& t) {
    std::string record;
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        json over = t.players[i].client->waitFor("over", std::chrono::seconds(20));
        EXPECT_FALSE(over.is_null()) << "player " << i << " got no over";
        if (over.is_null()) return "";
        if (i == 0) record = over["record"];
        EXPECT_EQ(over["record"], record) << "player " << i << " was told another record";
    }
    return record;
}

// ---- every mode, spread over processes, against one process

struct Spread {
    std::string mode;
    int players;
    int processes;
};

void PrintTo(const Spread& s, std::ostream* out) {
    *out << s.mode << ' ' << s.players << " players on " << s.processes << " processes";
}

class PostgresSpread : public ::testing::TestWithParam<Spread> {};

// The same seed and setup (the room copied from the shared database right after its start) and the
// same turns, sent by the same seats through one process on SQLite: the same final record, byte for byte.
TEST_P(PostgresSpread, RecordEqualsTheSameGameOnOneProcess) {
    const Spread& s = GetParam();
    TestDatabase shared("postgres");
    std::vector<std::unique_ptr<ServerProcess>> processes;
    std::vector<unsigned short> ports;
    for (int i = 0; i < s.processes; ++i) {
        processes.push_back(std::make_unique<ServerProcess>(shared.location()));
        ports.push_back(processes.back()->port());
    }
    Table spread;
    seatAndStart(spread, s.mode, s.players, ports);
    if (HasFatalFailure()) return;
    auto started = shared.open()->loadRoom(spread.room);
    ASSERT_TRUE(started.has_value());
    ASSERT_TRUE(started->actions.empty());  // the copy starts where the game starts

    Rng rng(17 + static_cast<std::uint64_t>(s.players));
    std::vector<std::pair<std::size_t, std::vector<std::string>>> turns;  // seat, lines
    while (!spread.players[0].page.game().over()) {
        const auto seat = static_cast<std::size_t>(spread.players[0].page.game().activePlayer());
        auto& mover = spread.players[seat];
        const auto lines = mover.page.randomTurn(rng);
        mover.client->send(json{{"type", "move"}, {"seq", mover.page.actions()}, {"lines", lines}});
        turns.emplace_back(seat, lines);
        everyoneCatchesUp(spread, mover.page.actions() + lines.size());
        if (HasFatalFailure()) return;
    }
    const std::string spreadRecord = everyonesRecord(spread);
    ASSERT_NE(spreadRecord, "");

    TestDatabase single("sqlite");
    started->created = started->touched = nowMs();
    single.open()->createRoom(*started);
    ServerProcess one(single.location());
    Table alone;
    alone.room = spread.room;
    alone.players.resize(spread.players.size());
    for (std::size_t i = 0; i < alone.players.size(); ++i) {
        alone.players[i].secret = spread.players[i].secret;
        resume(alone.players[i], one.port(), alone.room, static_cast<int>(i));
        if (HasFatalFailure()) return;
    }
    for (const auto& [seat, lines] : turns) {
        auto& mover = alone.players[seat];
        mover.client->send(json{{"type", "move"}, {"seq", mover.page.actions()}, {"lines", lines}});
        everyoneCatchesUp(alone, mover.page.actions() + lines.size());
        if (HasFatalFailure()) return;
    }
    EXPECT_EQ(everyonesRecord(alone), spreadRecord);
}

INSTANTIATE_TEST_SUITE_P(EveryMode, PostgresSpread,
                         ::testing::Values(Spread{"base", 2, 2}, Spread{"base+tunnel", 3, 3}, Spread{"newworld", 3, 2},
                                           Spread{"discovery", 3, 3}, Spread{"goldrush", 4, 3}),
                         [](const auto& param) {
                             std::string mode = param.param.mode;
                             std::replace(mode.begin(), mode.end(), '+', '_');
                             return mode + "_" + std::to_string(param.param.processes) + "_processes";
                         });

// ---- random SIGKILLs

struct Kill {
    int turn;
    std::size_t victim;  // the process killed
    bool inFlight;       // right after the turn's move was sent (else once everyone heard it)
};

// $CARC_FAULT_SEED, else a fixed seed: the kill points come from it and are printed on a failure.
std::uint64_t faultSeed() {
    const char* text = std::getenv("CARC_FAULT_SEED");
    return text && *text ? std::strtoull(text, nullptr, 10) : 20261203;
}

TEST(PostgresFaults, RandomSigkillsLoseNoAcknowledgedMove) {
    const std::uint64_t seed = faultSeed();
    Rng plan(seed);
    std::map<int, Kill> kills;
    while (kills.size() < 5) {
        const int turn = 2 + static_cast<int>(plan.below(40));
        kills[turn] = Kill{turn, plan.below(3), plan.below(2) == 0};
    }
    std::ostringstream described;
    described << "CARC_FAULT_SEED=" << seed << ", kills:";
    for (const auto& [turn, k] : kills)
        described << " turn " << turn << " process " << k.victim << (k.inFlight ? " (move in flight)" : " (after)");
    SCOPED_TRACE(described.str());

    TestDatabase database("postgres");
    std::vector<std::unique_ptr<ServerProcess>> processes;
    std::vector<unsigned short> ports;
    for (int i = 0; i < 3; ++i) {
        processes.push_back(std::make_unique<ServerProcess>(database.location()));
        ports.push_back(processes.back()->port());
    }
    Table t;
    seatAndStart(t, "goldrush", 3, ports);
    if (HasFatalFailure()) return;

    // The victim goes and comes back (on a new port); its players resume through another process.
    auto killAndRestart = [&](std::size_t victim) -> std::vector<std::size_t> {
        processes[victim]->kill(SIGKILL);
        processes[victim] = std::make_unique<ServerProcess>(database.location());
        std::vector<std::size_t> moved;
        for (std::size_t i = 0; i < t.players.size(); ++i) {
            if (t.processOf[i] != victim) continue;
            t.processOf[i] = (victim + 1 + plan.below(2)) % processes.size();
            resume(t.players[i], processes[t.processOf[i]]->port(), t.room, static_cast<int>(i));
            if (HasFatalFailure()) return moved;
            moved.push_back(i);
        }
        return moved;
    };

    Rng rng(seed + 1);
    std::map<std::size_t, std::vector<std::string>> acknowledged;  // first action number: the move's lines
    int killsDone = 0;
    for (int turn = 0; !t.players[0].page.game().over(); ++turn) {
        const auto active = static_cast<std::size_t>(t.players[0].page.game().activePlayer());
        auto& mover = t.players[active];
        const std::size_t before = mover.page.actions();
        const auto lines = mover.page.randomTurn(rng);
        mover.client->send(json{{"type", "move"}, {"seq", before}, {"lines", lines}});
        std::size_t target = before + lines.size();
        const auto kill = kills.find(turn);
        if (kill != kills.end() && kill->second.inFlight) {
            const bool moverWasThere = t.processOf[active] == kill->second.victim;
            const auto resumed = killAndRestart(kill->second.victim);
            if (HasFatalFailure()) return;
            ++killsDone;
            // The mover's process died with the move: the database says whether it was stored.
            if (moverWasThere) target = mover.page.actions();
            ASSERT_TRUE(target == before || target == before + lines.size())
                << "turn " << turn << ": half a move was stored (" << target - before << " of " << lines.size() << ")";
            for (std::size_t i : resumed)
                ASSERT_LE(t.players[i].page.actions(), target) << "turn " << turn << ": player " << i;
        }
        everyoneCatchesUp(t, target);
        if (HasFatalFailure()) return;
        if (target > before) acknowledged[before] = lines;
        if (kill != kills.end() && !kill->second.inFlight) {
            const auto resumed = killAndRestart(kill->second.victim);
            if (HasFatalFailure()) return;
            ++killsDone;
            for (std::size_t i : resumed)
                ASSERT_EQ(t.players[i].page.actions(), target) << "turn " << turn << ": an acknowledged move was lost";
        }
    }
    EXPECT_EQ(killsDone, static_cast<int>(kills.size())) << "the game ended before the last kill";
    const std::string record = everyonesRecord(t);
    ASSERT_NE(record, "");
    const auto stored = recordActionLines(record);
    for (const auto& [first, lines] : acknowledged) {
        ASSERT_LE(first + lines.size(), stored.size()) << "the move from action " << first << " is missing";
        EXPECT_EQ(std::vector<std::string>(stored.begin() + static_cast<std::ptrdiff_t>(first),
                                           stored.begin() + static_cast<std::ptrdiff_t>(first + lines.size())),
                  lines)
            << "the acknowledged move from action " << first << " is not in the final record";
    }
    Replay replay = replayText(record, carc::test::catalog());
    ASSERT_EQ(replay.error, "");
    EXPECT_EQ(replay.game->scores(), t.players[0].page.game().scores()) << "the record replays to other scores";
}

// ---- a `listed` and a `start` crossing

// A message of `type` the client read already, else the next one.
json seenOrWaitFor(WsClient& client, const std::string& type) {
    for (const auto& m : client.seen)
        if (m["type"] == type) return m;
    return client.waitFor(type, std::chrono::seconds(20));
}

// The `room` messages a client read (in order) never say `started: false` after it heard of the
// start (a `game` or a `room` that says started).
void expectStartNeverTakenBack(const WsClient& client, const std::string& who, int round) {
    bool started = false;
    for (const auto& m : client.seen) {
        if (m["type"] == "game") started = true;
        if (m["type"] != "room") continue;
        if (started) {
            EXPECT_TRUE(m["started"].get<bool>()) << who << ", round " << round << ": " << m;
        }
        started = started || m["started"].get<bool>();
    }
}

TEST(PostgresFaults, ListedAndStartCrossingThroughTwoProcessesNeverTakeTheStartBack) {
    TestDatabase database("postgres");
    const std::vector<std::string> roomy = {
        "--rooms-per-connection", "10000", "--rooms-per-address", "100000", "--rate", "10000"};
    ServerProcess a(database.location(), roomy), b(database.location(), roomy), c(database.location(), roomy);
    for (int round = 0; round < raceRepeats(); ++round) {
        WsClient host(a.port()), guest(c.port()), hostTab(b.port());
        host.send(json{{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "Host"}});
        json created = host.waitFor("joined");
        ASSERT_FALSE(created.is_null());
        const std::string room = created["room"];
        guest.send(json{{"type", "join"}, {"room", room}, {"name", "Guest"}});
        ASSERT_FALSE(guest.waitFor("joined").is_null()) << "round " << round;
        // The host's second tab, on another process, which so has the room (not started) in memory.
        hostTab.send(json{{"type", "resume"}, {"room", room}, {"seat", 0}, {"secret", created["secret"]}});
        ASSERT_FALSE(hostTab.waitFor("joined").is_null()) << "round " << round;

        host.send(json{{"type", "start"}});
        hostTab.send(json{{"type", "listed"}, {"listed", true}});
        ASSERT_FALSE(host.waitFor("game").is_null()) << "round " << round << ": the start was lost";
        ASSERT_FALSE(guest.waitFor("game").is_null()) << "round " << round;
        // The listed's answer: a `room` that says listed, or a refusal.
        bool listed = false;
        for (;;) {
            auto text = hostTab.receive(std::chrono::seconds(20));
            ASSERT_TRUE(text) << "round " << round << ": no answer to listed";
            json m = json::parse(*text);
            hostTab.seen.push_back(m);
            if (m["type"] == "room" && m["listed"].get<bool>()) {
                listed = true;
                break;
            }
            if (m["type"] == "error") {
                ADD_FAILURE() << "round " << round << ": listed refused: " << m;
                break;
            }
        }
        ASSERT_FALSE(seenOrWaitFor(hostTab, "game").is_null())
            << "round " << round << ": the second tab missed the start";

        const auto startedRows =
            postgresRows(database.location(), "SELECT started FROM rooms WHERE id = '" + room + "'");
        const auto listedRows = postgresRows(database.location(), "SELECT listed FROM rooms WHERE id = '" + room + "'");
        ASSERT_EQ(startedRows, std::vector<std::string>{"t"}) << "round " << round << ": the start was written back";
        ASSERT_EQ(listedRows, std::vector<std::string>{listed ? "t" : "f"}) << "round " << round;
        // Every process, asked afresh, tells the same room.
        for (const ServerProcess* process : {&a, &b, &c}) {
            WsClient watcher(process->port());
            watcher.send(json{{"type", "watch"}, {"room", room}});
            json state = watcher.waitFor("room");
            ASSERT_FALSE(state.is_null()) << "round " << round;
            EXPECT_TRUE(state["started"].get<bool>()) << "round " << round << ", port " << process->port();
            EXPECT_EQ(state["listed"].get<bool>(), listed) << "round " << round << ", port " << process->port();
        }
        expectStartNeverTakenBack(host, "host", round);
        expectStartNeverTakenBack(hostTab, "host's second tab", round);
        expectStartNeverTakenBack(guest, "guest", round);
        if (HasFailure()) return;
        // The game goes on: the host's first turn is stored and heard through every process.
        Player first;
        first.secret = created["secret"];
        resume(first, a.port(), room, 0);
        if (HasFatalFailure()) return;
        Rng rng(static_cast<std::uint64_t>(round));
        const auto lines = first.page.randomTurn(rng);
        first.client->send(json{{"type", "move"}, {"seq", first.page.actions()}, {"lines", lines}});
        const std::size_t target = first.page.actions() + lines.size();
        json moved = guest.waitFor("moved", std::chrono::seconds(20));
        ASSERT_FALSE(moved.is_null()) << "round " << round << ": the guest did not hear the first move";
        EXPECT_EQ(actionsOnly(moved), lines) << "round " << round;
        catchUpTo(first, target, 0);
        if (HasFatalFailure()) return;
    }
}

// ---- the database server stopped mid-game

TEST(PostgresFaults, MovesWhileTheDatabaseIsDownAreRefusedAndTheGameFinishesAfter) {
    PrivateCluster cluster;
    ASSERT_FALSE(cluster.uri().empty());
    ServerProcess a(cluster.uri()), b(cluster.uri());
    Table t;
    seatAndStart(t, "base", 2, {a.port(), b.port()});
    if (HasFatalFailure()) return;
    Rng rng(23);
    auto playTurn = [&] {
        auto& mover = t.players[static_cast<std::size_t>(t.players[0].page.game().activePlayer())];
        const auto lines = mover.page.randomTurn(rng);
        mover.client->send(json{{"type", "move"}, {"seq", mover.page.actions()}, {"lines", lines}});
        everyoneCatchesUp(t, mover.page.actions() + lines.size());
    };
    for (int turn = 0; turn < 6; ++turn) {
        playTurn();
        if (HasFatalFailure()) return;
    }

    cluster.halt();
    const auto seat = static_cast<std::size_t>(t.players[0].page.game().activePlayer());
    auto& mover = t.players[seat];
    const std::size_t before = mover.page.actions();
    const auto lines = mover.page.randomTurn(rng);
    for (int attempt = 0; attempt < 2; ++attempt) {
        const std::size_t mark = mover.client->seen.size();
        mover.client->send(json{{"type", "move"}, {"seq", before}, {"lines", lines}});
        json error = mover.client->waitFor("error", std::chrono::seconds(60));
        ASSERT_FALSE(error.is_null()) << "a move with the database down was not refused";
        EXPECT_EQ(error["code"], "storage") << error;
        for (std::size_t i = mark; i < mover.client->seen.size(); ++i)
            EXPECT_NE(mover.client->seen[i]["type"], "moved") << "a move was applied with the database down";
    }
    cluster.resume();

    // Nothing of the refused moves was stored: a fresh look through the other process.
    Player look;
    look.secret = mover.secret;
    resume(look, t.processOf[seat] == 0 ? b.port() : a.port(), t.room, static_cast<int>(seat));
    if (HasFatalFailure()) return;
    ASSERT_EQ(look.page.actions(), before) << "a refused move was (half) stored";

    // The processes reconnect on their own: the move is sent again until it is taken.
    bool taken = false;
    for (int attempt = 0; attempt < 120 && !taken; ++attempt) {
        mover.client->send(json{{"type", "move"}, {"seq", before}, {"lines", lines}});
        json answer = nullptr;
        while (answer.is_null()) {
            auto text = mover.client->receive(std::chrono::seconds(60));
            ASSERT_TRUE(text) << "no answer to the move after the database came back";
            json m = json::parse(*text);
            mover.client->seen.push_back(m);
            if (m["type"] == "moved" || m["type"] == "error") answer = m;
        }
        if (answer["type"] == "moved") {
            ASSERT_EQ(mover.page.apply(answer["lines"].get<std::vector<std::string>>()), "");
            taken = true;
        } else {
            ASSERT_EQ(answer["code"], "storage") << answer;
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
    }
    ASSERT_TRUE(taken) << "the processes never got the database back";
    everyoneCatchesUp(t, before + lines.size());
    if (HasFatalFailure()) return;
    while (!t.players[0].page.game().over()) {
        playTurn();
        if (HasFatalFailure()) return;
    }
    const std::string record = everyonesRecord(t);
    ASSERT_NE(record, "");
    Replay replay = replayText(record, carc::test::catalog());
    ASSERT_EQ(replay.error, "");
    EXPECT_EQ(replay.game->scores(), t.players[0].page.game().scores());
}

}  // namespace
}  // namespace carc::server::test
