#include "test_hook.hpp"

#include <cmath>

#include "carc/event_json.hpp"
#include "imgui.h"
#include "imgui_internal.h"
#include "key_focus.hpp"

namespace web::hook {
namespace {

struct Frame {
    Json values = Json::object();
    Json buttons = Json::object();
    Json cells = Json::array();
    Json spots = Json::array();
    Json overflow = Json::array();
};
bool asked = false;  // set by the first carc_test_state()
Frame building;
std::string published = "{}";

// CSS pixels to a tenth: enough for a click, and stable from frame to frame.
double tenth(float v) {
    return std::round(static_cast<double>(v) * 10) / 10;
}

// A board point under a window that takes the mouse (the action bar, a dialog, the side panel)
// cannot be clicked: the window gets the click. Asked once every window of the frame is in (ImGui's
// implicit "Debug" window is still open then, unused: it covers nothing).
bool underWindow(double x, double y) {
    const ImVec2 point(static_cast<float>(x), static_cast<float>(y));
    for (const ImGuiWindow* w : GImGui->Windows)
        if (w->Active && !w->Hidden && !w->IsFallbackWindow && !(w->Flags & ImGuiWindowFlags_NoInputs) &&
            w->Rect().Contains(point))
            return true;
    return false;
}

// Marks the cells and spots a window covers ("covered": true), so that a test clicks only what a
// player could.
void markCovered(Json& points) {
    for (auto& p : points)
        if (underWindow(p["x"].get<double>(), p["y"].get<double>())) p["covered"] = true;
}

}  // namespace

bool active() {
    return asked;
}

void beginFrame() {
    if (!asked) return;
    building = Frame{};
}

void endFrame() {
    if (!asked) return;
    markCovered(building.cells);
    markCovered(building.spots);
    Json frame = std::move(building.values);
    frame["buttons"] = std::move(building.buttons);
    frame["cells"] = std::move(building.cells);
    frame["spots"] = std::move(building.spots);
    frame["overflow"] = std::move(building.overflow);
    published = carc::json::dump(frame);
}

void button(const std::string& name) {
    keys::stop();  // every named clickable is a stop of the Tab ring
    if (!asked) return;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    building.buttons[name] = Json{{"x", tenth((a.x + b.x) * 0.5f)},
                                  {"y", tenth((a.y + b.y) * 0.5f)},
                                  {"w", tenth(b.x - a.x)},
                                  {"h", tenth(b.y - a.y)}};
}

void labelWidth(const std::string& name, float px) {
    if (!asked || !building.buttons.contains(name)) return;
    building.buttons[name]["label"] = tenth(px);
}

void cell(float x, float y, float size, int boardX, int boardY, int rotationsMask) {
    if (!asked) return;
    building.cells.push_back(Json{{"x", tenth(x)},
                                  {"y", tenth(y)},
                                  {"size", tenth(size)},
                                  {"bx", boardX},
                                  {"by", boardY},
                                  {"rotations", rotationsMask}});
}

void spot(float x, float y, const std::string& action) {
    if (!asked) return;
    building.spots.push_back(Json{{"x", tenth(x)}, {"y", tenth(y)}, {"action", action}});
}

void spotLabel(const std::string& label, bool picked) {
    if (!asked || building.spots.empty()) return;
    building.spots.back()["label"] = label;
    if (picked) building.spots.back()["picked"] = true;
}

void overflow(const std::string& window) {
    if (!asked) return;
    const ImGuiWindow* w = ImGui::GetCurrentWindowRead();
    const float excess = w->DC.CursorMaxPos.x - w->WorkRect.Max.x;
    if (excess > 1.0f) building.overflow.push_back(Json{{"window", window}, {"px", tenth(excess)}});
}

void detail::setValue(const std::string& key, Json json) {
    if (!asked) return;
    building.values[key] = std::move(json);
}

}  // namespace web::hook

extern "C" const char* carc_test_state() {
    web::hook::asked = true;
    return web::hook::published.c_str();
}
