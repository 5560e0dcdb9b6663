// The database schema's numbered steps (server/src/migrations.hpp) and the seat secrets kept only as
// hashes: a database made by the servers before both keeps its rooms and their secrets; a newer one
// is refused; the files never hold a secret a client was given.
#include <sqlite3.h>

#include <sys/wait.h>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "hub_fixture.hpp"
#include "secret_hash.hpp"
#include "test_paths.hpp"

namespace carc::server::test {
namespace {

// The CREATE statements of the servers before schema steps were recorded, kept as they were: the
// fixture a database of theirs is made from (step 1 must accept it as it is).
const char* const kUnversionedSchema =
    "PRAGMA journal_mode=WAL;"
    "CREATE TABLE rooms(id TEXT PRIMARY KEY, setup TEXT NOT NULL, listed INTEGER NOT NULL,"
    " started INTEGER NOT NULL, created INTEGER NOT NULL, touched INTEGER NOT NULL);"
    "CREATE TABLE seats(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
    " seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, colour TEXT NOT NULL,"
    " secret TEXT NOT NULL, host INTEGER NOT NULL, replaced INTEGER NOT NULL,"
    " PRIMARY KEY(room, seat)) WITHOUT ROWID;"
    "CREATE TABLE actions(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
    " n INTEGER NOT NULL, line TEXT NOT NULL, PRIMARY KEY(room, n)) WITHOUT ROWID;";

// Plain secrets as the old servers stored them (128 bits in base64url, 22 characters).
const char* const kOldHostSecret = "Zq3oLd5HoStSeCrEt0AAAA";
const char* const kOldGuestSecret = "Zq3oLd5GuEsTsEcReT1BBB";

class Database {
public:
    explicit Database(const std::string& file) {
        if (sqlite3_open(file.c_str(), &db_) != SQLITE_OK) ADD_FAILURE() << "cannot open " << file;
    }
    ~Database() { sqlite3_close(db_); }
    void exec(const std::string& sql) {
        char* error = nullptr;
        EXPECT_EQ(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "") << sql;
        sqlite3_free(error);
    }
    // Every row of a query, its columns joined by '|'.
    std::vector<std::string> rows(const std::string& sql) {
        std::vector<std::string> out;
        sqlite3_stmt* stmt = nullptr;
        EXPECT_EQ(sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK) << sqlite3_errmsg(db_);
        while (sqlite3_step(stmt) == SQLITE_ROW) {
            std::string row;
            for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
                const auto* text = sqlite3_column_text(stmt, c);
                row += (c ? "|" : "") + std::string(text ? reinterpret_cast<const char*>(text) : "");
            }
            out.push_back(row);
        }
        sqlite3_finalize(stmt);
        return out;
    }
    // One text value, quoted for SQL.
    std::string quoted(const std::string& sql) {
        auto all = rows("SELECT quote((" + sql + "))");
        return all.empty() ? "NULL" : all.front();
    }

private:
    sqlite3* db_ = nullptr;
};

// A file's bytes as they are on disk ("" when it does not exist).
std::string bytesOf(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

bool onDisk(const std::string& db, const std::string& text) {
    return (bytesOf(db) + bytesOf(db + "-wal")).find(text) != std::string::npos;
}

int latest() {
    return sqliteSchema().latest();
}

// `carc-server ARGS` with standard error into the result; `status` gets its exit code.
std::string runServer(const std::string& args, int& status) {
    std::string output;
    // `timeout`: a server that wrongly starts serving is stopped instead of hanging the suite.
    FILE* pipe = popen(("timeout 20 " + carc::test::serverBinary() + " " + args + " 2>&1").c_str(), "r");
    if (!pipe) return "popen failed";
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
    const int raw = pclose(pipe);
    status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return output;
}

// SQLite's schema and files (PostgreSQL's: postgres_store_test.cpp).
class SchemaTest : public HubTest {
protected:
    SqliteStore& sqlite() { return dynamic_cast<SqliteStore&>(*store_); }
    // Reopens the hub on another database file.
    void reopen(const std::string& file) {
        hub_.reset();
        store_.reset();
        store_ = std::make_unique<SqliteStore>(file, Durability::Normal, quiet());
        makeHub();
    }
    static SqliteOptions quiet() {
        SqliteOptions o;
        o.log = [](const std::string&) {};
        return o;
    }
    // `resume` on a new connection: its `joined`, else its `error`.
    json resume(const std::string& room, int seat, const std::string& secret) {
        conns_.push_back(connect());
        Conn& c = *conns_.back();
        say(c, {{"type", "resume"}, {"room", room}, {"seat", seat}, {"secret", secret}});
        c.peer.take();
        json joined = c.peer.lastSeen("joined");
        return joined.is_null() ? c.peer.lastSeen("error") : joined;
    }
    json resumeGame() { return conns_.back()->peer.lastSeen("game"); }

    std::vector<std::unique_ptr<Conn>> conns_;
    TempDir files_;
};

TEST_P(SchemaTest, AnUnversionedDatabaseIsMigratedItsRoomLoadsAndItsOldSecretsResume) {
    // A started two-player room as today's server keeps it: its rows copied into a database made
    // with the old CREATE statements, the seats given plain secrets as the old servers stored them.
    auto host = connect(), guest = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*guest, room, "Bob");
    say(*host, {{"type", "start"}});
    ASSERT_FALSE(host->peer.last("game").is_null());
    const std::string old = files_.file("old.db");
    {
        Database current(db_->location());
        Database before(old);
        before.exec(kUnversionedSchema);
        for (const auto& sql : current.rows("SELECT 'INSERT INTO rooms VALUES(' || quote(id) || ',' || quote(setup) ||"
                                            " ',' || listed || ',' || started || ',' || created || ',' || touched ||"
                                            " ')' FROM rooms"))
            before.exec(sql);
        for (const auto& sql : current.rows(
                 "SELECT 'INSERT INTO seats VALUES(' || quote(room) || ',' || seat || ',' || quote(kind) || ',' ||"
                 " quote(name) || ',' || quote(colour) || ',' || quote(CASE seat WHEN 0 THEN '" +
                 std::string(kOldHostSecret) + "' ELSE '" + kOldGuestSecret +
                 "' END) || ',' || host || ',' || replaced || ')' FROM seats"))
            before.exec(sql);
        for (const auto& sql :
             current.rows("SELECT 'INSERT INTO actions VALUES(' || quote(room) || ',' || n || ',' || quote(line) || ')'"
                          " FROM actions"))
            before.exec(sql);
        // More rooms like it, so the rewritten seats fill several pages (where a rewrite can leave the old
        // text in a page's free space): their secrets are "OldSecret" and a number.
        before.exec(
            "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 150)"
            " INSERT INTO rooms SELECT id || '-' || i, setup, listed, started, created, touched FROM rooms, k;"
            "INSERT INTO seats SELECT r.id, s.seat, s.kind, s.name, s.colour,"
            " printf('OldSecret%013d', 2 * substr(r.id, length(s.room) + 2) + s.seat), s.host, s.replaced"
            " FROM rooms r JOIN seats s ON r.id LIKE s.room || '-%';"
            "INSERT INTO actions SELECT r.id, a.n, a.line FROM rooms r JOIN actions a ON r.id LIKE a.room || '-%'");
        ASSERT_EQ(before.rows("SELECT count(*) FROM seats WHERE secret <> ''"), std::vector<std::string>{"302"});
    }
    ASSERT_TRUE(onDisk(old, kOldHostSecret));  // the fixture holds what the migration must remove

    reopen(old);
    EXPECT_EQ(sqlite().migration().from, 0);
    EXPECT_EQ(sqlite().migration().to, latest());
    ASSERT_EQ(hub_->roomCount(), 151u);
    EXPECT_TRUE(hub_->loadProblems().empty());

    EXPECT_EQ(resume(room, 1, kOldHostSecret).value("code", ""), "bad_secret");
    json joined = resume(room, 1, kOldGuestSecret);
    EXPECT_EQ(joined.value("type", ""), "joined");
    EXPECT_EQ(joined.value("secret", ""), kOldGuestSecret);  // the page keeps the secret it has
    EXPECT_FALSE(resumeGame().is_null());
    EXPECT_EQ(resume(room, 0, kOldHostSecret).value("host", false), true);

    // Only hashes are left, in the rows and in the files' bytes (free space and the log included).
    Database migrated(old);
    EXPECT_EQ(migrated.rows("SELECT secret_hash FROM seats WHERE room = '" + room + "' ORDER BY seat"),
              (std::vector<std::string>{hashSecret(kOldHostSecret), hashSecret(kOldGuestSecret)}));
    EXPECT_FALSE(onDisk(old, kOldHostSecret));
    EXPECT_FALSE(onDisk(old, kOldGuestSecret));
    EXPECT_FALSE(onDisk(old, "OldSecret")) << "an old secret is still in the file";
    EXPECT_EQ(resume(room + "-150", 1, "OldSecret0000000000301").value("type", ""), "joined");
}

TEST_P(SchemaTest, MigratingAgainChangesNothing) {
    // The fixture's store made rooms.db from nothing: every step, each recorded once.
    EXPECT_EQ(sqlite().migration().from, 0);
    EXPECT_EQ(sqlite().migration().to, latest());
    auto host = connect();
    const std::string room = createRoom(*host, "goldrush", 3);
    std::vector<std::string> logged;
    SqliteOptions options;
    options.log = [&](const std::string& line) { logged.push_back(line); };
    hub_.reset();
    store_.reset();
    Database db(db_->location());
    const auto versions = db.rows("SELECT version FROM schema_version ORDER BY version");
    EXPECT_EQ(versions.size(), static_cast<std::size_t>(latest()));
    const auto seats = db.rows("SELECT * FROM seats");
    for (int run = 0; run < 2; ++run) {
        store_ = std::make_unique<SqliteStore>(db_->location(), Durability::Normal, options);
        EXPECT_EQ(sqlite().migration().from, latest());
        EXPECT_EQ(sqlite().migration().to, latest());
        store_.reset();
    }
    EXPECT_EQ(logged, std::vector<std::string>{});
    EXPECT_EQ(db.rows("SELECT version FROM schema_version ORDER BY version"), versions);
    EXPECT_EQ(db.rows("SELECT * FROM seats"), seats);  // a hash is not hashed again
    reopen(db_->location());
    EXPECT_EQ(resume(room, 0, host->secret).value("type", ""), "joined");
}

TEST_P(SchemaTest, ADatabaseNewerThanThisServerIsRefusedAndLeftAlone) {
    auto host = connect();
    createRoom(*host, "base", 2);
    hub_.reset();
    store_.reset();
    const std::string file = db_->location();
    const std::string newer = std::to_string(latest() + 1);
    {
        Database db(file);
        db.exec("INSERT INTO schema_version(version, applied) VALUES(" + newer + ", 0)");
    }
    try {
        SqliteStore refused(file, Durability::Normal, quiet());
        ADD_FAILURE() << "a version " << newer << " database was opened";
    } catch (const SchemaTooNew& e) {
        EXPECT_NE(std::string(e.what()).find("version " + newer + ", newer than this carc-server knows"),
                  std::string::npos)
            << e.what();
    }
    int status = 0;
    std::string said = runServer("--port 0 --quiet --db " + file, status);
    EXPECT_NE(status, 0);
    EXPECT_NE(said.find("newer than this carc-server knows"), std::string::npos) << said;
    said = runServer("--check --db " + file, status);
    EXPECT_EQ(status, 1);
    EXPECT_NE(said.find("newer than this carc-server knows"), std::string::npos) << said;
    Database db(file);
    EXPECT_EQ(db.rows("SELECT max(version) FROM schema_version"), std::vector<std::string>{newer});
    EXPECT_EQ(db.rows("SELECT count(*) FROM rooms"), std::vector<std::string>{"1"});
}

TEST_P(SchemaTest, TheCheckSaysWhichSchemaItFound) {
    int status = 0;
    const std::string said = runServer("--check --db " + db_->location(), status);
    EXPECT_EQ(status, 0) << said;
    EXPECT_NE(said.find("schema version " + std::to_string(latest()) + "\n"), std::string::npos) << said;
}

TEST_P(SchemaTest, TheFilesHoldNoSecretAClientWasGiven) {
    auto host = connect(), guest = connect();
    const std::string room = createRoom(*host, "base", 3);
    joinRoom(*guest, room, "Bob");
    ASSERT_EQ(host->secret.size(), 22u);
    ASSERT_EQ(guest->secret.size(), 22u);
    const std::string file = db_->location();
    // Read while the server holds the file open: the rows are in the write-ahead log, not yet copied.
    ASSERT_TRUE(onDisk(file, hashSecret(guest->secret)));
    EXPECT_FALSE(onDisk(file, host->secret));
    EXPECT_FALSE(onDisk(file, guest->secret));

    // Resume works with the secret (after a restart too), not with a wrong one.
    std::string wrong = guest->secret;
    wrong[5] = wrong[5] == 'A' ? 'B' : 'A';
    EXPECT_EQ(resume(room, 1, wrong).value("code", ""), "bad_secret");
    EXPECT_EQ(resume(room, 1, hashSecret(guest->secret)).value("code", ""), "bad_secret");  // the hash is no key
    EXPECT_EQ(resume(room, 1, guest->secret).value("type", ""), "joined");
    conns_.clear();
    reopen(file);
    json joined = resume(room, 1, guest->secret);
    EXPECT_EQ(joined.value("type", ""), "joined");
    EXPECT_EQ(joined.value("secret", ""), guest->secret);
    EXPECT_EQ(resume(room, 0, guest->secret).value("code", ""), "bad_secret");
    conns_.clear();
    hub_.reset();
    store_.reset();  // checkpointed into the database file
    EXPECT_FALSE(onDisk(file, host->secret));
    EXPECT_FALSE(onDisk(file, guest->secret));
}

INSTANTIATE_TEST_SUITE_P(SqliteOnly, SchemaTest, ::testing::Values(std::string("sqlite")), storeName);

}  // namespace
}  // namespace carc::server::test
