#pragma once

#include <atomic>
#include <cstdint>

#include "sampler/agct.h"

namespace candor {

using Counter = std::atomic<std::uint64_t>;

inline void bump(Counter& counter) { counter.fetch_add(1, std::memory_order_relaxed); }

// The sampler's counters. The signal-side ones are relaxed atomics (async-signal-safe); the
// writer-side ones are only touched by the sample writer and read after it stopped.
// README "Stats" documents the names under which drain0 reports them.
struct SamplerStats {
    // Signal handler.
    Counter delivered{0};         // handler ran on a registered Java thread while sampling
    Counter recorded{0};          // AGCT returned >= 1 frame
    Counter failed[kAgctFailureSlots] = {};  // AGCT returned this failure code
    Counter attributed_by_pc{0};  // failed, but the pc lay in a compiled method or stub
    Counter crash_guard{0};       // the walk faulted and the crash guard jumped back
    Counter truncated{0};         // AGCT filled all `depth` frames
    Counter not_java_thread{0};   // a sampling signal on a thread that is no registered Java thread
    Counter buffer_full{0};       // the sample buffer had no room: sample dropped
    Counter period_changes{0};    // jitter: a timer got a new period
    // Control side.
    Counter wall_signals{0};      // wall mode: signals sent to Java threads (the expected samples)
    Counter timer_failed{0};      // threads whose timer could not be armed
    Counter threads_sampled{0};   // threads whose timer was armed (cpu) or that were registered (wall)
    Counter threads_over_limit{0};
    // Dynamic attach (attach_tables.h).
    Counter attach_threads{0};          // Java threads running at the attach, prepared to bind
    Counter attach_unsampled{0};        // Java threads running at the attach whose JNIEnv was not found
    Counter attach_bound{0};            // of attach_threads: bound (first signal, or ThreadStart)
    Counter attach_timers{0};           // timers opened (cpu) / bind signals sent (wall) on the process's threads
    Counter attach_timers_disabled{0};  // of them: disabled on a thread that is no sampled Java thread
    // Sample writer.
    std::uint64_t tree_full = 0;  // dropped: the node limit was reached
    std::uint64_t running = 0;    // aggregated samples, thread running
    std::uint64_t waiting = 0;    // aggregated samples, thread not running (wall mode)
};

}  // namespace candor
