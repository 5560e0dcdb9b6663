// Reading a whole file of the preloaded bundle.
#pragma once

#include <string>

namespace web {

// The file's bytes into `text`; false when it cannot be opened or read. With stdio rather than
// iostreams: the start-up then compiles and runs far less library code (reading the four catalogues
// took 11-41 ms with an ifstream, docs/load-time.md).
bool readFile(const std::string& path, std::string& text);

}  // namespace web
