#include "sqlite_store.hpp"

#include "secret_hash.hpp"

#include <sqlite3.h>

#include <chrono>
#include <cstring>
#include <iostream>
#include <map>

namespace carc::server {

namespace {

// The current row of a chat query whose columns from `first` on are n, seat, name, colour, text,
// reaction, spectator (loading every room and reading one room's new lines select the same columns).
template <class Row>
StoredChatLine chatLineAt(Row& r, int first) {
    StoredChatLine line;
    line.n = r.integer(first);
    line.seat = static_cast<int>(r.integer(first + 1));
    line.name = r.text(first + 2);
    line.colour = r.text(first + 3);
    line.text = r.text(first + 4);
    line.reaction = r.text(first + 5);
    line.spectator = static_cast<int>(r.integer(first + 6));
    return line;
}

// carc_sha256_hex(text): the secret's hash as secret_hash.cpp writes it.
void sha256HexFunction(sqlite3_context* context, int, sqlite3_value** argv) {
    const auto* text = sqlite3_value_text(argv[0]);
    if (!text) return sqlite3_result_null(context);
    const std::string secret(reinterpret_cast<const char*>(text),
                             static_cast<std::size_t>(sqlite3_value_bytes(argv[0])));
    try {
        const std::string hash = hashSecret(secret);
        sqlite3_result_text(context, hash.data(), static_cast<int>(hash.size()), SQLITE_TRANSIENT);
    } catch (const std::exception& e) {
        sqlite3_result_error(context, e.what(), -1);
    }
}

std::int64_t wallClockMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

// A prepared statement kept for the store's life, keyed by its SQL text.
class SqliteStore::Statement {
public:
    Statement(sqlite3* db, const char* sql) : db_(db), sql_(sql) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
            throw StoreError(std::string("sqlite prepare: ") + sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    const char* sql() const { return sql_; }

    Statement& bind(int index, const std::string& text) {
        check(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT));
        return *this;
    }
    Statement& bind(int index, std::int64_t value) {
        check(sqlite3_bind_int64(stmt_, index, value));
        return *this;
    }
    // Runs a statement that returns no rows.
    void run() {
        const int rc = sqlite3_step(stmt_);
        reset();
        if (rc != SQLITE_DONE) throw StoreError(std::string("sqlite: ") + sqlite3_errmsg(db_));
    }
    // Steps through rows: true while there is one.
    bool row() {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        reset();
        if (rc != SQLITE_DONE) throw StoreError(std::string("sqlite: ") + sqlite3_errmsg(db_));
        return false;
    }
    std::string text(int column) {
        const auto* p = sqlite3_column_text(stmt_, column);
        return p ? std::string(reinterpret_cast<const char*>(p),
                               static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                 : std::string();
    }
    std::int64_t integer(int column) { return sqlite3_column_int64(stmt_, column); }
    void reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }

private:
    void check(int rc) {
        if (rc != SQLITE_OK) throw StoreError(std::string("sqlite bind: ") + sqlite3_errmsg(db_));
    }
    sqlite3* db_;
    const char* sql_;
    sqlite3_stmt* stmt_ = nullptr;
};

// The runner's view of this store's connection.
class SqliteStore::SchemaConnection : public SchemaDatabase {
public:
    explicit SchemaConnection(SqliteStore& store) : store_(store) {}
    void exec(const std::string& sql) override { store_.exec(sql.c_str()); }
    void transaction(const std::function<void()>& work) override { store_.inTransaction(work); }
    int recordedVersion() override {
        auto& q = store_.prepared("SELECT coalesce(max(version), 0) FROM schema_version");
        const int version = q.row() ? static_cast<int>(q.integer(0)) : 0;
        q.reset();
        return version;
    }
    void recordVersion(int version, std::int64_t appliedMs) override {
        store_.prepared("INSERT INTO schema_version(version, applied) VALUES(?1, ?2)")
            .bind(1, std::int64_t{version})
            .bind(2, appliedMs)
            .run();
    }

private:
    SqliteStore& store_;
};

void SqliteStore::migrateSchema() {
    // A step that rewrites secrets leaves no copy of the old text in the pages' free space.
    exec("PRAGMA secure_delete=ON");
    SchemaConnection connection(*this);
    migration_ = migrate(connection, sqliteSchema(), wallClockMs(), [this](const std::string& line) { logLine(line); });
    exec("PRAGMA secure_delete=OFF");
    // ... nor in the write-ahead log's older frames: the log is copied back and emptied.
    if (migration_.to != migration_.from) exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

SqliteStore::SqliteStore(const std::string& path, Durability durability, SqliteOptions options)
    : options_(std::move(options)) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw StoreError("cannot open " + path + ": " + why);
    }
    try {
        sqlite3_busy_timeout(db_, 5000);
        exec("PRAGMA journal_mode=WAL");
        exec(durability == Durability::Full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
        exec("PRAGMA foreign_keys=ON");
        exec("PRAGMA wal_autocheckpoint=0");  // checkpointLoop does them, off the I/O thread
        exec(("PRAGMA journal_size_limit=" + std::to_string(options_.walLimitBytes)).c_str());
        // Step 2 of the schema hashes the secrets of older databases in SQL.
        if (sqlite3_create_function(db_, "carc_sha256_hex", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr,
                                    sha256HexFunction, nullptr, nullptr) != SQLITE_OK)
            throw StoreError(std::string("sqlite: ") + sqlite3_errmsg(db_));
        migrateSchema();
    } catch (...) {
        statements_.clear();
        sqlite3_close(db_);
        throw;
    }
    checkpointer_ = std::thread([this, path] { checkpointLoop(path); });
}

SqliteStore::~SqliteStore() {
    {
        std::lock_guard lock(stopMutex_);
        stopping_ = true;
    }
    stopWake_.notify_all();
    checkpointer_.join();
    statements_.clear();
    sqlite3_close(db_);
}

void SqliteStore::logLine(const std::string& line) const {
    if (options_.log)
        options_.log(line);
    else
        std::cerr << "carc-server: " << line << std::endl;
}

void SqliteStore::checkpointLoop(std::string path) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
        logLine("the checkpoint thread cannot open " + path + ": " + (db ? sqlite3_errmsg(db) : "out of memory") +
                "; the write-ahead log grows until the next start");
        sqlite3_close(db);
        return;
    }
    sqlite3_busy_timeout(db, 1000);
    // A connection opens the log only when it first reads: until then a checkpoint finds "no WAL"
    // and does nothing (which it did here for every checkpoint before this read).
    const std::string setup =
        "PRAGMA journal_size_limit=" + std::to_string(options_.walLimitBytes) + "; SELECT count(*) FROM sqlite_master";
    if (sqlite3_exec(db, setup.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
        logLine(std::string("the checkpoint thread cannot read the database: ") + sqlite3_errmsg(db));
    int lastFailure = SQLITE_OK;  // a failure is logged when it starts, not every second it lasts
    auto checkpoint = [&](int mode) {
        int logFrames = 0, copied = 0;
        const int rc = sqlite3_wal_checkpoint_v2(db, "main", mode, &logFrames, &copied);
        if (rc != SQLITE_OK && rc != SQLITE_BUSY && rc != lastFailure)
            logLine(std::string("a checkpoint failed: ") + sqlite3_errstr(rc));
        if (rc != SQLITE_BUSY) lastFailure = rc;
        return rc == SQLITE_OK ? logFrames : 0;
    };
    std::unique_lock lock(stopMutex_);
    while (!stopWake_.wait_for(lock, std::chrono::milliseconds(options_.checkpointEveryMs),
                               [this] { return stopping_; })) {
        lock.unlock();
        // PASSIVE copies what it can without blocking the writer. Under steady writes it may never
        // copy everything, so the log would only grow: past the limit, TRUNCATE waits for a gap
        // between the writer's transactions and starts the log afresh.
        const std::int64_t frames = checkpoint(SQLITE_CHECKPOINT_PASSIVE);
        if (frames * 4096 > options_.walLimitBytes) checkpoint(SQLITE_CHECKPOINT_TRUNCATE);
        lock.lock();
    }
    lock.unlock();
    checkpoint(SQLITE_CHECKPOINT_PASSIVE);
    sqlite3_close(db);
}

void SqliteStore::exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        const std::string why = message ? message : "unknown error";
        sqlite3_free(message);
        throw StoreError("sqlite: " + why);
    }
}

SqliteStore::Statement& SqliteStore::prepared(const char* sql) {
    for (auto& s : statements_)
        if (std::strcmp(s->sql(), sql) == 0) return *s;
    statements_.push_back(std::make_unique<Statement>(db_, sql));
    return *statements_.back();
}

void SqliteStore::inTransaction(const std::function<void()>& work) {
    exec("BEGIN IMMEDIATE");
    try {
        work();
        exec("COMMIT");
    } catch (...) {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

void SqliteStore::putSeat(const std::string& room, const StoredSeat& seat) {
    prepared(
        "INSERT OR REPLACE INTO seats(room, seat, kind, name, colour, secret_hash, host, replaced, reserved)"
        " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
        .bind(1, room)
        .bind(2, std::int64_t{seat.seat})
        .bind(3, seat.kind)
        .bind(4, seat.name)
        .bind(5, seat.colour)
        .bind(6, seat.secretHash)
        .bind(7, std::int64_t{seat.host})
        .bind(8, std::int64_t{seat.replaced})
        .bind(9, std::int64_t{seat.reserved})
        .run();
}

void SqliteStore::setTouched(const std::string& room, std::int64_t touched) {
    prepared("UPDATE rooms SET touched = ?2 WHERE id = ?1").bind(1, room).bind(2, touched).run();
}

void SqliteStore::changed(const std::string& room, std::int64_t touched) {
    prepared("UPDATE rooms SET version = version + 1, touched = ?2 WHERE id = ?1").bind(1, room).bind(2, touched).run();
}

void SqliteStore::createRoom(const StoredRoom& room) {
    inTransaction([&] {
        prepared("INSERT INTO rooms(id, setup, listed, started, created, touched) VALUES(?1, ?2, ?3, ?4, ?5, ?6)")
            .bind(1, room.id)
            .bind(2, room.setup)
            .bind(3, std::int64_t{room.listed})
            .bind(4, std::int64_t{room.started})
            .bind(5, room.created)
            .bind(6, room.touched)
            .run();
        for (const auto& seat : room.seats) putSeat(room.id, seat);
        if (room.clock.moveSeconds > 0)
            prepared("INSERT INTO room_clocks(room, move_seconds, bot, turn_start) VALUES(?1, ?2, ?3, ?4)")
                .bind(1, room.id)
                .bind(2, std::int64_t{room.clock.moveSeconds})
                .bind(3, room.clock.bot)
                .bind(4, room.clock.turnStart)
                .run();
    });
}

void SqliteStore::saveTurnStart(const std::string& room, std::int64_t turnStart) {
    prepared("UPDATE room_clocks SET turn_start = ?2 WHERE room = ?1").bind(1, room).bind(2, turnStart).run();
}

std::string SqliteStore::claimRematch(const std::string& room, const std::string& next, int by) {
    std::string recorded;
    inTransaction([&] {
        prepared("INSERT OR IGNORE INTO rematches(room, next, by_seat) VALUES(?1, ?2, ?3)")
            .bind(1, room)
            .bind(2, next)
            .bind(3, std::int64_t{by})
            .run();
        auto& q = prepared("SELECT next FROM rematches WHERE room = ?1").bind(1, room);
        if (q.row()) recorded = q.text(0);
        q.reset();
    });
    return recorded;
}

void SqliteStore::saveSeat(const std::string& room, const StoredSeat& seat, std::int64_t touched) {
    inTransaction([&] {
        putSeat(room, seat);
        changed(room, touched);
    });
}

void SqliteStore::saveRoom(const std::string& room, const std::string& setup, bool listed, bool started,
                           std::int64_t touched) {
    prepared(
        "UPDATE rooms SET setup = ?2, listed = ?3, started = ?4, touched = ?5, version = version + 1 WHERE id = ?1")
        .bind(1, room)
        .bind(2, setup)
        .bind(3, std::int64_t{listed})
        .bind(4, std::int64_t{started})
        .bind(5, touched)
        .run();
}

void SqliteStore::appendActions(const std::string& room, std::size_t first, const std::vector<std::string>& lines,
                                std::int64_t touched) {
    inTransaction([&] {
        for (std::size_t i = 0; i < lines.size(); ++i)
            prepared("INSERT INTO actions(room, n, line) VALUES(?1, ?2, ?3)")
                .bind(1, room)
                .bind(2, static_cast<std::int64_t>(first + i))
                .bind(3, lines[i])
                .run();
        changed(room, touched);
    });
}

void SqliteStore::touchRooms(const std::vector<std::string>& rooms, std::int64_t touched) {
    inTransaction([&] {
        for (const auto& room : rooms) setTouched(room, touched);
    });
}

void SqliteStore::deleteRoom(const std::string& room) {
    prepared("DELETE FROM rooms WHERE id = ?1").bind(1, room).run();
}

std::int64_t SqliteStore::appendChat(const std::string& room, const StoredChatLine& line, std::size_t keep) {
    // One process is the only writer: the caller's number is the next one.
    inTransaction([&] {
        prepared(
            "INSERT INTO chat(room, n, seat, name, colour, text, reaction, spectator)"
            " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
            .bind(1, room)
            .bind(2, line.n)
            .bind(3, std::int64_t{line.seat})
            .bind(4, line.name)
            .bind(5, line.colour)
            .bind(6, line.text)
            .bind(7, line.reaction)
            .bind(8, std::int64_t{line.spectator})
            .run();
        prepared("DELETE FROM chat WHERE room = ?1 AND n <= ?2")
            .bind(1, room)
            .bind(2, line.n - static_cast<std::int64_t>(keep))
            .run();
    });
    return line.n;
}

void SqliteStore::saveChatMute(const std::string& room, int seat, bool muted) {
    if (muted)
        prepared("INSERT OR IGNORE INTO chat_mutes(room, seat) VALUES(?1, ?2)")
            .bind(1, room)
            .bind(2, std::int64_t{seat})
            .run();
    else
        prepared("DELETE FROM chat_mutes WHERE room = ?1 AND seat = ?2")
            .bind(1, room)
            .bind(2, std::int64_t{seat})
            .run();
}

std::vector<StoredRoom> SqliteStore::loadRooms() {
    std::vector<StoredRoom> rooms;
    std::map<std::string, std::size_t> index;
    auto& r = prepared("SELECT id, setup, listed, started, created, touched FROM rooms ORDER BY created, id");
    while (r.row()) {
        StoredRoom room;
        room.id = r.text(0);
        room.setup = r.text(1);
        room.listed = r.integer(2) != 0;
        room.started = r.integer(3) != 0;
        room.created = r.integer(4);
        room.touched = r.integer(5);
        index[room.id] = rooms.size();
        rooms.push_back(std::move(room));
    }
    auto& s = prepared(
        "SELECT room, seat, kind, name, colour, secret_hash, host, replaced, reserved FROM seats"
        " ORDER BY room, seat");
    while (s.row()) {
        auto it = index.find(s.text(0));
        if (it == index.end()) continue;
        StoredSeat seat;
        seat.seat = static_cast<int>(s.integer(1));
        seat.kind = s.text(2);
        seat.name = s.text(3);
        seat.colour = s.text(4);
        seat.secretHash = s.text(5);
        seat.host = s.integer(6) != 0;
        seat.replaced = s.integer(7) != 0;
        seat.reserved = s.integer(8) != 0;
        rooms[it->second].seats.push_back(std::move(seat));
    }
    auto& a = prepared("SELECT room, n, line FROM actions ORDER BY room, n");
    while (a.row()) {
        auto it = index.find(a.text(0));
        if (it == index.end()) continue;
        auto& room = rooms[it->second];
        if (!room.problem.empty()) continue;
        if (a.integer(1) != static_cast<std::int64_t>(room.actions.size())) {
            room.problem = "its actions are not numbered 0, 1, 2, ... (action " + std::to_string(room.actions.size()) +
                           " is missing)";
            room.actions.clear();
            continue;
        }
        room.actions.push_back(a.text(2));
    }
    auto& c = prepared("SELECT room, n, seat, name, colour, text, reaction, spectator FROM chat ORDER BY room, n");
    while (c.row()) {
        auto it = index.find(c.text(0));
        if (it == index.end()) continue;
        rooms[it->second].chat.push_back(chatLineAt(c, 1));
    }
    auto& mutes = prepared("SELECT room, seat FROM chat_mutes ORDER BY room, seat");
    while (mutes.row()) {
        auto it = index.find(mutes.text(0));
        if (it != index.end()) rooms[it->second].chatMuted.push_back(static_cast<int>(mutes.integer(1)));
    }
    auto& k = prepared("SELECT room, move_seconds, bot, turn_start FROM room_clocks");
    while (k.row()) {
        auto it = index.find(k.text(0));
        if (it == index.end()) continue;
        auto& clock = rooms[it->second].clock;
        clock.moveSeconds = static_cast<int>(k.integer(1));
        clock.bot = k.text(2);
        clock.turnStart = k.integer(3);
    }
    auto& m = prepared("SELECT room, next, by_seat FROM rematches");
    while (m.row()) {
        auto it = index.find(m.text(0));
        if (it == index.end()) continue;
        rooms[it->second].rematch = m.text(1);
        rooms[it->second].rematchBy = static_cast<int>(m.integer(2));
    }
    return rooms;
}

std::optional<StoredRoom> SqliteStore::loadRoom(const std::string& id, std::size_t fromAction) {
    auto& r = prepared("SELECT id, setup, listed, started, created, touched, version FROM rooms WHERE id = ?1");
    r.bind(1, id);
    if (!r.row()) return std::nullopt;
    StoredRoom room;
    room.id = r.text(0);
    room.setup = r.text(1);
    room.listed = r.integer(2) != 0;
    room.started = r.integer(3) != 0;
    room.created = r.integer(4);
    room.touched = r.integer(5);
    room.version = r.integer(6);
    r.reset();
    auto& s = prepared(
        "SELECT seat, kind, name, colour, secret_hash, host, replaced, reserved FROM seats WHERE room = ?1"
        " ORDER BY seat");
    s.bind(1, id);
    while (s.row()) {
        StoredSeat& seat = room.seats.emplace_back();
        seat.seat = static_cast<int>(s.integer(0));
        seat.kind = s.text(1);
        seat.name = s.text(2);
        seat.colour = s.text(3);
        seat.secretHash = s.text(4);
        seat.host = s.integer(5) != 0;
        seat.replaced = s.integer(6) != 0;
        seat.reserved = s.integer(7) != 0;
    }
    auto& a = prepared("SELECT n, line FROM actions WHERE room = ?1 AND n >= ?2 ORDER BY n");
    a.bind(1, id).bind(2, static_cast<std::int64_t>(fromAction));
    while (a.row()) {
        if (!room.problem.empty()) continue;
        if (a.integer(0) != static_cast<std::int64_t>(fromAction + room.actions.size())) {
            room.problem = "its actions are not numbered 0, 1, 2, ... (action " +
                           std::to_string(fromAction + room.actions.size()) + " is missing)";
            room.actions.clear();
            continue;
        }
        room.actions.push_back(a.text(1));
    }
    // The table talk comes with a room's first load; a catch-up (fromAction > 0) reads moves only.
    if (fromAction == 0) {
        room.chat = loadChat(id, 0);
        auto& mutes = prepared("SELECT seat FROM chat_mutes WHERE room = ?1 ORDER BY seat");
        mutes.bind(1, id);
        while (mutes.row()) room.chatMuted.push_back(static_cast<int>(mutes.integer(0)));
    }
    auto& k = prepared("SELECT move_seconds, bot, turn_start FROM room_clocks WHERE room = ?1");
    k.bind(1, id);
    while (k.row()) {
        room.clock.moveSeconds = static_cast<int>(k.integer(0));
        room.clock.bot = k.text(1);
        room.clock.turnStart = k.integer(2);
    }
    auto& m = prepared("SELECT next, by_seat FROM rematches WHERE room = ?1");
    m.bind(1, id);
    while (m.row()) room.rematch = m.text(0), room.rematchBy = static_cast<int>(m.integer(1));
    return room;
}

std::size_t SqliteStore::countRooms() {
    auto& r = prepared("SELECT count(*) FROM rooms");
    std::size_t count = 0;
    while (r.row()) count = static_cast<std::size_t>(r.integer(0));
    return count;
}

void SqliteStore::appendMove(const std::string& room, std::size_t known, const MoveDecision& decide,
                             std::int64_t touched) {
    inTransaction([&] {
        // BEGIN IMMEDIATE holds the file's write lock: no other writer in between.
        auto& r = prepared("SELECT count(*) FROM rooms WHERE id = ?1");
        r.bind(1, room);
        std::int64_t found = 0;
        while (r.row()) found = r.integer(0);
        if (found != 1) throw StoreError("sqlite: no room " + room);
        std::vector<std::string> unseen;
        auto& a = prepared("SELECT line FROM actions WHERE room = ?1 AND n >= ?2 ORDER BY n");
        a.bind(1, room).bind(2, static_cast<std::int64_t>(known));
        while (a.row()) unseen.push_back(a.text(0));
        const auto lines = decide(unseen);
        const std::size_t first = known + unseen.size();
        for (std::size_t i = 0; i < lines.size(); ++i)
            prepared("INSERT INTO actions(room, n, line) VALUES(?1, ?2, ?3)")
                .bind(1, room)
                .bind(2, static_cast<std::int64_t>(first + i))
                .bind(3, lines[i])
                .run();
        if (!lines.empty()) changed(room, touched);
    });
}

bool SqliteStore::casSeat(const std::string& room, const StoredSeat& before, const StoredSeat& after) {
    prepared(
        "UPDATE seats SET kind = ?3, name = ?4, colour = ?5, secret_hash = ?6, host = ?7, replaced = ?8,"
        " reserved = ?15 WHERE room = ?1 AND seat = ?2 AND kind = ?9 AND name = ?10 AND colour = ?11"
        " AND secret_hash = ?12 AND host = ?13 AND replaced = ?14 AND reserved = ?16")
        .bind(1, room)
        .bind(2, std::int64_t{after.seat})
        .bind(3, after.kind)
        .bind(4, after.name)
        .bind(5, after.colour)
        .bind(6, after.secretHash)
        .bind(7, std::int64_t{after.host})
        .bind(8, std::int64_t{after.replaced})
        .bind(9, before.kind)
        .bind(10, before.name)
        .bind(11, before.colour)
        .bind(12, before.secretHash)
        .bind(13, std::int64_t{before.host})
        .bind(14, std::int64_t{before.replaced})
        .bind(15, std::int64_t{after.reserved})
        .bind(16, std::int64_t{before.reserved})
        .run();
    return sqlite3_changes(db_) == 1;
}

bool SqliteStore::replaceSeat(const std::string& room, const StoredSeat& before, const StoredSeat& after,
                              std::int64_t touched) {
    bool written = false;
    inTransaction([&] {
        written = casSeat(room, before, after);
        if (written) changed(room, touched);
    });
    return written;
}

void SqliteStore::setListed(const std::string& room, bool listed, std::int64_t touched) {
    inTransaction([&] {
        prepared("UPDATE rooms SET listed = ?2 WHERE id = ?1").bind(1, room).bind(2, std::int64_t{listed}).run();
        changed(room, touched);
    });
}

bool SqliteStore::markStarted(const std::string& room, const std::string& setup, std::int64_t touched) {
    bool written = false;
    inTransaction([&] {
        prepared("UPDATE rooms SET setup = ?2, started = 1 WHERE id = ?1 AND started = 0")
            .bind(1, room)
            .bind(2, setup)
            .run();
        written = sqlite3_changes(db_) == 1;
        if (written) changed(room, touched);
    });
    return written;
}

std::vector<std::string> SqliteStore::expireRooms(std::int64_t startedBefore, std::int64_t lobbyBefore) {
    std::vector<std::string> ids;
    inTransaction([&] {
        ids.clear();
        auto& r =
            prepared("SELECT id FROM rooms WHERE (started <> 0 AND touched < ?1) OR (started = 0 AND touched < ?2)");
        r.bind(1, startedBefore).bind(2, lobbyBefore);
        while (r.row()) ids.push_back(r.text(0));
        for (const auto& id : ids) prepared("DELETE FROM rooms WHERE id = ?1").bind(1, id).run();
    });
    return ids;
}

void SqliteStore::touchEveryRoom(std::int64_t touched) {
    prepared("UPDATE rooms SET touched = ?1 WHERE touched < ?1").bind(1, touched).run();
}

// ---- the online table across processes (issue 47)

std::vector<StoredChatLine> SqliteStore::loadChat(const std::string& room, std::int64_t fromLine) {
    std::vector<StoredChatLine> lines;
    auto& c = prepared(
        "SELECT n, seat, name, colour, text, reaction, spectator FROM chat WHERE room = ?1 AND n >= ?2 ORDER BY n");
    c.bind(1, room).bind(2, fromLine);
    while (c.row()) {
        lines.push_back(chatLineAt(c, 0));
    }
    return lines;
}

int SqliteStore::numberSpectator(const std::string& room) {
    std::int64_t number = 0;
    inTransaction([&] {
        prepared("UPDATE rooms SET spectators_numbered = spectators_numbered + 1 WHERE id = ?1").bind(1, room).run();
        auto& r = prepared("SELECT spectators_numbered FROM rooms WHERE id = ?1");
        r.bind(1, room);
        while (r.row()) number = r.integer(0);
    });
    if (number == 0) throw StoreError("sqlite: no room " + room);
    return static_cast<int>(number);
}

bool SqliteStore::timeOutSeat(const std::string& room, std::size_t actions, std::int64_t turnStart,
                              const StoredSeat& before, const StoredSeat& after, std::int64_t touched) {
    bool written = false;
    inTransaction([&] {
        std::int64_t stored = -1, start = -1;
        auto& a = prepared("SELECT count(*) FROM actions WHERE room = ?1");
        a.bind(1, room);
        while (a.row()) stored = a.integer(0);
        auto& k = prepared("SELECT turn_start FROM room_clocks WHERE room = ?1");
        k.bind(1, room);
        while (k.row()) start = k.integer(0);
        if (stored != static_cast<std::int64_t>(actions) || start != turnStart) return;
        written = casSeat(room, before, after);
        if (written) changed(room, touched);
    });
    return written;
}

}  // namespace carc::server
