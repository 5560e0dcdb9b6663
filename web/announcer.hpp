// What a screen reader hears: lines for the page's live region (index.html, #announcer, aria-live
// polite, outside the canvas) and the canvas's label, in the player's language. The page keeps the
// last lines; App (announcer.cpp) decides what to say.
#pragma once

#include <string>

namespace web::announce {

// Adds a line to the live region.
void say(const std::string& line);
// The canvas's accessible name (aria-label; its role is the page's).
void labelCanvas(const std::string& label);

}  // namespace web::announce
