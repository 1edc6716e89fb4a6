#include "sampler/perf_engine.h"

#include <signal.h>

#include <cerrno>

#include "sampler/jitter.h"

namespace candor {

TimerKind PerfEngine::kind() const {
    return delivery_ == PerfDelivery::Sigtrap ? TimerKind::PerfSigtrap : TimerKind::PerfFasync;
}

const char* PerfEngine::name() const {
    return delivery_ == PerfDelivery::Sigtrap ? "perf task-clock, SIGTRAP (attr.sigtrap)" : "perf task-clock, SIGPROF (fasync)";
}

int PerfEngine::signal() const { return delivery_ == PerfDelivery::Sigtrap ? SIGTRAP : SIGPROF; }

bool PerfEngine::is_ours(int signo, const siginfo_t& info, pid_t) const {
    return delivery_ == PerfDelivery::Sigtrap ? signo == SIGTRAP && info.si_code == kTrapPerf
                                              : signo == SIGPROF && info.si_code == POLL_IN;
}

std::uint32_t PerfEngine::samples_per_new_period(std::int64_t interval_ns, std::int64_t) const {
    return samples_per_period(interval_ns);
}

int PerfEngine::open_own(pid_t tid, std::int64_t period_ns, ThreadTimer& timer) const {
    // perf_event_open takes the calling thread's tid like any other.
    return open_for(tid, period_ns, true, timer);
}

int PerfEngine::open_for(pid_t tid, std::int64_t period_ns, bool running, ThreadTimer& timer) const {
    const int fd = perf_timer_open(tid, static_cast<std::uint64_t>(period_ns), delivery_, counts_kernel_, running);
    if (fd < 0) return -fd;
    timer.perf_fd = fd;
    timer.period_ns = period_ns;
    timer.cpu_at_start_ns = 0;  // the count starts at 0 when the event opens
    publish(timer);
    return 0;
}

bool PerfEngine::thread_ended(int error) const { return error == ESRCH; }

bool PerfEngine::set_period(const ThreadTimer& timer, std::int64_t period_ns) const {
    return timer.perf_fd >= 0 && perf_timer_set_period(timer.perf_fd, static_cast<std::uint64_t>(period_ns));
}

bool PerfEngine::enable(const ThreadTimer& timer) const { return perf_timer_enable(timer.perf_fd); }

bool PerfEngine::disable(const ThreadTimer& timer) const { return perf_timer_disable(timer.perf_fd); }

std::int64_t PerfEngine::read_cpu_ns(const ThreadTimer& timer) const {
    return timer.perf_fd >= 0 ? perf_timer_read(timer.perf_fd) : 0;
}

std::int64_t PerfEngine::close(ThreadTimer& timer) const {
    const ThreadTimer handles = forget(timer);
    return handles.perf_fd >= 0 ? perf_timer_close(handles.perf_fd) : 0;
}

}  // namespace candor
