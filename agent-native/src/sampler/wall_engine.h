#pragma once

#include "sampler/sampling_engine.h"

namespace candor {

// Wall mode: the wall sampler thread (wall_sampler.h) signals the threads with tgkill(SIGPROF),
// running or not. A thread's "timer" only says that it is sampled: opening, stopping and closing it
// do nothing, and it counts no CPU time.
class WallEngine final : public SamplingEngine {
public:
    TimerKind kind() const override { return TimerKind::Wall; }
    const char* name() const override { return "wall clock (tgkill)"; }
    int signal() const override { return SIGPROF; }
    bool is_ours(int signo, const siginfo_t& info, pid_t pid) const override;
    bool cpu() const override { return false; }
    bool counts_kernel() const override { return false; }
    // The wall sampler jitters its own ticks.
    std::uint32_t samples_per_new_period(std::int64_t, std::int64_t) const override { return 0; }

    int open_own(pid_t, std::int64_t, ThreadTimer& timer) const override;
    int open_for(pid_t, std::int64_t, bool, ThreadTimer& timer) const override;
    const char* open_call() const override { return "tgkill"; }
    bool thread_ended(int) const override { return false; }

    bool set_period(const ThreadTimer&, std::int64_t) const override { return false; }
    bool enable(const ThreadTimer&) const override { return true; }
    bool disable(const ThreadTimer&) const override { return true; }
    std::int64_t read_cpu_ns(const ThreadTimer&) const override { return 0; }
    std::int64_t close(ThreadTimer& timer) const override;
};

}  // namespace candor
