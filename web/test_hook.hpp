// A read-only test hook: each frame the UI records where its clickable things are (buttons by name,
// legal cells, action spots) in CSS pixels of the canvas, and carc_test_state() returns the last
// complete frame as JSON. Browser tests read it and then click with real mouse events.
#pragma once

#include <string>

namespace web::hook {

void beginFrame();
void endFrame();
// The rectangle of the last ImGui item, under `name`.
void button(const std::string& name);
void cell(float x, float y, int boardX, int boardY, int rotationsMask);
void spot(float x, float y, const std::string& action);
// Notes the current window under `window` in the frame's "overflow" list when its content is wider
// than the window (clipped text or buttons: a translation too long for its place).
void overflow(const std::string& window);
// A top-level value (already JSON: a number, "string" with quotes, true/false, [..]).
void value(const std::string& key, const std::string& json);
std::string quote(const std::string& text);

}  // namespace web::hook
