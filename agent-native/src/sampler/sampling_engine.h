#pragma once

#include <signal.h>
#include <sys/types.h>
#include <time.h>

#include <cstdint>
#include <memory>

namespace candor {

// Which engine samples: its identity only, for the choice (timer_choice.h), the snapshot's
// timer.* stats and counters0 (whose values these are). What an engine does is SamplingEngine's.
enum class TimerKind : std::uint8_t {
    None = 0,
    PerfSigtrap = 1,  // perf task-clock, attr.sigtrap: SIGTRAP (si_code TRAP_PERF)
    PerfFasync = 2,   // perf task-clock, O_ASYNC + F_SETSIG: SIGPROF (si_code POLL_IN)
    Ctimer = 3,       // timer_create(CLOCK_THREAD_CPUTIME_ID): SIGPROF (si_code SI_TIMER)
    Wall = 4,         // the wall sampler's tgkill: SIGPROF (si_code SI_TKILL)
};

class SamplingEngine;
struct SampledThread;
struct TraceEntry;
struct ASGCT_CallFrame;

// One thread's timer, as an engine opened it: the handles and where its accounting starts. Lives in
// the thread's record (SampledThread) or, after an attach, in the table until a thread adopts it.
struct ThreadTimer {
    // The engine that opened it; null while there is none (never opened, or closed). Set last when it
    // opens and cleared first when it closes: the signal handler changes periods only while it is set.
    const SamplingEngine* engine = nullptr;
    int perf_fd = -1;
    timer_t ctimer{};
    clockid_t cpu_clock{};
    std::int64_t period_ns = 0;         // the period it was opened with: what enable() runs it with again
    std::int64_t cpu_at_start_ns = 0;   // read_cpu_ns() when its accounting started
    std::int64_t user_at_start_ns = 0;  // the thread's user-mode time when its accounting started
};

// How one thread gets its sampling signal: a perf task-clock event, a thread CPU timer, or the wall
// sampler's tgkill. The sampler makes one (make_engine) and leaves every difference between them to
// it: which signal is a sample, how a thread's timer opens, runs, stops, is read and closes. Engines
// are immutable once made and never destroyed while a handler may run. Methods marked
// async-signal-safe are called from the sampling signal handler (no allocation, no lock).
class SamplingEngine {
public:
    virtual ~SamplingEngine() = default;

    virtual TimerKind kind() const = 0;
    // For verbose, e.g. "perf task-clock, SIGTRAP (attr.sigtrap)".
    virtual const char* name() const = 0;
    // The signal that carries samples.
    virtual int signal() const = 0;
    // Whether a signal of that number is one of ours (si_code, sender), not another's. `pid`: this
    // process. Async-signal-safe.
    virtual bool is_ours(int signo, const siginfo_t& info, pid_t pid) const = 0;
    // A CPU engine fires per thread after so much CPU time; the wall engine's signals come from the
    // wall sampler thread (wall_sampler.h), whatever the thread does, and its timers are no-ops.
    virtual bool cpu() const = 0;
    // Whether its timers count (and so sample) CPU time spent in the kernel too, not only in user mode.
    virtual bool counts_kernel() const = 0;
    // Samples between two jittered periods of a thread's timer; 0: its periods are never changed.
    virtual std::uint32_t samples_per_new_period(std::int64_t interval_ns, std::int64_t tick_ns) const = 0;

    // Opens and starts the timer of the calling thread, whose tid is `tid`, firing every period_ns
    // of its CPU time. 0, or errno (the call open_call() names failed).
    virtual int open_own(pid_t tid, std::int64_t period_ns, ThreadTimer& timer) const = 0;
    // The same for any thread `tid` of this process; stopped (enable() starts it) unless `running`.
    virtual int open_for(pid_t tid, std::int64_t period_ns, bool running, ThreadTimer& timer) const = 0;
    // "perf_event_open", "timer_create": what an open error is an errno of.
    virtual const char* open_call() const = 0;
    // Whether an open_for error only says that the thread ended meanwhile (not worth a message).
    virtual bool thread_ended(int error) const = 0;

    // A new period from now on. Async-signal-safe.
    virtual bool set_period(const ThreadTimer& timer, std::int64_t period_ns) const = 0;
    // Starts (again, with the period it was opened with) / stops an open timer. Async-signal-safe.
    virtual bool enable(const ThreadTimer& timer) const = 0;
    virtual bool disable(const ThreadTimer& timer) const = 0;
    // The thread's CPU ns as the timer counts them (perf: while enabled; CPU timer: the thread's
    // clock); 0 when unknown. Accounting is the difference from cpu_at_start_ns.
    virtual std::int64_t read_cpu_ns(const ThreadTimer& timer) const = 0;
    // Clears timer.engine (a handler that interrupts this must not touch a closed, maybe reused,
    // handle), then closes the timer. Returns read_cpu_ns() as it was at the end.
    virtual std::int64_t close(ThreadTimer& timer) const = 0;

    // What an engine records of each thread besides its samples: nothing, but for the trace writer's engine
    // (TracingEngine, trace/tracing_engine.h), which wraps a timer engine and records the thread's periods.
    // The thread's record is bound to it in its ThreadStart (a thread an attach found is bound by its first
    // signal, whose tick() begins what it records).
    virtual void thread_bound(SampledThread& thread) const;
    // A tick of the thread, before its sample: true when it closed an entry (`closed`) that the sample is to
    // carry (SampledThread::unwritten_period). Async-signal-safe.
    virtual bool tick(SampledThread& thread, TraceEntry& closed) const;
    // After the sample, which charged `top`: the entry the tick closed, which no sample carried. Async-signal-safe.
    virtual void ticked(SampledThread& thread, const TraceEntry& closed, const ASGCT_CallFrame& top) const;
    // ThreadEnd of a thread while sampling runs, after its timer closed.
    virtual void thread_ending(SampledThread& thread) const;
    // Its record is freed: no signal handler can reach it any more.
    virtual void thread_freed(SampledThread& thread) const;

protected:
    // The last step of an open: the handler may use the timer from here on.
    void publish(ThreadTimer& timer) const;
    // The first step of a close: the handles to close, after the timer was made unusable.
    static ThreadTimer forget(ThreadTimer& timer);
};

// The timer engine for a choice; null for TimerKind::None (with_trace, trace/tracing_engine.h, puts the trace
// writer's engine around it where a trace is written). counts_kernel: perf counts kernel time too
// (exclude_kernel=0, where perf_event_paranoid or privileges allow it); the other engines ignore it.
std::unique_ptr<SamplingEngine> make_engine(TimerKind kind, bool counts_kernel);

}  // namespace candor
