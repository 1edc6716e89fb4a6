#pragma once

#include <jni.h>

namespace candor {

// The numbers are the values NativeClock.source0() returns; keep them in sync with the probe.
enum class ClockSource : jint {
    Tsc = 1,        // rdtsc; ticks at the (invariant) TSC rate
    Monotonic = 2,  // clock_gettime(CLOCK_MONOTONIC); ticks are nanoseconds
};

inline const char* clock_source_name(ClockSource source) {
    return source == ClockSource::Tsc ? "tsc" : "monotonic";
}

}  // namespace candor
