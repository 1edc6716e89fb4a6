#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace candor {

// How a metric is read.
enum class MetricKind {
    WallClock,       // the clock of clock=: rdtsc or CLOCK_MONOTONIC
    ThreadCpuClock,  // clock_gettime(CLOCK_THREAD_CPUTIME_ID)
    PerfCounter,     // a counting perf event of the reading thread
};

// What one tick of the metric is.
enum class MetricUnit {
    Nanos,   // time (TSC ticks are converted to ns by the Java side)
    Events,  // a count: instructions, page faults, ...
};

// One metric the probes can measure a call with.
struct MetricSpec {
    const char* name;  // as in metric=NAME and `candor profile --metric NAME`
    MetricKind kind;
    MetricUnit unit;
    std::uint32_t perf_type;    // PERF_TYPE_* (PerfCounter only)
    std::uint64_t perf_config;  // PERF_COUNT_* (PerfCounter only)
    // True for events that only happen in the kernel (context switches): counted with
    // exclude_kernel=0, which kernel.perf_event_paranoid >= 2 refuses to users without CAP_PERFMON.
    // Every other counter counts user mode only (exclude_kernel=1), which paranoid=2 allows.
    bool kernel_event;
    const char* description;
};

// Every metric, in the order `candor counters` lists them; the first is wall, the default.
const MetricSpec* metric_catalogue();
int metric_catalogue_size();

const MetricSpec& wall_metric();

// The metric with this name, or null.
const MetricSpec* find_metric(std::string_view name);

// "wall, cpu, task-clock, ...": for messages.
std::string metric_names();

const char* metric_unit_name(MetricUnit unit);  // "ns" or "events"

// True for PERF_TYPE_HARDWARE events (need a PMU; may be read with rdpmc).
bool is_hardware_metric(const MetricSpec& spec);

}  // namespace candor
