#include "online_session.hpp"

#include <algorithm>
#include <cstdio>

#include "carc/event_json.hpp"
#include "nlohmann/json.hpp"

namespace web {
namespace {

using nlohmann::json;

// Readers that never throw (the wasm build aborts on an exception): a missing field or one of
// another type gives the fallback.
std::string text(const json& j, const char* key, const std::string& fallback = "") {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

int integer(const json& j, const char* key, int fallback = 0) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number()) return fallback;
    const double value = it->get<double>();
    return value >= -1e9 && value <= 1e9 ? static_cast<int>(value) : fallback;
}

double number(const json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}

bool flag(const json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_boolean() && it->get<bool>();
}

std::vector<std::string> texts(const json& j, const char* key) {
    std::vector<std::string> out;
    const auto it = j.find(key);
    if (it == j.end() || !it->is_array()) return out;
    for (const auto& item : *it)
        if (item.is_string()) out.push_back(item.get<std::string>());
    return out;
}

}  // namespace

ServerMessage OnlineSession::receive(const std::string& text_) {
    ServerMessage m;
    const json j = json::parse(text_, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        m.problem = "not a JSON object";
        return m;
    }
    m.type = text(j, "type");
    m.ref = text(j, "ref");
    m.room = text(j, "room");
    if (m.type == "welcome") {
        welcomed_ = true;
        if (const auto limits = j.find("limits"); limits != j.end() && limits->is_object())
            replaceAfter_ = integer(*limits, "replaceAfter", replaceAfter_);
        bots_ = texts(j, "bots");
    } else if (m.type == "joined") {
        m.seat = integer(j, "seat", -1);
        m.host = flag(j, "host");
        if (m.room.empty() || m.seat < 0) {
            m.problem = "joined without a room or seat";
            m.type.clear();
            return m;
        }
        if (!room_ || room_->id != m.room) room_ = Room{}, room_->id = m.room;
        seat_ = m.seat;
    } else if (m.type == "watching") {
        if (!room_ || room_->id != m.room) room_ = Room{}, room_->id = m.room;
        seat_ = -1;
    } else if (m.type == "left") {
        forgetRoom();
    } else if (m.type == "room") {
        readRoom(j);
    } else if (m.type == "game" || m.type == "over") {
        m.seat = integer(j, "seat", -1);
        m.record = text(j, "record");
        if (m.record.empty()) {
            m.problem = m.type + " without a record";
            m.type.clear();
        }
    } else if (m.type == "moved") {
        m.seq = integer(j, "seq", -1);
        m.by = integer(j, "by", -1);
        m.lines = texts(j, "lines");
        if (m.seq < 0 || m.lines.empty()) {
            m.problem = "moved without seq or lines";
            m.type.clear();
        }
    } else if (m.type == "clock") {
        m.seat = integer(j, "seat", -1);
        m.turn = integer(j, "turn", -1);
        m.remainingMs = static_cast<std::int64_t>(std::max(0.0, number(j, "remainingMs")));
    } else if (m.type == "timeout") {
        m.seat = integer(j, "seat", -1);
        m.bot = text(j, "bot");
    } else if (m.type == "rematch") {
        m.next = text(j, "next");
        m.by = integer(j, "by", -1);
        if (m.next.empty()) {
            m.problem = "rematch without a room";
            m.type.clear();
        }
    } else if (m.type == "lobby") {
        readLobby(j);
    } else if (m.type == "error") {
        m.code = text(j, "code", "error");
        m.message = text(j, "message");
        if (const auto problem = j.find("problem"); problem != j.end())
            m.refusal = carc::json::readProblem(carc::json::Json(*problem));
    } else if (m.type != "pong") {
        m.problem = "unknown message type '" + m.type + "'";
        m.type.clear();
    }
    return m;
}

void OnlineSession::readRoom(const json& j) {
    Room room;
    room.id = text(j, "room");
    if (room.id.empty()) return;
    if (const auto setup = j.find("setup"); setup != j.end() && setup->is_object()) {
        room.mode = text(*setup, "mode");
        room.players = integer(*setup, "players");
        room.options = texts(*setup, "options");
    }
    if (const auto seats = j.find("seats"); seats != j.end() && seats->is_array()) {
        for (const auto& s : *seats) {
            if (!s.is_object()) continue;
            RoomSeat seat;
            seat.kind = text(s, "kind", "open");
            seat.name = text(s, "name");
            seat.colour = text(s, "colour");
            seat.host = flag(s, "host");
            seat.connected = flag(s, "connected");
            seat.away = number(s, "away");
            seat.replaced = flag(s, "replaced");
            seat.reserved = flag(s, "reserved");
            room.seats.push_back(seat);
        }
    }
    room.started = flag(j, "started");
    room.over = flag(j, "over");
    room.listed = flag(j, "listed");
    room.spectators = integer(j, "spectators");
    room.actions = integer(j, "actions");
    if (const auto clock = j.find("clock"); clock != j.end() && clock->is_object()) {
        room.clock = integer(*clock, "move");
        room.clockBot = text(*clock, "bot");
    }
    room.rematch = text(j, "rematch");
    // A room message for another room (one left a moment ago) changes nothing.
    if (room_ && room_->id != room.id) return;
    room_ = room;
}

void OnlineSession::readLobby(const json& j) {
    lobby_.clear();
    const auto rooms = j.find("rooms");
    if (rooms == j.end() || !rooms->is_array()) return;
    for (const auto& r : *rooms) {
        if (!r.is_object()) continue;
        LobbyRoom room;
        room.room = text(r, "room");
        room.mode = text(r, "mode");
        room.players = integer(r, "players");
        room.free = integer(r, "free");
        room.names = texts(r, "names");
        room.started = flag(r, "started");
        if (!room.room.empty()) lobby_.push_back(room);
    }
}

void OnlineSession::forgetRoom() {
    room_.reset();
    seat_ = -1;
}

void OnlineSession::sendMessage(json message) {
    // The reply (or error) to a request names it, so an error is shown where it belongs.
    message["ref"] = message["type"];
    send_(message.dump());
}

void OnlineSession::create(const RoomRequest& r) {
    json setup{{"mode", r.mode}, {"players", r.players}, {"options", r.options}};
    json message{{"type", "create"}, {"setup", setup}, {"name", r.name}, {"listed", r.listed}};
    if (!r.colour.empty()) message["colour"] = r.colour;
    if (r.clock > 0) {
        message["clock"] = r.clock;
        message["clockBot"] = r.clockBot;
    }
    sendMessage(message);
}

void OnlineSession::join(const std::string& room, int seat, const std::string& name, const std::string& colour) {
    json message{{"type", "join"}, {"room", room}, {"name", name}};
    if (seat >= 0) message["seat"] = seat;
    if (!colour.empty()) message["colour"] = colour;
    sendMessage(message);
}

void OnlineSession::watch(const std::string& room) {
    sendMessage({{"type", "watch"}, {"room", room}});
}

void OnlineSession::setSeat(int seat, const std::string& kind) {
    sendMessage({{"type", "seat"}, {"seat", seat}, {"kind", kind}});
}

void OnlineSession::setListed(bool listed) {
    sendMessage({{"type", "listed"}, {"listed", listed}});
}

void OnlineSession::start() {
    sendMessage({{"type", "start"}});
}

void OnlineSession::move(int seq, const std::vector<std::string>& lines) {
    sendMessage({{"type", "move"}, {"seq", seq}, {"lines", lines}});
}

void OnlineSession::replace(int seat, const std::string& kind) {
    sendMessage({{"type", "replace"}, {"seat", seat}, {"kind", kind}});
}

void OnlineSession::rematch() {
    sendMessage({{"type", "rematch"}});
}

void OnlineSession::leave() {
    sendMessage({{"type", "leave"}});
    forgetRoom();
}

void OnlineSession::askLobby() {
    sendMessage({{"type", "lobby"}});
}

std::string minutesSeconds(double seconds) {
    const int s = static_cast<int>(seconds);
    char text[16];
    std::snprintf(text, sizeof text, "%d:%02d", s / 60, s % 60);
    return text;
}

}  // namespace web
