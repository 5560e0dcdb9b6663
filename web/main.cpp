// Platform glue: SDL2 window + WebGL2 context, Dear ImGui set-up with the embedded font, and the
// browser's frame loop. The page passes its language and "embed" (or "") as arguments (shell/README.md).
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app.hpp"
#include "gl_window.hpp"
#include "glyph_ranges.hpp"
#include "i18n.hpp"
#include "imgui_impl_sdl.h"
#include "key_focus.hpp"
#include "load_marks.hpp"
#include "online_bridge.hpp"
#include "read_file.hpp"
#include "shell_bridge.hpp"
#include "unchanged_frame.hpp"

namespace {

SDL_Window* window = nullptr;
// Idle, a frame is drawn four times a second: a change the draw data cannot show waits at most that.
web::UnchangedFrames unchangedFrames(250);
std::unique_ptr<web::App> app;

void styleUi() {
    ImGuiStyle& style = ImGui::GetStyle();
    ImGui::StyleColorsDark();
    style.WindowRounding = 8;
    style.FrameRounding = 5;
    style.GrabRounding = 5;
    style.WindowPadding = ImVec2(12, 10);
    style.FramePadding = ImVec2(8, 5);
    style.ItemSpacing = ImVec2(8, 6);
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0.13f, 0.12f, 0.10f, 0.96f);
    c[ImGuiCol_PopupBg] = ImVec4(0.16f, 0.14f, 0.12f, 0.98f);
    c[ImGuiCol_FrameBg] = ImVec4(0.26f, 0.22f, 0.17f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.36f, 0.30f, 0.22f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.55f, 0.36f, 0.16f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.68f, 0.45f, 0.20f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.78f, 0.52f, 0.24f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.40f, 0.30f, 0.18f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.52f, 0.38f, 0.22f, 1.0f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.60f, 0.44f, 0.26f, 1.0f);
    c[ImGuiCol_SliderGrab] = ImVec4(0.85f, 0.62f, 0.30f, 1.0f);
    c[ImGuiCol_CheckMark] = ImVec4(0.95f, 0.75f, 0.35f, 1.0f);
    c[ImGuiCol_Separator] = ImVec4(0.45f, 0.38f, 0.28f, 0.6f);
    c[ImGuiCol_Text] = ImVec4(0.96f, 0.93f, 0.86f, 1.0f);
    c[ImGuiCol_NavHighlight] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);  // the keyboard's focus, clear on every colour
}

void loadFont(float pixelRatio) {
    // The code points the bundled font has (web/ui_font.py cuts it and writes them at build time), so
    // the start-up needn't read every catalogue for its characters. Without them, Latin-1 alone: the
    // browser tests then find the catalogues' other characters missing.
    static const ImWchar latin1[] = {0x0020, 0x00FF, 0};
    static std::vector<ImWchar> ranges;
    std::string text;
    if (web::readFile("/fonts/ui.ranges", text)) {
        if (auto parsed = web::parseGlyphRanges(text)) ranges = std::move(*parsed);
    }
    if (ranges.empty()) std::printf("the UI font's glyph ranges are missing or malformed: Latin-1 only\n");
    web::addUiFont(pixelRatio, ranges.empty() ? latin1 : ranges.data());
}

// Touches as the browser dated them (the DOM event's timeStamp), for the replay's swipes: SDL's finger
// events carry the time SDL saw them, which the browser delays to an animation frame, so a slow frame
// would stretch them. A listener of its own on the canvas, beside SDL's.
EM_BOOL onTouch(int eventType, const EmscriptenTouchEvent* event, void*) {
    const int change = eventType == EMSCRIPTEN_EVENT_TOUCHSTART ? 1 : eventType == EMSCRIPTEN_EVENT_TOUCHEND ? -1 : 0;
    for (int i = 0; i < event->numTouches; ++i) {
        const EmscriptenTouchPoint& touch = event->touches[i];
        if (touch.isChanged)
            app->finger(change, static_cast<float>(touch.targetX), static_cast<float>(touch.targetY), event->timestamp);
    }
    return EM_FALSE;
}

// The player's input, from SDL's events: a finger (SDL's own touch events, and the mouse events SDL
// makes of them, marked SDL_TOUCH_MOUSEID) or a mouse. The page cancels the browser's mouse events
// made of touches, so a mouse event from the browser is a real mouse.
void noteInput(const SDL_Event& event) {
    switch (event.type) {
        case SDL_FINGERDOWN:
        case SDL_FINGERMOTION:
            app->setTouch(true);
            break;
        case SDL_MOUSEMOTION:
            if (event.motion.which != SDL_TOUCH_MOUSEID) app->setTouch(false);
            break;
        case SDL_MOUSEBUTTONDOWN:
            if (event.button.which != SDL_TOUCH_MOUSEID) app->setTouch(false);
            break;
        default:
            break;
    }
}

void frame() {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        noteInput(event);
        if (event.type == SDL_MULTIGESTURE && event.mgesture.numFingers == 2) app->pinch(event.mgesture.dDist);
        ImGui_ImplSDL2_ProcessEvent(&event);
    }
    const double started = emscripten_get_now();
    web::beginImGuiFrame();
    web::online::beginFrame();
    app->frame();
    web::online::endFrame();  // a page's answer may call into the game again: not mid-frame
    ImGui::Render();
    // Drawn only when it shows something new (web/unchanged_frame.hpp); the game above ran either way.
    static std::vector<unsigned char> signature;
    web::imGuiFrameSignature(window, signature);
    const bool draw = unchangedFrames.needsDrawing(signature, started);
    if (draw) web::drawImGuiFrame(window);
    app->recordFrameTime(emscripten_get_now() - started);
    if (!draw) return;
    SDL_GL_SwapWindow(window);
    web::marks::frameShown();
}

}  // namespace

// Lets the page switch the language (a catalogue's code: "en", "ro", ...; "ro-RO" serves as "ro").
extern "C" void carc_set_language(const char* code) {
    web::setLanguage(code ? code : "en");
}

int main(int argc, char** argv) {
    web::marks::once("main");
    const web::GlWindow opened = web::openGlWindow();
    if (!opened.window) return 1;
    window = opened.window;

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    styleUi();
    web::loadTexts();
    loadFont(static_cast<float>(emscripten_get_device_pixel_ratio()));
    web::startImGuiBackends(opened);
    web::keys::takeTab();
    web::marks::once("ui-ready");

    web::LaunchOptions options;
    if (argc > 1) options.language = argv[1];
    web::shell::setEmbedded(argc > 2 && std::string(argv[2]) == "embed");
    app = std::make_unique<web::App>(options);
    // Before any input: a coarse pointer (a phone's, a tablet's finger) plays by touch.
    app->setTouch(EM_ASM_INT({ return window.matchMedia && matchMedia('(pointer: coarse)').matches ? 1 : 0; }) != 0);
    emscripten_set_touchstart_callback("#canvas", nullptr, false, onTouch);
    emscripten_set_touchend_callback("#canvas", nullptr, false, onTouch);
    emscripten_set_touchcancel_callback("#canvas", nullptr, false, onTouch);
    web::shell::attach(app.get());
    web::online::attach(app.get());
    emscripten_set_main_loop(frame, 0, true);
    return 0;
}
