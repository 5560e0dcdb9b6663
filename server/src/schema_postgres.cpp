// The PostgreSQL schema, step by step, numbered as SQLite's (schema_sqlite.cpp). Never edit a step
// that has shipped: add one, here and in SQLite's list, with the same number.
#include "migrations.hpp"

namespace carc::server {

const Schema& postgresSchema() {
    static const Schema schema{
        "CREATE TABLE IF NOT EXISTS schema_version(version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)",
        {
            {1, "rooms, seats and actions",
             // No IF NOT EXISTS: no PostgreSQL database predates the recorded steps, so tables already
             // there without a record are someone else's and a start must not adopt them.
             "CREATE TABLE rooms(id TEXT PRIMARY KEY, setup TEXT NOT NULL, listed BOOLEAN NOT NULL,"
             " started BOOLEAN NOT NULL, created BIGINT NOT NULL, touched BIGINT NOT NULL);"
             "CREATE TABLE seats(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
             " seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, colour TEXT NOT NULL,"
             " secret TEXT NOT NULL, host BOOLEAN NOT NULL, replaced BOOLEAN NOT NULL, PRIMARY KEY(room, seat));"
             // Two writers of one room cannot both store action n: the key refuses the second.
             "CREATE TABLE actions(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
             " n BIGINT NOT NULL, line TEXT NOT NULL, PRIMARY KEY(room, n))"},
            {2, "seat secrets kept as SHA-256 hashes",
             // sha256() is built into PostgreSQL 11 and later (no pgcrypto); it writes what hashSecret
             // writes: the UTF-8 bytes' digest as lowercase hex.
             "UPDATE seats SET secret = encode(sha256(convert_to(secret, 'UTF8')), 'hex') WHERE secret <> '';"
             "ALTER TABLE seats RENAME COLUMN secret TO secret_hash"},
            {3, "table talk: chat lines and mutes",
             "CREATE TABLE chat(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE, n BIGINT NOT NULL,"
             " seat INTEGER NOT NULL, name TEXT NOT NULL, colour TEXT NOT NULL, text TEXT NOT NULL,"
             " reaction TEXT NOT NULL, PRIMARY KEY(room, n));"
             "CREATE TABLE chat_mutes(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
             " seat INTEGER NOT NULL, PRIMARY KEY(room, seat))"},
            // Issue 46 (several processes).
            {4, "a version per room, bumped by every change (processes sharing the database see theirs)",
             "ALTER TABLE rooms ADD COLUMN version BIGINT NOT NULL DEFAULT 0"},
            {5, "turn clocks and rematches",
             // turn_start: when the present turn began (ms), so any process counts from it.
             "CREATE TABLE room_clocks(room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,"
             " move_seconds INTEGER NOT NULL, bot TEXT NOT NULL, turn_start BIGINT NOT NULL);"
             // The key makes "Play again" idempotent across processes: one rematch per room.
             "CREATE TABLE rematches(room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,"
             " next TEXT NOT NULL)"},
            {6, "shared presence, bot-turn claims and the lobby's finished rooms",
             // Each process's heartbeat (ms by the database's clock, so the machines' clocks need not
             // agree); a process silent for a few beats counts as gone and its presence rows go.
             "CREATE TABLE processes(id TEXT PRIMARY KEY, heartbeat BIGINT NOT NULL);"
             // No key to processes: a row written just after its process was reaped is ignored until
             // the next heartbeat brings the process back and it writes every row again.
             "CREATE TABLE presence(process TEXT NOT NULL, room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
             " seat INTEGER NOT NULL, connections INTEGER NOT NULL, since BIGINT NOT NULL,"
             " PRIMARY KEY(process, room, seat));"
             "CREATE INDEX presence_by_room ON presence(room);"
             // One claim per room: the bot turn at action `turn` is thought about by `process` until `expires`.
             "CREATE TABLE bot_claims(room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,"
             " turn BIGINT NOT NULL, process TEXT NOT NULL, expires BIGINT NOT NULL);"
             // The lobby lists rooms whose game is not over without loading them.
             "ALTER TABLE rooms ADD COLUMN finished BOOLEAN NOT NULL DEFAULT false"},
            // Issue 47 across processes.
            {7, "kept Play-again seats, who asked for a rematch, numbered spectators in chat",
             // reserved: a seat kept for its player survives a restart; by_seat: told to every process's
             // connections; spectators_numbered: the last "Spectator N" handed out in the room.
             "ALTER TABLE seats ADD COLUMN reserved BOOLEAN NOT NULL DEFAULT false;"
             "ALTER TABLE rematches ADD COLUMN by_seat INTEGER NOT NULL DEFAULT -1;"
             "ALTER TABLE chat ADD COLUMN spectator INTEGER NOT NULL DEFAULT 0;"
             "ALTER TABLE rooms ADD COLUMN spectators_numbered INTEGER NOT NULL DEFAULT 0"},
        }};
    return schema;
}

}  // namespace carc::server
