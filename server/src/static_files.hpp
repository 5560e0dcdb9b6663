// The static game from one folder (the site the `wasm` preset builds, build/site/: docs/deployment.md):
// which file a request names, its content type, and the check that the rooms' database is not in it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace carc::server {

// The file under `root` that a request target names ("/" and folders: their index.html), or nothing
// for a target that leaves the root, names a hidden file (.git, .env) or is malformed. A symbolic link
// is followed only while what it resolves to stays under the root's own canonical path.
std::optional<std::filesystem::path> staticPath(const std::filesystem::path& root, std::string_view target);

// Throws std::runtime_error when the SQLite file `db` or its side files (-wal, -shm, -journal) would lie
// under `staticDir` ("" serves nothing: no check), so the server never serves its own rooms (seeds, seat
// secrets). Compares canonical paths: "..", symbolic links and relative paths cannot hide it.
void refuseDatabaseUnderStatic(const std::string& db, const std::string& staticDir);

// The Content-Type for a file name (application/wasm for .wasm, so browsers compile it while streaming).
std::string_view contentType(std::string_view fileName);

}  // namespace carc::server
