#include "protocol.hpp"

#include <nlohmann/json.hpp>

namespace carc::server {
namespace {

using nlohmann::json;

struct Field {
    const json& message;
    std::string problem;

    const json* find(const char* key) {
        auto it = message.find(key);
        return it == message.end() || it->is_null() ? nullptr : &*it;
    }
    bool text(const char* key, std::string& out, std::size_t maxLength, bool required) {
        const json* value = find(key);
        if (!value) {
            if (required) problem = std::string("missing \"") + key + "\"";
            return !required;
        }
        if (!value->is_string()) return fail(key, "a string");
        const auto& s = value->get_ref<const std::string&>();
        if (s.size() > maxLength) return fail(key, "at most " + std::to_string(maxLength) + " characters long");
        out = s;
        return true;
    }
    bool integer(const char* key, std::int64_t& out, std::int64_t low, std::int64_t high, bool required) {
        const json* value = find(key);
        if (!value) {
            if (required) problem = std::string("missing \"") + key + "\"";
            return !required;
        }
        if (!value->is_number_integer()) return fail(key, "an integer");
        if (value->is_number_unsigned() && value->get<std::uint64_t>() > static_cast<std::uint64_t>(high))
            return fail(key, "between " + std::to_string(low) + " and " + std::to_string(high));
        const std::int64_t n = value->is_number_unsigned() ? static_cast<std::int64_t>(value->get<std::uint64_t>())
                                                           : value->get<std::int64_t>();
        if (n < low || n > high) return fail(key, "between " + std::to_string(low) + " and " + std::to_string(high));
        out = n;
        return true;
    }
    bool smallInt(const char* key, int& out, int low, int high, bool required) {
        std::int64_t n = out;
        if (!integer(key, n, low, high, required)) return false;
        out = static_cast<int>(n);
        return true;
    }
    bool optionalInt(const char* key, std::optional<int>& out, int low, int high, bool required) {
        if (!find(key)) {
            if (required) problem = std::string("missing \"") + key + "\"";
            return !required;
        }
        int n = 0;
        if (!smallInt(key, n, low, high, true)) return false;
        out = n;
        return true;
    }
    bool boolean(const char* key, bool& out) {
        const json* value = find(key);
        if (!value) return true;
        if (!value->is_boolean()) return fail(key, "true or false");
        out = value->get<bool>();
        return true;
    }
    bool texts(const json& owner, const char* key, std::vector<std::string>& out, std::size_t maxItems,
               std::size_t maxLength, bool required) {
        auto it = owner.find(key);
        if (it == owner.end() || it->is_null()) {
            if (required) problem = std::string("missing \"") + key + "\"";
            return !required;
        }
        if (!it->is_array()) return fail(key, "an array of strings");
        if (it->size() > maxItems) return fail(key, "at most " + std::to_string(maxItems) + " strings");
        for (const auto& item : *it) {
            if (!item.is_string()) return fail(key, "an array of strings");
            if (item.get_ref<const std::string&>().size() > maxLength)
                return fail(key, "strings of at most " + std::to_string(maxLength) + " characters");
            out.push_back(item.get<std::string>());
        }
        return true;
    }
    bool fail(const char* key, const std::string& what) {
        problem = std::string("\"") + key + "\" must be " + what;
        return false;
    }
};

struct TypeName {
    const char* name;
    ClientType type;
};
constexpr TypeName kTypes[] = {
    {"hello", ClientType::Hello},    {"create", ClientType::Create},   {"join", ClientType::Join},
    {"watch", ClientType::Watch},    {"resume", ClientType::Resume},   {"leave", ClientType::Leave},
    {"seat", ClientType::Seat},      {"listed", ClientType::Listed},   {"start", ClientType::Start},
    {"move", ClientType::Move},      {"replace", ClientType::Replace}, {"lobby", ClientType::Lobby},
    {"ping", ClientType::Ping},      {"chat", ClientType::Chat},       {"mute", ClientType::Mute},
    {"rematch", ClientType::Rematch}};

constexpr std::size_t kIdLength = 64;  // room ids and secrets are 22 characters; anything longer is junk
constexpr int kMaxSeat = 15;

bool decodeFields(Field& f, ClientMessage& m, const Limits& limits) {
    switch (m.type) {
        case ClientType::Hello:
            return f.smallInt("protocol", m.protocol, 0, 1'000'000, true);
        case ClientType::Create: {
            const json* setup = f.find("setup");
            if (!setup) return f.fail("setup", "an object");
            if (!setup->is_object()) return f.fail("setup", "an object");
            Field s{*setup, {}};
            const bool ok = s.text("mode", m.mode, 32, true) && s.smallInt("players", m.players, 0, 100, true) &&
                            s.texts(*setup, "options", m.options, 16, 64, false);
            if (!ok) {
                f.problem = "setup: " + s.problem;
                return false;
            }
            // The clock's values are checked by the hub (the choices live in turn_clock.hpp).
            return f.text("name", m.name, 100, true) && f.text("colour", m.colour, 16, false) &&
                   f.boolean("listed", m.listed) && f.smallInt("clock", m.clock, 0, 7 * 24 * 3600, false) &&
                   f.text("clockBot", m.clockBot, 32, false);
        }
        case ClientType::Join:
            return f.text("room", m.room, kIdLength, true) && f.text("name", m.name, 100, true) &&
                   f.text("colour", m.colour, 16, false) && f.optionalInt("seat", m.seat, 0, kMaxSeat, false);
        case ClientType::Watch:
            return f.text("room", m.room, kIdLength, true) && f.text("name", m.name, 100, false);
        case ClientType::Resume:
            return f.text("room", m.room, kIdLength, true) && f.optionalInt("seat", m.seat, 0, kMaxSeat, true) &&
                   f.text("secret", m.secret, kIdLength, true);
        case ClientType::Seat:
        case ClientType::Replace:
            return f.optionalInt("seat", m.seat, 0, kMaxSeat, true) && f.text("kind", m.kind, 32, true);
        case ClientType::Listed:
            if (!f.find("listed")) return f.fail("listed", "true or false");
            return f.boolean("listed", m.listed);
        case ClientType::Move:
            if (!f.integer("seq", m.seq, 0, 1'000'000, true)) return false;
            if (!f.texts(f.message, "lines", m.lines, static_cast<std::size_t>(limits.maxLines), 128, true))
                return false;
            if (m.lines.empty()) return f.fail("lines", "1-" + std::to_string(limits.maxLines) + " action lines");
            return true;
        case ClientType::Chat: {
            // The text's own limits (code points, cleaning) are the chat's: it answers with chat codes.
            if (!f.text("text", m.text, limits.maxMessage, false) || !f.text("reaction", m.reaction, 32, false))
                return false;
            if (f.find("text") == nullptr && f.find("reaction") == nullptr) return f.fail("text", "a string");
            if (f.find("text") != nullptr && f.find("reaction") != nullptr)
                return f.fail("reaction", "absent when there is a text");
            return true;
        }
        case ClientType::Mute:
            if (!f.find("muted")) return f.fail("muted", "true or false");
            if (!f.boolean("muted", m.muted) || !f.boolean("spectators", m.spectators)) return false;
            if (m.spectators) return f.find("seat") == nullptr || f.fail("seat", "absent for the spectators");
            return f.optionalInt("seat", m.seat, 0, kMaxSeat, true);
        case ClientType::Leave:
        case ClientType::Start:
        case ClientType::Lobby:
        case ClientType::Ping:
        case ClientType::Rematch:
            return true;
    }
    return false;
}

}  // namespace

Decoded decodeClientMessage(std::string_view text, const Limits& limits) {
    Decoded out;
    if (text.size() > limits.maxMessage) {
        out.code = "too_big";
        out.error = "messages are at most " + std::to_string(limits.maxMessage) + " bytes";
        return out;
    }
    json message = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (message.is_discarded() || !message.is_object()) {
        out.code = "bad_json";
        out.error = "a message is one JSON object";
        return out;
    }
    bool badRef = false;
    if (auto ref = message.find("ref"); ref != message.end() && !ref->is_null()) {
        if (ref->is_string() && ref->get_ref<const std::string&>().size() <= 64)
            out.ref = ref->get<std::string>();
        else
            badRef = true;
    }
    ClientMessage m;
    m.ref = out.ref;
    Field f{message, {}};
    std::string type;
    if (!f.text("type", type, 16, true) || badRef) {
        out.code = "bad_message";
        out.error = f.problem.empty() ? "\"ref\" must be a string of at most 64 characters" : f.problem;
        return out;
    }
    bool known = false;
    for (const auto& t : kTypes)
        if (type == t.name) {
            m.type = t.type;
            known = true;
        }
    if (!known) {
        out.code = "bad_message";
        out.error = "unknown message type";
        return out;
    }
    if (!decodeFields(f, m, limits)) {
        out.code = "bad_message";
        out.error = type + ": " + f.problem;
        return out;
    }
    out.message = std::move(m);
    return out;
}

}  // namespace carc::server
