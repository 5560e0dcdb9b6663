#include "chat.hpp"

#include <nlohmann/json.hpp>

#include "server_messages.hpp"

namespace carc::server {
namespace {

// The next code point of strict UTF-8 at `at` (moved past it), or -1: overlong forms, surrogates
// and values past U+10FFFF are refused, as a browser's TextDecoder would replace them.
long nextCodePoint(std::string_view s, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = byte(at);
    int extra = 0;
    long cp = 0;
    if (lead < 0x80) {
        ++at;
        return lead;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
        extra = 1;
        cp = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        extra = 2;
        cp = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        extra = 3;
        cp = lead & 0x07;
    } else {
        return -1;
    }
    if (at + static_cast<std::size_t>(extra) >= s.size()) return -1;  // cut short
    for (int i = 1; i <= extra; ++i) {
        const unsigned char c = byte(at + static_cast<std::size_t>(i));
        if ((c & 0xC0) != 0x80) return -1;
        cp = (cp << 6) | (c & 0x3F);
    }
    static const long kLeast[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kLeast[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
    at += static_cast<std::size_t>(extra) + 1;
    return cp;
}

void appendUtf8(std::string& out, long cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

bool isBreak(long cp) {
    return cp == '\t' || cp == '\n' || cp == '\r' || cp == 0x0B || cp == 0x0C || cp == 0x85 || cp == 0x2028 ||
           cp == 0x2029;
}

// Characters that change how the text around them is drawn, or that draw nothing: they go.
bool isDropped(long cp) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF;
}

nlohmann::json lineJson(const StoredChatLine& line) {
    nlohmann::json out = {{"n", line.n}, {"seat", line.seat}, {"name", line.name}, {"colour", line.colour}};
    // Spectators told apart as data: the page words "Spectator N" (or shows the name given in `watch`).
    if (line.seat < 0 && line.spectator > 0) out["spectator"] = line.spectator;
    if (line.reaction.empty())
        out["text"] = line.text;
    else
        out["reaction"] = line.reaction;
    return out;
}

nlohmann::json mutes(const RoomChat& chat) {
    nlohmann::json seats = nlohmann::json::array();
    for (int seat : chat.muted)
        if (seat >= 0) seats.push_back(seat);
    return seats;
}

}  // namespace

const std::vector<std::string>& chatReactions() {
    static const std::vector<std::string> codes = {"well_played", "oops", "thinking", "good_game"};
    return codes;
}

bool knownReaction(const std::string& code) {
    for (const auto& known : chatReactions())
        if (known == code) return true;
    return false;
}

CleanedChat cleanChatText(std::string_view raw) {
    CleanedChat out;
    const auto tooLong = [&] {
        out.text.clear();
        out.code = "chat_too_long";
        out.message = "a chat line is at most " + std::to_string(kChatMaxCodePoints) + " characters";
        return out;
    };
    if (raw.size() > kChatMaxBytes) return tooLong();
    std::size_t count = 0;
    for (std::size_t at = 0; at < raw.size();) {
        long cp = nextCodePoint(raw, at);
        if (cp < 0) {
            out.text.clear();
            out.code = "bad_chat";
            out.message = "a chat line is UTF-8 text";
            return out;
        }
        if (isBreak(cp)) cp = ' ';
        if (isDropped(cp)) continue;
        if (cp == ' ' && (out.text.empty() || out.text.back() == ' ')) continue;  // no runs of blanks
        appendUtf8(out.text, cp);
        ++count;
    }
    if (!out.text.empty() && out.text.back() == ' ') {
        out.text.pop_back();
        --count;
    }
    if (count > kChatMaxCodePoints) return tooLong();
    if (out.text.empty()) {
        out.code = "bad_chat";
        out.message = "a chat line needs some text";
    }
    return out;
}

void RoomChat::add(StoredChatLine line) {
    line.n = next++;
    lines.push_back(std::move(line));
    while (lines.size() > kChatKept) lines.pop_front();
}

void RoomChat::restore(const std::vector<StoredChatLine>& stored, const std::vector<int>& mutes) {
    lines.assign(stored.begin(), stored.end());
    while (lines.size() > kChatKept) lines.pop_front();
    next = lines.empty() ? 0 : lines.back().n + 1;
    muted = std::set<int>(mutes.begin(), mutes.end());
}

bool ChatRate::take(std::int64_t nowMs, int count, std::int64_t windowMs) {
    if (full(nowMs, count, windowMs)) return false;
    sent_.push_back(nowMs);
    return true;
}

bool ChatRate::full(std::int64_t nowMs, int count, std::int64_t windowMs) {
    while (!sent_.empty() && nowMs - sent_.front() >= windowMs) sent_.pop_front();
    return static_cast<int>(sent_.size()) >= count;
}

bool ChatRate::idle(std::int64_t nowMs, std::int64_t windowMs) {
    full(nowMs, 0, windowMs);
    return sent_.empty();
}

std::string chatMessage(const std::string& room, const StoredChatLine& line) {
    nlohmann::json out = lineJson(line);
    out["type"] = "chat";
    out["room"] = room;
    return encode(out);
}

std::string chatHistoryMessage(const std::string& room, const RoomChat& chat) {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& line : chat.lines) lines.push_back(lineJson(line));
    return encode({{"type", "chat_history"},
                   {"room", room},
                   {"lines", lines},
                   {"muted", mutes(chat)},
                   {"spectatorsMuted", chat.isMuted(-1)}});
}

std::string chatMutedMessage(const std::string& room, const RoomChat& chat) {
    return encode(
        {{"type", "chat_muted"}, {"room", room}, {"muted", mutes(chat)}, {"spectatorsMuted", chat.isMuted(-1)}});
}

}  // namespace carc::server
