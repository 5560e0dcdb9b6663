// The SQLite schema, step by step. Never edit a step that has shipped: databases out there were made
// by it. Change the schema by adding a step (and its PostgreSQL twin, same number).
#include "migrations.hpp"

namespace carc::server {

const Schema& sqliteSchema() {
    static const Schema schema{
        "CREATE TABLE IF NOT EXISTS schema_version(version INTEGER PRIMARY KEY, applied INTEGER NOT NULL)",
        {
            {1, "rooms, seats and actions",
             // The schema of the servers before steps were recorded: IF NOT EXISTS, so their
             // databases adopt it as they are.
             "CREATE TABLE IF NOT EXISTS rooms(id TEXT PRIMARY KEY, setup TEXT NOT NULL, listed INTEGER NOT NULL,"
             " started INTEGER NOT NULL, created INTEGER NOT NULL, touched INTEGER NOT NULL);"
             "CREATE TABLE IF NOT EXISTS seats(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
             " seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, colour TEXT NOT NULL,"
             " secret TEXT NOT NULL, host INTEGER NOT NULL, replaced INTEGER NOT NULL,"
             " PRIMARY KEY(room, seat)) WITHOUT ROWID;"
             "CREATE TABLE IF NOT EXISTS actions(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
             " n INTEGER NOT NULL, line TEXT NOT NULL, PRIMARY KEY(room, n)) WITHOUT ROWID"},
            {2, "seat secrets kept as SHA-256 hashes",
             // PostgreSQL: encode(sha256(convert_to(secret, 'UTF8')), 'hex').
             "UPDATE seats SET secret = carc_sha256_hex(secret) WHERE secret <> '';"
             "ALTER TABLE seats RENAME COLUMN secret TO secret_hash"},
            {3, "table talk: chat lines and mutes",
             // Kept with the room (gone with it), never in its record; the store keeps the last 100.
             "CREATE TABLE chat(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE, n INTEGER NOT NULL,"
             " seat INTEGER NOT NULL, name TEXT NOT NULL, colour TEXT NOT NULL, text TEXT NOT NULL,"
             " reaction TEXT NOT NULL, PRIMARY KEY(room, n)) WITHOUT ROWID;"
             "CREATE TABLE chat_mutes(room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
             " seat INTEGER NOT NULL, PRIMARY KEY(room, seat)) WITHOUT ROWID"},
            // Issue 46 (several processes).
            {4, "a version per room, bumped by every change (processes sharing the database see theirs)",
             "ALTER TABLE rooms ADD COLUMN version INTEGER NOT NULL DEFAULT 0"},
            {5, "turn clocks and rematches",
             "CREATE TABLE room_clocks(room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,"
             " move_seconds INTEGER NOT NULL, bot TEXT NOT NULL, turn_start INTEGER NOT NULL) WITHOUT ROWID;"
             "CREATE TABLE rematches(room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,"
             " next TEXT NOT NULL) WITHOUT ROWID"},
            {6, "shared presence, bot-turn claims and the lobby's finished rooms",
             // Kept so that the two schemas stay alike step for step: one process on SQLite keeps its
             // presence, bot turns and lobby in its memory and does not write these (PostgreSQL does).
             "CREATE TABLE processes(id TEXT PRIMARY KEY, heartbeat INTEGER NOT NULL) WITHOUT ROWID;"
             "CREATE TABLE presence(process TEXT NOT NULL, room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,"
             " seat INTEGER NOT NULL, connections INTEGER NOT NULL, since INTEGER NOT NULL,"
             " PRIMARY KEY(process, room, seat)) WITHOUT ROWID;"
             "CREATE TABLE bot_claims(room TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,"
             " turn INTEGER NOT NULL, process TEXT NOT NULL, expires INTEGER NOT NULL) WITHOUT ROWID;"
             "ALTER TABLE rooms ADD COLUMN finished INTEGER NOT NULL DEFAULT 0"},
            // Issue 47 across processes.
            {7, "kept Play-again seats, who asked for a rematch, numbered spectators in chat",
             // reserved: a seat kept for its player survives a restart; by_seat: told to every process's
             // connections; spectators_numbered: the last "Spectator N" handed out in the room.
             "ALTER TABLE seats ADD COLUMN reserved INTEGER NOT NULL DEFAULT 0;"
             "ALTER TABLE rematches ADD COLUMN by_seat INTEGER NOT NULL DEFAULT -1;"
             "ALTER TABLE chat ADD COLUMN spectator INTEGER NOT NULL DEFAULT 0;"
             "ALTER TABLE rooms ADD COLUMN spectators_numbered INTEGER NOT NULL DEFAULT 0"},
        }};
    return schema;
}

}  // namespace carc::server
