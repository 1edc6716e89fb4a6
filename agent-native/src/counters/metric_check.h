#pragma once

#include <string>

#include "clock/clock_source.h"
#include "counters/metric_catalogue.h"

namespace candor {

// What this machine and user allow for perf counters; gathered once.
struct PerfFacts {
    int paranoid = -100;       // /proc/sys/kernel/perf_event_paranoid, -100 when unreadable
    bool hardware_pmu = false;  // a CPU PMU under /sys/bus/event_source/devices (cpu, cpu_core, armv8_pmuv3...)
};

PerfFacts probe_perf_facts();

// Whether the calling thread can read a metric, and how.
struct MetricCheck {
    bool available = false;
    std::string read_by;  // "rdtsc", "clock_gettime(CLOCK_THREAD_CPUTIME_ID)", "perf_event read()", "perf_event rdpmc"
    std::string reason;   // why not, when not available
};

// Tries the metric for real on the calling thread: a perf counter is opened, read and closed.
// `wall_clock` is the clock wall would use.
MetricCheck check_metric(const MetricSpec& spec, ClockSource wall_clock, const PerfFacts& facts);

// Why perf_event_open refused the metric with `error`, in words, e.g.
// "no hardware PMU on this machine (perf_event_open: ENOENT)".
std::string perf_refusal(const MetricSpec& spec, int error, const PerfFacts& facts);

}  // namespace candor
