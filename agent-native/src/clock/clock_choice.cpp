#include "clock/clock_choice.h"

namespace candor {

namespace {

std::string invariance_evidence(const TscFacts& facts) {
    std::string evidence;
    if (facts.cpuid_invariant) evidence = "cpuid 0x80000007 EDX bit 8";
    if (facts.cpuinfo_invariant) {
        if (!evidence.empty()) evidence += " and ";
        evidence += "/proc/cpuinfo constant_tsc nonstop_tsc";
    }
    return evidence;
}

std::string clocksource_text(const TscFacts& facts) {
    return facts.kernel_clocksource.empty() ? "unknown" : "'" + facts.kernel_clocksource + "'";
}

ClockChoice monotonic(std::string reason) {
    return {ClockSource::Monotonic, std::move(reason), {}};
}

}  // namespace

ClockChoice choose_clock(ClockMode mode, const TscFacts& facts) {
    switch (mode) {
        case ClockMode::Monotonic:
            return monotonic("requested by clock=monotonic");

        case ClockMode::Tsc:
            if (facts.invariant()) {
                return {ClockSource::Tsc,
                        "requested by clock=tsc; TSC invariant (" + invariance_evidence(facts) +
                            "), kernel clocksource " + clocksource_text(facts),
                        {}};
            } else {
                ClockChoice choice = monotonic("clock=tsc requested but the TSC is not invariant");
                choice.warning = facts.available
                    ? "clock=tsc ignored: the TSC of this machine is not invariant; using CLOCK_MONOTONIC"
                    : "clock=tsc ignored: this machine has no TSC; using CLOCK_MONOTONIC";
                return choice;
            }

        case ClockMode::Auto:
            break;
    }
    if (!facts.available) return monotonic("no TSC on this architecture");
    if (!facts.invariant()) return monotonic("TSC is not invariant");
    if (facts.kernel_clocksource == "kvm-clock") {
        // kvm-clock is the TSC scaled by the hypervisor: a guest kernel keeps it rather than 'tsc' by its rating
        // or by a boot option, not because it saw the TSC misbehave; the agent checks the TSC's pace against
        // CLOCK_MONOTONIC over the session and the snapshot says if it strayed
        return {ClockSource::Tsc,
                "TSC invariant (" + invariance_evidence(facts) + ") and kernel clocksource 'kvm-clock', which reads it",
                {}};
    }
    if (facts.kernel_clocksource != "tsc") {
        return monotonic("TSC invariant but kernel clocksource is " + clocksource_text(facts) + ", not 'tsc'");
    }
    return {ClockSource::Tsc, "TSC invariant (" + invariance_evidence(facts) + ") and kernel clocksource 'tsc'", {}};
}

}  // namespace candor
