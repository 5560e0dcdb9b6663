// The tile pictures of the mode being played: the atlases tools/tileart made for its tile set
// (build/<wasm dir>/art/NAME.half.rgba.gz and NAME.rgba.gz, gzipped pixels), fetched by the page (a seed
// link's from the start, never in the preloaded bundle), inflated (web/tile_art_file.cpp) and uploaded as
// mipmapped GL textures. The half-size atlas (96-pixel cells) comes first: it is what a tile drawn 96
// device pixels wide shows anyway (the full atlas's first mipmap), at a quarter of the pixels to inflate
// and upload on the way to the first frame. The full one (192) is fetched once a frame draws a tile larger
// than the half's cells in device pixels (zoomed in, or a screen of devicePixelRatio 2), and replaces it.
// Atlases already fetched are kept, so playing a mode again needs no download.
#pragma once

#include <algorithm>
#include <map>
#include <string>

#include "imgui.h"
#include "tile_geometry/atlas_layout.hpp"

namespace web {

class TileAtlas {
public:
    // Starts fetching the half-size atlas of tile set `name` (`designs` designs, `symbols` symbols) unless
    // it is here already.
    void use(const std::string& name, int designs, int symbols);
    bool ready() const;
    // Whether the atlas drawn is the full one (the test hook's `artDetail`).
    bool full() const;
    ImTextureID texture() const;
    // Texture coordinates of a cell's picture corners (a design's, or a symbol sprite's:
    // layout().spriteCell): top-left, top-right, bottom-right, bottom-left.
    void corners(int cell, ImVec2 uv[4]) const;
    const carc::art::AtlasLayout& layout() const;
    // A tile was drawn `size` CSS pixels wide this frame (web/painter.cpp).
    void drawn(float size) const { largestDrawn_ = std::max(largestDrawn_, size); }
    // After a frame: asks for the full atlas when that frame drew a tile larger than the half's cells.
    void endFrame();
    const std::string& error() const { return error_; }
    // The page's answer to a fetch `use` or `endFrame` started: the file's bytes, or the download failed.
    static void loaded(void* request, void* data, int size);
    static void failed(void* request);

private:
    struct Level {
        carc::art::AtlasLayout layout;
        unsigned texture = 0;  // GL texture name; 0 while loading
    };
    struct Entry {
        Level half, full;
        bool fullAsked = false;  // the half-size atlas is asked for when the entry is made
        const Level& shown() const { return full.texture ? full : half; }
    };
    void fetch(const std::string& name, bool full);

    std::map<std::string, Entry> entries_;
    std::string current_;
    std::string error_;
    mutable float largestDrawn_ = 0;
};

}  // namespace web
