// The goldrush mode's entry in the mode list (core/src/modes.cpp).
#pragma once

#include "carc/modes.hpp"

namespace carc::goldrush {

ModeInfo modeInfo();

}  // namespace carc::goldrush
