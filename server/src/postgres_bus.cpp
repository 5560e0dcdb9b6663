#include "postgres_bus.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "postgres_store.hpp"

namespace carc::server {

PostgresBus::PostgresBus(std::string uri) : uri_(std::move(uri)) {}

PostgresBus::~PostgresBus() {
    stopping_ = true;
    if (thread_.joinable()) thread_.join();
}

namespace {

// A connection LISTENing on the rooms' channel, or null.
PGconn* listen(const std::string& uri) {
    const char* keywords[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
    const char* values[] = {"5", "carc-server bus", uri.c_str(), nullptr};
    PGconn* conn = PQconnectdbParams(keywords, values, 1);
    bool listening = false;
    if (conn && PQstatus(conn) == CONNECTION_OK) {
        PGresult* r = PQexec(conn, (std::string("LISTEN ") + kRoomChannel).c_str());
        listening = PQresultStatus(r) == PGRES_COMMAND_OK;
        PQclear(r);
    }
    if (!listening && conn) PQfinish(conn);
    return listening ? conn : nullptr;
}

}  // namespace

void PostgresBus::start(Listener listener) {
    // The first LISTEN before the server takes connections: nothing said after it is missed.
    PGconn* first = listen(uri_);
    thread_ = std::thread([this, first, listener = std::move(listener)] { run(first, listener); });
}

void PostgresBus::run(PGconn* first, Listener listener) {
    while (!stopping_) {
        PGconn* conn = first ? first : listen(uri_);
        first = nullptr;
        // Listening from now on: what changed while nobody listened is read again.
        if (conn && listener.missed) listener.missed();
        if (conn) {
            while (!stopping_) {
                pollfd fd{PQsocket(conn), POLLIN, 0};
                // A short wait, so that a stop is seen within a quarter second.
                if (poll(&fd, 1, 250) < 0) break;
                if (fd.revents == 0) continue;
                if (!PQconsumeInput(conn)) break;  // the database went away
                while (PGnotify* note = PQnotifies(conn)) {
                    const auto payload = nlohmann::json::parse(note->extra, nullptr, false);
                    PQfreemem(note);
                    if (!payload.is_object() || !payload.contains("room") || !payload["room"].is_string()) continue;
                    if (payload.contains("presence")) {
                        if (listener.presence) listener.presence(payload["room"].get<std::string>());
                    } else if (payload.contains("seq") && payload["seq"].is_number_integer()) {
                        listener.changed(payload["room"].get<std::string>(), payload["seq"].get<std::int64_t>());
                    }
                }
            }
        }
        if (conn) {
            PQfinish(conn);
            if (listener.lost) listener.lost();
        }
        for (int i = 0; i < 4 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
}

}  // namespace carc::server
