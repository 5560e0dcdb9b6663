// The Hub (rooms, seats, referee, bots, expiry) with fake connections: every rule of the protocol
// (docs/online-protocol.md) that does not need a socket.
#include "hub_fixture.hpp"

namespace carc::server::test {
namespace {

TEST_P(HubTest, TwoPlayersAndABotPlayAWholeGameThatEveryPageFollows) {
    auto host = connect(), guest = connect(), watcher = connect();
    const std::string room = createRoom(*host, "goldrush", 3);
    ASSERT_EQ(room.size(), 22u);  // 128 bits in base64url
    joinRoom(*guest, room, "Bob");
    EXPECT_EQ(guest->seat, 1);
    EXPECT_NE(guest->secret, host->secret);
    ask(*watcher, {{"type", "watch"}, {"room", room}}, "watching");
    json seated = ask(*host, {{"type", "seat"}, {"seat", 2}, {"kind", "random"}}, "room");
    EXPECT_EQ(seated["seats"][2]["kind"], "random");
    EXPECT_EQ(seated["spectators"], 1);
    EXPECT_EQ(seated["seats"][1]["colour"], "blue");
    say(*host, {{"type", "start"}});
    Rng rng(7);
    std::vector<Conn*> all = {host.get(), guest.get(), watcher.get()};
    for (int step = 0; step < 2000; ++step) {
        for (Conn* c : all) feed(*c);
        if (HasFatalFailure()) return;
        ASSERT_TRUE(host->page.loaded());
        const Game& game = host->page.game();
        if (game.over()) break;
        const int active = game.activePlayer();
        if (active == 2) {
            ASSERT_FALSE(bots_.empty()) << "the bot's turn, and no bot is thinking";
            runBots();
            continue;
        }
        Conn& mover = active == 0 ? *host : *guest;
        say(mover, {{"type", "move"}, {"seq", mover.page.actions()}, {"lines", mover.page.randomTurn(rng)}});
    }
    ASSERT_TRUE(host->page.game().over());
    // Everyone got the full record at the end; it replays to the position every page reached.
    for (Conn* c : all) {
        json over;
        for (const auto& text : c->peer.raw)
            if (json::parse(text)["type"] == "over") over = json::parse(text);
        ASSERT_FALSE(over.is_null());
        Replay full = replayText(over["record"].get<std::string>(), carc::test::catalog());
        ASSERT_EQ(full.error, "");
        EXPECT_NE(over["record"].get<std::string>().find("\nseed "), std::string::npos);
        EXPECT_EQ(full.game->stateText(), c->page.game().stateText());
    }
}

class RefereeTest : public HubTest {
protected:
    void SetUp() override {
        HubTest::SetUp();
        host = connect();
        guest = connect();
        watcher = connect();
        room = createRoom(*host, "base", 2);
        joinRoom(*guest, room, "Bob");
        ask(*watcher, {{"type", "watch"}, {"room", room}}, "watching");
        say(*host, {{"type", "start"}});
        for (Conn* c : {host.get(), guest.get(), watcher.get()}) feed(*c);
    }
    json move(std::size_t seq, std::vector<std::string> lines) {
        return {{"type", "move"}, {"seq", seq}, {"lines", lines}, {"ref", "m"}};
    }
    std::unique_ptr<Conn> host, guest, watcher;
    std::string room;
};

TEST_P(RefereeTest, RefusesWrongSeatStaleIllegalAndSpectatorMovesAndChangesNothing) {
    Rng rng(3);
    const auto turn = host->page.randomTurn(rng);
    ASSERT_FALSE(turn.empty());
    EXPECT_EQ(errorCode(*guest, move(0, turn)), "not_your_turn");
    EXPECT_EQ(errorCode(*host, move(1, turn)), "stale");
    EXPECT_EQ(errorCode(*watcher, move(0, turn)), "spectator");
    EXPECT_EQ(errorCode(*host, move(0, {"place E 99,99 r0"})), "illegal");
    EXPECT_EQ(errorCode(*host, move(0, {"dance"})), "illegal");
    EXPECT_EQ(errorCode(*host, move(0, {"reveal tile 1 E"})), "bad_message");
    // All or nothing: a legal placement followed by an illegal line is refused whole.
    std::vector<std::string> spoiled = {turn.front(), "follower 99"};
    say(*host, move(0, spoiled));
    json refused = host->peer.last("error");
    EXPECT_EQ(refused["code"], "illegal");
    EXPECT_EQ(refused["ref"], "m");
    EXPECT_EQ(refused["message"].get<std::string>().rfind("line 2: ", 0), 0u) << refused;
    // The reason as data too, so each page words it in its player's language.
    EXPECT_EQ(refused["problem"]["code"], "bad_segment") << refused;
    EXPECT_EQ(refused["problem"]["params"]["text"], "99") << refused;
    EXPECT_EQ(refused["problem"]["line"], 2) << refused;
    // Several lines reaching into the next player's turn.
    auto tooLong = turn;
    tooLong.push_back("pass");
    tooLong.push_back("pass");
    EXPECT_EQ(errorCode(*host, move(0, tooLong)), "not_your_turn");
    // Nobody heard of any of it, and the position is where it was: the same move is still good.
    EXPECT_TRUE(guest->peer.inbox.empty());
    EXPECT_TRUE(watcher->peer.inbox.empty());
    say(*host, move(0, turn));
    json moved = guest->peer.last("moved");
    EXPECT_EQ(moved["seq"], turn.size());
    EXPECT_EQ(moved["by"], 0);
}

TEST_P(RefereeTest, RefusesRoomMessagesOutOfPlace) {
    EXPECT_EQ(errorCode(*guest, {{"type", "start"}}), "not_host");
    EXPECT_EQ(errorCode(*host, {{"type", "start"}}), "started");
    EXPECT_EQ(errorCode(*host, {{"type", "seat"}, {"seat", 1}, {"kind", "hard"}}), "started");
    EXPECT_EQ(errorCode(*guest, {{"type", "listed"}, {"listed", true}}), "not_host");
    auto late = connect();
    EXPECT_EQ(errorCode(*late, {{"type", "join"}, {"room", room}, {"name", "Cy"}}), "started");
    EXPECT_EQ(errorCode(*late, {{"type", "start"}}), "not_in_room");
    EXPECT_EQ(errorCode(*late, {{"type", "join"}, {"room", "nope"}, {"name", "Cy"}}), "no_room");
    EXPECT_EQ(errorCode(*late, {{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", host->secret}}),
              "bad_secret");
    EXPECT_EQ(errorCode(*late, {{"type", "resume"}, {"room", room}, {"seat", 5}, {"secret", guest->secret}}),
              "bad_secret");
    EXPECT_EQ(errorCode(*host, {{"type", "replace"}, {"seat", 1}, {"kind", "easy"}}), "not_replaceable");
}

TEST_P(HubTest, SeatsBeforeTheStart) {
    auto host = connect(), a = connect(), b = connect(), c = connect();
    EXPECT_EQ(errorCode(*host, {{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 9}}}, {"name", "Ann"}}),
              "bad_setup");
    EXPECT_EQ(errorCode(*host, {{"type", "create"}, {"setup", {{"mode", "chess"}, {"players", 2}}}, {"name", "Ann"}}),
              "bad_setup");
    EXPECT_EQ(host->peer.lastSeen("error")["problem"]["code"], "unknown_mode");
    EXPECT_EQ(errorCode(*host, {{"type", "create"},
                                {"setup", {{"mode", "base"}, {"players", 2}, {"options", {"tunnel.tokens=9"}}}},
                                {"name", "Ann"}}),
              "bad_setup");
    EXPECT_EQ(errorCode(*host, {{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "A,B"}}),
              "bad_name");
    const std::string room = createRoom(*host, "base", 3);
    EXPECT_EQ(errorCode(*a, {{"type", "join"}, {"room", room}, {"name", " Bob"}}), "bad_name");
    EXPECT_EQ(errorCode(*a, {{"type", "join"}, {"room", room}, {"name", "Bob"}, {"colour", "orange"}}), "colour_taken");
    EXPECT_EQ(errorCode(*a, {{"type", "join"}, {"room", room}, {"name", "Bob"}, {"colour", "purple"}}), "bad_colour");
    EXPECT_EQ(errorCode(*a, {{"type", "join"}, {"room", room}, {"name", "Bob"}, {"seat", 0}}), "seat_taken");
    EXPECT_EQ(errorCode(*a, {{"type", "join"}, {"room", room}, {"name", "Bob"}, {"seat", 3}}), "no_seat");
    json joined =
        ask(*a, {{"type", "join"}, {"room", room}, {"name", "Bob"}, {"seat", 2}, {"colour", "green"}}, "joined");
    EXPECT_EQ(joined["seat"], 2);
    EXPECT_EQ(errorCode(*host, {{"type", "start"}}), "seats_open");
    EXPECT_EQ(errorCode(*host, {{"type", "seat"}, {"seat", 2}, {"kind", "hard"}}), "seat_taken");
    EXPECT_EQ(errorCode(*host, {{"type", "seat"}, {"seat", 0}, {"kind", "hard"}}), "no_seat");
    EXPECT_EQ(errorCode(*host, {{"type", "seat"}, {"seat", 1}, {"kind", "mcts:99999999"}}), "bad_kind");
    EXPECT_EQ(errorCode(*a, {{"type", "seat"}, {"seat", 1}, {"kind", "hard"}}), "not_host");
    json room1 = ask(*host, {{"type", "seat"}, {"seat", 1}, {"kind", "hard"}}, "room");
    EXPECT_EQ(room1["seats"][1]["name"], "Hard bot");
    EXPECT_EQ(errorCode(*b, {{"type", "join"}, {"room", room}, {"name", "Cy"}}), "room_full");
    // A guest who leaves before the start frees the seat; the bot seat can be opened again.
    json left = ask(*a, {{"type", "leave"}}, "left");
    EXPECT_EQ(left["room"], room);
    json opened = ask(*host, {{"type", "seat"}, {"seat", 1}, {"kind", "open"}}, "room");
    EXPECT_EQ(opened["seats"][1]["kind"], "open");
    EXPECT_EQ(opened["seats"][2]["kind"], "open");
    joinRoom(*b, room, "Cy");
    joinRoom(*c, room, "Di");
    EXPECT_EQ(b->seat, 1);
    EXPECT_EQ(c->seat, 2);
    say(*host, {{"type", "start"}});
    for (Conn* x : {host.get(), b.get(), c.get()}) {
        json game = x->peer.last("game");
        EXPECT_EQ(game["seat"], x->seat);
        const std::string record = game["record"];
        EXPECT_NE(record.find("names Ann,Cy,Di\n"), std::string::npos) << record;
        EXPECT_NE(record.find("\ndealt "), std::string::npos);
        EXPECT_EQ(record.find("seed"), std::string::npos);
    }
}

TEST_P(HubTest, APlayerComesBackToTheSameSeatAndPosition) {
    auto host = connect(), guest = connect();
    const std::string room = createRoom(*host, "discovery", 2, {"discovery.double-tile=on"});
    joinRoom(*guest, room, "Bob");
    say(*host, {{"type", "start"}});
    Rng rng(11);
    for (int turn = 0; turn < 6; ++turn) {
        feed(*host);
        feed(*guest);
        Conn& mover = host->page.game().activePlayer() == 0 ? *host : *guest;
        say(mover, {{"type", "move"}, {"seq", mover.page.actions()}, {"lines", mover.page.randomTurn(rng)}});
    }
    feed(*host);
    feed(*guest);
    hub_->disconnect(guest->id);
    json away = host->peer.last("room");
    EXPECT_FALSE(away["seats"][1]["connected"]);
    // A new connection (a reload) resumes with the secret and gets the same view.
    auto back = connect();
    json joined = ask(*back, {{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", guest->secret}}, "joined");
    EXPECT_EQ(joined["seat"], 1);
    EXPECT_EQ(joined["secret"], guest->secret);
    json game = back->peer.lastSeen("game");
    ASSERT_FALSE(game.is_null());
    ASSERT_EQ(back->page.load(game["record"]), "");
    ASSERT_TRUE(back->page.loaded());
    EXPECT_EQ(back->page.game().stateText(), guest->page.game().stateText());
    EXPECT_EQ(back->page.actions(), guest->page.actions());
    EXPECT_TRUE(host->peer.last("room")["seats"][1]["connected"]);
}

TEST_P(HubTest, TheHostHandsALongAbsentPlayersTurnToABotAndThePlayerTakesTheSeatBack) {
    options_.limits.replaceAfter = 60;
    makeHub();
    auto host = connect(), guest = connect();
    const std::string room = createRoom(*host, "base", 2);
    joinRoom(*guest, room, "Bob");
    say(*host, {{"type", "start"}});
    feed(*host);
    Rng rng(5);
    say(*host, {{"type", "move"}, {"seq", host->page.actions()}, {"lines", host->page.randomTurn(rng)}});
    feed(*host);
    ASSERT_EQ(host->page.game().activePlayer(), 1);
    hub_->disconnect(guest->id);
    EXPECT_EQ(errorCode(*host, {{"type", "replace"}, {"seat", 1}, {"kind", "easy"}}), "not_replaceable");
    now_ += 61'000;
    EXPECT_EQ(errorCode(*host, {{"type", "replace"}, {"seat", 1}, {"kind", "chess"}}), "bad_kind");
    EXPECT_EQ(errorCode(*host, {{"type", "replace"}, {"seat", 0}, {"kind", "easy"}}), "not_replaceable");
    json replaced = ask(*host, {{"type", "replace"}, {"seat", 1}, {"kind", "random"}}, "room");
    EXPECT_EQ(replaced["seats"][1]["kind"], "random");
    EXPECT_TRUE(replaced["seats"][1]["replaced"]);
    ASSERT_EQ(bots_.size(), 1u);
    runBots();
    feed(*host);
    EXPECT_EQ(host->page.game().activePlayer(), 0) << "the bot played seat 1's turn";
    // Bob comes back: the seat is a human's again, and a decision its bot was still making is dropped.
    say(*host, {{"type", "move"}, {"seq", host->page.actions()}, {"lines", host->page.randomTurn(rng)}});
    auto back = connect();
    json joined = ask(*back, {{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", guest->secret}}, "joined");
    EXPECT_EQ(joined["seat"], 1);
    feed(*host);
    ASSERT_EQ(bots_.size(), 1u);
    runBots();
    for (auto& m : host->peer.take()) EXPECT_NE(m["type"], "moved") << "the dropped decision was played";
    EXPECT_EQ(host->peer.lastSeen("room")["seats"][1]["kind"], "human");
    say(*back, {{"type", "ping"}});
    EXPECT_FALSE(back->peer.last("pong").is_null());
}

TEST_P(HubTest, IdleRoomsExpireOnlyWhenNobodyIsConnected) {
    options_.roomTtlMs = options_.lobbyTtlMs = 10'000;
    makeHub();
    auto host = connect(), other = connect();
    const std::string kept = createRoom(*host, "base", 2);
    const std::string idle = createRoom(*other, "base", 2);
    hub_->disconnect(other->id);
    now_ += 5'000;
    hub_->sweep();
    EXPECT_EQ(hub_->roomCount(), 2u);
    now_ += 6'000;
    hub_->sweep();
    EXPECT_EQ(hub_->roomCount(), 1u);
    auto late = connect();
    EXPECT_EQ(errorCode(*late, {{"type", "watch"}, {"room", idle}}), "no_room");
    json watching = ask(*late, {{"type", "watch"}, {"room", kept}}, "watching");
    EXPECT_EQ(watching["room"], kept);
    // Gone from the store too: a restarted hub finds only the room that was kept.
    makeHub();
    EXPECT_EQ(store_->countRooms(), 1u);
}

TEST_P(HubTest, RoomsSurviveARestartOfTheHub) {
    auto host = connect(), guest = connect();
    const std::string room = createRoom(*host, "goldrush", 2);
    joinRoom(*guest, room, "Bob");
    say(*host, {{"type", "start"}});
    Rng rng(9);
    for (int turn = 0; turn < 10; ++turn) {
        feed(*host);
        feed(*guest);
        Conn& mover = host->page.game().activePlayer() == 0 ? *host : *guest;
        say(mover, {{"type", "move"}, {"seq", mover.page.actions()}, {"lines", mover.page.randomTurn(rng)}});
    }
    feed(*host);
    const std::string before = host->page.game().stateText();
    makeHub();  // a new hub on the same file: what a restarted server does
    auto back = connect();
    ask(*back, {{"type", "resume"}, {"room", room}, {"seat", 0}, {"secret", host->secret}}, "joined");
    json game = back->peer.lastSeen("game");
    ASSERT_FALSE(game.is_null());
    ASSERT_EQ(back->page.load(game["record"]), "");
    EXPECT_EQ(back->page.game().stateText(), before);
    // Bob never comes back after the restart: once it is his turn, the host may hand it to a bot.
    if (back->page.game().activePlayer() == 0) {
        say(*back, {{"type", "move"}, {"seq", back->page.actions()}, {"lines", back->page.randomTurn(rng)}});
        feed(*back);
    }
    ASSERT_EQ(back->page.game().activePlayer(), 1);
    now_ += 61'000;
    json replaced = ask(*back, {{"type", "replace"}, {"seat", 1}, {"kind", "easy"}}, "room");
    EXPECT_EQ(replaced["seats"][1]["kind"], "easy");
}

TEST_P(HubTest, ListedRoomsAreInTheLobby) {
    auto host = connect(), other = connect(), visitor = connect();
    const std::string open = createRoom(*host, "goldrush", 3);
    createRoom(*other, "base", 2);
    json lobby = ask(*visitor, {{"type", "lobby"}}, "lobby");
    EXPECT_TRUE(lobby["rooms"].empty());
    ask(*host, {{"type", "listed"}, {"listed", true}}, "room");
    lobby = ask(*visitor, {{"type", "lobby"}, {"ref", "l"}}, "lobby");
    ASSERT_EQ(lobby["rooms"].size(), 1u);
    EXPECT_EQ(lobby["ref"], "l");
    EXPECT_EQ(lobby["rooms"][0]["room"], open);
    EXPECT_EQ(lobby["rooms"][0]["free"], 2);
    EXPECT_EQ(lobby["rooms"][0]["names"], json::array({"Ann"}));
    // Nothing secret in the lobby.
    EXPECT_EQ(lobby.dump().find(host->secret), std::string::npos);
}

TEST_P(HubTest, MalformedMessagesGetAnErrorAndTouchNothing) {
    auto c = connect();
    const std::pair<std::string, std::string> cases[] = {
        {"", "bad_json"},
        {"{", "bad_json"},
        {"[1,2]", "bad_json"},
        {"\"hello\"", "bad_json"},
        {"{}", "bad_message"},
        {R"({"type": 7})", "bad_message"},
        {R"({"type": "shout"})", "bad_message"},
        {R"({"type": "ping", "ref": 5})", "bad_message"},
        {R"({"type": "hello", "protocol": "1"})", "bad_message"},
        {R"({"type": "hello", "protocol": 2})", "protocol"},
        {R"({"type": "create", "setup": "base", "name": "A"})", "bad_message"},
        {R"({"type": "create", "setup": {"mode": "base", "players": 1e3}, "name": "A"})", "bad_message"},
        {R"({"type": "join", "room": "x", "name": "A", "seat": -1})", "bad_message"},
        {R"({"type": "move", "seq": 0, "lines": []})", "bad_message"},
        {R"({"type": "move", "seq": 0, "lines": ["pass","pass","pass","pass","pass","pass","pass","pass","pass"]})",
         "bad_message"},
        {R"({"type": "move", "seq": -1, "lines": ["pass"]})", "bad_message"},
        {R"({"type": "move", "seq": 0, "lines": ["pass"]})", "not_in_room"},
        {R"({"type": "resume", "room": "x", "seat": 0})", "bad_message"},
        {std::string(20000, ' '), "too_big"},
    };
    for (const auto& [text, code] : cases) {
        now_ += 100;
        hub_->receive(c->id, text, false);
        json error = c->peer.last("error");
        EXPECT_EQ(error["code"], code) << text;
    }
    now_ += 100;
    hub_->receive(c->id, "{}", /*binary=*/true);
    EXPECT_EQ(c->peer.last("error")["code"], "bad_json");
    json welcome = ask(*c, {{"type", "hello"}, {"protocol", 1}, {"ref", "h"}}, "welcome");
    EXPECT_EQ(welcome["protocol"], 1);
    EXPECT_EQ(welcome["ref"], "h");
}

TEST_P(HubTest, AFloodIsRateLimitedThenClosed) {
    auto c = connect();
    int limited = 0;
    for (int i = 0; i < 40; ++i) hub_->receive(c->id, R"({"type":"ping"})", false);
    for (auto& m : c->peer.take()) EXPECT_EQ(m["type"], "pong");
    hub_->receive(c->id, R"({"type":"ping"})", false);
    for (auto& m : c->peer.take()) limited += m["type"] == "error" && m["code"] == "rate_limited";
    EXPECT_EQ(limited, 1);
    now_ += 1000;  // 20 more per second
    for (int i = 0; i < 20; ++i) hub_->receive(c->id, R"({"type":"ping"})", false);
    for (auto& m : c->peer.take()) EXPECT_EQ(m["type"], "pong");
    EXPECT_EQ(c->peer.closedWith, 0);
    for (int i = 0; i < 500; ++i) hub_->receive(c->id, R"({"type":"ping"})", false);
    EXPECT_EQ(c->peer.closedWith, 1008);
}

// Every HubTest and RefereeTest (this file's, limits_test's and host_handover_test's) on both stores.
INSTANTIATE_TEST_SUITE_P(Stores, HubTest, bothStores(), storeName);
INSTANTIATE_TEST_SUITE_P(Stores, RefereeTest, bothStores(), storeName);

}  // namespace
}  // namespace carc::server::test
