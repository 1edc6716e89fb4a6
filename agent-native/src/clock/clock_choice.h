#pragma once

#include <string>

#include "clock/clock_source.h"
#include "clock/tsc.h"
#include "options.h"

namespace candor {

struct ClockChoice {
    ClockSource source = ClockSource::Monotonic;
    std::string reason;   // why; printed with the verbose option
    std::string warning;  // printed once when not empty (the requested clock cannot be honoured)
};

// Auto picks the TSC only when it is invariant and the kernel itself keeps time with it; a
// kernel that moved away from the TSC (e.g. after it found the TSC unstable) knows better.
ClockChoice choose_clock(ClockMode mode, const TscFacts& facts);

}  // namespace candor
