#pragma once

#include <sys/types.h>
#include <time.h>

#include <cstdint>

namespace candor {

// The fallback when perf_event_open is refused: a POSIX timer on the calling thread's CPU clock
// (timer_create(CLOCK_THREAD_CPUTIME_ID), SIGEV_THREAD_ID -> SIGPROF to that thread). The kernel
// checks CPU timers on its tick, so such a timer cannot fire more often than once per tick.
// Never setitimer: its process-wide signal lands on whichever thread runs.

// Whether timer_create accepts such a timer here (created and deleted, never armed). 0, or errno.
int ctimer_probe(pid_t tid);

// Creates and starts the timer for the calling thread `tid`. 0, or errno.
int ctimer_open(pid_t tid, std::int64_t period_ns, timer_t* timer);
// Creates a timer on the CPU clock of thread `tid` of this process (any thread, not only the
// calling one) that signals that thread; armed only when period_ns > 0. 0, or errno.
int ctimer_open_for(pid_t tid, std::int64_t period_ns, timer_t* timer);
// Stops the timer without deleting it (ctimer_set_period arms it again). Async-signal-safe.
bool ctimer_disarm(timer_t timer);
// A new period from now on. Async-signal-safe (timer_settime).
bool ctimer_set_period(timer_t timer, std::int64_t period_ns);
void ctimer_close(timer_t timer);

// The kernel tick in ns: the resolution of CLOCK_MONOTONIC_COARSE, which the kernel advances once
// per tick (4 ms with CONFIG_HZ=250). 0 when unknown.
std::int64_t kernel_tick_ns();

// The CPU clock of thread `tid` of this process, as pthread_getcpuclockid makes it for a pthread.
clockid_t thread_cpu_clock(pid_t tid);

// CPU time of a thread clock (pthread_getcpuclockid), ns; 0 when it cannot be read.
std::int64_t thread_cpu_ns(clockid_t clock);

}  // namespace candor
