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

void PostgresBus::start(Listener listener) {
    thread_ = std::thread([this, listener = std::move(listener)] { run(listener); });
}

void PostgresBus::run(Listener listener) {
    bool first = true;
    while (!stopping_) {
        const char* keywords[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
        const char* values[] = {"5", "carc-server bus", uri_.c_str(), nullptr};
        PGconn* conn = PQconnectdbParams(keywords, values, 1);
        bool listening = false;
        if (conn && PQstatus(conn) == CONNECTION_OK) {
            PGresult* r = PQexec(conn, (std::string("LISTEN ") + kRoomChannel).c_str());
            listening = PQresultStatus(r) == PGRES_COMMAND_OK;
            PQclear(r);
        }
        if (listening) {
            // What changed while nobody listened is read again (after the first connection: nothing yet).
            if (!first && listener.missed) listener.missed();
            first = false;
            while (!stopping_) {
                pollfd fd{PQsocket(conn), POLLIN, 0};
                // A short wait, so that a stop is seen within a quarter second.
                if (poll(&fd, 1, 250) < 0) break;
                if (fd.revents == 0) continue;
                if (!PQconsumeInput(conn)) break;  // the database went away
                while (PGnotify* note = PQnotifies(conn)) {
                    const auto payload = nlohmann::json::parse(note->extra, nullptr, false);
                    PQfreemem(note);
                    if (payload.is_object() && payload.contains("room") && payload["room"].is_string() &&
                        payload.contains("seq") && payload["seq"].is_number_integer())
                        listener.changed(payload["room"].get<std::string>(), payload["seq"].get<std::int64_t>());
                }
            }
        }
        if (conn) PQfinish(conn);
        for (int i = 0; i < 4 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
}

}  // namespace carc::server
