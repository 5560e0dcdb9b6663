// The static game (index.html, shell/, assets/, build/wasm/...) from one folder: which file a request
// names, and its content type.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

namespace carc::server {

// The file under `root` that a request target names ("/" and folders: their index.html), or nothing
// for a target that leaves the root, names a hidden file (.git, .env) or is malformed. Symbolic links
// under the root are followed: what the root holds is the operator's choice.
std::optional<std::filesystem::path> staticPath(const std::filesystem::path& root, std::string_view target);

// The Content-Type for a file name (application/wasm for .wasm, so browsers compile it while streaming).
std::string_view contentType(std::string_view fileName);

}  // namespace carc::server
