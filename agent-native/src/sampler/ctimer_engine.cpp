#include "sampler/ctimer_engine.h"

#include <pthread.h>
#include <signal.h>

#include <cerrno>

#include "sampler/cpu_timer.h"
#include "sampler/jitter.h"

namespace candor {

bool CtimerEngine::is_ours(int signo, const siginfo_t& info, pid_t) const {
    return signo == SIGPROF && info.si_code == SI_TIMER;
}

std::uint32_t CtimerEngine::samples_per_new_period(std::int64_t interval_ns, std::int64_t tick_ns) const {
    // Below the tick the kernel quantises every period to the tick: jitter would only bias the mean.
    return interval_ns / 10 * 9 >= tick_ns ? samples_per_period(interval_ns) : 0;
}

int CtimerEngine::open_own(pid_t tid, std::int64_t period_ns, ThreadTimer& timer) const {
    if (pthread_getcpuclockid(pthread_self(), &timer.cpu_clock) != 0) timer.cpu_clock = CLOCK_THREAD_CPUTIME_ID;
    timer.cpu_at_start_ns = thread_cpu_ns(timer.cpu_clock);
    timer.period_ns = period_ns;
    const int error = ctimer_open(tid, period_ns, &timer.ctimer);
    if (error == 0) publish(timer);
    return error;
}

int CtimerEngine::open_for(pid_t tid, std::int64_t period_ns, bool running, ThreadTimer& timer) const {
    timer.cpu_clock = thread_cpu_clock(tid);
    timer.cpu_at_start_ns = thread_cpu_ns(timer.cpu_clock);
    timer.period_ns = period_ns;
    const int error = ctimer_open_for(tid, running ? period_ns : 0, &timer.ctimer);
    if (error == 0) publish(timer);
    return error;
}

// EINVAL: the clock of a tid that no longer exists.
bool CtimerEngine::thread_ended(int error) const { return error == ESRCH || error == EINVAL; }

bool CtimerEngine::set_period(const ThreadTimer& timer, std::int64_t period_ns) const {
    return ctimer_set_period(timer.ctimer, period_ns);
}

bool CtimerEngine::enable(const ThreadTimer& timer) const { return ctimer_set_period(timer.ctimer, timer.period_ns); }

bool CtimerEngine::disable(const ThreadTimer& timer) const { return ctimer_disarm(timer.ctimer); }

std::int64_t CtimerEngine::read_cpu_ns(const ThreadTimer& timer) const { return thread_cpu_ns(timer.cpu_clock); }

std::int64_t CtimerEngine::close(ThreadTimer& timer) const {
    const ThreadTimer handles = forget(timer);
    const std::int64_t count = thread_cpu_ns(handles.cpu_clock);
    ctimer_close(handles.ctimer);
    return count;
}

}  // namespace candor
