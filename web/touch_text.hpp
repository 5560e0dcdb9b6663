// Text fields a phone can type into. Mobile browsers open the on-screen keyboard only for a focused
// DOM input, never for a canvas, so on a touch device the page (shell/touch_text.js) lays a real
// <input> over the ImGui field the player taps and hands its text back here (IME and composition
// included). With a mouse and keys the field is ImGui's own, as everywhere else.
#pragma once

#include <cstddef>

#include "imgui.h"

namespace web::touch_text {

// Once per frame, before any field is drawn: whether the player plays by touch (main.cpp decides).
void beginFrame(bool touch);
// After the frame's last field: tells the page where the fields are, when that changed.
void endFrame();
// ImGui::InputText, named `name` for the page and the test hook; on touch the page's input edits it
// while it is open. True when the text changed this frame.
bool field(const char* name, const char* label, char* buffer, size_t size, ImGuiInputTextFlags flags = 0);

}  // namespace web::touch_text
