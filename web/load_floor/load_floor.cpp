// The load-time floor (docs/load-time.md): the browser game's start-up without the game. The same SDL2
// window, WebGL2 context, ImGui set-up and UI font as web/main.cpp, and a frame loop that draws one
// ImGui window; no engine, texts, tile art or shell. tools/bench-load.sh measures it as the page
// `floor`, so the figures show how much of the game's start-up the platform takes before any of our
// own work. Marks: the game's names (web/load_marks.hpp), so the tool reads both alike.
#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include "../load_marks.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"

namespace {

SDL_Window* window = nullptr;

void frame() {
    SDL_Event event;
    while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
    ImGui_ImplOpenGL3_NewFrame();  // the first one builds the font atlas and uploads it, as in the game
    web::marks::once("font-atlas");
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    ImGui::Begin("Carcassonne");
    ImGui::TextUnformatted("The board would be here.");
    ImGui::End();
    ImGui::Render();
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(window, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(0.18f, 0.2f, 0.17f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    SDL_GL_SwapWindow(window);
    web::marks::frameShown();
}

}  // namespace

int main() {
    web::marks::once("main");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) return 1;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    double cssW = 0, cssH = 0;
    emscripten_get_element_css_size("#canvas", &cssW, &cssH);
    window =
        SDL_CreateWindow("Carcassonne", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, static_cast<int>(cssW),
                         static_cast<int>(cssH), SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!window) return 1;
    SDL_GLContext context = SDL_GL_CreateContext(window);
    SDL_GL_MakeCurrent(window, context);
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    const float pixelRatio = static_cast<float>(emscripten_get_device_pixel_ratio());
    ImFontConfig config;
    config.OversampleH = 2;
    ImGui::GetIO().Fonts->AddFontFromFileTTF("/fonts/ui.ttf", 16.0f * pixelRatio, &config);
    ImGui::GetIO().FontGlobalScale = 1.0f / pixelRatio;
    ImGui_ImplSDL2_InitForOpenGL(window, context);
    ImGui_ImplOpenGL3_Init("#version 300 es");
    web::marks::once("ui-ready");
    emscripten_set_main_loop(frame, 0, true);
    return 0;
}
