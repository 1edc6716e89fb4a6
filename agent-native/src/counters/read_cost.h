#pragma once

#include "clock/clock_source.h"
#include "counters/metric_catalogue.h"

namespace candor {

// What one read of a metric costs on the calling thread, in ns: the best of three rounds of `reads`
// reads, after a tenth as many to warm up (other processes only ever add time). The clocks are read
// by the very functions NativeClock.ticks0() is bound to; a perf counter by the read(2), or rdpmc
// where its user page allows it, that a thread's counter does, on a counter of its own, so nothing
// the agent shares (the metric every thread counts) is touched. The JNI call a probe makes around
// the read (about 10-20 ns) is not in the figure. Negative when the metric cannot be read here.
double measure_read_cost(const MetricSpec& spec, ClockSource wall_clock, int reads);

}  // namespace candor
