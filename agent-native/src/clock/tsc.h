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
// Plain rdtsc, not rdtscp/lfence: a probe time stamp may drift by a few cycles of out-of-order
// execution, which is far below what a serialising read would cost on every call.
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
