#include "postgres_store.hpp"

#include <libpq-fe.h>

#include <chrono>
#include <iostream>
#include <map>

namespace carc::server {

namespace {

// pg_advisory_xact_lock's key for schema changes: "carc" in ASCII. Two processes starting on one
// database take it in turn, so a step is applied once.
constexpr const char* kSchemaLock = "SELECT pg_advisory_xact_lock(1667330659)";

std::int64_t wallClockMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

std::string boolText(bool value) {
    return value ? "true" : "false";
}

}  // namespace

// A query's answer, freed when it goes.
class PostgresStore::Result {
public:
    explicit Result(PGresult* result) : result_(result) {}
    ~Result() { PQclear(result_); }
    Result(Result&& other) noexcept : result_(other.result_) { other.result_ = nullptr; }
    Result(const Result&) = delete;
    Result& operator=(const Result&) = delete;
    Result& operator=(Result&&) = delete;

    int rows() const { return PQntuples(result_); }
    std::string text(int row, int column) const {
        return std::string(PQgetvalue(result_, row, column),
                           static_cast<std::size_t>(PQgetlength(result_, row, column)));
    }
    std::int64_t integer(int row, int column) const { return std::stoll(text(row, column)); }
    bool boolean(int row, int column) const { return text(row, column) == "t"; }

private:
    PGresult* result_;
};

// The runner's view of this store's connection: every schema change, the version table's creation
// included, runs under the advisory lock.
class PostgresStore::SchemaConnection : public SchemaDatabase {
public:
    explicit SchemaConnection(PostgresStore& store) : store_(store) {}
    void exec(const std::string& sql) override {
        if (store_.inTransaction_) return store_.exec(sql);
        // CREATE TABLE IF NOT EXISTS is not safe against a concurrent twin: it too waits for the lock.
        transaction([&] { store_.exec(sql); });
    }
    void transaction(const std::function<void()>& work) override {
        store_.inTransaction([&] {
            store_.exec(kSchemaLock);
            work();
        });
    }
    int recordedVersion() override {
        const Result r = store_.run("SELECT coalesce(max(version), 0) FROM schema_version");
        return static_cast<int>(r.integer(0, 0));
    }
    void recordVersion(int version, std::int64_t appliedMs) override {
        store_.run("INSERT INTO schema_version(version, applied) VALUES($1, $2)",
                   {std::to_string(version), std::to_string(appliedMs)});
    }

private:
    PostgresStore& store_;
};

PostgresStore::PostgresStore(std::string uri, PostgresOptions options)
    : uri_(std::move(uri)), options_(std::move(options)) {
    connect();
    try {
        migrateSchema();
    } catch (...) {
        disconnect();
        throw;
    }
}

PostgresStore::~PostgresStore() {
    disconnect();
}

void PostgresStore::connect() {
    disconnect();
    // The URI's own settings win over these defaults (libpq: later values override earlier ones).
    const char* keywords[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
    const char* values[] = {"5", "carc-server", uri_.c_str(), nullptr};
    conn_ = PQconnectdbParams(keywords, values, 1);
    if (!conn_) throw StoreError("postgres: out of memory");
    if (PQstatus(conn_) != CONNECTION_OK) {
        // The message names host and port, not the URI (which may hold a password).
        const std::string why = trimmed(PQerrorMessage(conn_));
        disconnect();
        throw StoreError("postgres: cannot connect: " + why);
    }
    // The server's notices (such as "already exists, skipping") are not for the log.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
}

void PostgresStore::disconnect() {
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    inTransaction_ = false;
}

void PostgresStore::logLine(const std::string& line) const {
    if (options_.log)
        options_.log(line);
    else
        std::cerr << "carc-server: " << line << std::endl;
}

void PostgresStore::migrateSchema() {
    SchemaConnection connection(*this);
    migration_ =
        migrate(connection, postgresSchema(), wallClockMs(), [this](const std::string& line) { logLine(line); });
}

namespace {

// Throws StoreError unless `result` is a success; the message carries the SQLSTATE (23505: a key
// already stored, such as an action number another writer took).
void check(PGconn* conn, PGresult* result) {
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return;
    std::string why = result ? trimmed(PQresultErrorMessage(result)) : "";
    if (why.empty()) why = trimmed(PQerrorMessage(conn));
    const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    if (state) why += std::string(" (SQLSTATE ") + state + ")";
    PQclear(result);
    throw StoreError("postgres: " + why);
}

}  // namespace

PostgresStore::Result PostgresStore::run(const char* sql, const std::vector<std::string>& params) {
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p.c_str());
    PGresult* result =
        PQexecParams(conn_, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
    check(conn_, result);
    return Result(result);
}

void PostgresStore::exec(const std::string& sql) {
    PGresult* result = PQexec(conn_, sql.c_str());
    check(conn_, result);
    PQclear(result);
}

void PostgresStore::inTransaction(const std::function<void()>& work, const char* begin) {
    if (!conn_ || PQstatus(conn_) != CONNECTION_OK) connect();  // throws while the database is away
    try {
        exec(begin);
    } catch (const StoreError&) {
        if (PQstatus(conn_) == CONNECTION_OK) throw;
        // The connection died while idle (the database restarted since the last call): only BEGIN
        // was lost, so once more on a new connection.
        connect();
        exec(begin);
    }
    inTransaction_ = true;
    try {
        work();
        exec("COMMIT");
        inTransaction_ = false;
    } catch (...) {
        inTransaction_ = false;
        if (PQstatus(conn_) == CONNECTION_OK) PQclear(PQexec(conn_, "ROLLBACK"));
        throw;
    }
}

void PostgresStore::putSeat(const std::string& room, const StoredSeat& seat) {
    run("INSERT INTO seats(room, seat, kind, name, colour, secret_hash, host, replaced)"
        " VALUES($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (room, seat) DO UPDATE SET kind = excluded.kind,"
        " name = excluded.name, colour = excluded.colour, secret_hash = excluded.secret_hash,"
        " host = excluded.host, replaced = excluded.replaced",
        {room, std::to_string(seat.seat), seat.kind, seat.name, seat.colour, seat.secretHash, boolText(seat.host),
         boolText(seat.replaced)});
}

void PostgresStore::setTouched(const std::string& room, std::int64_t touched) {
    run("UPDATE rooms SET touched = $2 WHERE id = $1", {room, std::to_string(touched)});
}

void PostgresStore::createRoom(const StoredRoom& room) {
    inTransaction([&] {
        run("INSERT INTO rooms(id, setup, listed, started, created, touched) VALUES($1, $2, $3, $4, $5, $6)",
            {room.id, room.setup, boolText(room.listed), boolText(room.started), std::to_string(room.created),
             std::to_string(room.touched)});
        for (const auto& seat : room.seats) putSeat(room.id, seat);
        if (room.clock.moveSeconds > 0)
            run("INSERT INTO room_clocks(room, move_seconds, bot, turn_start) VALUES($1, $2, $3, $4)",
                {room.id, std::to_string(room.clock.moveSeconds), room.clock.bot,
                 std::to_string(room.clock.turnStart)});
    });
}

void PostgresStore::saveTurnStart(const std::string& room, std::int64_t turnStart) {
    inTransaction([&] {
        run("UPDATE room_clocks SET turn_start = $2 WHERE room = $1", {room, std::to_string(turnStart)});
    });
}

std::string PostgresStore::claimRematch(const std::string& room, const std::string& next) {
    std::string recorded;
    inTransaction([&] {
        // The key on `room` lets one of two processes pressing at once in; both then read the winner.
        run("INSERT INTO rematches(room, next) VALUES($1, $2) ON CONFLICT (room) DO NOTHING", {room, next});
        const Result r = run("SELECT next FROM rematches WHERE room = $1", {room});
        if (r.rows() > 0) recorded = r.text(0, 0);
    });
    return recorded;
}

void PostgresStore::saveSeat(const std::string& room, const StoredSeat& seat, std::int64_t touched) {
    inTransaction([&] {
        putSeat(room, seat);
        setTouched(room, touched);
    });
}

void PostgresStore::saveRoom(const std::string& room, const std::string& setup, bool listed, bool started,
                             std::int64_t touched) {
    inTransaction([&] {
        run("UPDATE rooms SET setup = $2, listed = $3, started = $4, touched = $5 WHERE id = $1",
            {room, setup, boolText(listed), boolText(started), std::to_string(touched)});
    });
}

void PostgresStore::appendActions(const std::string& room, std::size_t first, const std::vector<std::string>& lines,
                                  std::int64_t touched) {
    inTransaction([&] {
        // The primary key (room, n) refuses a number already taken, by this process or another.
        for (std::size_t i = 0; i < lines.size(); ++i)
            run("INSERT INTO actions(room, n, line) VALUES($1, $2, $3)", {room, std::to_string(first + i), lines[i]});
        setTouched(room, touched);
    });
}

void PostgresStore::touchRooms(const std::vector<std::string>& rooms, std::int64_t touched) {
    inTransaction([&] {
        for (const auto& room : rooms) setTouched(room, touched);
    });
}

void PostgresStore::deleteRoom(const std::string& room) {
    inTransaction([&] { run("DELETE FROM rooms WHERE id = $1", {room}); });
}

std::vector<StoredRoom> PostgresStore::loadRooms() {
    std::vector<StoredRoom> rooms;
    // One snapshot for the three reads: a room another process changes meanwhile is read whole or not.
    inTransaction(
        [&] {
            rooms.clear();
            std::map<std::string, std::size_t> index;
            // COLLATE "C": rooms made at the same millisecond come in the order SQLite gives them.
            const Result r = run(
                "SELECT id, setup, listed, started, created, touched FROM rooms ORDER BY created, id COLLATE \"C\"");
            for (int i = 0; i < r.rows(); ++i) {
                StoredRoom room;
                room.id = r.text(i, 0);
                room.setup = r.text(i, 1);
                room.listed = r.boolean(i, 2);
                room.started = r.boolean(i, 3);
                room.created = r.integer(i, 4);
                room.touched = r.integer(i, 5);
                index[room.id] = rooms.size();
                rooms.push_back(std::move(room));
            }
            const Result s = run(
                "SELECT room, seat, kind, name, colour, secret_hash, host, replaced FROM seats ORDER BY room, seat");
            for (int i = 0; i < s.rows(); ++i) {
                auto it = index.find(s.text(i, 0));
                if (it == index.end()) continue;
                StoredSeat seat;
                seat.seat = static_cast<int>(s.integer(i, 1));
                seat.kind = s.text(i, 2);
                seat.name = s.text(i, 3);
                seat.colour = s.text(i, 4);
                seat.secretHash = s.text(i, 5);
                seat.host = s.boolean(i, 6);
                seat.replaced = s.boolean(i, 7);
                rooms[it->second].seats.push_back(std::move(seat));
            }
            const Result a = run("SELECT room, n, line FROM actions ORDER BY room, n");
            for (int i = 0; i < a.rows(); ++i) {
                auto it = index.find(a.text(i, 0));
                if (it == index.end()) continue;
                auto& room = rooms[it->second];
                if (!room.problem.empty()) continue;
                if (a.integer(i, 1) != static_cast<std::int64_t>(room.actions.size())) {
                    room.problem = "its actions are not numbered 0, 1, 2, ... (action " +
                                   std::to_string(room.actions.size()) + " is missing)";
                    room.actions.clear();
                    continue;
                }
                room.actions.push_back(a.text(i, 2));
            }
            const Result c = run("SELECT room, move_seconds, bot, turn_start FROM room_clocks");
            for (int i = 0; i < c.rows(); ++i) {
                auto it = index.find(c.text(i, 0));
                if (it == index.end()) continue;
                auto& clock = rooms[it->second].clock;
                clock.moveSeconds = static_cast<int>(c.integer(i, 1));
                clock.bot = c.text(i, 2);
                clock.turnStart = c.integer(i, 3);
            }
            const Result m = run("SELECT room, next FROM rematches");
            for (int i = 0; i < m.rows(); ++i) {
                auto it = index.find(m.text(i, 0));
                if (it != index.end()) rooms[it->second].rematch = m.text(i, 1);
            }
        },
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    return rooms;
}

}  // namespace carc::server
