// The browser game's reading of the game server's messages (web/online_session.*, docs/online-protocol.md):
// the room, this page's seat, the lobby and the game's lines are taken as the protocol shows them; a
// malformed or unexpected message is set aside with the reason and changes nothing; what the page
// sends has the protocol's shape.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../../web/online_session.hpp"

namespace web {
namespace {

using nlohmann::json;

struct Session {
    std::vector<json> sent;
    OnlineSession session{[this](const std::string& text) { sent.push_back(json::parse(text)); }};
};

const char* kRoom = R"({"type": "room", "room": "Q2x7r1b0eY3ZkqU8h5mN0w",
 "setup": {"mode": "goldrush", "players": 3, "options": ["goldrush.farmers=off"]},
 "seats": [{"seat": 0, "kind": "human", "name": "Ann", "colour": "orange", "host": true, "connected": true, "away": 0},
           {"seat": 1, "kind": "open", "name": "", "colour": "", "host": false, "connected": false, "away": 0},
           {"seat": 2, "kind": "hard", "name": "Hard bot", "colour": "yellow", "host": false, "connected": false,
            "away": 12.5, "replaced": true}],
 "started": false, "over": false, "listed": true, "spectators": 1, "actions": 0})";

TEST(OnlineSession, KeepsTheRoomAndThisPagesSeat) {
    Session s;
    EXPECT_FALSE(s.session.available());
    EXPECT_EQ(
        s.session.receive(R"({"type":"welcome","protocol":1,"limits":{"replaceAfter":30},"bots":["easy","hard"]})")
            .type,
        "welcome");
    EXPECT_TRUE(s.session.available());
    EXPECT_EQ(s.session.replaceAfter(), 30);
    EXPECT_EQ(s.session.bots(), (std::vector<std::string>{"easy", "hard"}));
    const ServerMessage joined =
        s.session.receive(R"({"type":"joined","room":"Q2x7r1b0eY3ZkqU8h5mN0w","seat":0,"host":true,"ref":"create"})");
    EXPECT_EQ(joined.type, "joined");
    EXPECT_EQ(joined.ref, "create");
    EXPECT_TRUE(s.session.inRoom());
    EXPECT_EQ(s.session.seat(), 0);
    s.session.receive(kRoom);
    const Room& room = s.session.room();
    EXPECT_EQ(room.mode, "goldrush");
    EXPECT_EQ(room.players, 3);
    EXPECT_EQ(room.options, std::vector<std::string>{"goldrush.farmers=off"});
    ASSERT_EQ(room.seats.size(), 3u);
    EXPECT_TRUE(room.seats[0].human() && room.seats[0].host && room.seats[0].connected);
    EXPECT_TRUE(room.seats[1].open());
    EXPECT_EQ(room.seats[2].kind, "hard");
    EXPECT_TRUE(room.seats[2].replaced);
    EXPECT_DOUBLE_EQ(room.seats[2].away, 12.5);
    EXPECT_TRUE(room.listed);
    EXPECT_EQ(room.spectators, 1);
    EXPECT_TRUE(s.session.host());
    // A room message of another room (left a moment ago) changes nothing.
    s.session.receive(R"({"type":"room","room":"otherroom123","seats":[],"started":true})");
    EXPECT_EQ(s.session.room().seats.size(), 3u);
    s.session.receive(R"({"type":"left","room":"Q2x7r1b0eY3ZkqU8h5mN0w"})");
    EXPECT_FALSE(s.session.inRoom());
    EXPECT_EQ(s.session.seat(), -1);
}

TEST(OnlineSession, ASpectatorHoldsNoSeat) {
    Session s;
    s.session.receive(R"({"type":"watching","room":"Q2x7r1b0eY3ZkqU8h5mN0w"})");
    s.session.receive(kRoom);
    EXPECT_TRUE(s.session.inRoom());
    EXPECT_EQ(s.session.seat(), -1);
    EXPECT_FALSE(s.session.host());
}

TEST(OnlineSession, ReadsGameMovesLobbyAndErrors) {
    Session s;
    const ServerMessage game = s.session.receive(
        R"({"type":"game","room":"R1234567","seat":1,"record":"carcassonne 2\nmode base\nplayers 2\ndealt 71\n"})");
    EXPECT_EQ(game.seat, 1);
    EXPECT_EQ(game.record, "carcassonne 2\nmode base\nplayers 2\ndealt 71\n");
    const ServerMessage moved = s.session.receive(
        R"({"type":"moved","room":"R1234567","seq":16,"by":0,"lines":["place 33 0,1 r0","reveal token 4 2","mine"]})");
    EXPECT_EQ(moved.seq, 16);
    EXPECT_EQ(moved.by, 0);
    EXPECT_EQ(moved.lines, (std::vector<std::string>{"place 33 0,1 r0", "reveal token 4 2", "mine"}));
    s.session.receive(R"({"type":"lobby","rooms":[{"room":"R1234567","mode":"goldrush","players":3,"free":1,
        "names":["Ann","Hard bot"],"started":false}, 7, {"mode":"base"}]})");
    ASSERT_EQ(s.session.lobby().size(), 1u) << "entries that are not rooms are left out";
    EXPECT_EQ(s.session.lobby()[0].free, 1);
    EXPECT_EQ(s.session.lobby()[0].names, (std::vector<std::string>{"Ann", "Hard bot"}));
    const ServerMessage error = s.session.receive(
        R"({"type":"error","code":"illegal","message":"line 2: that segment already holds a follower","ref":"move"})");
    EXPECT_EQ(error.code, "illegal");
    EXPECT_EQ(error.message, "line 2: that segment already holds a follower");
    EXPECT_EQ(error.ref, "move");
    EXPECT_FALSE(error.refusal);
    const ServerMessage refused = s.session.receive(R"({"type":"error","code":"illegal","message":"line 2: ...",
        "problem":{"code":"feature_occupied","params":{"kind":"city","segment":1,"piece":"follower"},"line":2}})");
    ASSERT_TRUE(refused.refusal);
    EXPECT_EQ(refused.refusal->code, carc::ProblemCode::FeatureOccupied);
    EXPECT_EQ(refused.refusal->line, 2);
    ASSERT_TRUE(refused.refusal->find(carc::Param::Segment));
    EXPECT_EQ(std::get<int>(*refused.refusal->find(carc::Param::Segment)), 1);
    const ServerMessage newer = s.session.receive(
        R"({"type":"error","code":"illegal","message":"words","problem":{"code":"from_a_newer_engine","params":{}}})");
    EXPECT_FALSE(newer.refusal) << "a code this engine does not know: the page shows the server's words";
}

TEST(OnlineSession, SetsAsideWhatItCannotRead) {
    Session s;
    s.session.receive(R"({"type":"joined","room":"R1234567","seat":1})");
    for (const char* bad :
         {"", "[1,2]", "{\"type\":", "{\"type\":\"surprise\"}", "{\"type\":\"joined\",\"room\":\"R\"}",
          "{\"type\":\"moved\",\"seq\":\"3\",\"lines\":[\"pass\"]}", "{\"type\":\"moved\",\"seq\":3}",
          "{\"type\":\"game\",\"record\":42}", "{\"type\":\"joined\",\"room\":\"R\",\"seat\":-4}"}) {
        const ServerMessage m = s.session.receive(bad);
        EXPECT_EQ(m.type, "") << bad;
        EXPECT_NE(m.problem, "") << bad;
    }
    EXPECT_EQ(s.session.room().id, "R1234567") << "nothing changed";
    EXPECT_EQ(s.session.seat(), 1);
    // Fields of the wrong type read as absent instead of failing.
    s.session.receive(R"({"type":"room","room":"R1234567","seats":[{"kind":5,"name":["x"],"connected":"yes"}, "seat"],
        "spectators":"many","started":1})");
    ASSERT_EQ(s.session.room().seats.size(), 1u);
    EXPECT_TRUE(s.session.room().seats[0].open());
    EXPECT_FALSE(s.session.room().seats[0].connected);
    EXPECT_EQ(s.session.room().spectators, 0);
    EXPECT_FALSE(s.session.room().started);
}

TEST(OnlineSession, SendsTheProtocolsMessages) {
    Session s;
    s.session.create({"goldrush", 3, {"goldrush.farmers=off"}, "Ann", "green", false});
    s.session.join("R1234567", 2, "Bob", "");
    s.session.setSeat(2, "hard");
    s.session.move(14, {"place 33 0,1 r0", "tent 0,1 2"});
    s.session.replace(1, "medium");
    ASSERT_EQ(s.sent.size(), 5u);
    EXPECT_EQ(s.sent[0], json::parse(R"({"type":"create","ref":"create","name":"Ann","colour":"green","listed":false,
        "setup":{"mode":"goldrush","players":3,"options":["goldrush.farmers=off"]}})"));
    EXPECT_EQ(s.sent[1], json::parse(R"({"type":"join","ref":"join","room":"R1234567","seat":2,"name":"Bob"})"));
    EXPECT_EQ(s.sent[2], json::parse(R"({"type":"seat","ref":"seat","seat":2,"kind":"hard"})"));
    EXPECT_EQ(s.sent[3],
              json::parse(R"({"type":"move","ref":"move","seq":14,"lines":["place 33 0,1 r0","tent 0,1 2"]})"));
    EXPECT_EQ(s.sent[4], json::parse(R"({"type":"replace","ref":"replace","seat":1,"kind":"medium"})"));
}

TEST(OnlineSession, ReadsTheClockATimeoutAndPlayAgain) {
    Session s;
    s.session.receive(R"({"type":"joined","room":"Q2x7r1b0eY3ZkqU8h5mN0w","seat":1,"host":false})");
    s.session.receive(R"({"type":"room","room":"Q2x7r1b0eY3ZkqU8h5mN0w","seats":[{"seat":0,"kind":"human",
        "reserved":true}],"clock":{"move":60,"bot":"hard"},"rematch":"x9Kq0Lm2Pz7Rb4Tn1Vc8Wd"})");
    EXPECT_EQ(s.session.room().clock, 60);
    EXPECT_EQ(s.session.room().clockBot, "hard");
    EXPECT_EQ(s.session.room().rematch, "x9Kq0Lm2Pz7Rb4Tn1Vc8Wd");
    EXPECT_TRUE(s.session.room().seats[0].reserved);
    s.session.receive(R"({"type":"room","room":"Q2x7r1b0eY3ZkqU8h5mN0w","seats":[],"clock":null,"rematch":null})");
    EXPECT_EQ(s.session.room().clock, 0) << "no clock";
    EXPECT_EQ(s.session.room().rematch, "");
    const ServerMessage clock =
        s.session.receive(R"({"type":"clock","room":"Q2x7r1b0eY3ZkqU8h5mN0w","seat":1,"turn":4,"move":60,
        "remainingMs":41500})");
    EXPECT_EQ(clock.type, "clock");
    EXPECT_EQ(clock.seat, 1);
    EXPECT_EQ(clock.turn, 4);
    EXPECT_EQ(clock.remainingMs, 41500);
    const ServerMessage timeout =
        s.session.receive(R"({"type":"timeout","room":"Q2x7r1b0eY3ZkqU8h5mN0w","seat":1,"bot":"hard"})");
    EXPECT_EQ(timeout.seat, 1);
    EXPECT_EQ(timeout.bot, "hard");
    const ServerMessage again = s.session.receive(
        R"({"type":"rematch","room":"Q2x7r1b0eY3ZkqU8h5mN0w","next":"x9Kq0Lm2Pz7Rb4Tn1Vc8Wd","by":0,"ref":"rematch"})");
    EXPECT_EQ(again.type, "rematch");
    EXPECT_EQ(again.next, "x9Kq0Lm2Pz7Rb4Tn1Vc8Wd");
    EXPECT_EQ(again.by, 0);
    EXPECT_EQ(s.session.receive(R"({"type":"rematch","room":"Q2x7r1b0eY3ZkqU8h5mN0w"})").type, "")
        << "a rematch without its room is set aside";
    s.session.rematch();
    EXPECT_EQ(s.sent.back(), (json{{"type", "rematch"}, {"ref", "rematch"}}));
    RoomRequest request;
    request.mode = "base";
    request.name = "Ann";
    request.clock = 30;
    request.clockBot = "easy";
    s.session.create(request);
    EXPECT_EQ(s.sent.back()["clock"], 30);
    EXPECT_EQ(s.sent.back()["clockBot"], "easy");
    request.clock = 0;
    s.session.create(request);
    EXPECT_FALSE(s.sent.back().contains("clock")) << "no clock: the field is left out";
}

TEST(OnlineSession, AwayTimesReadAsMinutesAndSeconds) {
    EXPECT_EQ(minutesSeconds(0), "0:00");
    EXPECT_EQ(minutesSeconds(125.7), "2:05");
    EXPECT_EQ(minutesSeconds(3600), "60:00");
}

}  // namespace
}  // namespace web
