#include "sampler/cpu_timer.h"

#include <signal.h>

#include <cerrno>
#include <cstring>

namespace candor {

namespace {

itimerspec periodic(std::int64_t period_ns) {
    itimerspec spec;
    spec.it_interval.tv_sec = static_cast<time_t>(period_ns / 1'000'000'000);
    spec.it_interval.tv_nsec = static_cast<long>(period_ns % 1'000'000'000);
    spec.it_value = spec.it_interval;
    return spec;
}

int create(pid_t tid, clockid_t clock, timer_t* timer) {
    sigevent event;
    std::memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = SIGPROF;
#ifdef sigev_notify_thread_id
    event.sigev_notify_thread_id = tid;
#else
    event._sigev_un._tid = tid;
#endif
    return timer_create(clock, &event, timer) == 0 ? 0 : errno;
}

// A timer on `clock` that signals `tid`, armed every period_ns (created unarmed when period_ns <= 0).
int open_on(pid_t tid, clockid_t clock, std::int64_t period_ns, timer_t* timer) {
    const int created = create(tid, clock, timer);
    if (created != 0 || period_ns <= 0) return created;
    const itimerspec spec = periodic(period_ns);
    if (timer_settime(*timer, 0, &spec, nullptr) != 0) {
        const int error = errno;
        timer_delete(*timer);
        return error;
    }
    return 0;
}

}  // namespace

int ctimer_probe(pid_t tid) {
    timer_t timer;
    const int error = create(tid, CLOCK_THREAD_CPUTIME_ID, &timer);
    if (error == 0) timer_delete(timer);
    return error;
}

int ctimer_open(pid_t tid, std::int64_t period_ns, timer_t* timer) {
    return open_on(tid, CLOCK_THREAD_CPUTIME_ID, period_ns, timer);
}

int ctimer_open_for(pid_t tid, std::int64_t period_ns, timer_t* timer) {
    return open_on(tid, thread_cpu_clock(tid), period_ns, timer);
}

bool ctimer_disarm(timer_t timer) {
    itimerspec spec;
    std::memset(&spec, 0, sizeof spec);
    return timer_settime(timer, 0, &spec, nullptr) == 0;
}

clockid_t thread_cpu_clock(pid_t tid) {
    // The kernel's MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED): ~tid << 3 | per-thread (4) | sched (2).
    return static_cast<clockid_t>((~static_cast<std::uint32_t>(tid) << 3) | 6u);
}

bool ctimer_set_period(timer_t timer, std::int64_t period_ns) {
    const itimerspec spec = periodic(period_ns);
    return timer_settime(timer, 0, &spec, nullptr) == 0;
}

void ctimer_close(timer_t timer) { timer_delete(timer); }

std::int64_t kernel_tick_ns() {
    timespec resolution;
    if (clock_getres(CLOCK_MONOTONIC_COARSE, &resolution) != 0) return 0;
    return static_cast<std::int64_t>(resolution.tv_sec) * 1'000'000'000 + resolution.tv_nsec;
}

std::int64_t thread_cpu_ns(clockid_t clock) {
    timespec now;
    if (clock_gettime(clock, &now) != 0) return 0;
    return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

}  // namespace candor
