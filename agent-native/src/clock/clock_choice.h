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

// Auto picks the TSC only when it is invariant and the kernel keeps time with it, directly ('tsc')
// or through the hypervisor's scaled copy ('kvm-clock'); a kernel that moved to another clock
// (e.g. hpet after it found the TSC unstable) knows better.
ClockChoice choose_clock(ClockMode mode, const TscFacts& facts);

}  // namespace candor
