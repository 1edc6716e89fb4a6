#pragma once

#include <sys/types.h>

#include <cstdint>

namespace candor {

// User-mode CPU time of a thread, ns. Where perf refuses kernel time (exclude_kernel=0 needs
// perf_event_paranoid <= 1, root or CAP_PERFMON), its task-clock cannot sample while a thread runs in
// the kernel, so the samples a cpu-mode session can deliver are the thread's user time / interval:
// that, not its whole CPU time, is what is expected then (cpu.counts_kernel 0).

// The calling thread's user time (getrusage RUSAGE_THREAD, µs resolution); 0 when unknown.
std::int64_t own_user_ns();

// Any thread of this process (/proc/self/task/<tid>/stat, clock-tick resolution); -1 when unknown.
std::int64_t user_ns_of(pid_t tid);

}  // namespace candor
