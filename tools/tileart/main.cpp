// tileart: paints the tile art of tile sets into PNG atlases, one per set (= per game mode).
//
//   tileart --tilesets assets/tilesets --out build/wasm/art base tunnel newworld discovery goldrush
//
// Writes OUT/NAME.png for each NAME (layout: atlas_layout.hpp). Built natively and with emscripten
// (run under node at build time by web/CMakeLists.txt).
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "atlas.hpp"
#include "carc/modes.hpp"
#include "png_writer.hpp"

int main(int argc, char** argv) {
    std::string tilesets = "assets/tilesets", out = ".";
    std::vector<std::string> names;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if ((arg == "--tilesets" || arg == "--out") && i + 1 < argc) {
            (arg == "--out" ? out : tilesets) = argv[++i];
        } else if (!arg.empty() && arg[0] == '-') {
            std::fprintf(stderr, "tileart: unknown option %s\n", arg.c_str());
            return 2;
        } else {
            names.push_back(arg);
        }
    }
    if (names.empty()) {
        std::fprintf(stderr, "usage: tileart [--tilesets DIR] [--out DIR] NAME...\n");
        return 2;
    }
    carc::Catalog catalog(carc::folderSource(tilesets));
    for (const auto& name : names) {
        std::string error;
        const auto tiles = catalog.tileSet(name, error);
        if (!tiles) {
            std::fprintf(stderr, "tileart: %s\n", error.c_str());
            return 1;
        }
        const auto atlas = carc::art::renderAtlas(*tiles);
        const auto png = carc::art::encodePng(atlas.rgba, atlas.layout.width(), atlas.layout.height());
        const std::string path = out + "/" + name + ".png";
        std::ofstream file(path, std::ios::binary);
        file.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
        if (!file) {
            std::fprintf(stderr, "tileart: cannot write %s\n", path.c_str());
            return 1;
        }
        std::printf("tileart: %s (%d designs, %dx%d, %zu bytes)\n", path.c_str(), atlas.layout.designs,
                    atlas.layout.width(), atlas.layout.height(), png.size());
    }
    return 0;
}
