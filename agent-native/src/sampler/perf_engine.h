#pragma once

#include "sampler/perf_timer.h"
#include "sampler/sampling_engine.h"

namespace candor {

// A software task-clock perf event per thread (perf_timer.h) whose overflow signals the thread:
// SIGTRAP with attr.sigtrap, or SIGPROF through fasync. No ring buffer: the signal is the sample.
// With counts_kernel (exclude_kernel=0) a period that ends in the kernel still signals, on the return
// to user mode; without it (perf_event_paranoid >= 2 for an unprivileged user) such a period is lost.
class PerfEngine final : public SamplingEngine {
public:
    PerfEngine(PerfDelivery delivery, bool counts_kernel) : delivery_(delivery), counts_kernel_(counts_kernel) {}

    TimerKind kind() const override;
    const char* name() const override;
    int signal() const override;
    bool is_ours(int signo, const siginfo_t& info, pid_t pid) const override;
    bool cpu() const override { return true; }
    bool counts_kernel() const override { return counts_kernel_; }
    std::uint32_t samples_per_new_period(std::int64_t interval_ns, std::int64_t tick_ns) const override;

    int open_own(pid_t tid, std::int64_t period_ns, ThreadTimer& timer) const override;
    int open_for(pid_t tid, std::int64_t period_ns, bool running, ThreadTimer& timer) const override;
    const char* open_call() const override { return "perf_event_open"; }
    bool thread_ended(int error) const override;

    bool set_period(const ThreadTimer& timer, std::int64_t period_ns) const override;
    bool enable(const ThreadTimer& timer) const override;
    bool disable(const ThreadTimer& timer) const override;
    std::int64_t read_cpu_ns(const ThreadTimer& timer) const override;
    std::int64_t close(ThreadTimer& timer) const override;

private:
    const PerfDelivery delivery_;
    const bool counts_kernel_;
};

}  // namespace candor
