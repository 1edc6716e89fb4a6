#pragma once

#include <cstdint>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#define CANDOR_HAS_TSC 1
#include <x86intrin.h>
#else
#define CANDOR_HAS_TSC 0
#endif

namespace candor {

#if CANDOR_HAS_TSC
// Plain rdtsc, not rdtscp/lfence: a fence costs 11-14 ns more per read on this machine (rdtsc alone
// 12 ns) and calibration reads the clock four times per call. The few cycles of out-of-order drift
// at either end of a section are part of what the calibration minima take out.
inline std::uint64_t read_tsc() { return __rdtsc(); }
#endif

// What this machine says about its TSC; gathered once at load time.
struct TscFacts {
    bool available = CANDOR_HAS_TSC;  // built for x86, so rdtsc exists
    bool cpuid_invariant = false;     // cpuid 0x80000007 EDX bit 8
    bool cpuinfo_invariant = false;   // /proc/cpuinfo flags constant_tsc and nonstop_tsc
    std::string kernel_clocksource;   // current_clocksource, empty when unreadable

    bool invariant() const { return available && (cpuid_invariant || cpuinfo_invariant); }
};

TscFacts probe_tsc_facts();

}  // namespace candor
