// The load-time floor (docs/load-time.md): the browser game's start-up without the game. The same
// window, WebGL2 context, ImGui back ends, UI font and frame as web/main.cpp (web/gl_window.hpp), and a
// frame loop that draws one ImGui window; no engine, texts, tile art or shell. tools/bench-load.sh measures
// it as the page `floor`: how much of the game's start-up the platform takes before any of our own
// work. Marks: the game's names (web/load_marks.hpp), so the tool reads both alike.
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include "../gl_window.hpp"
#include "../load_marks.hpp"
#include "imgui.h"
#include "imgui_impl_sdl.h"

namespace {

SDL_Window* window = nullptr;

void frame() {
    SDL_Event event;
    while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
    web::beginImGuiFrame();
    ImGui::Begin("Carcassonne");
    ImGui::TextUnformatted("The board would be here.");
    ImGui::End();
    ImGui::Render();
    web::drawImGuiFrame(window);
    SDL_GL_SwapWindow(window);
    web::marks::frameShown();
}

}  // namespace

int main() {
    web::marks::once("main");
    const web::GlWindow opened = web::openGlWindow();
    if (!opened.window) return 1;
    window = opened.window;
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    // The game's font with ImGui's default glyphs (Latin-1): the floor has no catalogues to add.
    web::addUiFont(static_cast<float>(emscripten_get_device_pixel_ratio()), nullptr);
    web::startImGuiBackends(opened);
    web::marks::once("ui-ready");
    emscripten_set_main_loop(frame, 0, true);
    return 0;
}
