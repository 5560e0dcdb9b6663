// Which Store a `--db` names: a libpq URI (postgresql://... or postgres://...) opens PostgreSQL,
// anything else is the path of a SQLite file.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "migrations.hpp"
#include "sqlite_store.hpp"

namespace carc::server {

bool isPostgresUri(const std::string& db);

struct OpenedStore {
    std::unique_ptr<Store> store;
    Migration migration;  // the schema versions found and left
};

// Opens the store (bringing its schema up to date); `durability` is SQLite's only. `log` takes the
// schema steps' lines (null: standard error). Throws StoreError, SchemaTooNew.
OpenedStore openStore(const std::string& db, Durability durability, const std::function<void(const std::string&)>& log);

}  // namespace carc::server
