// "Play again" (issue 47): one new room per finished game with the same setup, bots and colours and a
// new seed; everyone in the old room told where it is; a person's seat kept for them (resumed with
// the secret they hold) until `replaceAfter` has passed, then open to a `join`.
#include "hub_fixture.hpp"

namespace carc::server::test {
namespace {

class RematchTest : public HubTest {
protected:
    // Ann (host) and Bob with a random bot in seat 2 play a Gold Rush game to its end.
    void playToTheEnd() {
        host = connect();
        guest = connect();
        room = createRoom(*host, "goldrush", 3);
        joinRoom(*guest, room, "Bob");
        ask(*host, {{"type", "seat"}, {"seat", 2}, {"kind", "random"}}, "room");
        EXPECT_EQ(errorCode(*host, {{"type", "rematch"}}), "not_over") << "before the start";
        say(*host, {{"type", "start"}});
        Rng rng(21);
        for (int step = 0; step < 2000; ++step) {
            feed(*host);
            feed(*guest);
            const Game& game = host->page.game();
            if (game.over()) break;
            if (game.activePlayer() == 2) {
                runBots();
                continue;
            }
            Conn& mover = game.activePlayer() == 0 ? *host : *guest;
            say(mover, {{"type", "move"}, {"seq", mover.page.actions()}, {"lines", mover.page.randomTurn(rng)}});
        }
        ASSERT_TRUE(host->page.game().over());
    }
    std::unique_ptr<Conn> host, guest;
    std::string room;
};

TEST_P(RematchTest, BothPlayersMoveToOneNewRoomWithTheSameSeatsAndTheirSecrets) {
    playToTheEnd();
    if (HasFatalFailure()) return;
    auto watcher = connect();
    ask(*watcher, {{"type", "watch"}, {"room", room}}, "watching");
    EXPECT_EQ(errorCode(*watcher, {{"type", "rematch"}}), "not_player");
    const std::size_t rooms = store_->countRooms();  // the database's: shared stores load rooms on demand
    json offer = ask(*host, {{"type", "rematch"}, {"ref", "r"}}, "rematch");
    const std::string next = offer["next"];
    EXPECT_EQ(offer["ref"], "r");
    EXPECT_EQ(offer["by"], 0);
    EXPECT_NE(next, room);
    json told = guest->peer.last("rematch");
    EXPECT_EQ(told["next"], next) << "everyone in the old room is told";
    EXPECT_EQ(watcher->peer.last("rematch")["next"], next);
    EXPECT_EQ(watcher->peer.lastSeen("room")["rematch"], next);
    // Pressed again, by the other player: the same room (idempotent).
    EXPECT_EQ(ask(*guest, {{"type", "rematch"}}, "rematch")["next"], next);
    EXPECT_EQ(store_->countRooms(), rooms + 1);

    // Each resumes the new room with the secret of the old seat.
    json joined = ask(*host, {{"type", "resume"}, {"room", next}, {"seat", 0}, {"secret", host->secret}}, "joined");
    EXPECT_TRUE(joined["host"]);
    json seats = host->peer.lastSeen("room")["seats"];
    EXPECT_EQ(seats[0]["name"], "Ann");
    EXPECT_EQ(seats[1]["name"], "Bob");
    EXPECT_EQ(seats[1]["kind"], "human");
    EXPECT_TRUE(seats[1]["reserved"]) << "kept for Bob";
    EXPECT_EQ(seats[1]["colour"], "blue");
    EXPECT_EQ(seats[2]["kind"], "random") << "bots keep their seats";
    auto stranger = connect();
    EXPECT_EQ(errorCode(*stranger, {{"type", "join"}, {"room", next}, {"name", "Cy"}}), "room_full");
    ask(*guest, {{"type", "resume"}, {"room", next}, {"seat", 1}, {"secret", guest->secret}}, "joined");
    EXPECT_FALSE(host->peer.last("room")["seats"][1]["reserved"]);
    say(*host, {{"type", "start"}});
    json game = host->peer.last("game");
    ASSERT_FALSE(game.is_null());
    EXPECT_EQ(game["room"], next);
    EXPECT_EQ(host->page.load(game["record"]), "");

    // A restart keeps the link: the old room still answers with the same new room.
    makeHub();
    auto back = connect();
    ask(*back, {{"type", "resume"}, {"room", room}, {"seat", 1}, {"secret", guest->secret}}, "joined");
    EXPECT_EQ(ask(*back, {{"type", "rematch"}}, "rematch")["next"], next);
    EXPECT_EQ(store_->countRooms(), rooms + 1);
}

TEST_P(RematchTest, ASeatWhosePlayerDoesNotComeOpensAfterReplaceAfter) {
    options_.limits.replaceAfter = 60;
    makeHub();
    playToTheEnd();
    if (HasFatalFailure()) return;
    const std::string next = ask(*host, {{"type", "rematch"}}, "rematch")["next"];
    ask(*host, {{"type", "resume"}, {"room", next}, {"seat", 0}, {"secret", host->secret}}, "joined");
    auto stranger = connect();
    EXPECT_EQ(errorCode(*stranger, {{"type", "join"}, {"room", next}, {"name", "Cy"}, {"seat", 1}}), "seat_taken");
    now_ += 60'000;
    json joined = ask(*stranger, {{"type", "join"}, {"room", next}, {"name", "Cy"}}, "joined");
    EXPECT_EQ(joined["seat"], 1);
    EXPECT_EQ(errorCode(*guest, {{"type", "resume"}, {"room", next}, {"seat", 1}, {"secret", guest->secret}}),
              "bad_secret")
        << "the seat is Cy's now";
}

TEST_P(RematchTest, ARematchCountsTowardTheRoomLimits) {
    options_.limits.roomsPerConnection = 1;
    makeHub();
    playToTheEnd();
    if (HasFatalFailure()) return;
    ask(*host, {{"type", "rematch"}}, "rematch");
    json m = {{"type", "create"}, {"setup", {{"mode", "base"}, {"players", 2}}}, {"name", "Ann"}};
    EXPECT_EQ(errorCode(*host, m), "too_many_rooms");
}

// A kept seat is stored: a restart between the rematch and the player's resume keeps it for them,
// and still opens it for others once `replaceAfter` has passed.
TEST_P(RematchTest, AKeptSeatSurvivesARestartBeforeItsPlayerComes) {
    options_.limits.replaceAfter = 60;
    makeHub();
    playToTheEnd();
    if (HasFatalFailure()) return;
    const std::string next = ask(*host, {{"type", "rematch"}}, "rematch")["next"];
    makeHub();
    auto hostBack = connect(), guestBack = connect(), stranger = connect();
    ask(*hostBack, {{"type", "resume"}, {"room", next}, {"seat", 0}, {"secret", host->secret}}, "joined");
    EXPECT_TRUE(hostBack->peer.lastSeen("room")["seats"][1]["reserved"]) << "still kept for Bob";
    EXPECT_EQ(errorCode(*stranger, {{"type", "join"}, {"room", next}, {"name", "Cy"}, {"seat", 1}}), "seat_taken");
    ask(*guestBack, {{"type", "resume"}, {"room", next}, {"seat", 1}, {"secret", guest->secret}}, "joined");
    EXPECT_FALSE(hostBack->peer.last("room")["seats"][1]["reserved"]);
    // Bob came: another restart does not keep the seat "for" him again.
    makeHub();
    auto watcher = connect();
    ask(*watcher, {{"type", "watch"}, {"room", next}}, "watching");
    EXPECT_FALSE(watcher->peer.lastSeen("room")["seats"][1]["reserved"]);
}

TEST_P(RematchTest, AKeptSeatWhosePlayerDoesNotComeOpensAfterARestart) {
    options_.limits.replaceAfter = 60;
    makeHub();
    playToTheEnd();
    if (HasFatalFailure()) return;
    const std::string next = ask(*host, {{"type", "rematch"}}, "rematch")["next"];
    makeHub();
    auto stranger = connect(), another = connect();
    now_ += 60'000;
    json joined = ask(*stranger, {{"type", "join"}, {"room", next}, {"name", "Cy"}}, "joined");
    EXPECT_EQ(joined["seat"], 0) << "the host never came either";
    json second = ask(*another, {{"type", "join"}, {"room", next}, {"name", "Di"}}, "joined");
    EXPECT_EQ(second["seat"], 1);
}

INSTANTIATE_TEST_SUITE_P(Stores, RematchTest, bothStores(), storeName);

}  // namespace
}  // namespace carc::server::test
