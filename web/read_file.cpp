#include "read_file.hpp"

#include <cstdio>

namespace web {

bool readFile(const std::string& path, std::string& text) {
    std::FILE* in = std::fopen(path.c_str(), "rb");
    if (!in) return false;
    text.clear();
    char chunk[16384];
    for (size_t got; (got = std::fread(chunk, 1, sizeof chunk, in)) > 0;) text.append(chunk, got);
    const bool ok = !std::ferror(in);
    std::fclose(in);
    return ok;
}

}  // namespace web
