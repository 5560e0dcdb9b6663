#include "tile_atlas.hpp"

#include <GLES3/gl3.h>
#include <emscripten.h>

#include <cstdio>

#include "load_marks.hpp"

namespace web {
namespace {

// One fetch in flight: which atlas it is for (the App, and so the TileAtlas, lives as long as the page).
struct Request {
    TileAtlas* atlas;
    std::string name;
    unsigned texture;
};

// The URL of a file next to carcassonne.js, as the page's locateFile places it (no eval: the page's
// content security policy forbids it).
EM_JS(void, carc_locate_file, (const char* path, char* url, int size),
      { stringToUTF8(locateFile(UTF8ToString(path)), url, size); });

// Has the page fetch the PNG at `url` and the browser decode it (shell/shell.js, Module.tileArt:
// createImageBitmap, off the main thread, with the exact stored values), uploads it into `texture` and
// calls carc_tile_art_arrived(request, width, height): -1, -1 when the download failed, 0, 0 when the
// file is no picture. The marks carc:art-* time the steps for tools/bench-load.sh.
EM_JS(void, carc_fetch_tile_art, (const char* url, void* request, unsigned texture), {
    function arrived(width, height) {
        Module['_carc_tile_art_arrived'](request, width, height);
    }
    function upload(picture) {
        performance.mark('carc:art-bitmap');
        GLctx.bindTexture(GLctx.TEXTURE_2D, GL.textures[texture]);
        GLctx.texImage2D(GLctx.TEXTURE_2D, 0, GLctx.RGBA, GLctx.RGBA, GLctx.UNSIGNED_BYTE, picture);
        performance.mark('carc:art-uploaded');
        arrived(picture.width, picture.height);
        picture.close();
    }
    Module['tileArt'](UTF8ToString(url))
        .then(
            upload, function(error) {
                const code = error.stage == 'download' ? -1 : 0;
                arrived(code, code);
            });
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
    entry.layout.designs = designs;
    entry.layout.symbols = symbols;
    GLuint texture = 0;
    glGenTextures(1, &texture);
    carc_fetch_tile_art(urlOf("art/" + name + ".png").c_str(), new Request{this, name, texture}, texture);
}

void TileAtlas::arrived(void* request, int width, int height) {
    const auto* r = static_cast<Request*>(request);
    TileAtlas& self = *r->atlas;
    Entry& entry = self.entries_[r->name];
    GLuint texture = r->texture;
    if (width < 0) {
        self.error_ = "tile art " + r->name + ": download failed";
        std::fprintf(stderr, "%s\n", self.error_.c_str());
        glDeleteTextures(1, &texture);
    } else if (width != entry.layout.width() || height != entry.layout.height()) {
        self.error_ = "tile art " + r->name + ": not the atlas this tile set needs";
        std::fprintf(stderr, "%s\n", self.error_.c_str());
        glDeleteTextures(1, &texture);
    } else {
        glBindTexture(GL_TEXTURE_2D, texture);
        // Mipmaps keep small (zoomed-out) tiles smooth instead of sparkling.
        glGenerateMipmap(GL_TEXTURE_2D);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        entry.texture = texture;
        entry.width = width;
        entry.height = height;
        marks::once("art-decoded");
    }
    delete r;
}

bool TileAtlas::ready() const {
    const auto it = entries_.find(current_);
    return it != entries_.end() && it->second.texture != 0;
}

ImTextureID TileAtlas::texture() const {
    return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(entries_.at(current_).texture));
}

void TileAtlas::corners(int cell, ImVec2 uv[4]) const {
    const Entry& e = entries_.at(current_);
    const float w = static_cast<float>(e.width), h = static_cast<float>(e.height);
    const float x0 = static_cast<float>(e.layout.pictureX(cell)) / w;
    const float y0 = static_cast<float>(e.layout.pictureY(cell)) / h;
    const float x1 = x0 + static_cast<float>(carc::art::AtlasLayout::kCell) / w;
    const float y1 = y0 + static_cast<float>(carc::art::AtlasLayout::kCell) / h;
    uv[0] = ImVec2(x0, y0), uv[1] = ImVec2(x1, y0), uv[2] = ImVec2(x1, y1), uv[3] = ImVec2(x0, y1);
}

}  // namespace web

// The page's answer to carc_fetch_tile_art (exported: web/CMakeLists.txt).
extern "C" EMSCRIPTEN_KEEPALIVE void carc_tile_art_arrived(void* request, int width, int height) {
    web::TileAtlas::arrived(request, width, height);
}
