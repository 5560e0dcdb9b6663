#include "ai_client.hpp"

#include <emscripten.h>

#include <map>
#include <nlohmann/json.hpp>

namespace web::ai_client {
namespace {

// Page -> worker: shell/ai.js posts the question (JSON); 0 when there is no worker to ask.
EM_JS(int, carc_ai_post, (const char* json), {
    const ai = Module['ai'];
    return ai && ai['available']() && ai['ask'](UTF8ToString(json)) ? 1 : 0;
});
EM_JS(int, carc_ai_available, (), {
    const ai = Module['ai'];
    return ai && ai['available']() ? 1 : 0;
});

int lastId = 0;
std::map<int, std::optional<Answer>> waiting;  // asked, not taken yet: the answer once it came

Answer read(const std::string& json) {
    Answer answer;
    const auto parsed = nlohmann::json::parse(json, nullptr, false);
    if (!parsed.is_object()) {
        answer.error = "the worker's answer is not JSON";
        return answer;
    }
    answer.error = parsed.value("error", std::string());
    if (parsed.contains("actions") && parsed["actions"].is_array())
        for (const auto& line : parsed["actions"])
            if (line.is_string()) answer.actions.push_back(line.get<std::string>());
    answer.iterations = parsed.value("iterations", 0);
    answer.elapsedMs = parsed.value("elapsedMs", 0.0);
    answer.stoppedBy = parsed.value("stoppedBy", std::string());
    answer.lead = parsed.value("lead", 0.0);
    if (answer.error.empty() && answer.actions.empty()) answer.error = "the worker answered no action";
    return answer;
}

}  // namespace

bool available() {
    return carc_ai_available() != 0;
}

int ask(const Question& question) {
    const int id = ++lastId;
    const nlohmann::json message = {{"id", id},
                                    {"kind", question.kind},
                                    {"record", question.record},
                                    {"bot", question.bot},
                                    {"seed", question.seed},
                                    {"budgetMs", question.budgetMs},
                                    {"iterationCap", question.iterationCap}};
    if (!carc_ai_post(message.dump().c_str())) return 0;
    waiting[id] = std::nullopt;
    return id;
}

std::optional<Answer> take(int id) {
    auto it = waiting.find(id);
    if (it == waiting.end() || !it->second) return std::nullopt;
    Answer answer = std::move(*it->second);
    waiting.erase(it);
    return answer;
}

void forget(int id) {
    waiting.erase(id);
}

}  // namespace web::ai_client

// Worker -> page (shell/ai.js): the answer to question `id`, as JSON.
extern "C" EMSCRIPTEN_KEEPALIVE void carc_ai_answer(int id, const char* json) {
    auto it = web::ai_client::waiting.find(id);
    if (it != web::ai_client::waiting.end()) it->second = web::ai_client::read(json);
}
