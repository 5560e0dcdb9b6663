#include "static_files.hpp"

#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace carc::server {
namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool endsWith(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// Whether `path` is `root` or lies under it, both canonical (a trailing separator's empty name ignored).
bool within(const std::filesystem::path& path, const std::filesystem::path& root) {
    auto p = path.begin();
    for (auto r = root.begin(); r != root.end(); ++r) {
        if (r->empty() && std::next(r) == root.end()) break;
        if (p == path.end() || *p != *r) return false;
        ++p;
    }
    return true;
}

std::filesystem::path canonicalOf(const std::filesystem::path& path) {
    return std::filesystem::weakly_canonical(std::filesystem::absolute(path));
}

}  // namespace

std::optional<std::filesystem::path> staticPath(const std::filesystem::path& root, std::string_view target) {
    if (target.empty() || target.front() != '/' || target.size() > 2048) return std::nullopt;
    target = target.substr(0, target.find_first_of("?#"));
    std::vector<std::string> segments{""};
    for (std::size_t i = 1; i < target.size(); ++i) {
        char c = target[i];
        if (c == '/') {
            segments.emplace_back();
            continue;
        }
        if (c == '%') {
            if (i + 2 >= target.size()) return std::nullopt;
            const int hi = hexValue(target[i + 1]), lo = hexValue(target[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            c = static_cast<char>(hi * 16 + lo);
            i += 2;
        }
        // A decoded slash, backslash or NUL would name something other than what the target shows.
        if (c == '/' || c == '\\' || c == '\0') return std::nullopt;
        segments.back() += c;
    }
    const bool folder = segments.back().empty();
    if (folder) segments.pop_back();
    std::filesystem::path path = root;
    for (const auto& segment : segments) {
        if (segment.empty() || segment.front() == '.') return std::nullopt;  // "", ".", "..", hidden files
        path /= segment;
    }
    std::error_code ec;
    if (folder || std::filesystem::is_directory(path, ec)) path /= "index.html";
    if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
    // A symbolic link (of the file or a folder on the way) that leads out of the root: not served.
    const auto real = std::filesystem::canonical(path, ec);
    if (ec) return std::nullopt;
    const auto realRoot = std::filesystem::canonical(root, ec);
    if (ec || !within(real, realRoot)) return std::nullopt;
    return path;
}

void refuseDatabaseUnderStatic(const std::string& db, const std::string& staticDir) {
    if (staticDir.empty() || db.empty()) return;
    const auto root = canonicalOf(staticDir);
    const auto base = canonicalOf(db);
    // SQLite names its side files after the path it was given; the resolved file's name too, in case.
    std::vector<std::filesystem::path> files{base};
    for (const char* side : {"-wal", "-shm", "-journal"}) {
        files.push_back(canonicalOf(db + side));
        files.push_back(std::filesystem::path(base.string() + side));
    }
    for (const auto& file : files)
        if (within(file, root))
            throw std::runtime_error("--db " + db + " (" + file.string() + ") lies inside --static " + staticDir +
                                     " (" + root.string() +
                                     "), which would serve the rooms' database; keep the database outside the "
                                     "served folder (docs/deployment.md)");
}

std::string_view contentType(std::string_view name) {
    struct Type {
        std::string_view extension, type;
    };
    static constexpr Type types[] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".webmanifest", "application/manifest+json"},
        {".wasm", "application/wasm"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".jpg", "image/jpeg"},
        {".ico", "image/x-icon"},
        {".ttf", "font/ttf"},
        {".woff2", "font/woff2"},
        {".txt", "text/plain; charset=utf-8"},
        {".md", "text/plain; charset=utf-8"},
        {".tiles", "text/plain; charset=utf-8"},
        {".carc", "text/plain; charset=utf-8"},
    };
    for (const auto& t : types)
        if (endsWith(name, t.extension)) return t.type;
    return "application/octet-stream";
}

}  // namespace carc::server
