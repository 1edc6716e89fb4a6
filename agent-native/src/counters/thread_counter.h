#pragma once

#include <cstdint>

#include "counters/counter_stats.h"
#include "counters/metric_catalogue.h"

namespace candor {

// The perf counter of each thread that reads a PerfCounter metric: opened on the thread's first
// read (a thread-local fd, plus the mmap'd user page for hardware events so reads can use rdpmc),
// closed by a pthread key destructor when the thread ends. If the open fails the thread reads 0
// from then on (counted in stats); a read never blocks, retries or crashes.

// Chooses the metric every thread counts. Called at start-up, before any read; again only by
// `candor counters` (one thread), which also drops the calling thread's counter so that its next
// read opens the new metric.
void set_thread_counter_metric(const MetricSpec& spec);

// The calling thread's count since its first read.
std::int64_t read_thread_counter();

const CounterStats& thread_counter_stats();

}  // namespace candor
