#pragma once

#include <signal.h>
#include <sys/types.h>

#include <cstddef>
#include <cstdint>

#include "sampler/agct.h"
#include "trace/switch_ring.h"
#include "trace/trace_format.h"

namespace candor {

class SampleBuffer;

// A thread's measurement period as it runs: where it began. Lives in the thread's record (SampledThread);
// written only by the thread itself (its signal handler, ThreadStart, ThreadEnd). `busy` keeps a signal that
// interrupts ThreadEnd's last period from touching it.
struct PeriodStart {
    std::uint64_t time = 0;
    std::uint64_t counters[trace_format::kCounters] = {};
    std::uint16_t cpu = 0;
    std::uint8_t flags = 0;          // kFirst until the first period is written
    volatile sig_atomic_t started = 0;
    volatile sig_atomic_t busy = 0;
    SwitchRing switches;             // the kernel's switches of the thread, when it let us watch them
};

// The calling thread's clock, CPU and counters (task-clock, faults, switches) as a period's start, with the
// given flags. Async-signal-safe (clock_gettime, getcpu, the getrusage system call). With kFirst, also starts
// watching the thread's context switches (switch_ring.h), unless it cannot (the tracer goes on without).
void begin_period(PeriodStart& start, std::uint8_t flags);

// Stops watching the thread's switches; only once no signal handler can reach `start`.
void end_watching(PeriodStart& start);

// Threads whose switches the kernel would not let us watch, and stretches whose switches it lost (a period then
// ends at its tick only, as without switches).
std::uint64_t unwatched_threads();
std::uint64_t lost_switch_stretches();

struct TraceEntry;

// Ends the calling thread's period now into `entry` (its top frame left empty), and a new period begins.
// Where the kernel switched the thread out and in since the period began, the stretches before the last switch
// in are written to `buffer` first: a period for each time it ran (ending kSwitch) and one for each time it did
// not (kOffCpu), so no period spans two CPUs or a wait. False when no period was open or the thread's own
// ThreadEnd is ending it. Async-signal-safe.
bool close_period(PeriodStart& start, SampleBuffer& buffer, pid_t tid, std::uint32_t slot, std::uint8_t flags,
                  TraceEntry& entry);

// Writes a closed period with `top` as its top frame into the trace buffer (a period that no sample carries).
bool write_period(SampleBuffer& buffer, const TraceEntry& entry, const ASGCT_CallFrame& top);

// Ends the calling thread's period now: an entry for the trace writer with the counters' changes since its
// start and `top` as its top frame (null method: none), then a new period begins. A thread that yielded or
// blocked (a voluntary switch) gets its tid negated; `slot` is the thread's ThreadRegistry slot, which names it.
// Async-signal-safe; false when the buffer was full (dropped, counted by the buffer).
bool end_period(SampleBuffer& buffer, PeriodStart& start, pid_t tid, std::uint32_t slot, const ASGCT_CallFrame& top,
                std::uint8_t flags);

// A marker of the calling thread, whose registry slot is `slot` (kNoSlot: a thread the sampler does not know;
// tid 0: the VM's own, e.g. garbage collection). Text cut at kMaxMarkerText bytes. Async-signal-safe.
constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;
bool write_marker(SampleBuffer& buffer, pid_t tid, std::uint32_t slot, std::uint8_t kind, const char* text,
                  std::size_t bytes);

}  // namespace candor
