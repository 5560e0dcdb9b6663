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

namespace {

template <class T>
void appendBytes(std::vector<unsigned char>& out, const T* data, std::size_t count) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(data);
    out.insert(out.end(), bytes, bytes + count * sizeof(T));
}

template <class T>
void appendValue(std::vector<unsigned char>& out, const T& value) {
    appendBytes(out, &value, 1);
}

}  // namespace

void imGuiFrameSignature(SDL_Window* window, std::vector<unsigned char>& out) {
    static unsigned long long callbackFrames = 0;
    out.clear();
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(window, &w, &h);
    appendValue(out, w);
    appendValue(out, h);
    const ImDrawData* data = ImGui::GetDrawData();
    if (!data || !data->Valid) return;
    appendValue(out, data->CmdListsCount);
    for (int n = 0; n < data->CmdListsCount; ++n) {
        const ImDrawList* list = data->CmdLists[n];
        appendValue(out, list->VtxBuffer.Size);
        appendBytes(out, list->VtxBuffer.Data, static_cast<std::size_t>(list->VtxBuffer.Size));
        appendValue(out, list->IdxBuffer.Size);
        appendBytes(out, list->IdxBuffer.Data, static_cast<std::size_t>(list->IdxBuffer.Size));
        appendValue(out, list->CmdBuffer.Size);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            // Field by field: the struct's padding bytes are not its value.
            appendValue(out, cmd.ClipRect);
            appendValue(out, cmd.TextureId);
            appendValue(out, cmd.VtxOffset);
            appendValue(out, cmd.IdxOffset);
            appendValue(out, cmd.ElemCount);
            if (cmd.UserCallback) appendValue(out, ++callbackFrames);  // what it draws is not in the data
        }
    }
}

}  // namespace web
