#include "load_marks.hpp"

#include <emscripten.h>

#include <set>
#include <string>

namespace web::marks {
namespace {

EM_JS(void, carc_performance_mark, (const char* name), {
    if (typeof performance == 'object' && performance.mark) performance.mark('carc:' + UTF8ToString(name));
});

std::set<std::string>& marked() {
    static std::set<std::string> names;
    return names;
}

bool boardThisFrame = false;
bool artThisFrame = false;

}  // namespace

void once(const char* name) {
    if (marked().insert(name).second) carc_performance_mark(name);
}

void boardDrawn(bool withArt) {
    boardThisFrame = true;
    artThisFrame = artThisFrame || withArt;
}

void frameShown() {
    once("first-frame");
    if (boardThisFrame) once("board-frame");
    if (artThisFrame) once("board-art-frame");
    boardThisFrame = artThisFrame = false;
}

}  // namespace web::marks
