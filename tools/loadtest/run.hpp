// One run: a fresh server, the honest rooms, the hostile clients (if any), the samples.
#pragma once

#include <string>

#include "options.hpp"
#include "report.hpp"

namespace loadtest {

// Runs until `options.seconds` after every room started (or the setup time ran out), the server
// died, its RSS passed the cap, or SIGINT/SIGTERM came (then `interrupted` is set).
RunResult runOnce(const Options& options, const HostileCounts& hostiles, const std::string& label, bool& interrupted);

}  // namespace loadtest
