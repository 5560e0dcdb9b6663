// tileart: paints the tile art of tile sets into atlases, one per set (= per game mode).
//
//   tileart [--format png|rgba] [--modes-index FILE] --tilesets assets/tilesets --out build/wasm/art base tunnel ...
//
// Writes OUT/NAME.png for each NAME (layout: atlas_layout.hpp), or with `--format rgba` OUT/NAME.rgba:
// the bare pixels, rows top to bottom, 4 bytes each, which the build gzips for the game (no decoding
// pass in the page: docs/load-time.md). Beside each, OUT/NAME.half.png or .half.rgba: the same atlas at
// half size, which the game draws first (docs/load-time.md, "The tile art at half size first"). With
// `--modes-index`, also FILE: which of these atlases each game mode draws, {"modes": {"base+tunnel":
// "tunnel", ...}}, so that the page can fetch a seed link's art before the game's module runs
// (shell/early_art.js). Built natively and with emscripten (run under node at build time by
// web/CMakeLists.txt).
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "atlas.hpp"
#include "carc/modes.hpp"
#include "png_writer.hpp"

namespace {

// Every mode whose tile set is among the atlases painted, with that tile set's name.
int writeModesIndex(const std::string& path, const std::vector<std::string>& painted) {
    nlohmann::json modes = nlohmann::json::object();
    for (const auto& mode : carc::allModes())
        if (std::find(painted.begin(), painted.end(), mode.tileset) != painted.end()) modes[mode.id] = mode.tileset;
    std::ofstream file(path, std::ios::binary);
    file << nlohmann::json{{"modes", modes}}.dump() << "\n";
    if (!file) {
        std::fprintf(stderr, "tileart: cannot write %s\n", path.c_str());
        return 1;
    }
    std::printf("tileart: %s (%zu modes)\n", path.c_str(), modes.size());
    return 0;
}

// Writes `atlas` to `path` as a PNG or bare pixels (`format`); false, said on stderr, when it cannot.
bool writeAtlas(const carc::art::AtlasImage& atlas, const std::string& path, const std::string& format) {
    const auto bytes =
        format == "png" ? carc::art::encodePng(atlas.rgba, atlas.layout.width(), atlas.layout.height()) : atlas.rgba;
    std::ofstream file(path, std::ios::binary);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!file) {
        std::fprintf(stderr, "tileart: cannot write %s\n", path.c_str());
        return false;
    }
    std::printf("tileart: %s (%d designs, %dx%d, %zu bytes)\n", path.c_str(), atlas.layout.designs,
                atlas.layout.width(), atlas.layout.height(), bytes.size());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    std::string tilesets = "assets/tilesets", out = ".", format = "png", modesIndex;
    std::vector<std::string> names;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if ((arg == "--tilesets" || arg == "--out") && i + 1 < argc) {
            (arg == "--out" ? out : tilesets) = argv[++i];
        } else if (arg == "--modes-index" && i + 1 < argc) {
            modesIndex = argv[++i];
        } else if (arg == "--format" && i + 1 < argc) {
            format = argv[++i];
            if (format != "png" && format != "rgba") {
                std::fprintf(stderr, "tileart: --format png or rgba, not %s\n", format.c_str());
                return 2;
            }
        } else if (!arg.empty() && arg[0] == '-') {
            std::fprintf(stderr, "tileart: unknown option %s\n", arg.c_str());
            return 2;
        } else {
            names.push_back(arg);
        }
    }
    if (names.empty()) {
        std::fprintf(stderr,
                     "usage: tileart [--format png|rgba] [--modes-index FILE] [--tilesets DIR] [--out DIR] NAME...\n");
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
        if (!writeAtlas(atlas, out + "/" + name + "." + format, format) ||
            !writeAtlas(carc::art::halveAtlas(atlas), out + "/" + name + ".half." + format, format))
            return 1;
    }
    return modesIndex.empty() ? 0 : writeModesIndex(modesIndex, names);
}
