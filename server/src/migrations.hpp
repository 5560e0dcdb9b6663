// The database schema as numbered steps, applied in order at start (docs/deployment.md, "Schema and
// migrations"). Each store's dialect lists its steps in a file of its own (schema_sqlite.cpp; a
// PostgreSQL list sits beside it with the same numbers); the runner here is the same for every store.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "store.hpp"

namespace carc::server {

struct SchemaStep {
    int version = 0;   // 1, 2, 3, ...: step N turns a version N-1 database into version N
    std::string what;  // one line for the log
    std::string sql;   // in the store's dialect; may hold several statements
};

struct Schema {
    std::string versionTable;  // creates the table that records applied steps, if missing
    std::vector<SchemaStep> steps;
    int latest() const { return steps.empty() ? 0 : steps.back().version; }
};

// The steps for SQLite (schema_sqlite.cpp). Step 2 calls carc_sha256_hex(text), which the SQLite
// store registers on its connection.
const Schema& sqliteSchema();
// The same steps for PostgreSQL (schema_postgres.cpp).
const Schema& postgresSchema();

// Thrown when the database was made by a newer carc-server than this one: refusing is the only safe
// answer (this process would misread or damage what it does not know).
class SchemaTooNew : public StoreError {
public:
    using StoreError::StoreError;
};

// What the runner needs of a database connection.
class SchemaDatabase {
public:
    virtual ~SchemaDatabase() = default;
    virtual void exec(const std::string& sql) = 0;
    // Runs `work` in one transaction that takes the write lock at once (so two processes starting
    // together apply a step once); rolls back when it throws.
    virtual void transaction(const std::function<void()>& work) = 0;
    // The highest step recorded; 0 for a database made before steps were recorded (or a new one).
    virtual int recordedVersion() = 0;
    virtual void recordVersion(int version, std::int64_t appliedMs) = 0;
};

struct Migration {
    int from = 0;
    int to = 0;
};

// Brings the database to schema.latest(), each step in one transaction with its record; throws
// SchemaTooNew (nothing changed) on a newer database, StoreError when a step fails (that step
// rolled back, the earlier ones kept). Running it again on a current database changes nothing.
Migration migrate(SchemaDatabase& db, const Schema& schema, std::int64_t nowMs,
                  const std::function<void(const std::string&)>& log);

}  // namespace carc::server
