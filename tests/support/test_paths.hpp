// What the tests read from outside: the source tree (lib/source_tree), the built carc-server and the
// throwaway PostgreSQL cluster's URI file. Functions rather than macros: only test_paths.cpp's object
// depends on where the clone and its build folder lie, so every test file hits ccache from any clone.
#pragma once

#include <filesystem>
#include <string>

#include "source_tree/source_tree.hpp"

namespace carc::test {

inline std::filesystem::path sourceRoot() {
    return source_tree::root();
}
inline std::string tilesetsDir() {
    return source_tree::tilesets();
}
// Starts and stops a throwaway PostgreSQL cluster in a folder (tests/server/pg_cluster.sh).
inline std::string postgresClusterScript() {
    return (sourceRoot() / "tests" / "server" / "pg_cluster.sh").string();
}

// build/<preset>/server/carc-server (server_tests depends on it).
std::string serverBinary();

// The file CTest's postgres fixture writes the cluster's URI to (tests/CMakeLists.txt).
std::string postgresUriFile();

}  // namespace carc::test
