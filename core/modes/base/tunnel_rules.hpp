// The Tunnel (RULES.md §2): tunnel tokens in pairs; a pair on two portals makes their roads one road.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "carc/action.hpp"
#include "carc/setup.hpp"

namespace carc {
class Game;
}

namespace carc::base {

class BaseGame;

struct TunnelPair {
    std::int8_t owner = 0;
    std::int8_t number = 0;    // 1, 2, 3: the owner's pairs in the order they were started
    std::int32_t first = -1;   // segment id of the first portal
    std::int32_t second = -1;  // segment id of the second portal, -1 while open
    std::int32_t startedTurn = 0;
};

class TunnelRules {
public:
    static std::vector<OptionSpec> options();
    TunnelRules(const Setup& setup, const std::vector<OptionSpec>& specs);

    int pairsPerPlayer() const { return pairsPerPlayer_; }
    int pairsLeft(int player) const;
    const std::vector<TunnelPair>& pairs() const { return pairs_; }
    const std::vector<std::int32_t>& portals() const { return portals_; }
    bool claimed(int segment) const;
    // Whether the active player still has to place the second token of a pair this turn (variant c).
    bool secondTokenDue() const { return pendingPair_ >= 0; }
    bool usedThisTurn() const { return usedThisTurn_; }
    bool stealAllowed() const { return steal_; }
    bool noBlocking() const { return noBlocking_; }
    bool tokenStepOpen(const BaseGame& game) const;

    void addPortals(const Game& game, int tileIndex);
    // The tunnel actions open to the active player now, before the turn's tile or after it.
    void legal(const BaseGame& game, std::vector<Action>& out) const;
    // Applies a legal tunnel action; returns the root a link joined (or -1).
    int apply(BaseGame& game, const Action& action);
    void startTurn() {
        usedThisTurn_ = false;
        pendingPair_ = -1;
    }
    std::string stateText() const;

private:
    bool mayUsePortal(const BaseGame& game, int player, int segment, bool startsPair) const;
    bool stealable(const BaseGame& game, const TunnelPair& pair, int player) const;

    int pairsPerPlayer_ = 1;
    bool ownRoadOnly_ = false;           // (a)
    bool steal_ = false;                 // (b)
    bool sameTurn_ = false;              // (c)
    bool noBlocking_ = false;            // (d)
    std::vector<std::int32_t> portals_;  // every portal segment on the board, in placement order
    std::vector<std::int32_t> claimed_;
    std::vector<TunnelPair> pairs_;
    bool usedThisTurn_ = false;
    int pendingPair_ = -1;  // index into pairs_ (variant c)
};

}  // namespace carc::base
