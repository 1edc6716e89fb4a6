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
// lfence; rdtsc; lfence: the read waits for the code before it to finish and nothing after it
// starts early. A plain rdtsc lets a method's last ~100 instructions of work still be in flight when
// the exit probe reads the clock, so short methods measured too short (a 50 ns leaf read as 40).
inline std::uint64_t read_tsc() {
    _mm_lfence();
    const std::uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}
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
