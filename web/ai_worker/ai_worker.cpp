// The AI's own WebAssembly module, run in a Web Worker (shell/ai_worker.js) so that the page keeps
// drawing frames while a bot or a hint thinks. Built from the same core and AI as the game, without
// SDL or ImGui. One exported function answers one question: the game so far as a text record (the
// spine: docs/record-format.md), replayed here by the core, and who thinks about it.
#include <chrono>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "carc/bots.hpp"
#include "carc/mcts.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"
#include "carc/turn_advisor.hpp"

namespace {

double steadyMs() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

carc::Catalog& catalog() {
    static carc::Catalog tileSets(carc::folderSource("/tilesets"));  // embedded into the module
    return tileSets;
}

struct Question {
    std::string kind;  // "move": the bot's next decision; "hint": the whole turn, as the hint shows it
    std::string bot;   // a carc::makeBot name; for a hint, the AI level
    std::uint64_t seed = 0;
    double budgetMs = 0;   // the time budget of each decision (0: none)
    int iterationCap = 0;  // the iterations of a turn's first decision (0: the level's)
};

nlohmann::json think(const carc::Game& game, const Question& q) {
    const double started = steadyMs();
    nlohmann::json answer = {{"actions", nlohmann::json::array()}, {"iterations", 0}, {"stoppedBy", "cap"}};
    std::optional<carc::ai::MctsConfig> config = carc::ai::levelConfig(q.bot);
    if (config) {
        config->budgetMs = q.budgetMs;
        if (q.iterationCap > 0) config->iterations = q.iterationCap;
    }
    if (q.kind == "hint") {
        if (!config) return {{"error", "no AI level " + q.bot}};
        carc::ai::TurnAdvisor advisor(*config, q.seed);
        advisor.setClock(steadyMs);
        advisor.start(game);
        while (!advisor.step(1 << 20)) {
        }
        for (const auto& action : advisor.actions())
            answer["actions"].push_back(carc::actionText(action, game.tileSet()));
        answer["lead"] = advisor.estimatedLead();
        answer["iterations"] = advisor.iterations();
        answer["stoppedBy"] = advisor.stoppedByTime() ? "time" : "cap";
    } else if (config) {
        carc::ai::Mcts search(*config, q.seed);
        search.setClock(steadyMs);
        answer["actions"].push_back(carc::actionText(search.choose(game), game.tileSet()));
        answer["iterations"] = search.iterationsDone();
        answer["stoppedBy"] = search.stoppedByTime() ? "time" : "cap";
    } else if (auto bot = carc::makeBot(q.bot, q.seed)) {
        answer["actions"].push_back(carc::actionText(bot->choose(game), game.tileSet()));
    } else {
        return {{"error", "no bot " + q.bot}};
    }
    answer["elapsedMs"] = steadyMs() - started;
    return answer;
}

}  // namespace

extern "C" {

// kind "move" or "hint"; seed in the seed text form (carc::seedToText). Returns JSON: {actions
// (action lines), iterations, elapsedMs, stoppedBy: "cap"|"time", lead (hints)} or {error}. The
// string lives until the next call.
const char* carc_ai_think(const char* kind, const char* record, const char* bot, const char* seed, double budgetMs,
                          int iterationCap) {
    static std::string out;
    nlohmann::json answer;
    const carc::Replay replay = carc::replayText(record, catalog());
    const std::optional<std::uint64_t> seedValue = carc::seedFromText(seed);
    if (!replay.game || replay.error) {
        answer = {{"error", "the record does not replay: line " + std::to_string(replay.errorLine)}};
    } else if (!seedValue) {
        answer = {{"error", std::string("bad seed ") + seed}};
    } else {
        answer = think(*replay.game, Question{kind, bot, *seedValue, budgetMs, iterationCap});
    }
    out = answer.dump();
    return out.c_str();
}

}  // extern "C"
