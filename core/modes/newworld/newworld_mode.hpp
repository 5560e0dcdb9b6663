// The newworld mode's entry in the mode list (core/src/modes.cpp).
#pragma once

#include "carc/modes.hpp"

namespace carc::newworld {

ModeInfo modeInfo();

}  // namespace carc::newworld
