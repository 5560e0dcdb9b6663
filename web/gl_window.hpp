// The canvas as an SDL window with a WebGL2 (OpenGL ES 3.0) context, ImGui on it with the UI font, and
// drawing ImGui's frame into it: the start-up and the frame the browser game (web/main.cpp) and the
// load-time floor (web/load_floor/) share, so the floor measures exactly the game's platform part.
#pragma once

#include <vector>

#include <SDL.h>

#include "imgui.h"

namespace web {

struct GlWindow {
    SDL_Window* window = nullptr;
    SDL_GLContext context = nullptr;
};

// Starts SDL's video and opens the window at the canvas's CSS size; a null window (SDL's reason
// printed) when SDL or WebGL2 is not available.
GlWindow openGlWindow();

// The UI font (/fonts/ui.ttf, 16 CSS pixels rasterised at device pixels) with `ranges` (ImGui's
// default, Latin-1, when null); ImGui's own font when the file is missing. After ImGui::CreateContext.
void addUiFont(float pixelRatio, const ImWchar* ranges);

// ImGui's SDL2 and OpenGL3 back ends on the opened window.
void startImGuiBackends(const GlWindow& opened);

// Starts ImGui's frame; the first builds the font atlas and uploads it (marks "font-atlas").
void beginImGuiFrame();

// Clears the window and draws ImGui's rendered frame (after ImGui::Render); the caller swaps.
void drawImGuiFrame(SDL_Window* window);

// What drawImGuiFrame would draw now, as bytes (the drawable's size, ImGui's vertices, indices and
// commands), into `out`: equal bytes draw equal pixels (web/unchanged_frame.hpp). A frame with a draw
// callback gets a signature of its own every time.
void imGuiFrameSignature(SDL_Window* window, std::vector<unsigned char>& out);

}  // namespace web
