#include "counters/metric_catalogue.h"

#include <linux/perf_event.h>

namespace candor {

namespace {

constexpr MetricSpec kCatalogue[] = {
    {"wall", MetricKind::WallClock, MetricUnit::Nanos, 0, 0, false,
     "elapsed time (rdtsc or CLOCK_MONOTONIC, as clock= chooses)"},
    {"cpu", MetricKind::ThreadCpuClock, MetricUnit::Nanos, 0, 0, false,
     "CPU time of the thread, user and kernel (CLOCK_THREAD_CPUTIME_ID)"},
    {"task-clock", MetricKind::PerfCounter, MetricUnit::Nanos, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, false,
     "CPU time of the thread as perf counts it (software event)"},
    {"page-faults", MetricKind::PerfCounter, MetricUnit::Events, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, false,
     "page faults taken in user mode (software event)"},
    {"context-switches", MetricKind::PerfCounter, MetricUnit::Events, PERF_TYPE_SOFTWARE,
     PERF_COUNT_SW_CONTEXT_SWITCHES, true, "times the thread was switched out (software event, counted in the kernel)"},
    {"instructions", MetricKind::PerfCounter, MetricUnit::Events, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, false,
     "instructions retired in user mode (hardware event)"},
    {"cycles", MetricKind::PerfCounter, MetricUnit::Events, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, false,
     "CPU cycles in user mode (hardware event)"},
    {"cache-misses", MetricKind::PerfCounter, MetricUnit::Events, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, false,
     "last-level cache misses in user mode (hardware event)"},
    {"branch-misses", MetricKind::PerfCounter, MetricUnit::Events, PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, false,
     "mispredicted branches in user mode (hardware event)"},
};

constexpr int kCatalogueSize = static_cast<int>(sizeof kCatalogue / sizeof kCatalogue[0]);

}  // namespace

const MetricSpec* metric_catalogue() { return kCatalogue; }

int metric_catalogue_size() { return kCatalogueSize; }

const MetricSpec& wall_metric() { return kCatalogue[0]; }

const MetricSpec* find_metric(std::string_view name) {
    for (const MetricSpec& spec : kCatalogue) {
        if (name == spec.name) return &spec;
    }
    return nullptr;
}

std::string metric_names() {
    std::string names;
    for (const MetricSpec& spec : kCatalogue) {
        if (!names.empty()) names += ", ";
        names += spec.name;
    }
    return names;
}

const char* metric_unit_name(MetricUnit unit) { return unit == MetricUnit::Nanos ? "ns" : "events"; }

bool is_hardware_metric(const MetricSpec& spec) {
    return spec.kind == MetricKind::PerfCounter && spec.perf_type == PERF_TYPE_HARDWARE;
}

}  // namespace candor
