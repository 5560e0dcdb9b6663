// The Tab ring: every named clickable of the frame (the test hook's buttons, and the few controls
// registered here) in the order drawn, with the board as the stop before the first. Tab and Shift+Tab
// move ImGui's keyboard focus along it, across windows, and never activate what they land on: a
// slider stays a slider and a name field is only edited after Enter or Space. ImGui's own tabbing
// (in 1.86 it reaches only text fields and sliders, and turns a slider into a text field) is off.
#pragma once

namespace web::keys {

// main.cpp, once ImGui's back end has mapped its keys: takes Tab away from ImGui.
void takeTab();
void beginFrame();
// The last ImGui item is a Tab stop.
void stop();
// After every window of the frame: moves the focus when Tab was pressed.
void endFrame();
// The board has the keyboard: no window is focused for keyboard navigation, which is on from a Tab
// to the next click (arrow keys, Enter and Escape are the board's).
bool boardHasKeys();
// Gives the keyboard back to the board (Escape in a window, a click on the board).
void focusBoard();
// The centre of the stop with the visible keyboard focus in the last frame; false when none has it.
bool focusedCentre(float& x, float& y);

}  // namespace web::keys
