#pragma once

#include "sampler/sampling_engine.h"

namespace candor {

// The fallback when perf is refused: a POSIX timer on the thread's CPU clock (cpu_timer.h) that
// signals the thread with SIGPROF. It counts user and kernel time alike, but the kernel checks it
// only on its tick, so it cannot fire more often than once per tick.
class CtimerEngine final : public SamplingEngine {
public:
    TimerKind kind() const override { return TimerKind::Ctimer; }
    const char* name() const override { return "thread CPU timer (timer_create)"; }
    int signal() const override { return SIGPROF; }
    bool is_ours(int signo, const siginfo_t& info, pid_t pid) const override;
    bool cpu() const override { return true; }
    bool counts_kernel() const override { return true; }
    std::uint32_t samples_per_new_period(std::int64_t interval_ns, std::int64_t tick_ns) const override;

    int open_own(pid_t tid, std::int64_t period_ns, ThreadTimer& timer) const override;
    int open_for(pid_t tid, std::int64_t period_ns, bool running, ThreadTimer& timer) const override;
    const char* open_call() const override { return "timer_create"; }
    bool thread_ended(int error) const override;

    bool set_period(const ThreadTimer& timer, std::int64_t period_ns) const override;
    bool enable(const ThreadTimer& timer) const override;
    bool disable(const ThreadTimer& timer) const override;
    std::int64_t read_cpu_ns(const ThreadTimer& timer) const override;
    std::int64_t close(ThreadTimer& timer) const override;
};

}  // namespace candor
