// A read-only test hook: each frame the UI records where its clickable things are (buttons by name,
// legal cells, action spots) in CSS pixels of the canvas, and carc_test_state() returns the last
// complete frame as JSON. A cell or spot under a window (which would take the click) carries
// "covered": true. Browser tests read it and then click with real mouse events.
//
// The hook sleeps until carc_test_state() is first called: a player's page builds no picture, so its
// frames skip the JSON and the start-up compiles none of it (docs/load-time.md). That first call
// answers "{}"; the frame after it is the first one recorded.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>

namespace web::hook {

using Json = nlohmann::ordered_json;

// Whether a test has asked for the picture. Call sites that build a Json of their own check it first.
bool active();

void beginFrame();
void endFrame();
// The rectangle of the last ImGui item, under `name`.
void button(const std::string& name);
// The width of the text the button `name` (already recorded) shows, as "label": a test sees whether it fits.
void labelWidth(const std::string& name, float px);
// A legal cell: its middle and side on screen, its board position and legal rotations.
void cell(float x, float y, float size, int boardX, int boardY, int rotationsMask);
void spot(float x, float y, const std::string& action);
// The name the last spot shows on hover or a first tap, and whether a first tap picked it.
void spotLabel(const std::string& label, bool picked);
// Notes the current window under `window` in the frame's "overflow" list when its content is wider
// than the window (clipped text or buttons: a translation too long for its place).
void overflow(const std::string& window);
namespace detail {
void setValue(const std::string& key, Json json);  // through value(): ignored while the hook sleeps
}  // namespace detail

// A top-level value (a number, text, true/false, a list, ...), made into Json only when recorded.
template <class T>
void value(const std::string& key, T&& v) {
    if (active()) detail::setValue(key, Json(std::forward<T>(v)));
}

}  // namespace web::hook
