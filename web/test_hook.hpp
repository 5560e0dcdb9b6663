// A read-only test hook: each frame the UI records where its clickable things are (buttons by name,
// legal cells, action spots) in CSS pixels of the canvas, and carc_test_state() returns the last
// complete frame as JSON. A cell or spot under a window (which would take the click) carries
// "covered": true. Browser tests read it and then click with real mouse events.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace web::hook {

using Json = nlohmann::ordered_json;

void beginFrame();
void endFrame();
// The rectangle of the last ImGui item, under `name`.
void button(const std::string& name);
void cell(float x, float y, int boardX, int boardY, int rotationsMask);
void spot(float x, float y, const std::string& action);
// Notes the current window under `window` in the frame's "overflow" list when its content is wider
// than the window (clipped text or buttons: a translation too long for its place).
void overflow(const std::string& window);
// A top-level value (a number, text, true/false, a list, ...).
void value(const std::string& key, Json json);

}  // namespace web::hook
