// Unit tests of the JVM-independent parts: option parsing and the clock choice for machines
// this build host may not be (no invariant TSC, another kernel clocksource, no TSC at all).
#include <cstdio>
#include <string>

#include "clock/clock_choice.h"
#include "options.h"

namespace {

int failures = 0;

void check(bool ok, const char* what, int line) {
    if (!ok) {
        std::fprintf(stderr, "unit_test.cpp:%d: FAILED: %s\n", line, what);
        failures++;
    }
}

#define CHECK(condition) check((condition), #condition, __LINE__)

bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

using candor::ClockMode;
using candor::ClockSource;

void options_defaults() {
    for (const char* text : {static_cast<const char*>(nullptr), "", ",,"}) {
        const auto parsed = candor::parse_options(text);
        CHECK(parsed.ok());
        CHECK(parsed.options.clock == ClockMode::Auto);
        CHECK(!parsed.options.verbose);
    }
}

void options_values() {
    auto parsed = candor::parse_options("clock=tsc,verbose");
    CHECK(parsed.ok() && parsed.options.clock == ClockMode::Tsc && parsed.options.verbose);
    parsed = candor::parse_options("verbose=true,clock=monotonic,verbose=false");
    CHECK(parsed.ok() && parsed.options.clock == ClockMode::Monotonic && !parsed.options.verbose);
    parsed = candor::parse_options("clock=tsc,clock=auto");
    CHECK(parsed.ok() && parsed.options.clock == ClockMode::Auto);
}

void options_errors() {
    auto parsed = candor::parse_options("clock=auto,foo");
    CHECK(parsed.error == "native agent option 'foo' is unknown (known: clock, verbose)");
    parsed = candor::parse_options("clock");
    CHECK(contains(parsed.error, "'clock' has bad value ''"));
    parsed = candor::parse_options("clock=TSC");
    CHECK(contains(parsed.error, "'clock' has bad value 'TSC'"));
    parsed = candor::parse_options("verbose=yes");
    CHECK(contains(parsed.error, "'verbose' has bad value 'yes'"));
    parsed = candor::parse_options("=x");
    CHECK(contains(parsed.error, "option '' is unknown"));
}

candor::TscFacts facts(bool available, bool cpuid, bool cpuinfo, const char* clocksource) {
    candor::TscFacts f;
    f.available = available;
    f.cpuid_invariant = cpuid;
    f.cpuinfo_invariant = cpuinfo;
    f.kernel_clocksource = clocksource;
    return f;
}

void clock_auto() {
    CHECK(candor::choose_clock(ClockMode::Auto, facts(true, true, false, "tsc")).source == ClockSource::Tsc);
    CHECK(candor::choose_clock(ClockMode::Auto, facts(true, false, true, "tsc")).source == ClockSource::Tsc);

    const auto kvm = candor::choose_clock(ClockMode::Auto, facts(true, true, true, "kvm-clock"));
    CHECK(kvm.source == ClockSource::Monotonic && contains(kvm.reason, "'kvm-clock'") && kvm.warning.empty());
    const auto unknown = candor::choose_clock(ClockMode::Auto, facts(true, true, true, ""));
    CHECK(unknown.source == ClockSource::Monotonic);
    const auto variant = candor::choose_clock(ClockMode::Auto, facts(true, false, false, "tsc"));
    CHECK(variant.source == ClockSource::Monotonic && variant.warning.empty());
    CHECK(candor::choose_clock(ClockMode::Auto, facts(false, false, false, "arch_sys_counter")).source ==
          ClockSource::Monotonic);
}

void clock_requested() {
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

}  // namespace

int main() {
    options_defaults();
    options_values();
    options_errors();
    clock_auto();
    clock_requested();
    if (failures != 0) return 1;
    std::printf("native unit tests passed\n");
    return 0;
}
