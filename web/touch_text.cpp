#include "touch_text.hpp"

#include <emscripten.h>

#include <cctype>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "imgui_internal.h"
#include "test_hook.hpp"

// Game -> page: the fields on screen, as JSON [{name, x, y, w, h, text, readOnly}] in CSS pixels.
EM_JS(void, carc_touch_text_fields, (const char* json), {
    if (Module['touchTextFields']) Module['touchTextFields'](UTF8ToString(json));
});
// Game -> page: ImGui took the keys for field `name` (a tap the page did not see as one on a field).
EM_JS(void, carc_touch_text_wanted, (const char* name), {
    if (Module['touchTextWanted']) Module['touchTextWanted'](UTF8ToString(name));
});

namespace web::touch_text {
namespace {

struct Drawn {
    std::string name;
    int x = 0, y = 0, w = 0, h = 0;  // CSS pixels, rounded: a field that stays put is not sent again
    std::string text;
    bool readOnly = false;
    bool operator==(const Drawn&) const = default;
};

bool touchNow = false;
std::string editing;                       // the field the page's input edits ("" none)
std::map<std::string, std::string> typed;  // text the page sent, not yet in its field
std::vector<Drawn> drawn, published;

// As much of `text` as fits `size` bytes with its terminator, never cutting a UTF-8 sequence.
void copyWhole(char* buffer, size_t size, const std::string& text, bool upper) {
    size_t n = std::min(text.size(), size - 1);
    while (n > 0 && n < text.size() && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    for (size_t i = 0; i < n; ++i)
        buffer[i] = upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(text[i]))) : text[i];
    buffer[n] = '\0';
}

}  // namespace

void beginFrame(bool touch) {
    touchNow = touch;
    drawn.clear();
}

void endFrame() {
    hook::value("textEditing", editing);
    if (!touchNow) drawn.clear();  // with a mouse the page lays nothing over the fields
    if (drawn == published) return;
    published = drawn;
    hook::Json list = hook::Json::array();
    for (const auto& d : published)
        list.push_back({{"name", d.name},
                        {"x", d.x},
                        {"y", d.y},
                        {"w", d.w},
                        {"h", d.h},
                        {"text", d.text},
                        {"readOnly", d.readOnly}});
    carc_touch_text_fields(list.dump().c_str());
}

bool field(const char* name, const char* label, char* buffer, size_t size, ImGuiInputTextFlags flags) {
    const bool edited = touchNow && editing == name;
    // While the page's input edits the field ImGui must not: it would keep a copy of its own.
    if (edited && ImGui::GetActiveID() == ImGui::GetID(label)) ImGui::ClearActiveID();
    bool changed = false;
    const bool readOnly = (flags & ImGuiInputTextFlags_ReadOnly) != 0;
    if (auto it = typed.find(name); it != typed.end()) {
        if (!readOnly) copyWhole(buffer, size, it->second, (flags & ImGuiInputTextFlags_CharsUppercase) != 0);
        typed.erase(it);
        changed = !readOnly;
    }
    changed |= ImGui::InputText(label, buffer, size, flags);
    hook::button(name);
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    const auto px = [](float v) { return static_cast<int>(std::lround(v)); };
    drawn.push_back({name, px(min.x), px(min.y), px(max.x - min.x), px(max.y - min.y), buffer, readOnly});
    if (touchNow && !edited && ImGui::IsItemActivated()) carc_touch_text_wanted(name);
    return changed;
}

}  // namespace web::touch_text

// Page -> game (shell/touch_text.js).
extern "C" {

// The page's input took field `name` (opened over it, focused).
void carc_touch_text_begin(const char* name) {
    if (name) web::touch_text::editing = name;
}

// The input's whole text, after each change (a composition's too).
void carc_touch_text_input(const char* name, const char* text) {
    if (name && text) web::touch_text::typed[name] = text;
}

// The input closed (Enter, or it lost the focus).
void carc_touch_text_end(const char* name) {
    if (name && web::touch_text::editing == name) web::touch_text::editing.clear();
}

}  // extern "C"
