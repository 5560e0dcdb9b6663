#include "test_paths.hpp"

#if !defined(CARC_SERVER_BIN) || !defined(CARC_TEST_POSTGRES_FILE)
#error "CARC_SERVER_BIN and CARC_TEST_POSTGRES_FILE are set by tests/CMakeLists.txt"
#endif

namespace carc::test {

std::string serverBinary() {
    return CARC_SERVER_BIN;
}

std::string postgresUriFile() {
    return CARC_TEST_POSTGRES_FILE;
}

}  // namespace carc::test
