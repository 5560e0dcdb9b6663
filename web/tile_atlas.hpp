// The tile pictures of the mode being played: the atlas tools/tileart made for its tile set
// (build/<wasm dir>/art/NAME.rgba.gz, gzipped pixels), fetched by the page when the mode starts or, for a
// seed link, from the start (never in the preloaded bundle), inflated (web/tile_art_file.cpp) and
// uploaded as a mipmapped GL texture. Atlases
// already fetched are kept, so playing a mode again needs no download.
#pragma once

#include <map>
#include <string>

#include "imgui.h"
#include "tile_geometry/atlas_layout.hpp"

namespace web {

class TileAtlas {
public:
    // Starts fetching the atlas of tile set `name` (`designs` designs, `symbols` symbols) unless it is
    // here already.
    void use(const std::string& name, int designs, int symbols);
    bool ready() const;
    ImTextureID texture() const;
    // Texture coordinates of a cell's picture corners (a design's, or a symbol sprite's:
    // layout().spriteCell): top-left, top-right, bottom-right, bottom-left.
    void corners(int cell, ImVec2 uv[4]) const;
    const carc::art::AtlasLayout& layout() const { return entries_.at(current_).layout; }
    const std::string& error() const { return error_; }
    // The page's answer to a fetch `use` started: the file's bytes, or the download failed.
    static void loaded(void* request, void* data, int size);
    static void failed(void* request);

private:
    struct Entry {
        unsigned texture = 0;  // GL texture name; 0 while loading
        carc::art::AtlasLayout layout;
        int width = 0, height = 0;
    };

    std::map<std::string, Entry> entries_;
    std::string current_;
    std::string error_;
};

}  // namespace web
