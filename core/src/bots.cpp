#include "carc/bots.hpp"

#include <algorithm>
#include <limits>

#include "carc/mcts.hpp"

namespace carc {

namespace {

class RandomBot final : public Bot {
public:
    explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
    Action choose(const Game& game) override { return game.randomLegalAction(rng_); }

private:
    Rng rng_;
};

class GreedyBot final : public Bot {
public:
    explicit GreedyBot(std::uint64_t seed) : seed_(seed), rng_(seed) {}
    Action choose(const Game& game) override {
        const int me = game.activePlayer();
        auto actions = game.legalActions();
        // It judges a turn by how it ends. A token the Tunnel allows before the tile may as well come
        // after it, with the tile in place to judge it by: at the tile, only placements are judged.
        if (game.phase() == Phase::PlaceTile &&
            std::any_of(actions.begin(), actions.end(), [](const Action& a) { return a.type == ActionType::Place; }))
            std::erase_if(actions, [](const Action& a) { return a.type != ActionType::Place; });
        // Judge on a copy whose hidden part is a sample of what this player cannot see: otherwise
        // "mine" (Gold Rush) would be judged by the true value of the token it takes. Its own random
        // stream, seeded by the turn, so that tie-breaking draws stay as they are.
        auto seen = game.clone();
        seen->setEventLog(false);
        Rng sample(deriveSeed(seed_, static_cast<std::uint64_t>(game.turnNumber())));
        seen->redeterminize(me, sample);
        double best = -std::numeric_limits<double>::infinity();
        std::vector<std::size_t> bestIndices;
        for (std::size_t i = 0; i < actions.size(); ++i) {
            const double value = evaluate(*seen, actions[i], me);
            if (value > best + 1e-9) {
                best = value;
                bestIndices.assign(1, i);
            } else if (value > best - 1e-9) {
                bestIndices.push_back(i);
            }
        }
        return actions[bestIndices[rng_.below(static_cast<std::uint32_t>(bestIndices.size()))]];
    }

private:
    // Plays the action, lets the rest of the turn pass, and measures the lead it leaves.
    static double evaluate(const Game& game, const Action& action, int me) {
        auto trial = game.clone();
        trial->setEventLog(false);
        trial->apply(action);
        std::vector<Action> next;
        int guard = 0;
        while (!trial->over() && trial->activePlayer() == me && trial->phase() != Phase::PlaceTile && guard++ < 16) {
            trial->legalActions(next);
            if (next.empty()) break;
            auto pass = std::find(next.begin(), next.end(), Action::pass());
            trial->apply(pass != next.end() ? *pass : next.front());
        }
        const auto scores = provisionalScores(*trial);
        int bestOther = std::numeric_limits<int>::min();
        for (int p = 0; p < game.playerCount(); ++p)
            if (p != me) bestOther = std::max(bestOther, scores[p]);
        // Followers kept in supply are worth a little: they can still score later.
        return scores[me] - bestOther + 0.25 * trial->supply(me);
    }

    std::uint64_t seed_;
    Rng rng_;
};

}  // namespace

std::vector<int> provisionalScores(const Game& game) {
    return game.over() ? game.scores() : game.scoresIfEndedNow();
}

std::unique_ptr<Bot> makeBot(std::string_view name, std::uint64_t seed) {
    if (name == "random") return std::make_unique<RandomBot>(seed);
    if (name == "greedy") return std::make_unique<GreedyBot>(seed);
    if (auto level = ai::levelConfig(name)) return ai::makeMctsBot(*level, seed);  // easy, medium, hard
    return nullptr;
}

std::uint64_t seatBotSeed(std::uint64_t gameSeed, int seat) {
    return gameSeed * 31 + static_cast<std::uint64_t>(seat);
}

std::vector<std::string> botNames() {
    std::vector<std::string> names = {"random", "greedy"};
    for (auto& level : ai::levelNames()) names.push_back(level);
    return names;
}

}  // namespace carc
