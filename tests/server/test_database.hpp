// A fresh, empty database per test, in either store: a SQLite file in a temporary folder, or a
// database of its own on the tests' PostgreSQL cluster (tests/server/pg_cluster.sh, which CTest's
// `postgres` fixture starts). Without that cluster a PostgreSQL test fails: it never skips.
#pragma once

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include "harness.hpp"
#include "open_store.hpp"
#include "secret_hash.hpp"
#include "test_paths.hpp"

namespace carc::server::test {

// The cluster's URI: $CARC_TEST_POSTGRES, else the file the fixture wrote.
inline std::string postgresClusterUri() {
    if (const char* uri = std::getenv("CARC_TEST_POSTGRES"); uri && *uri) return uri;
    std::ifstream file(carc::test::postgresUriFile());
    std::string uri;
    std::getline(file, uri);
    if (uri.empty())
        throw std::runtime_error(std::string("no PostgreSQL for the tests: set CARC_TEST_POSTGRES or run ") +
                                 "tests/server/pg_cluster.sh start (CTest's postgres fixture does; file " +
                                 carc::test::postgresUriFile() + ")");
    return uri;
}

// `uri` with its database replaced by `database`.
inline std::string withDatabase(const std::string& uri, const std::string& database) {
    const auto slash = uri.find('/', uri.find("://") + 3);
    return uri.substr(0, slash) + "/" + database;
}

// Runs SQL as the cluster's superuser on `uri`; fails the test (and throws) when it fails.
inline void postgresExec(const std::string& uri, const std::string& sql) {
    PGconn* conn = PQconnectdb(uri.c_str());
    std::unique_ptr<PGconn, decltype(&PQfinish)> owner(conn, PQfinish);
    if (PQstatus(conn) != CONNECTION_OK) throw std::runtime_error(std::string("postgres: ") + PQerrorMessage(conn));
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
    PGresult* result = PQexec(conn, sql.c_str());
    const auto status = PQresultStatus(result);
    const std::string why = PQresultErrorMessage(result);
    PQclear(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw std::runtime_error("postgres: " + why + " in: " + sql);
}

// The first column of every row `sql` returns, as text.
inline std::vector<std::string> postgresRows(const std::string& uri, const std::string& sql) {
    PGconn* conn = PQconnectdb(uri.c_str());
    std::unique_ptr<PGconn, decltype(&PQfinish)> owner(conn, PQfinish);
    if (PQstatus(conn) != CONNECTION_OK) throw std::runtime_error(std::string("postgres: ") + PQerrorMessage(conn));
    PGresult* result = PQexec(conn, sql.c_str());
    std::vector<std::string> rows;
    if (PQresultStatus(result) == PGRES_TUPLES_OK)
        for (int i = 0; i < PQntuples(result); ++i) rows.emplace_back(PQgetvalue(result, i, 0));
    const std::string why = PQresultErrorMessage(result);
    const bool ok = PQresultStatus(result) == PGRES_TUPLES_OK;
    PQclear(result);
    if (!ok) throw std::runtime_error("postgres: " + why + " in: " + sql);
    return rows;
}

class TestDatabase {
public:
    // kind: "sqlite" or "postgres".
    explicit TestDatabase(std::string kind) : kind_(std::move(kind)) {
        if (kind_ == "sqlite") {
            location_ = dir_.file("rooms.db");
        } else if (kind_ == "postgres") {
            static std::atomic<int> counter{0};
            cluster_ = postgresClusterUri();
            name_ = "carc_" + std::to_string(getpid()) + "_" + std::to_string(counter++);
            postgresExec(cluster_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
            postgresExec(cluster_, "CREATE DATABASE " + name_);
            location_ = withDatabase(cluster_, name_);
        } else {
            throw std::invalid_argument("no store " + kind_);
        }
    }
    ~TestDatabase() {
        if (name_.empty()) return;
        try {
            postgresExec(cluster_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        } catch (const std::exception&) {  // the cluster goes at the end anyway
        }
    }
    TestDatabase(const TestDatabase&) = delete;
    TestDatabase& operator=(const TestDatabase&) = delete;

    const std::string& kind() const { return kind_; }
    // What --db takes: the file or the URI.
    const std::string& location() const { return location_; }
    std::unique_ptr<Store> open() const {
        return openStore(location_, Durability::Normal, [](const std::string&) {}).store;
    }
    // Runs SQL on the database from a second connection, as an operator's mistake would.
    void damage(const std::string& sql) const {
        if (kind_ == "postgres") return postgresExec(location_, sql);
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(location_.c_str(), &db), SQLITE_OK);
        char* error = nullptr;
        EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
        sqlite3_free(error);
        sqlite3_close(db);
    }

private:
    std::string kind_;
    TempDir dir_;
    std::string cluster_, name_, location_;
};

// Both stores, for INSTANTIATE_TEST_SUITE_P; the test names end in /sqlite or /postgres.
inline auto bothStores() {
    return ::testing::Values(std::string("sqlite"), std::string("postgres"));
}
inline std::string storeName(const ::testing::TestParamInfo<std::string>& info) {
    return info.param;
}

// A base room as the store tests keep it: the host's seat (secret "secret-0") and an open one.
inline StoredRoom twoSeatRoom(const std::string& id, std::int64_t created = 1'700'000'000'000, bool listed = false) {
    StoredRoom r;
    r.id = id;
    r.setup = "mode base\nplayers 2\nseed 1";
    r.created = r.touched = created;
    r.listed = listed;
    StoredSeat host;
    host.seat = 0;
    host.kind = "human";
    host.name = "Ann";
    host.colour = "red";
    host.secretHash = hashSecret("secret-0");
    host.host = true;
    StoredSeat open;
    open.seat = 1;
    r.seats = {host, open};
    return r;
}

}  // namespace carc::server::test
