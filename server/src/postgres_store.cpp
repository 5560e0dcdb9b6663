#include "postgres_store.hpp"

#include <libpq-fe.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>

namespace carc::server {

namespace {

// A chat row whose columns from `first` on are n, seat, name, colour, text, reaction, spectator
// (loading every room and reading one room's new lines select the same columns).
template <class Rows>
StoredChatLine chatLineAt(const Rows& r, int row, int first) {
    StoredChatLine line;
    line.n = r.integer(row, first);
    line.seat = static_cast<int>(r.integer(row, first + 1));
    line.name = r.text(row, first + 2);
    line.colour = r.text(row, first + 3);
    line.text = r.text(row, first + 4);
    line.reaction = r.text(row, first + 5);
    line.spectator = static_cast<int>(r.integer(row, first + 6));
    return line;
}

// pg_advisory_xact_lock's key for schema changes: "carc" in ASCII. Two processes starting on one
// database take it in turn, so a step is applied once.
constexpr const char* kSchemaLock = "SELECT pg_advisory_xact_lock(1667330659)";

}  // namespace

// The channel every room change is announced on (postgres_bus.cpp listens to it).
const char* const kRoomChannel = "carc_rooms";

namespace {

// Per room: a room's own writes are carried forward at its next message, so a few are plenty.
constexpr std::size_t kOwnVersionsKept = 64;

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
    uncommittedVersions_.clear();
    try {
        work();
        exec("COMMIT");
        inTransaction_ = false;
        for (auto& [room, version] : uncommittedVersions_) {
            auto& versions = ownVersions_[room];
            versions.insert(version);
            // Versions never carried forward (the room left this process's cache) are not kept forever.
            if (versions.size() > kOwnVersionsKept) versions.erase(versions.begin());
        }
        uncommittedVersions_.clear();
    } catch (...) {
        inTransaction_ = false;
        uncommittedVersions_.clear();  // rolled back, or unknown if COMMIT itself failed: not ours to skip
        if (PQstatus(conn_) == CONNECTION_OK) PQclear(PQexec(conn_, "ROLLBACK"));
        throw;
    }
}

void PostgresStore::putSeat(const std::string& room, const StoredSeat& seat) {
    run("INSERT INTO seats(room, seat, kind, name, colour, secret_hash, host, replaced, reserved)"
        " VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (room, seat) DO UPDATE SET kind = excluded.kind,"
        " name = excluded.name, colour = excluded.colour, secret_hash = excluded.secret_hash,"
        " host = excluded.host, replaced = excluded.replaced, reserved = excluded.reserved",
        {room, std::to_string(seat.seat), seat.kind, seat.name, seat.colour, seat.secretHash, boolText(seat.host),
         boolText(seat.replaced), boolText(seat.reserved)});
}

void PostgresStore::setTouched(const std::string& room, std::int64_t touched) {
    run("UPDATE rooms SET touched = $2 WHERE id = $1", {room, std::to_string(touched)});
}

std::int64_t PostgresStore::ownWritesFrom(const std::string& room, std::int64_t version) {
    auto it = ownVersions_.find(room);
    if (it == ownVersions_.end()) return version;
    auto& versions = it->second;
    while (!versions.empty() && *versions.begin() <= version + 1) {
        version = std::max(version, *versions.begin());
        versions.erase(versions.begin());
    }
    if (versions.empty()) ownVersions_.erase(it);
    return version;
}

void PostgresStore::changed(const std::string& room, std::int64_t touched) {
    const Result r = run("UPDATE rooms SET version = version + 1, touched = $2 WHERE id = $1 RETURNING version",
                         {room, std::to_string(touched)});
    if (r.rows() != 1) throw StoreError("postgres: no room " + room);
    uncommittedVersions_.emplace_back(room, r.integer(0, 0));
    const std::string payload = nlohmann::json{{"room", room}, {"seq", r.integer(0, 0)}}.dump();
    run("SELECT pg_notify($1, $2)", {kRoomChannel, payload});
}

void PostgresStore::announce(const std::string& room) {
    const Result r = run("UPDATE rooms SET version = version + 1 WHERE id = $1 RETURNING version", {room});
    if (r.rows() != 1) throw StoreError("postgres: no room " + room);
    uncommittedVersions_.emplace_back(room, r.integer(0, 0));
    const std::string payload = nlohmann::json{{"room", room}, {"seq", r.integer(0, 0)}}.dump();
    run("SELECT pg_notify($1, $2)", {kRoomChannel, payload});
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
        // The room's row first (as every writer of the room takes it), then the clock: the other
        // processes' connections are told the new turn's clock.
        announce(room);
        run("UPDATE room_clocks SET turn_start = $2 WHERE room = $1", {room, std::to_string(turnStart)});
    });
}

std::string PostgresStore::claimRematch(const std::string& room, const std::string& next, int by) {
    std::string recorded;
    inTransaction([&] {
        // The key on `room` lets one of two processes pressing at once in; both then read the winner.
        const bool claimed = run("INSERT INTO rematches(room, next, by_seat) VALUES($1, $2, $3) ON CONFLICT (room)"
                                 " DO NOTHING RETURNING room",
                                 {room, next, std::to_string(by)})
                                 .rows() == 1;
        const Result r = run("SELECT next FROM rematches WHERE room = $1", {room});
        if (r.rows() > 0) recorded = r.text(0, 0);
        if (claimed) announce(room);  // the old room's players on other processes are offered it
    });
    return recorded;
}

void PostgresStore::saveSeat(const std::string& room, const StoredSeat& seat, std::int64_t touched) {
    inTransaction([&] {
        putSeat(room, seat);
        changed(room, touched);
    });
}

void PostgresStore::saveRoom(const std::string& room, const std::string& setup, bool listed, bool started,
                             std::int64_t touched) {
    inTransaction([&] {
        run("UPDATE rooms SET setup = $2, listed = $3, started = $4 WHERE id = $1",
            {room, setup, boolText(listed), boolText(started)});
        changed(room, touched);
    });
}

void PostgresStore::appendActions(const std::string& room, std::size_t first, const std::vector<std::string>& lines,
                                  std::int64_t touched) {
    inTransaction([&] {
        // The primary key (room, n) refuses a number already taken, by this process or another.
        for (std::size_t i = 0; i < lines.size(); ++i)
            run("INSERT INTO actions(room, n, line) VALUES($1, $2, $3)", {room, std::to_string(first + i), lines[i]});
        changed(room, touched);
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

std::int64_t PostgresStore::appendChat(const std::string& room, const StoredChatLine& line, std::size_t keep) {
    std::int64_t n = line.n;
    inTransaction([&] {
        // The room's row lock orders lines said at once through several processes; a process whose
        // copy is behind gets the next free number (and reads the lines before it).
        if (run("SELECT version FROM rooms WHERE id = $1 FOR UPDATE", {room}).rows() != 1)
            throw StoreError("postgres: no room " + room);
        n = std::max(line.n, run("SELECT coalesce(max(n) + 1, 0) FROM chat WHERE room = $1", {room}).integer(0, 0));
        run("INSERT INTO chat(room, n, seat, name, colour, text, reaction, spectator)"
            " VALUES($1, $2, $3, $4, $5, $6, $7, $8)",
            {room, std::to_string(n), std::to_string(line.seat), line.name, line.colour, line.text, line.reaction,
             std::to_string(line.spectator)});
        run("DELETE FROM chat WHERE room = $1 AND n <= $2",
            {room, std::to_string(n - static_cast<std::int64_t>(keep))});
        announce(room);
    });
    return n;
}

void PostgresStore::saveChatMute(const std::string& room, int seat, bool muted) {
    inTransaction([&] {
        if (muted)
            run("INSERT INTO chat_mutes(room, seat) VALUES($1, $2) ON CONFLICT DO NOTHING",
                {room, std::to_string(seat)});
        else
            run("DELETE FROM chat_mutes WHERE room = $1 AND seat = $2", {room, std::to_string(seat)});
        announce(room);
    });
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
            const Result s =
                run("SELECT room, seat, kind, name, colour, secret_hash, host, replaced, reserved FROM seats"
                    " ORDER BY room, seat");
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
                seat.reserved = s.boolean(i, 8);
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
            const Result c =
                run("SELECT room, n, seat, name, colour, text, reaction, spectator FROM chat ORDER BY room, n");
            for (int i = 0; i < c.rows(); ++i) {
                auto it = index.find(c.text(i, 0));
                if (it == index.end()) continue;
                rooms[it->second].chat.push_back(chatLineAt(c, i, 1));
            }
            const Result mutes = run("SELECT room, seat FROM chat_mutes ORDER BY room, seat");
            for (int i = 0; i < mutes.rows(); ++i) {
                auto it = index.find(mutes.text(i, 0));
                if (it != index.end()) rooms[it->second].chatMuted.push_back(static_cast<int>(mutes.integer(i, 1)));
            }
            const Result k = run("SELECT room, move_seconds, bot, turn_start FROM room_clocks");
            for (int i = 0; i < k.rows(); ++i) {
                auto it = index.find(k.text(i, 0));
                if (it == index.end()) continue;
                auto& clock = rooms[it->second].clock;
                clock.moveSeconds = static_cast<int>(k.integer(i, 1));
                clock.bot = k.text(i, 2);
                clock.turnStart = k.integer(i, 3);
            }
            const Result m = run("SELECT room, next, by_seat FROM rematches");
            for (int i = 0; i < m.rows(); ++i) {
                auto it = index.find(m.text(i, 0));
                if (it == index.end()) continue;
                rooms[it->second].rematch = m.text(i, 1);
                rooms[it->second].rematchBy = static_cast<int>(m.integer(i, 2));
            }
        },
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    return rooms;
}

std::optional<StoredRoom> PostgresStore::loadRoom(const std::string& id, std::size_t fromAction) {
    ++roomReads_;
    std::optional<StoredRoom> out;
    inTransaction(
        [&] {
            out.reset();
            const Result r =
                run("SELECT id, setup, listed, started, created, touched, version FROM rooms WHERE id = $1", {id});
            if (r.rows() == 0) return;
            StoredRoom room;
            room.id = r.text(0, 0);
            room.setup = r.text(0, 1);
            room.listed = r.boolean(0, 2);
            room.started = r.boolean(0, 3);
            room.created = r.integer(0, 4);
            room.touched = r.integer(0, 5);
            room.version = r.integer(0, 6);
            const Result s =
                run("SELECT seat, kind, name, colour, secret_hash, host, replaced, reserved FROM seats WHERE room = $1"
                    " ORDER BY seat",
                    {id});
            for (int i = 0; i < s.rows(); ++i) {
                StoredSeat& seat = room.seats.emplace_back();
                seat.seat = static_cast<int>(s.integer(i, 0));
                seat.kind = s.text(i, 1);
                seat.name = s.text(i, 2);
                seat.colour = s.text(i, 3);
                seat.secretHash = s.text(i, 4);
                seat.host = s.boolean(i, 5);
                seat.replaced = s.boolean(i, 6);
                seat.reserved = s.boolean(i, 7);
            }
            const Result a = run("SELECT n, line FROM actions WHERE room = $1 AND n >= $2 ORDER BY n",
                                 {id, std::to_string(fromAction)});
            for (int i = 0; i < a.rows(); ++i) {
                if (a.integer(i, 0) != static_cast<std::int64_t>(fromAction + room.actions.size())) {
                    room.problem = "its actions are not numbered 0, 1, 2, ... (action " +
                                   std::to_string(fromAction + room.actions.size()) + " is missing)";
                    room.actions.clear();
                    break;
                }
                room.actions.push_back(a.text(i, 1));
            }
            // The chat lines come with a room's first load; a catch-up (fromAction > 0) reads the new
            // ones with loadChat. The mutes (a few rows) come every time.
            if (fromAction == 0) room.chat = readChat(id, 0);
            const Result mutes = run("SELECT seat FROM chat_mutes WHERE room = $1 ORDER BY seat", {id});
            for (int i = 0; i < mutes.rows(); ++i) room.chatMuted.push_back(static_cast<int>(mutes.integer(i, 0)));
            const Result k = run("SELECT move_seconds, bot, turn_start FROM room_clocks WHERE room = $1", {id});
            if (k.rows() == 1) {
                room.clock.moveSeconds = static_cast<int>(k.integer(0, 0));
                room.clock.bot = k.text(0, 1);
                room.clock.turnStart = k.integer(0, 2);
            }
            const Result m = run("SELECT next, by_seat FROM rematches WHERE room = $1", {id});
            if (m.rows() == 1) room.rematch = m.text(0, 0), room.rematchBy = static_cast<int>(m.integer(0, 1));
            out = std::move(room);
        },
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    return out;
}

std::size_t PostgresStore::countRooms() {
    std::size_t count = 0;
    inTransaction([&] { count = static_cast<std::size_t>(run("SELECT count(*) FROM rooms").integer(0, 0)); });
    return count;
}

void PostgresStore::appendMove(const std::string& room, std::size_t known, const MoveDecision& decide,
                               std::int64_t touched) {
    inTransaction([&] {
        // The room's row lock serialises its moves across every process: the next writer waits here.
        if (run("SELECT version FROM rooms WHERE id = $1 FOR UPDATE", {room}).rows() != 1)
            throw StoreError("postgres: no room " + room);
        const Result a =
            run("SELECT line FROM actions WHERE room = $1 AND n >= $2 ORDER BY n", {room, std::to_string(known)});
        std::vector<std::string> unseen;
        for (int i = 0; i < a.rows(); ++i) unseen.push_back(a.text(i, 0));
        const auto lines = decide(unseen);
        const std::size_t first = known + unseen.size();
        for (std::size_t i = 0; i < lines.size(); ++i)
            run("INSERT INTO actions(room, n, line) VALUES($1, $2, $3)", {room, std::to_string(first + i), lines[i]});
        if (!lines.empty()) changed(room, touched);
    });
}

bool PostgresStore::casSeat(const std::string& room, const StoredSeat& before, const StoredSeat& after) {
    return run("UPDATE seats SET kind = $3, name = $4, colour = $5, secret_hash = $6, host = $7, replaced = $8,"
               " reserved = $15 WHERE room = $1 AND seat = $2 AND kind = $9 AND name = $10 AND colour = $11"
               " AND secret_hash = $12 AND host = $13 AND replaced = $14 AND reserved = $16 RETURNING seat",
               {room, std::to_string(after.seat), after.kind, after.name, after.colour, after.secretHash,
                boolText(after.host), boolText(after.replaced), before.kind, before.name, before.colour,
                before.secretHash, boolText(before.host), boolText(before.replaced), boolText(after.reserved),
                boolText(before.reserved)})
               .rows() == 1;
}

bool PostgresStore::replaceSeat(const std::string& room, const StoredSeat& before, const StoredSeat& after,
                                std::int64_t touched) {
    bool written = false;
    inTransaction([&] {
        written = casSeat(room, before, after);
        if (written) changed(room, touched);
    });
    return written;
}

void PostgresStore::setListed(const std::string& room, bool listed, std::int64_t touched) {
    inTransaction([&] {
        run("UPDATE rooms SET listed = $2 WHERE id = $1", {room, boolText(listed)});
        changed(room, touched);
    });
}

bool PostgresStore::markStarted(const std::string& room, const std::string& setup, std::int64_t touched) {
    bool written = false;
    inTransaction([&] {
        written =
            run("UPDATE rooms SET setup = $2, started = true WHERE id = $1 AND NOT started RETURNING id", {room, setup})
                .rows() == 1;
        if (written) changed(room, touched);
    });
    return written;
}

std::vector<std::string> PostgresStore::expireRooms(std::int64_t startedBefore, std::int64_t lobbyBefore) {
    std::vector<std::string> ids;
    inTransaction([&] {
        ids.clear();
        const Result r =
            run("DELETE FROM rooms WHERE (started AND touched < $1) OR (NOT started AND touched < $2) RETURNING id",
                {std::to_string(startedBefore), std::to_string(lobbyBefore)});
        for (int i = 0; i < r.rows(); ++i) ids.push_back(r.text(i, 0));
    });
    return ids;
}

void PostgresStore::touchEveryRoom(std::int64_t touched) {
    inTransaction([&] { run("UPDATE rooms SET touched = $1 WHERE touched < $1", {std::to_string(touched)}); });
}

// ---- the online table across processes (issue 47)

std::vector<StoredChatLine> PostgresStore::readChat(const std::string& room, std::int64_t fromLine) {
    std::vector<StoredChatLine> lines;
    const Result c =
        run("SELECT n, seat, name, colour, text, reaction, spectator FROM chat WHERE room = $1 AND n >= $2 ORDER BY n",
            {room, std::to_string(fromLine)});
    for (int i = 0; i < c.rows(); ++i) {
        lines.push_back(chatLineAt(c, i, 0));
    }
    return lines;
}

std::vector<StoredChatLine> PostgresStore::loadChat(const std::string& room, std::int64_t fromLine) {
    std::vector<StoredChatLine> lines;
    inTransaction([&] { lines = readChat(room, fromLine); }, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    return lines;
}

int PostgresStore::numberSpectator(const std::string& room) {
    int number = 0;
    inTransaction([&] {
        const Result r =
            run("UPDATE rooms SET spectators_numbered = spectators_numbered + 1 WHERE id = $1 RETURNING "
                "spectators_numbered",
                {room});
        if (r.rows() != 1) throw StoreError("postgres: no room " + room);
        number = static_cast<int>(r.integer(0, 0));
    });
    return number;
}

bool PostgresStore::timeOutSeat(const std::string& room, std::size_t actions, std::int64_t turnStart,
                                const StoredSeat& before, const StoredSeat& after, std::int64_t touched) {
    bool written = false;
    inTransaction([&] {
        written = false;
        // The room's row lock: a move (appendMove) or a new turn's start cannot slip in between.
        if (run("SELECT version FROM rooms WHERE id = $1 FOR UPDATE", {room}).rows() != 1) return;
        const std::int64_t stored = run("SELECT count(*) FROM actions WHERE room = $1", {room}).integer(0, 0);
        const Result k = run("SELECT turn_start FROM room_clocks WHERE room = $1", {room});
        if (stored != static_cast<std::int64_t>(actions) || k.rows() != 1 || k.integer(0, 0) != turnStart) return;
        written = casSeat(room, before, after);
        if (written) changed(room, touched);
    });
    return written;
}

// ---- shared presence, bot-turn claims and the lobby (schema step 6)

namespace {

// Now in ms by the database's clock: every process's heartbeat and claim is counted by one clock.
constexpr const char* kDatabaseNowMs = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

std::string withNow(const char* before, const char* after = "") {
    return std::string(before) + kDatabaseNowMs + after;
}

}  // namespace

void PostgresStore::presenceChanged(const std::string& room) {
    const std::string payload = nlohmann::json{{"room", room}, {"seq", 0}, {"presence", 1}}.dump();
    run("SELECT pg_notify($1, $2)", {kRoomChannel, payload});
}

bool PostgresStore::heartbeat(const std::string& process) {
    bool known = false;
    static const std::string sql =
        withNow("INSERT INTO processes(id, heartbeat) VALUES($1, ",
                ") ON CONFLICT (id) DO UPDATE SET heartbeat = excluded.heartbeat RETURNING (xmax = 0) AS inserted");
    // xmax is 0 on a row just inserted, set on one updated (the row existed).
    inTransaction([&] { known = !run(sql.c_str(), {process}).boolean(0, 0); });
    return known;
}

void PostgresStore::reapProcesses(std::int64_t goneAfterMs) {
    // Both deletes see the same snapshot: the second finds the rows of the processes the first removes,
    // and those of processes already gone (a row written just as its process was reaped).
    static const std::string sql =
        withNow("WITH gone AS (DELETE FROM processes WHERE heartbeat < ",
                " - $1 RETURNING id) DELETE FROM presence p WHERE p.process IN (SELECT id FROM gone)"
                " OR NOT EXISTS (SELECT 1 FROM processes s WHERE s.id = p.process) RETURNING p.room");
    inTransaction([&] {
        const Result r = run(sql.c_str(), {std::to_string(goneAfterMs)});
        std::vector<std::string> rooms;
        for (int i = 0; i < r.rows(); ++i) rooms.push_back(r.text(i, 0));
        std::sort(rooms.begin(), rooms.end());
        rooms.erase(std::unique(rooms.begin(), rooms.end()), rooms.end());
        for (const auto& room : rooms) presenceChanged(room);
    });
}

void PostgresStore::forgetProcess(const std::string& process) {
    inTransaction([&] {
        const Result r = run("DELETE FROM presence WHERE process = $1 RETURNING room", {process});
        run("DELETE FROM processes WHERE id = $1", {process});
        // Its bot turns are anyone's at once (orphanedBotTurns finds them on the next beat).
        run("UPDATE bot_claims SET expires = 0 WHERE process = $1", {process});
        std::vector<std::string> rooms;
        for (int i = 0; i < r.rows(); ++i) rooms.push_back(r.text(i, 0));
        std::sort(rooms.begin(), rooms.end());
        rooms.erase(std::unique(rooms.begin(), rooms.end()), rooms.end());
        for (const auto& room : rooms) presenceChanged(room);
    });
}

void PostgresStore::setPresence(const std::string& process, const std::string& room, int seat, int connections,
                                std::int64_t since) {
    inTransaction([&] {
        if (connections <= 0)
            run("DELETE FROM presence WHERE process = $1 AND room = $2 AND seat = $3",
                {process, room, std::to_string(seat)});
        else
            run("INSERT INTO presence(process, room, seat, connections, since) VALUES($1, $2, $3, $4, $5)"
                " ON CONFLICT (process, room, seat) DO UPDATE SET connections = excluded.connections,"
                " since = excluded.since",
                {process, room, std::to_string(seat), std::to_string(connections), std::to_string(since)});
        presenceChanged(room);
    });
}

std::vector<Store::PresenceRow> PostgresStore::presence(const std::string& room, const std::string& except,
                                                        std::int64_t goneAfterMs) {
    std::vector<PresenceRow> rows;
    static const std::string sql = withNow(
        "SELECT p.seat, p.connections, p.since FROM presence p JOIN processes s ON s.id = p.process"
        " WHERE p.room = $1 AND p.process <> $2 AND s.heartbeat >= ",
        " - $3");
    inTransaction([&] {
        rows.clear();
        const Result r = run(sql.c_str(), {room, except, std::to_string(goneAfterMs)});
        for (int i = 0; i < r.rows(); ++i)
            rows.push_back({static_cast<int>(r.integer(i, 0)), static_cast<int>(r.integer(i, 1)), r.integer(i, 2)});
    });
    return rows;
}

bool PostgresStore::claimBotTurn(const std::string& room, std::size_t turn, const std::string& process,
                                 std::int64_t ttlMs) {
    // Taken when the stored claim is for an earlier turn, is this process's own, or has expired; a
    // claim for a later turn is never taken back by a process that is behind.
    static const std::string sql = withNow("INSERT INTO bot_claims(room, turn, process, expires) VALUES($1, $2, $3, ",
                                           " + $4) ON CONFLICT (room) DO UPDATE SET turn = excluded.turn,"
                                           " process = excluded.process, expires = excluded.expires"
                                           " WHERE bot_claims.turn < excluded.turn OR (bot_claims.turn = excluded.turn"
                                           " AND (bot_claims.process = excluded.process OR bot_claims.expires < ") +
                                   kDatabaseNowMs + ")) RETURNING room";
    bool held = false;
    inTransaction([&] {
        held = run(sql.c_str(), {room, std::to_string(turn), process, std::to_string(ttlMs)}).rows() == 1;
    });
    return held;
}

std::vector<std::string> PostgresStore::orphanedBotTurns() {
    static const std::string sql =
        withNow("SELECT c.room FROM bot_claims c JOIN rooms r ON r.id = c.room WHERE NOT r.finished AND c.expires < ",
                " AND c.turn = (SELECT count(*) FROM actions a WHERE a.room = c.room) ORDER BY c.room");
    std::vector<std::string> rooms;
    inTransaction([&] {
        rooms.clear();
        const Result r = run(sql.c_str());
        for (int i = 0; i < r.rows(); ++i) rooms.push_back(r.text(i, 0));
    });
    return rooms;
}

void PostgresStore::markFinished(const std::string& room) {
    inTransaction([&] { run("UPDATE rooms SET finished = true WHERE id = $1", {room}); });
}

std::vector<StoredRoom> PostgresStore::listedRooms(std::size_t limit) {
    std::vector<StoredRoom> rooms;
    inTransaction(
        [&] {
            rooms.clear();
            std::map<std::string, std::size_t> index;
            const Result r =
                run("SELECT id, setup, started, created FROM rooms WHERE listed AND NOT finished"
                    " ORDER BY created DESC, id COLLATE \"C\" LIMIT $1",
                    {std::to_string(limit)});
            for (int i = 0; i < r.rows(); ++i) {
                StoredRoom& room = rooms.emplace_back();
                room.id = r.text(i, 0);
                room.setup = r.text(i, 1);
                room.listed = true;
                room.started = r.boolean(i, 2);
                room.created = r.integer(i, 3);
                index[room.id] = static_cast<std::size_t>(i);
            }
            if (rooms.empty()) return;
            // The same rooms in the same snapshot: their seats.
            const Result s =
                run("SELECT room, seat, kind, name FROM seats WHERE room IN (SELECT id FROM rooms WHERE listed AND"
                    " NOT finished ORDER BY created DESC, id COLLATE \"C\" LIMIT $1) ORDER BY room, seat",
                    {std::to_string(limit)});
            for (int i = 0; i < s.rows(); ++i) {
                const auto it = index.find(s.text(i, 0));
                if (it == index.end()) continue;
                StoredSeat& seat = rooms[it->second].seats.emplace_back();
                seat.seat = static_cast<int>(s.integer(i, 1));
                seat.kind = s.text(i, 2);
                seat.name = s.text(i, 3);
            }
        },
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    return rooms;
}

}  // namespace carc::server
