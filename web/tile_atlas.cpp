#include "tile_atlas.hpp"

#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstdio>
#include <cstdlib>

#include "load_marks.hpp"
#include "tile_art_file.hpp"

namespace web {
namespace {

// One fetch in flight: which atlas it is for (the App, and so the TileAtlas, lives as long as the page).
struct Request {
    TileAtlas* atlas;
    std::string name;
    bool full;  // the full atlas, or the half-size one
};

// The URL of a file next to carcassonne.js, as the page's locateFile places it (no eval: the page's
// content security policy forbids it).
EM_JS(void, carc_locate_file, (const char* path, char* url, int size),
      { stringToUTF8(locateFile(UTF8ToString(path)), url, size); });

// Has the page fetch the tile-art file at `url` (Module.tileArt, shell/shell.js: a seed link's art is on its
// way from the start of the runtime, docs/load-time.md) and hands its bytes to carc_tile_art_arrived
// (a copy in the heap, size -1 when the download failed).
EM_JS(void, carc_fetch_tile_art, (const char* url, void* request), {
    Module['tileArt'](UTF8ToString(url))
        .then(
            function(bytes) {
                var data = new Uint8Array(bytes);
                var copy = _malloc(data.length);
                HEAPU8.set(data, copy);
                Module['_carc_tile_art_arrived'](request, copy, data.length);
            },
            function() { Module['_carc_tile_art_arrived'](request, 0, -1); });
});

std::string urlOf(const std::string& path) {
    char url[1024] = "";
    carc_locate_file(path.c_str(), url, static_cast<int>(sizeof url));
    return url;
}

}  // namespace

void TileAtlas::use(const std::string& name, int designs, int symbols) {
    current_ = name;
    if (entries_.count(name)) return;
    Entry& entry = entries_[name];
    entry.full.layout.designs = designs;
    entry.full.layout.symbols = symbols;
    entry.half.layout = entry.full.layout.halved();
    fetch(name, false);
}

void TileAtlas::fetch(const std::string& name, bool full) {
    if (full) entries_[name].fullAsked = true;
    const std::string file = "art/" + name + (full ? ".rgba.gz" : ".half.rgba.gz");
    carc_fetch_tile_art(urlOf(file).c_str(), new Request{this, name, full});
}

void TileAtlas::endFrame() {
    const float largest = largestDrawn_;
    largestDrawn_ = 0;
    const auto it = entries_.find(current_);
    if (largest <= 0 || it == entries_.end() || it->second.fullAsked || !it->second.half.texture) return;
    // A few percent of magnification is not worth the download; a zoom step (x1.15) is.
    const float devicePixels = largest * static_cast<float>(emscripten_get_device_pixel_ratio());
    if (devicePixels > 1.05f * static_cast<float>(it->second.half.layout.cell())) fetch(current_, true);
}

void TileAtlas::loaded(void* request, void* data, int size) {
    const auto* r = static_cast<Request*>(request);
    TileAtlas& self = *r->atlas;
    Entry& entry = self.entries_[r->name];
    Level& level = r->full ? entry.full : entry.half;
    const int w = level.layout.width(), h = level.layout.height();
    std::string error;
    const auto pixels = tileArtPixels(static_cast<const std::uint8_t*>(data), size, w * h * 4, error);
    if (!pixels) {
        self.error_ = "tile art " + r->name + (r->full ? "" : " (half size)") + ": " + error;
        std::fprintf(stderr, "%s\n", self.error_.c_str());
    } else {
        GLuint texture = 0;
        glGenTextures(1, &texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels.get());
        // Mipmaps keep small (zoomed-out) tiles smooth instead of sparkling.
        glGenerateMipmap(GL_TEXTURE_2D);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        level.texture = texture;
        if (r->full && entry.half.texture) {  // the full one draws from now on
            const GLuint half = entry.half.texture;
            glDeleteTextures(1, &half);
            entry.half.texture = 0;
        }
        marks::once(r->full ? "art-full" : "art-decoded");
    }
    delete r;
}

void TileAtlas::failed(void* request) {
    const auto* r = static_cast<Request*>(request);
    r->atlas->error_ = "tile art " + r->name + (r->full ? "" : " (half size)") + ": download failed";
    std::fprintf(stderr, "%s\n", r->atlas->error_.c_str());
    delete r;
}

bool TileAtlas::ready() const {
    const auto it = entries_.find(current_);
    return it != entries_.end() && it->second.shown().texture != 0;
}

bool TileAtlas::full() const {
    const auto it = entries_.find(current_);
    return it != entries_.end() && it->second.full.texture != 0;
}

ImTextureID TileAtlas::texture() const {
    return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(entries_.at(current_).shown().texture));
}

const carc::art::AtlasLayout& TileAtlas::layout() const {
    return entries_.at(current_).shown().layout;
}

void TileAtlas::corners(int cell, ImVec2 uv[4]) const {
    const carc::art::AtlasLayout& l = layout();
    const float w = static_cast<float>(l.width()), h = static_cast<float>(l.height());
    const float x0 = static_cast<float>(l.pictureX(cell)) / w;
    const float y0 = static_cast<float>(l.pictureY(cell)) / h;
    const float x1 = x0 + static_cast<float>(l.cell()) / w;
    const float y1 = y0 + static_cast<float>(l.cell()) / h;
    uv[0] = ImVec2(x0, y0), uv[1] = ImVec2(x1, y0), uv[2] = ImVec2(x1, y1), uv[3] = ImVec2(x0, y1);
}

}  // namespace web

// The page's answer to carc_fetch_tile_art (exported: web/CMakeLists.txt).
extern "C" EMSCRIPTEN_KEEPALIVE void carc_tile_art_arrived(void* request, void* data, int size) {
    if (size < 0) {
        web::TileAtlas::failed(request);
        return;
    }
    web::TileAtlas::loaded(request, data, size);
    std::free(data);
}
