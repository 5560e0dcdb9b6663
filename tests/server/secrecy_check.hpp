// The secrecy check (issue 46's hidden information test, shared by the single-process and the
// multi-process suites): whole online games with a client per human seat, a second tab for seat 0 and a
// spectator; every byte each connection receives is checked against what the rules let that seat know
// at that moment (docs/record-format.md's table), independently of the server's own bookkeeping: no
// seed or deck before the end, no tile before it is drawn, no other hand, no other seat's mining token,
// no other seat's secret, no field a message should not have. Every seat and the spectator talk during
// the game (chat lines and reactions): the talk is checked the same way.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>

#include "../../core/modes/discovery/discovery_game.hpp"
#include "../../core/modes/goldrush/goldrush_game.hpp"
#include "harness.hpp"

namespace carc::server::test {

struct SecrecyVariant {
    std::string mode;
    int players;
    std::vector<std::string> options;
    std::vector<std::string> bots;  // per seat from 1 on: "" for a human
};

inline void PrintTo(const SecrecyVariant& v, std::ostream* out) {
    *out << v.mode << ' ' << v.players;
}

struct SecrecySeat {
    std::unique_ptr<WsClient> client;
    int seat = -1;  // -1: the spectator
    std::string secret;
    PageView page;
};

// The fields each message may have: anything else could carry what it should not.
inline const std::map<std::string, std::set<std::string>>& allowedFields() {
    static const std::map<std::string, std::set<std::string>> fields = {
        {"welcome", {"type", "protocol", "server", "limits", "bots", "colours", "ref"}},
        {"joined", {"type", "room", "seat", "secret", "host", "ref"}},
        {"watching", {"type", "room", "ref"}},
        {"room",
         {"type", "room", "setup", "seats", "started", "over", "listed", "spectators", "actions", "clock", "rematch"}},
        {"clock", {"type", "room", "seat", "turn", "move", "remainingMs"}},
        {"game", {"type", "room", "seat", "record"}},
        {"moved", {"type", "room", "seq", "by", "lines"}},
        {"over", {"type", "room", "record"}},
        {"error", {"type", "code", "message", "ref"}},
        // `spectator`: a spectator's number in the room (public, like its seat -1).
        {"chat", {"type", "room", "n", "seat", "name", "colour", "spectator", "text", "reaction"}},
        {"chat_history", {"type", "room", "lines", "muted", "spectatorsMuted"}},
        {"chat_muted", {"type", "room", "muted", "spectatorsMuted"}},
    };
    return fields;
}

// Reads until the page holds `actions` actions (or the game is over and `over` came).
inline void catchUp(SecrecySeat& p, std::size_t actions) {
    while (!p.page.loaded() || p.page.actions() < actions) {
        json m = nullptr;
        for (;;) {
            auto text = p.client->receive();
            ASSERT_TRUE(text) << "seat " << p.seat << " waited in vain for action " << actions;
            m = json::parse(*text);
            if (m["type"] == "game" || m["type"] == "moved") break;
            ASSERT_NE(m["type"], "error") << m;
            if (m["type"] == "chat") {
                ASSERT_EQ(m.count("text") + m.count("reaction"), 1u) << m;
            }
        }
        if (m["type"] == "game") {
            ASSERT_EQ(p.page.load(m["record"]), "");
        } else {
            ASSERT_EQ(p.page.apply(m["lines"].get<std::vector<std::string>>()), "") << m;
        }
    }
}

// Checks every frame one connection received against the full game at that moment.
inline void checkEveryByte(const SecrecySeat& p, const std::string& fullRecord,
                           const std::vector<std::string>& secrets) {
    Replay finished = replayText(fullRecord, carc::test::catalog());
    ASSERT_FALSE(finished.error) << english::describe(finished.error);
    Problem problem;
    auto full = carc::test::catalog().newGame(finished.record.setup, problem);
    ASSERT_TRUE(full) << english::describe(problem);
    const std::string seedText = seedToText(finished.record.setup.seed);
    std::size_t applied = 0;
    std::set<int> tilesKnown, tokensKnown;
    static const std::regex revealLine("reveal (tile|token) ([0-9]+) ([A-Za-z0-9+-]+)");
    bool overSeen = false, clockSeen = false;
    for (const std::string& frame : p.client->raw) {
        json m = json::parse(frame);
        const std::string type = m["type"];
        ASSERT_TRUE(allowedFields().count(type)) << frame;
        for (auto& [key, value] : m.items()) ASSERT_TRUE(allowedFields().at(type).count(key)) << key << " in " << frame;
        for (const auto& s : secrets) ASSERT_EQ(frame.find(s), std::string::npos) << "another seat's secret: " << frame;
        clockSeen = clockSeen || type == "clock";
        if (type == "over") {
            overSeen = true;
            continue;
        }
        ASSERT_FALSE(overSeen) << "a message after over";
        // The full game as it stands once this frame's actions are played.
        std::size_t actions = applied;
        if (type == "moved") actions = m["seq"];
        if (type == "game")
            actions = Replay(replayText(m["record"].get<std::string>(), carc::test::catalog())).record.actions.size();
        for (; applied < actions; ++applied) ASSERT_EQ(full->apply(finished.record.actions[applied]), "");
        if (full->over()) continue;  // everything is revealed at the end
        ASSERT_EQ(frame.find("seed"), std::string::npos) << frame;
        ASSERT_EQ(frame.find(seedText), std::string::npos) << frame;
        ASSERT_EQ(frame.find("deck "), std::string::npos) << frame;
        const int drawn = full->deckSize() - full->drawPileSize();
        for (std::sregex_iterator it(frame.begin(), frame.end(), revealLine), end; it != end; ++it) {
            const int position = std::stoi((*it)[2]);
            if ((*it)[1] == "tile") {
                ASSERT_LT(position, drawn) << "seat " << p.seat << " shown a tile not drawn yet: " << frame;
                tilesKnown.insert(position);
            } else {
                tokensKnown.insert(position);
            }
        }
        // Tiles: those drawn face up, and in The Discovery's double-tile variant one's own hand.
        if (auto* d = dynamic_cast<const discovery::DiscoveryGame*>(full.get())) {
            int hidden = 0;
            for (int q = 0; q < full->playerCount(); ++q)
                if (q != p.seat &&
                    full->setup().option(findMode("discovery")->options, "discovery.double-tile") == "on")
                    hidden += static_cast<int>(d->hand(q).size());
            ASSERT_LE(static_cast<int>(tilesKnown.size()), drawn - hidden)
                << "seat " << p.seat << " knows a tile in another hand: " << frame;
        }
        // Gold Rush: exactly the tokens this seat took, none for a spectator.
        if (auto* g = dynamic_cast<const goldrush::GoldRushGame*>(full.get())) {
            ASSERT_EQ(static_cast<int>(tokensKnown.size()), p.seat >= 0 ? g->tokensHeld(p.seat) : 0)
                << "seat " << p.seat << " after " << applied << " actions: " << frame;
        } else {
            ASSERT_TRUE(tokensKnown.empty());
        }
    }
    ASSERT_TRUE(overSeen);
    ASSERT_TRUE(clockSeen) << "no clock message was checked";
}

// Where each connection goes: seat s's through seats[s % seats.size()], the second tab's and the
// spectator's through their own (one port for all on a single process).
struct SecrecyPorts {
    std::vector<unsigned short> seats;
    unsigned short secondTab = 0;
    unsigned short watcher = 0;
    unsigned short seat(std::size_t s) const { return seats[s % seats.size()]; }
};

// One whole game of `v` through `ports`, then every connection's every byte checked.
inline void playCheckingEveryByte(const SecrecyVariant& v, const SecrecyPorts& ports) {
    using ::testing::Test;
    std::vector<SecrecySeat> players(static_cast<std::size_t>(v.players));
    SecrecySeat second, watcher;
    for (std::size_t s = 0; s < players.size(); ++s) players[s].client = std::make_unique<WsClient>(ports.seat(s));
    second.client = std::make_unique<WsClient>(ports.secondTab);
    watcher.client = std::make_unique<WsClient>(ports.watcher);

    players[0].client->send(json{{"type", "create"},
                                 {"setup", {{"mode", v.mode}, {"players", v.players}, {"options", v.options}}},
                                 {"name", "Host"},
                                 {"clock", 86400}});  // clock messages too (a day: none runs out here)
    json joined = players[0].client->waitFor("joined");
    ASSERT_FALSE(joined.is_null());
    const std::string room = joined["room"];
    players[0].seat = 0;
    players[0].secret = joined["secret"];
    std::vector<int> humans = {0};
    for (int s = 1; s < v.players; ++s) {
        auto& p = players[static_cast<std::size_t>(s)];
        p.seat = s;
        const std::string bot = s - 1 < static_cast<int>(v.bots.size()) ? v.bots[static_cast<std::size_t>(s - 1)] : "";
        if (!bot.empty()) {
            players[0].client->send(json{{"type", "seat"}, {"seat", s}, {"kind", bot}});
            p.client.reset();
            continue;
        }
        p.client->send(json{{"type", "join"}, {"room", room}, {"name", "P" + std::to_string(s)}, {"seat", s}});
        json j = p.client->waitFor("joined");
        ASSERT_FALSE(j.is_null());
        p.secret = j["secret"];
        humans.push_back(s);
    }
    second.seat = 0;
    second.client->send(json{{"type", "resume"}, {"room", room}, {"seat", 0}, {"secret", players[0].secret}});
    ASSERT_FALSE(second.client->waitFor("joined").is_null());
    watcher.client->send(json{{"type", "watch"}, {"room", room}});
    ASSERT_FALSE(watcher.client->waitFor("watching").is_null());
    players[0].client->send(json{{"type", "start"}});

    std::vector<SecrecySeat*> everyone = {&second, &watcher};
    for (int s : humans) everyone.push_back(&players[static_cast<std::size_t>(s)]);
    Rng rng(0xC0FFEE + static_cast<std::uint64_t>(v.players));
    std::size_t target = 0;
    for (int step = 0; step < 3000; ++step) {
        for (SecrecySeat* p : everyone) {
            catchUp(*p, target);
            if (Test::HasFatalFailure()) return;
        }
        const Game& game = watcher.page.game();
        if (game.over()) break;
        SecrecySeat& mover = players[static_cast<std::size_t>(game.activePlayer())];
        if (!mover.client) {  // a bot's turn: the spectator hears of it first
            json moved = watcher.client->waitFor("moved");
            ASSERT_FALSE(moved.is_null()) << "the bot did not move";
            ASSERT_EQ(watcher.page.apply(moved["lines"].get<std::vector<std::string>>()), "");
            target = moved["seq"];
            continue;
        }
        // Now and then the mover, or the spectator, says something (well within the chat's rate).
        if (step % 7 == 0 && step <= 42)
            (step % 14 == 0 ? watcher : mover)
                .client->send(step % 3 ? json{{"type", "chat"}, {"text", "Zug " + std::to_string(step) + " 🎲"}}
                                       : json{{"type", "chat"}, {"reaction", "thinking"}});
        const auto lines = mover.page.randomTurn(rng);
        mover.client->send(json{{"type", "move"}, {"seq", mover.page.actions()}, {"lines", lines}});
        target = mover.page.actions() + lines.size();
    }
    ASSERT_TRUE(watcher.page.game().over());
    std::vector<std::string> secrets;
    for (int s : humans) secrets.push_back(players[static_cast<std::size_t>(s)].secret);
    std::string fullRecord;
    for (SecrecySeat* p : everyone) {
        json over = p->client->waitFor("over");
        ASSERT_FALSE(over.is_null()) << "seat " << p->seat << " got no over";
        fullRecord = over["record"];
        Replay full = replayText(fullRecord, carc::test::catalog());
        ASSERT_EQ(full.error, "");
        EXPECT_EQ(full.game->stateText(), p->page.game().stateText()) << "seat " << p->seat;
    }
    for (SecrecySeat* p : everyone) {
        std::vector<std::string> others;
        for (std::size_t i = 0; i < secrets.size(); ++i)
            if (humans[i] != p->seat) others.push_back(secrets[i]);
        checkEveryByte(*p, fullRecord, others);
        if (Test::HasFatalFailure()) return;
    }
}

}  // namespace carc::server::test
