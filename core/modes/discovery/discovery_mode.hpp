// The discovery mode's entry in the mode list (core/src/modes.cpp).
#pragma once

#include "carc/modes.hpp"

namespace carc::discovery {

ModeInfo modeInfo();

}  // namespace carc::discovery
