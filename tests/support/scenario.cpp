#include "scenario.hpp"

#include <gtest/gtest.h>
#include <algorithm>

#include "carc/english.hpp"
#include "carc/rng.hpp"
#include "test_paths.hpp"

namespace carc {

bool operator==(const Problem& problem, std::string_view english) {
    return english::describe(problem) == english;
}

std::ostream& operator<<(std::ostream& out, const Problem& problem) {
    return out << '"' << english::describe(problem) << '"';
}

}  // namespace carc

namespace carc::test {

std::string wording(const Event& event, const Game& game) {
    if (event.type == EventType::Scored) return english::describe(event.breakdown);
    if (event.type == EventType::Token)
        return english::describeMove(event, english::playerName(game.setup(), event.player));
    return "";
}

Catalog& catalog() {
    static Catalog shared(folderSource(tilesetsDir()));
    return shared;
}

Replay replay(std::string_view record) {
    return replayText(record, catalog());
}

std::string baseRecord(std::string_view deck, std::string_view moves) {
    return "carcassonne 1\nmode base\nplayers 2\nseed 1\ndeck " + std::string(deck) + "\n" + std::string(moves);
}

std::unique_ptr<Game> play(std::string_view record) {
    Replay result = replay(record);
    EXPECT_EQ(result.error, "") << "while replaying:\n" << record;
    return std::move(result.game);
}

int pointsFor(const Game& game, int player, const std::string& category, When when) {
    int total = 0;
    for (const auto& e : game.events()) {
        if (e.type != EventType::Scored || e.player != player) continue;
        if (game.scoreCategories()[e.category] != category) continue;
        if (when == When::DuringPlay && e.final) continue;
        if (when == When::Final && !e.final) continue;
        total += e.points;
    }
    return total;
}

std::vector<std::string> scoringLog(const Game& game) {
    std::vector<std::string> out;
    for (const auto& e : game.events())
        if (e.type == EventType::Scored)
            out.push_back("P" + std::to_string(e.player) + " " + game.scoreCategories()[e.category] + " " +
                          std::to_string(e.points) + (e.final ? " final" : ""));
    return out;
}

RandomGame playRandomGame(const Setup& setup, std::uint64_t choiceSeed,
                          const std::function<void(const Game&, const Action&)>& observe) {
    RandomGame result;
    Problem error;
    result.game = catalog().newGame(setup, error);
    EXPECT_TRUE(result.game) << error;
    if (!result.game) return result;
    result.record.setup = result.game->setup();
    Rng rng(choiceSeed);
    std::vector<Action> actions;
    while (!result.game->over()) {
        result.game->legalActions(actions);
        EXPECT_FALSE(actions.empty()) << "no legal action in a running game";
        if (actions.empty()) break;
        const Action chosen = actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
        if (observe) observe(*result.game, chosen);
        const Problem problem = result.game->apply(chosen);
        EXPECT_EQ(problem, "") << "a listed legal action was refused";
        if (problem) break;
        result.record.actions.push_back(chosen);
    }
    return result;
}

std::string modeParamName(const ::testing::TestParamInfo<std::string>& param) {
    std::string name = param.param;
    std::replace(name.begin(), name.end(), '+', '_');
    return name;
}

}  // namespace carc::test
