// The page's side of the AI worker (shell/ai.js, shell/ai_worker.js, web/ai_worker/): a bot's
// decision or a hint is asked with the committed record and answered a few frames later, while the
// page goes on drawing. Answers come back through carc_ai_answer(id, json); one nobody waits for any
// more (the game moved on, an undo, a new game) is dropped.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace web::ai_client {

struct Question {
    std::string kind;  // "move" (the bot's next decision) or "hint" (the whole turn)
    std::string record;
    std::string bot;   // a bot name; for a hint, the AI level
    std::string seed;  // carc::seedToText of the thinker's seed
    double budgetMs = 0;
    int iterationCap = 0;
};

struct Answer {
    std::string error;                 // empty when the worker answered
    std::vector<std::string> actions;  // action lines (docs/record-format.md)
    int iterations = 0;
    double elapsedMs = 0;   // the worker's thinking time
    std::string stoppedBy;  // "cap" or "time"
    double lead = 0;        // hints: the AI's estimate of its lead
};

// A worker can be asked (false in a browser without Workers, or once the worker failed to load: the
// caller then thinks on the page, in slices).
bool available();
// The question's id (> 0), or 0 when it could not be asked.
int ask(const Question& question);
// The answer to `id` once it came (then forgotten).
std::optional<Answer> take(int id);
// Nobody waits for `id` any more: its answer is dropped when it comes.
void forget(int id);

}  // namespace web::ai_client
