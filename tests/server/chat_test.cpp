// Table talk (server/src/chat.hpp, docs/online-protocol.md "chat"): lines reach everyone in the room,
// hostile texts are cleaned or refused with a code, the chat's own rate, the last 100 lines after a
// restart, reactions, and the host's mutes. Every TEST_P runs on both stores (hub_fixture.hpp).
#include "chat.hpp"

#include "hub_fixture.hpp"

namespace carc::server::test {
namespace {

json chatSaid(const std::string& text) {
    return {{"type", "chat"}, {"text", text}};
}

TEST(ChatText, IsCleanedOfControlsAndBidiOverridesAndCountedInCodePoints) {
    EXPECT_EQ(cleanChatText("  Grüß dich,\tȘtefan! 🎲👍🏽  ").text, "Grüß dich, Ștefan! 🎲👍🏽");
    EXPECT_EQ(cleanChatText("line\none\r\n\x1b[31mred\x07").text, "line one [31mred");
    // U+202E (right-to-left override) and U+2066 (left-to-right isolate), U+FEFF: gone; Arabic stays.
    EXPECT_EQ(cleanChatText("abc\u202Egnp.exe\u2066x\u2069\uFEFF مرحبا").text, "abcgnp.exex مرحبا");
    EXPECT_EQ(cleanChatText("<img src=x onerror=alert(1)>").text, "<img src=x onerror=alert(1)>");  // text, not markup
    EXPECT_EQ(cleanChatText("\xC3\x28").code, "bad_chat");         // a lead byte without its follower
    EXPECT_EQ(cleanChatText("\xC0\xAF").code, "bad_chat");         // an overlong '/'
    EXPECT_EQ(cleanChatText("\xED\xA0\x80").code, "bad_chat");     // a surrogate
    EXPECT_EQ(cleanChatText("ok \xF0\x9F\x8E").code, "bad_chat");  // cut short
    EXPECT_EQ(cleanChatText(" \t\u202E\n ").code, "bad_chat");     // nothing left
    std::string emoji;
    for (int i = 0; i < 280; ++i) emoji += "🎲";
    EXPECT_EQ(cleanChatText(emoji).code, "") << "280 code points of 4 bytes each";
    EXPECT_EQ(cleanChatText(emoji + "x").code, "chat_too_long");
    EXPECT_EQ(cleanChatText(std::string(10 * 1024, 'a')).code, "chat_too_long");
}

TEST_P(HubTest, AChatLineReachesEveryPlayerAndSpectatorOfTheRoomAndNobodyElse) {
    auto host = connect(), bob = connect(), watcher = connect(), elsewhere = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*bob, room, "Bob");
    ask(*watcher, {{"type", "watch"}, {"room", room}}, "watching");
    createRoom(*elsewhere, "base", 2);
    elsewhere->peer.take();
    json said = ask(*host, chatSaid("Grüß Gott, Ștefan 🎲"), "chat");
    EXPECT_EQ(said["text"], "Grüß Gott, Ștefan 🎲");
    EXPECT_EQ(said["seat"], 0);
    EXPECT_EQ(said["name"], "Ann");
    EXPECT_EQ(said["colour"], "orange");
    EXPECT_EQ(said["room"], room);
    EXPECT_EQ(bob->peer.last("chat"), said);
    EXPECT_EQ(watcher->peer.last("chat"), said);
    json fromWatcher = ask(*watcher, chatSaid("hi from the rail"), "chat");
    EXPECT_EQ(fromWatcher["seat"], -1);
    EXPECT_EQ(fromWatcher["name"], "");
    EXPECT_EQ(fromWatcher["n"], said["n"].get<int>() + 1);
    EXPECT_EQ(bob->peer.last("chat")["text"], "hi from the rail");
    EXPECT_TRUE(elsewhere->peer.take().empty());
    auto lonely = connect();
    EXPECT_EQ(errorCode(*lonely, chatSaid("anyone?")), "not_in_room");
}

TEST_P(HubTest, HostileChatIsCleanedOrRefusedWithACodeAndNeverReachesTheOthers) {
    auto host = connect(), bob = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*bob, room, "Bob");
    bob->peer.take();
    EXPECT_EQ(ask(*host, chatSaid(std::string("\u202Eevil\0\x01\x7f <b>bold</b>", 22)), "chat")["text"],
              "evil <b>bold</b>");
    EXPECT_EQ(bob->peer.last("chat")["text"], "evil <b>bold</b>");
    advance(10'000);
    EXPECT_EQ(errorCode(*host, chatSaid(std::string(10 * 1024, 'x'))), "chat_too_long");
    EXPECT_EQ(errorCode(*host, chatSaid(std::string(281, 'x'))), "chat_too_long");
    EXPECT_EQ(errorCode(*host, chatSaid("\u202E\u2066 \n")), "bad_chat");
    EXPECT_EQ(errorCode(*host, chatSaid(std::string(20 * 1024, 'x'))), "too_big");
    // Invalid UTF-8 inside the JSON text: the frame is no JSON at all.
    now_ += 100;
    hub_->receive(host->id, "{\"type\":\"chat\",\"text\":\"\xff\xfe\"}", false);
    EXPECT_EQ(host->peer.last("error")["code"], "bad_json");
    EXPECT_EQ(errorCode(*host, {{"type", "chat"}, {"text", 5}}), "bad_message");
    EXPECT_EQ(errorCode(*host, {{"type", "chat"}}), "bad_message");
    for (const auto& m : bob->peer.take()) EXPECT_NE(m["type"], "chat") << m;
}

TEST_P(HubTest, ReactionsAreCodesAndUnknownOnesAreRefused) {
    auto host = connect(), bob = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*bob, room, "Bob");
    json said = ask(*bob, {{"type", "chat"}, {"reaction", "well_played"}}, "chat");
    EXPECT_EQ(said["reaction"], "well_played");
    EXPECT_FALSE(said.contains("text"));
    EXPECT_EQ(said["seat"], 1);
    EXPECT_EQ(host->peer.last("chat"), said);
    for (const auto& code : chatReactions())
        EXPECT_EQ(ask(*host, {{"type", "chat"}, {"reaction", code}}, "chat")["reaction"], code);
    advance(10'000);
    EXPECT_EQ(errorCode(*bob, {{"type", "chat"}, {"reaction", "<script>"}}), "bad_reaction");
    EXPECT_EQ(errorCode(*bob, {{"type", "chat"}, {"reaction", "oops"}, {"text", "both"}}), "bad_message");
}

TEST_P(HubTest, ChatHasARateOfItsOwnPerConnection) {
    options_.limits.chatLines = 5;
    options_.limits.chatWindow = 10;
    makeHub();
    auto host = connect(), bob = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*bob, room, "Bob");
    for (int i = 0; i < 5; ++i) ask(*host, chatSaid("line " + std::to_string(i)), "chat");
    EXPECT_EQ(errorCode(*host, chatSaid("one too many")), "chat_rate_limited");
    EXPECT_EQ(ask(*bob, chatSaid("but I may"), "chat")["text"], "but I may");
    advance(9'000);
    EXPECT_EQ(errorCode(*host, chatSaid("still too soon")), "chat_rate_limited");
    advance(1'000);
    EXPECT_EQ(ask(*host, chatSaid("again"), "chat")["text"], "again");
}

TEST_P(HubTest, TheLast100LinesComeBackAfterARestartButNotInTheGamesRecord) {
    auto host = connect(), bob = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*bob, room, "Bob");
    ask(*host, {{"type", "start"}}, "game");
    for (int i = 0; i < 105; ++i) {
        advance(2'100);
        ask(i % 2 ? *bob : *host, chatSaid("Zug " + std::to_string(i) + " ✓"), "chat");
    }
    makeHub();
    auto back = connect();
    ask(*back, {{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", bob->secret}}, "joined");
    json history = back->peer.lastSeen("chat_history");
    ASSERT_EQ(history["lines"].size(), 100u);
    EXPECT_EQ(history["lines"][0]["n"], 5);
    EXPECT_EQ(history["lines"][0]["text"], "Zug 5 ✓");
    EXPECT_EQ(history["lines"][0]["name"], "Bob");
    EXPECT_EQ(history["lines"][99]["text"], "Zug 104 ✓");
    const std::string record = back->peer.lastSeen("game")["record"];
    EXPECT_EQ(record.find("Zug"), std::string::npos) << "talk is not part of the game";
    // The store holds only the last 100; the next line goes on from 105.
    const auto stored = store_->loadRooms();
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored[0].chat.size(), 100u);
    EXPECT_EQ(ask(*back, chatSaid("back"), "chat")["n"], 105);
}

TEST_P(HubTest, TheHostMutesASeatOrTheSpectatorsAndTheMutesOutliveARestart) {
    auto host = connect(), bob = connect(), watcher = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*bob, room, "Bob");
    ask(*watcher, {{"type", "watch"}, {"room", room}}, "watching");
    EXPECT_EQ(errorCode(*bob, {{"type", "mute"}, {"seat", 0}, {"muted", true}}), "not_host");
    EXPECT_EQ(errorCode(*watcher, {{"type", "mute"}, {"spectators", true}, {"muted", true}}), "not_host");
    EXPECT_EQ(errorCode(*host, {{"type", "mute"}, {"seat", 0}, {"muted", true}}), "no_seat");
    EXPECT_EQ(errorCode(*host, {{"type", "mute"}, {"seat", 5}, {"muted", true}}), "no_seat");
    EXPECT_EQ(errorCode(*host, {{"type", "mute"}, {"seat", 1}}), "bad_message");
    json muted = ask(*host, {{"type", "mute"}, {"seat", 1}, {"muted", true}}, "chat_muted");
    EXPECT_EQ(muted["muted"], json::array({1}));
    EXPECT_EQ(muted["spectatorsMuted"], false);
    EXPECT_EQ(bob->peer.last("chat_muted"), muted);
    EXPECT_EQ(errorCode(*bob, chatSaid("let me speak")), "muted");
    EXPECT_EQ(errorCode(*bob, {{"type", "chat"}, {"reaction", "oops"}}), "muted");
    EXPECT_EQ(ask(*watcher, chatSaid("spectators may"), "chat")["seat"], -1);
    ask(*host, {{"type", "mute"}, {"spectators", true}, {"muted", true}}, "chat_muted");
    EXPECT_EQ(errorCode(*watcher, chatSaid("and now?")), "muted");
    EXPECT_EQ(ask(*host, chatSaid("the host still talks"), "chat")["seat"], 0);
    for (const auto& m : host->peer.take()) EXPECT_NE(m["type"], "chat") << "a muted line went out: " << m;

    makeHub();
    auto bobAgain = connect(), watcherAgain = connect();
    ask(*bobAgain, {{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", bob->secret}}, "joined");
    json history = bobAgain->peer.lastSeen("chat_history");
    EXPECT_EQ(history["muted"], json::array({1}));
    EXPECT_EQ(history["spectatorsMuted"], true);
    EXPECT_EQ(errorCode(*bobAgain, chatSaid("after the restart")), "muted");
    ask(*watcherAgain, {{"type", "watch"}, {"room", room}}, "watching");
    EXPECT_EQ(errorCode(*watcherAgain, chatSaid("me neither?")), "muted");

    auto hostAgain = connect();
    ask(*hostAgain, {{"type", "resume"}, {"room", room}, {"seat", 0}, {"secret", host->secret}}, "joined");
    EXPECT_EQ(ask(*hostAgain, {{"type", "mute"}, {"seat", 1}, {"muted", false}}, "chat_muted")["muted"], json::array());
    EXPECT_EQ(ask(*bobAgain, chatSaid("thanks"), "chat")["text"], "thanks");
}

TEST_P(HubTest, ChatHasARatePerClientAddressAcrossAllItsConnections) {
    options_.limits.chatLines = 5;
    options_.limits.chatLinesPerClient = 8;
    options_.limits.chatWindow = 10;
    makeHub();
    // One address with a seat and two more tabs watching: each tab within its own 5, together 8.
    auto host = connect("203.0.113.7"), tabA = connect("203.0.113.7"), tabB = connect("203.0.113.7");
    auto other = connect("198.51.100.2");
    const std::string room = createRoom(*host, "base", 2);
    for (Conn* c : {tabA.get(), tabB.get(), other.get()}) ask(*c, {{"type", "watch"}, {"room", room}}, "watching");
    for (int i = 0; i < 3; ++i) ask(*host, chatSaid("host " + std::to_string(i)), "chat");
    for (int i = 0; i < 3; ++i) ask(*tabA, chatSaid("a " + std::to_string(i)), "chat");
    ask(*tabB, chatSaid("b 0"), "chat");
    ask(*tabB, chatSaid("b 1"), "chat");
    EXPECT_EQ(errorCode(*tabB, chatSaid("b 2: the address's ninth")), "chat_rate_limited");
    EXPECT_EQ(errorCode(*host, chatSaid("host 3")), "chat_rate_limited");
    EXPECT_EQ(ask(*other, chatSaid("another address may"), "chat")["text"], "another address may");
    for (const auto& m : other->peer.take())
        if (m["type"] == "chat") {
            EXPECT_NE(m["text"], "b 2: the address's ninth");
        }
    advance(10'000);
    EXPECT_EQ(ask(*tabB, chatSaid("later"), "chat")["text"], "later");
}

TEST_P(HubTest, SpectatorsAreToldApartInChatByANumberOrTheNameTheyGave) {
    auto host = connect(), first = connect(), second = connect(), named = connect();
    const std::string room = createRoom(*host, "base", 2);
    ask(*first, {{"type", "watch"}, {"room", room}}, "watching");
    ask(*second, {{"type", "watch"}, {"room", room}}, "watching");
    EXPECT_EQ(errorCode(*named, {{"type", "watch"}, {"room", room}, {"name", "bad\tname"}}), "bad_name");
    ask(*named, {{"type", "watch"}, {"room", room}, {"name", "Rail fan"}}, "watching");
    json a = ask(*second, chatSaid("I speak first"), "chat");
    EXPECT_EQ(a["seat"], -1);
    EXPECT_EQ(a["spectator"], 1);
    EXPECT_EQ(a["name"], "");
    json b = ask(*first, chatSaid("me second"), "chat");
    EXPECT_EQ(b["spectator"], 2);
    EXPECT_EQ(ask(*second, chatSaid("still one"), "chat")["spectator"], 1) << "a spectator keeps its number";
    json c = ask(*named, chatSaid("hello"), "chat");
    EXPECT_EQ(c["spectator"], 3);
    EXPECT_EQ(c["name"], "Rail fan");
    EXPECT_FALSE(ask(*host, chatSaid("a seat has none"), "chat").contains("spectator"));

    // The numbers are the store's: after a restart the history keeps them and a new one goes on.
    makeHub();
    auto late = connect();
    ask(*late, {{"type", "watch"}, {"room", room}}, "watching");
    json history = late->peer.lastSeen("chat_history");
    ASSERT_EQ(history["lines"].size(), 5u);
    EXPECT_EQ(history["lines"][0]["spectator"], 1);
    EXPECT_EQ(history["lines"][3]["name"], "Rail fan");
    EXPECT_EQ(ask(*late, chatSaid("new here"), "chat")["spectator"], 4);
}

}  // namespace
}  // namespace carc::server::test
