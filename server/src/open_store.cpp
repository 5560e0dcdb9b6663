#include "open_store.hpp"

#include "postgres_store.hpp"

namespace carc::server {

bool isPostgresUri(const std::string& db) {
    return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0;
}

OpenedStore openStore(const std::string& db, Durability durability,
                      const std::function<void(const std::string&)>& log) {
    OpenedStore opened;
    if (isPostgresUri(db)) {
        auto store = std::make_unique<PostgresStore>(db, PostgresOptions{log});
        opened.migration = store->migration();
        opened.store = std::move(store);
    } else {
        SqliteOptions options;
        options.log = log;
        auto store = std::make_unique<SqliteStore>(db, durability, options);
        opened.migration = store->migration();
        opened.store = std::move(store);
    }
    return opened;
}

}  // namespace carc::server
