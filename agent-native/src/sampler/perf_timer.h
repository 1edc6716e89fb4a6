#pragma once

#include <sys/types.h>

#include <cstdint>

namespace candor {

enum class PerfDelivery {
    Sigtrap,  // attr.sigtrap + remove_on_exec (Linux >= 5.13): SIGTRAP, si_code TRAP_PERF
    Fasync,   // O_ASYNC + F_SETSIG SIGPROF + F_SETOWN_EX(F_OWNER_TID): SIGPROF, si_code POLL_IN
};

// Opens a software PERF_COUNT_SW_TASK_CLOCK event on thread `tid` of this process (cpu -1) that
// signals that very thread every period_ns of its CPU time. No ring buffer: the signal is the sample.
// kernel: a period may end in the kernel too (exclude_kernel=0; perf_event_paranoid >= 2 refuses it
// an unprivileged user with EACCES); else only in user mode (exclude_kernel=1, which paranoid=2
// allows). The count is the whole CPU time either way. With enabled=false the event waits for
// perf_timer_enable (or only checks that the kernel accepts it). Returns the fd, or -errno.
int perf_timer_open(pid_t tid, std::uint64_t period_ns, PerfDelivery delivery, bool kernel, bool enabled);

// A new period, effective at once (the current one restarts). One ioctl: async-signal-safe.
bool perf_timer_set_period(int fd, std::uint64_t period_ns);

// Starts / stops counting and signalling (ioctl ENABLE / DISABLE). Async-signal-safe.
bool perf_timer_enable(int fd);
bool perf_timer_disable(int fd);

// The event's count: ns the thread ran (user and kernel mode) while the event was enabled. 0 when unreadable.
std::int64_t perf_timer_read(int fd);

// Reads the event's count (as perf_timer_read) and closes it.
std::int64_t perf_timer_close(int fd);

// si_code of a perf SIGTRAP (TRAP_PERF; older libc headers lack it).
constexpr int kTrapPerf = 6;

}  // namespace candor
