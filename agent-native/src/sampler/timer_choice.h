#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "options.h"
#include "sampler/sampling_engine.h"

namespace candor {

// What start-up found out about the timers (the probes run on the VMInit thread).
struct TimerProbe {
    int sigtrap_error = -1;  // perf_event_open with attr.sigtrap: 0 works, errno, or -1 when not tried
    int fasync_error = -1;   // the same with fasync delivery
    int ctimer_error = -1;   // timer_create(CLOCK_THREAD_CPUTIME_ID)
    // perf with kernel time (exclude_kernel=0), tried first for each delivery: 0 accepted, EACCES/EPERM
    // refused (then sigtrap_error/fasync_error are those of user time only), -1 when neither was seen.
    int kernel_error = -1;
    int perf_paranoid = -100;  // /proc/sys/kernel/perf_event_paranoid, -100 when unreadable
    std::int64_t tick_ns = 0;  // kernel tick, 0 when unknown
};

struct TimerChoice {
    TimerKind kind = TimerKind::None;  // None: no sampling
    std::int64_t interval_ns = 0;      // the mean period as it will really be
    bool counts_kernel = false;        // kernel time is sampled too (and so asks for samples)
    std::string time_counted;          // for verbose: which CPU time is sampled, and why only user time
    std::string message;               // one line to print, or empty
    std::string reason;                // for verbose
};

// Whether perf refused kernel time for lack of privilege (perf_event_paranoid >= 2, no
// CAP_PERFMON): then the probe tries again with user time only.
bool kernel_refused(int error);

// One perf delivery's probe: with kernel time first, unless probe.kernel_error says it was refused
// already; refused, again with user time only. open(kernel) is perf_event_open's answer, 0 or errno.
// Returns the answer that decides (0 or errno) and keeps probe.kernel_error up to date.
int probe_perf_delivery(TimerProbe& probe, const std::function<int(bool kernel)>& open);

// Which perf deliveries to try, in order, for a perfsignal= setting: auto tries sigtrap, then
// fasync (kernels before 5.13 reject attr.sigtrap with EINVAL).
bool should_probe_sigtrap(PerfSignal signal);
bool should_probe_fasync(PerfSignal signal, int sigtrap_error);

// CPU mode: timer=auto takes perf (with kernel time where probe.kernel_error allows it) and falls
// back to the CPU timer when perf_event_open is refused (with one line); timer=perf without perf
// prints one line and samples nothing; timer=ctimer warns once when the interval is below the kernel
// tick, which then is the real interval.
TimerChoice choose_cpu_timer(TimerMode mode, PerfSignal signal, const TimerProbe& probe, std::int64_t interval_ns);

// "EACCES (Permission denied)".
std::string errno_text(int error);

}  // namespace candor
