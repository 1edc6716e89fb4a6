#pragma once

#include <jni.h>

#include "clock/clock_source.h"
#include "counters/metric_catalogue.h"

namespace candor {

// What the ticks of NativeClock.ticks0() are: the value NativeClock.source0() returns. 1 and 2
// are ClockSource's (wall); keep these in sync with the probe's NativeClock.SOURCE_* constants.
enum class TickSource : jint {
    Tsc = 1,           // wall, rdtsc: ticks at the TSC rate, converted to ns by a measured rate
    Monotonic = 2,     // wall, CLOCK_MONOTONIC: ns
    ThreadNanos = 3,   // cpu, task-clock: ns of the reading thread
    ThreadEvents = 4,  // a perf counter of the reading thread: events
};

// The JNI functions `static native long f()` that read a metric, and what their ticks are. One
// function per way of reading, chosen once, so a call does no dispatch. PerfCounter metrics read
// the calling thread's counter (thread_counter.h), which must have been given the metric.
// `ending` and `starting` are the ordered reads of the calibrated probes (see read_tsc_ending_section):
// for the TSC they fence; clock_gettime orders its own TSC read, and the other readers are system calls.
struct TickReader {
    void* function = nullptr;
    void* ending = nullptr;
    void* starting = nullptr;
    TickSource source = TickSource::Monotonic;
};

TickReader tick_reader(const MetricSpec& spec, ClockSource wall_clock);

}  // namespace candor
