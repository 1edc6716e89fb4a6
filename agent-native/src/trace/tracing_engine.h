#pragma once

#include <memory>

#include "sampler/sampling_engine.h"

namespace candor {

class TraceWriter;

// The trace writer as a sampling engine (trace=DIR): it samples with the timer engine it wraps, to which every
// timer call goes, and records each thread's measurement periods around its ticks (trace_periods.h): a period
// begins when the thread's record is bound, each tick closes one (the tick's sample carries it to the writer,
// which gives it the sample's top frame), the kernel's context switches split them, and the thread's end closes
// its last. Its kind() is the timer's: the snapshot's timer.* figures are about the signal, not the trace.
class TracingEngine final : public SamplingEngine {
public:
    TracingEngine(std::unique_ptr<SamplingEngine> timer, TraceWriter& trace);

    TimerKind kind() const override { return timer_->kind(); }
    const char* name() const override { return timer_->name(); }
    int signal() const override { return timer_->signal(); }
    bool is_ours(int signo, const siginfo_t& info, pid_t pid) const override { return timer_->is_ours(signo, info, pid); }
    bool cpu() const override { return timer_->cpu(); }
    bool counts_kernel() const override { return timer_->counts_kernel(); }
    std::uint32_t samples_per_new_period(std::int64_t interval_ns, std::int64_t tick_ns) const override {
        return timer_->samples_per_new_period(interval_ns, tick_ns);
    }

    // The timer's own calls: it publishes its handles as its own (ThreadTimer::engine is the timer engine).
    int open_own(pid_t tid, std::int64_t period_ns, ThreadTimer& timer) const override {
        return timer_->open_own(tid, period_ns, timer);
    }
    int open_for(pid_t tid, std::int64_t period_ns, bool running, ThreadTimer& timer) const override {
        return timer_->open_for(tid, period_ns, running, timer);
    }
    const char* open_call() const override { return timer_->open_call(); }
    bool thread_ended(int error) const override { return timer_->thread_ended(error); }

    bool set_period(const ThreadTimer& timer, std::int64_t period_ns) const override {
        return timer_->set_period(timer, period_ns);
    }
    bool enable(const ThreadTimer& timer) const override { return timer_->enable(timer); }
    bool disable(const ThreadTimer& timer) const override { return timer_->disable(timer); }
    std::int64_t read_cpu_ns(const ThreadTimer& timer) const override { return timer_->read_cpu_ns(timer); }
    std::int64_t close(ThreadTimer& timer) const override { return timer_->close(timer); }

    void thread_bound(SampledThread& thread) const override;
    bool tick(SampledThread& thread, TraceEntry& closed) const override;
    void ticked(SampledThread& thread, const TraceEntry& closed, const ASGCT_CallFrame& top) const override;
    void thread_ending(SampledThread& thread) const override;
    void thread_freed(SampledThread& thread) const override;

private:
    const std::unique_ptr<SamplingEngine> timer_;
    TraceWriter& trace_;
};

// The one place that chooses whether ticks are traced: `timer` itself, or (trace not null: trace=DIR, its
// directory opened) a TracingEngine around it.
std::unique_ptr<SamplingEngine> with_trace(std::unique_ptr<SamplingEngine> timer, TraceWriter* trace);

}  // namespace candor
