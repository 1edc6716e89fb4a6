// The clock choice for machines this build host may not be (no invariant TSC, another kernel
// clocksource, no TSC at all).
#include "check.h"
#include "clock/clock_choice.h"

using candor::ClockMode;
using candor::ClockSource;
using unit::contains;

namespace {

candor::TscFacts facts(bool available, bool cpuid, bool cpuinfo, const char* clocksource) {
    candor::TscFacts f;
    f.available = available;
    f.cpuid_invariant = cpuid;
    f.cpuinfo_invariant = cpuinfo;
    f.kernel_clocksource = clocksource;
    return f;
}

}  // namespace

TEST(clock_auto) {
    CHECK(candor::choose_clock(ClockMode::Auto, facts(true, true, false, "tsc")).source == ClockSource::Tsc);
    CHECK(candor::choose_clock(ClockMode::Auto, facts(true, false, true, "tsc")).source == ClockSource::Tsc);

    const auto kvm = candor::choose_clock(ClockMode::Auto, facts(true, true, true, "kvm-clock"));
    CHECK(kvm.source == ClockSource::Tsc && contains(kvm.reason, "'kvm-clock'") && kvm.warning.empty());
    const auto kvm_variant = candor::choose_clock(ClockMode::Auto, facts(true, false, false, "kvm-clock"));
    CHECK(kvm_variant.source == ClockSource::Monotonic);
    const auto hpet = candor::choose_clock(ClockMode::Auto, facts(true, true, true, "hpet"));
    CHECK(hpet.source == ClockSource::Monotonic && contains(hpet.reason, "'hpet'"));
    const auto unknown = candor::choose_clock(ClockMode::Auto, facts(true, true, true, ""));
    CHECK(unknown.source == ClockSource::Monotonic);
    const auto variant = candor::choose_clock(ClockMode::Auto, facts(true, false, false, "tsc"));
    CHECK(variant.source == ClockSource::Monotonic && variant.warning.empty());
    CHECK(candor::choose_clock(ClockMode::Auto, facts(false, false, false, "arch_sys_counter")).source ==
          ClockSource::Monotonic);
}

TEST(clock_requested) {
    const auto forced = candor::choose_clock(ClockMode::Tsc, facts(true, true, false, "hpet"));
    CHECK(forced.source == ClockSource::Tsc && forced.warning.empty());

    const auto refused = candor::choose_clock(ClockMode::Tsc, facts(true, false, false, "tsc"));
    CHECK(refused.source == ClockSource::Monotonic);
    CHECK(contains(refused.warning, "clock=tsc") && contains(refused.warning, "not invariant"));

    const auto no_tsc = candor::choose_clock(ClockMode::Tsc, facts(false, false, false, ""));
    CHECK(no_tsc.source == ClockSource::Monotonic && !no_tsc.warning.empty());

    const auto mono = candor::choose_clock(ClockMode::Monotonic, facts(true, true, true, "tsc"));
    CHECK(mono.source == ClockSource::Monotonic && mono.warning.empty());
}
