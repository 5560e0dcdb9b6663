#include "gl_window.hpp"

#include <SDL_opengles2.h>
#include <emscripten/html5.h>

#include <cstdio>

#include "gl_state_shadow.hpp"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "load_marks.hpp"

namespace web {

GlWindow openGlWindow() {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::printf("SDL_Init failed: %s\n", SDL_GetError());
        return {};
    }
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    double cssW = 0, cssH = 0;
    emscripten_get_element_css_size("#canvas", &cssW, &cssH);
    GlWindow opened;
    opened.window =
        SDL_CreateWindow("Carcassonne", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, static_cast<int>(cssW),
                         static_cast<int>(cssH), SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!opened.window) {
        std::printf("SDL_CreateWindow failed: %s\n", SDL_GetError());
        return {};
    }
    opened.context = SDL_GL_CreateContext(opened.window);
    SDL_GL_MakeCurrent(opened.window, opened.context);
    shadowGlState();
    return opened;
}

void addUiFont(float pixelRatio, const ImWchar* ranges) {
    ImGuiIO& io = ImGui::GetIO();
    ImFontConfig config;
    config.OversampleH = 2;
    if (!io.Fonts->AddFontFromFileTTF("/fonts/ui.ttf", 16.0f * pixelRatio, &config, ranges)) io.Fonts->AddFontDefault();
    io.FontGlobalScale = 1.0f / pixelRatio;  // rasterised at device pixels, laid out in CSS pixels
}

void startImGuiBackends(const GlWindow& opened) {
    ImGui_ImplSDL2_InitForOpenGL(opened.window, opened.context);
    ImGui_ImplOpenGL3_Init("#version 300 es");
}

void beginImGuiFrame() {
    ImGui_ImplOpenGL3_NewFrame();  // the first one builds the font atlas and uploads it
    marks::once("font-atlas");
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
}

void drawImGuiFrame(SDL_Window* window) {
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(window, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(0.18f, 0.2f, 0.17f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace web
