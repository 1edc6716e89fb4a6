#pragma once

#include <sys/types.h>

#include <cstdint>

#include "counters/metric_catalogue.h"

struct perf_event_mmap_page;

namespace candor {

// Opens a counting (not sampling) perf event for a PerfCounter metric on thread `tid` (0: the
// calling thread), any CPU, enabled at once, close-on-exec, user mode only unless the metric is
// a kernel event. The count starts at 0. Returns the fd, or -errno.
int perf_counter_open(const MetricSpec& spec, pid_t tid);

// The count, by read(2); false when the read fails.
bool perf_counter_read(int fd, std::uint64_t& value);

// Maps the event's first page (the user page, no ring buffer), read-only, for rdpmc. Null when the
// kernel refuses (locked-memory limits: perf_event_mlock_kb, RLIMIT_MEMLOCK).
const perf_event_mmap_page* perf_counter_map(int fd);
void perf_counter_unmap(const perf_event_mmap_page* page);

}  // namespace candor
