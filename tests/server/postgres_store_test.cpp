// What only the PostgreSQL store has to show: several Store objects (as several processes would) on
// one database, its schema steps, and a database that goes away and comes back.
#include <gtest/gtest.h>

#include <barrier>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "postgres_store.hpp"
#include "secret_hash.hpp"
#include "test_database.hpp"
#include "test_paths.hpp"

namespace carc::server::test {
namespace {

// "1", "2", ... up to the latest step: what schema_version holds once every step is applied.
std::vector<std::string> allVersions() {
    std::vector<std::string> versions;
    for (int v = 1; v <= postgresSchema().latest(); ++v) versions.push_back(std::to_string(v));
    return versions;
}

PostgresOptions quiet() {
    return PostgresOptions{[](const std::string&) {}};
}

const StoredRoom* find(const std::vector<StoredRoom>& rooms, const std::string& id) {
    for (const auto& r : rooms)
        if (r.id == id) return &r;
    return nullptr;
}

// Rounds of the race (CARC_PG_RACE_ROUNDS for more).
int raceRounds() {
    const char* rounds = std::getenv("CARC_PG_RACE_ROUNDS");
    return rounds ? std::max(1, std::atoi(rounds)) : 10;
}

TEST(PostgresStore, KeepsWhatSqliteKeepsAndAFailedCallChangesNothing) {
    TestDatabase db("postgres");
    PostgresStore store(db.location(), quiet());
    store.createRoom(twoSeatRoom("r1"));
    store.appendActions("r1", 0, {"place a", "place b"}, 1'700'000'000'100);
    StoredSeat guest;
    guest.seat = 1;
    guest.kind = "human";
    guest.name = "Bé";
    guest.colour = "blue";
    guest.secretHash = hashSecret("s1");
    store.saveSeat("r1", guest, 1'700'000'000'200);
    store.saveRoom("r1", "mode base\nplayers 2\nseed 2", true, true, 1'700'000'000'300);
    // The second line's number is taken: neither line is stored, nor the touch.
    EXPECT_THROW(store.appendActions("r1", 1, {"place c", "place d"}, 1'700'000'000'400), StoreError);
    EXPECT_THROW(store.createRoom(twoSeatRoom("r1")), StoreError);
    EXPECT_THROW(store.saveSeat("nowhere", guest, 1), StoreError);

    const auto rooms = store.loadRooms();
    ASSERT_EQ(rooms.size(), 1u);
    const StoredRoom& r = rooms[0];
    EXPECT_EQ(r.problem, "");
    EXPECT_EQ(r.setup, "mode base\nplayers 2\nseed 2");
    EXPECT_TRUE(r.listed);
    EXPECT_TRUE(r.started);
    EXPECT_EQ(r.touched, 1'700'000'000'300);
    EXPECT_EQ(r.actions, (std::vector<std::string>{"place a", "place b"}));
    ASSERT_EQ(r.seats.size(), 2u);
    EXPECT_TRUE(r.seats[0].host);
    EXPECT_EQ(r.seats[1].name, "Bé");
    EXPECT_TRUE(secretMatches("s1", r.seats[1].secretHash));

    store.touchRooms({"r1"}, 1'700'000'000'500);
    EXPECT_EQ(store.loadRooms().at(0).touched, 1'700'000'000'500);
    store.deleteRoom("r1");
    EXPECT_TRUE(store.loadRooms().empty());
    EXPECT_EQ(postgresRows(db.location(), "SELECT count(*) FROM actions"), std::vector<std::string>{"0"});
}

TEST(PostgresStore, TwoStoresAppendingTheSameActionNumberAtOnceOneWinsTheOtherIsRefused) {
    TestDatabase db("postgres");
    PostgresStore first(db.location(), quiet()), second(db.location(), quiet());
    for (int round = 0; round < raceRounds(); ++round) {
        const std::string id = "race" + std::to_string(round);
        first.createRoom(twoSeatRoom(id));
        first.appendActions(id, 0, {"place start"}, 1);
        std::barrier ready(2);
        bool won[2] = {false, false};
        auto writer = [&](PostgresStore& store, int who) {
            ready.arrive_and_wait();
            try {
                store.appendActions(id, 1, {"place by " + std::to_string(who), "score"}, 2);
                won[who] = true;
            } catch (const StoreError&) {
            }
        };
        std::thread a(writer, std::ref(first), 0), b(writer, std::ref(second), 1);
        a.join();
        b.join();
        ASSERT_NE(won[0], won[1]) << "round " << round << ": exactly one writer must win";
        const auto rooms = second.loadRooms();
        const StoredRoom* stored = find(rooms, id);
        ASSERT_NE(stored, nullptr);
        EXPECT_EQ(stored->actions,
                  (std::vector<std::string>{"place start", "place by " + std::to_string(won[0] ? 0 : 1), "score"}));
    }
}

TEST(PostgresSchema, TwoStoresMigratingOneEmptyDatabaseAtOnceApplyEachStepOnce) {
    for (int round = 0; round < 3; ++round) {
        TestDatabase db("postgres");
        std::barrier ready(2);
        std::atomic<int> applied{0};
        std::string failures[2];
        auto start = [&](int who) {
            ready.arrive_and_wait();
            try {
                PostgresStore store(db.location(), PostgresOptions{[&](const std::string&) { ++applied; }});
                EXPECT_EQ(store.migration().to, postgresSchema().latest());
            } catch (const std::exception& e) {
                failures[who] = e.what();
            }
        };
        std::thread a(start, 0), b(start, 1);
        a.join();
        b.join();
        EXPECT_EQ(failures[0], "");
        EXPECT_EQ(failures[1], "");
        EXPECT_EQ(applied.load(), postgresSchema().latest()) << "a step was applied twice (or not at all)";
        EXPECT_EQ(postgresRows(db.location(), "SELECT version FROM schema_version ORDER BY version"), allVersions());
    }
}

TEST(PostgresSchema, ADatabaseNewerThanThisServerIsRefusedAndLeftAlone) {
    TestDatabase db("postgres");
    {
        PostgresStore store(db.location(), quiet());
        store.createRoom(twoSeatRoom("kept"));
    }
    const std::string newer = std::to_string(postgresSchema().latest() + 1);
    postgresExec(db.location(), "INSERT INTO schema_version(version, applied) VALUES(" + newer + ", 0)");
    try {
        PostgresStore refused(db.location(), quiet());
        ADD_FAILURE() << "a newer schema was opened";
    } catch (const SchemaTooNew& e) {
        EXPECT_NE(std::string(e.what()).find("version " + newer), std::string::npos) << e.what();
    }
    // The binary says so and exits, serving or checking.
    const std::string command = carc::test::serverBinary() + " --check --db '" + db.location() + "' 2>&1";
    std::string said;
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    char buffer[512];
    while (fgets(buffer, sizeof buffer, pipe)) said += buffer;
    EXPECT_NE(pclose(pipe), 0) << said;
    EXPECT_NE(said.find("newer than this carc-server knows"), std::string::npos) << said;
    EXPECT_EQ(postgresRows(db.location(), "SELECT max(version) FROM schema_version"), std::vector<std::string>{newer});
    EXPECT_EQ(postgresRows(db.location(), "SELECT count(*) FROM rooms"), std::vector<std::string>{"1"});
}

TEST(PostgresSchema, AVersion1DatabaseHasItsSecretsHashedAsTheServerHashesThemAndMigratingAgainChangesNothing) {
    TestDatabase db("postgres");
    const Schema& schema = postgresSchema();
    postgresExec(db.location(), schema.versionTable);
    postgresExec(db.location(), schema.steps.at(0).sql);
    postgresExec(db.location(),
                 "INSERT INTO schema_version VALUES(1, 0);"
                 "INSERT INTO rooms VALUES('old', 'mode base', false, true, 1, 1);"
                 "INSERT INTO seats VALUES('old', 0, 'human', 'Ann', 'red', 's€cret-0', true, false),"
                 " ('old', 1, 'open', '', 'blue', '', false, false)");
    std::vector<std::string> steps;
    Migration migration;
    {
        PostgresStore store(db.location(), PostgresOptions{[&](const std::string& line) { steps.push_back(line); }});
        migration = store.migration();
        const auto rooms = store.loadRooms();
        ASSERT_EQ(rooms.size(), 1u);
        EXPECT_EQ(rooms[0].seats.at(0).secretHash, hashSecret("s€cret-0"));
        EXPECT_TRUE(secretMatches("s€cret-0", rooms[0].seats.at(0).secretHash));
        EXPECT_EQ(rooms[0].seats.at(1).secretHash, "") << "an open seat's empty secret stays empty";
    }
    EXPECT_EQ(migration.from, 1);
    EXPECT_EQ(migration.to, postgresSchema().latest());
    EXPECT_EQ(steps.size(), static_cast<std::size_t>(postgresSchema().latest() - 1));
    const auto seats = postgresRows(db.location(), "SELECT secret_hash FROM seats ORDER BY seat");
    PostgresStore again(db.location(), quiet());
    EXPECT_EQ(again.migration().from, postgresSchema().latest());
    EXPECT_EQ(postgresRows(db.location(), "SELECT secret_hash FROM seats ORDER BY seat"), seats);
    EXPECT_EQ(postgresRows(db.location(), "SELECT version FROM schema_version ORDER BY version"), allVersions());
}

// A cluster of the test's own (the shared one serves other tests meanwhile).
class PrivateCluster {
public:
    PrivateCluster() { control("start"); }
    ~PrivateCluster() { control("stop"); }
    void control(const std::string& what) {
        const std::string command = carc::test::postgresClusterScript() + " " + what + " " + dir_.file("cluster");
        ASSERT_EQ(std::system(command.c_str()), 0) << command;
    }
    std::string uri() const {
        std::ifstream file(dir_.file("cluster/uri"));
        std::string line;
        std::getline(file, line);
        return line;
    }

private:
    TempDir dir_;
};

TEST(PostgresOutage, ACallWhileTheDatabaseIsDownThrowsChangesNothingAndTheNextAfterItIsBackWorks) {
    PrivateCluster cluster;
    PostgresStore store(cluster.uri(), quiet());
    store.createRoom(twoSeatRoom("r"));
    store.appendActions("r", 0, {"place 0"}, 1);

    cluster.control("halt");
    EXPECT_THROW(store.appendActions("r", 1, {"place 1"}, 2), StoreError);
    EXPECT_THROW(store.loadRooms(), StoreError);
    cluster.control("resume");
    EXPECT_EQ(store.loadRooms().at(0).actions, std::vector<std::string>{"place 0"}) << "the refused call left a line";
    store.appendActions("r", 1, {"place 1 again"}, 3);

    // Restarted between two calls: the connection is found dead at BEGIN and opened again.
    cluster.control("restart");
    store.appendActions("r", 2, {"place 2"}, 4);
    EXPECT_EQ(store.loadRooms().at(0).actions, (std::vector<std::string>{"place 0", "place 1 again", "place 2"}));
}

}  // namespace
}  // namespace carc::server::test
