#include "counters/metric_reader.h"

#include <ctime>

#include "clock/monotonic.h"
#include "clock/tsc.h"
#include "counters/thread_counter.h"

namespace candor {

namespace {

#if CANDOR_HAS_TSC
jlong JNICALL read_tsc_ticks(JNIEnv*, jclass) { return static_cast<jlong>(read_tsc()); }
jlong JNICALL read_tsc_ending(JNIEnv*, jclass) { return static_cast<jlong>(read_tsc_ending_section()); }
jlong JNICALL read_tsc_starting(JNIEnv*, jclass) { return static_cast<jlong>(read_tsc_starting_section()); }
#endif

jlong JNICALL read_monotonic(JNIEnv*, jclass) { return read_monotonic_ns(); }

jlong JNICALL read_thread_cpu(JNIEnv*, jclass) {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<jlong>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

jlong JNICALL read_counter(JNIEnv*, jclass) { return read_thread_counter(); }

// A reader whose plain read is ordered already.
TickReader ordered(void* function, TickSource source) { return {function, function, function, source}; }

}  // namespace

TickReader tick_reader(const MetricSpec& spec, ClockSource wall_clock) {
    switch (spec.kind) {
        case MetricKind::WallClock:
#if CANDOR_HAS_TSC
            if (wall_clock == ClockSource::Tsc) {
                return {reinterpret_cast<void*>(read_tsc_ticks), reinterpret_cast<void*>(read_tsc_ending),
                        reinterpret_cast<void*>(read_tsc_starting), TickSource::Tsc};
            }
#endif
            (void)wall_clock;
            return ordered(reinterpret_cast<void*>(read_monotonic), TickSource::Monotonic);
        case MetricKind::ThreadCpuClock:
            return ordered(reinterpret_cast<void*>(read_thread_cpu), TickSource::ThreadNanos);
        case MetricKind::PerfCounter:
            return ordered(reinterpret_cast<void*>(read_counter),
                           spec.unit == MetricUnit::Nanos ? TickSource::ThreadNanos : TickSource::ThreadEvents);
    }
    return ordered(reinterpret_cast<void*>(read_monotonic), TickSource::Monotonic);
}

}  // namespace candor
