#include "test_hook.hpp"

#include <cstdio>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"

namespace web::hook {
namespace {

struct Frame {
    std::vector<std::string> buttons, cells, spots, values, overflow;
};
Frame building;
std::string published = "{}";

std::string num(float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", static_cast<double>(v));
    return buf;
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ",") + item;
    return out;
}

}  // namespace

std::string quote(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) continue;
        out += c;
    }
    return out + "\"";
}

void beginFrame() {
    building = Frame{};
}

void endFrame() {
    published = "{" + join(building.values) + (building.values.empty() ? "" : ",") + "\"buttons\":{" +
                join(building.buttons) + "},\"cells\":[" + join(building.cells) + "],\"spots\":[" +
                join(building.spots) + "],\"overflow\":[" + join(building.overflow) + "]}";
}

void button(const std::string& name) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    building.buttons.push_back(quote(name) + ":{\"x\":" + num((a.x + b.x) * 0.5f) + ",\"y\":" +
                               num((a.y + b.y) * 0.5f) + ",\"w\":" + num(b.x - a.x) + ",\"h\":" + num(b.y - a.y) + "}");
}

void cell(float x, float y, int boardX, int boardY, int rotationsMask) {
    building.cells.push_back("{\"x\":" + num(x) + ",\"y\":" + num(y) + ",\"bx\":" + std::to_string(boardX) +
                             ",\"by\":" + std::to_string(boardY) + ",\"rotations\":" + std::to_string(rotationsMask) +
                             "}");
}

void spot(float x, float y, const std::string& action) {
    building.spots.push_back("{\"x\":" + num(x) + ",\"y\":" + num(y) + ",\"action\":" + quote(action) + "}");
}

void overflow(const std::string& window) {
    const ImGuiWindow* w = ImGui::GetCurrentWindowRead();
    const float excess = w->DC.CursorMaxPos.x - w->WorkRect.Max.x;
    if (excess > 1.0f) building.overflow.push_back("{\"window\":" + quote(window) + ",\"px\":" + num(excess) + "}");
}

void value(const std::string& key, const std::string& json) {
    building.values.push_back(quote(key) + ":" + json);
}

}  // namespace web::hook

extern "C" const char* carc_test_state() {
    return web::hook::published.c_str();
}
