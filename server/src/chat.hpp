// Table talk in a room (docs/online-protocol.md, "chat"): what a chat text may hold and how it is
// cleaned, the quick reactions (codes the page words), a room's kept lines and mutes, and the
// chat's own rate. Pure: no connection, no store (the Hub does the talking and the storing).
#pragma once

#include <cstdint>
#include <deque>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "store.hpp"

namespace carc::server {

constexpr std::size_t kChatMaxCodePoints = 280;  // counted after cleaning
constexpr std::size_t kChatKept = 100;           // lines a room keeps (and shows on entering)
constexpr std::size_t kChatMaxBytes = 4 * 1024;  // longer is refused before it is even read

// The reactions' codes, in the order the page shows them.
const std::vector<std::string>& chatReactions();
bool knownReaction(const std::string& code);

// A chat text made safe to show: control characters, bidi embeddings/overrides/isolates
// (U+202A-202E, U+2066-2069) and the BOM are removed, tabs and line breaks become spaces, blanks
// at either end go. `code` is "" when the text is good, else "bad_chat" (not UTF-8, or nothing left)
// or "chat_too_long" (more than kChatMaxCodePoints code points).
struct CleanedChat {
    std::string text;
    std::string code;
    std::string message;  // in English, for logs and simple clients
};
CleanedChat cleanChatText(std::string_view raw);

// A room's talk: the last kChatKept lines and who the host has muted (-1: the spectators).
struct RoomChat {
    std::deque<StoredChatLine> lines;
    std::int64_t next = 0;  // the next line's number
    std::set<int> muted;

    void add(StoredChatLine line);  // numbers it, forgets the oldest past kChatKept
    bool isMuted(int seat) const { return muted.count(seat < 0 ? -1 : seat) > 0; }
    void restore(const std::vector<StoredChatLine>& stored, const std::vector<int>& mutes);
};

// A connection's chat budget: at most `count` lines in any `windowMs` (on a steady clock), beyond
// the general message rate.
class ChatRate {
public:
    bool take(std::int64_t nowMs, int count, std::int64_t windowMs);
    // Forgets lines older than the window; true when none is left (the budget can be dropped).
    bool idle(std::int64_t nowMs, std::int64_t windowMs);
    // True when `count` lines were sent within the window (nothing is taken).
    bool full(std::int64_t nowMs, int count, std::int64_t windowMs);

private:
    std::deque<std::int64_t> sent_;
};

// The server's chat messages: one line said, a room's kept lines with its mutes (on entering),
// the mutes after the host changed them.
std::string chatMessage(const std::string& room, const StoredChatLine& line);
std::string chatHistoryMessage(const std::string& room, const RoomChat& chat);
std::string chatMutedMessage(const std::string& room, const RoomChat& chat);

}  // namespace carc::server
