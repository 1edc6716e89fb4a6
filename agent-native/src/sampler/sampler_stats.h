#pragma once

#include <atomic>
#include <cstdint>

#include "sampler/agct.h"

namespace candor {

using Counter = std::atomic<std::uint64_t>;

inline void bump(Counter& counter) { counter.fetch_add(1, std::memory_order_relaxed); }

// The sampler's counters, relaxed atomics: the signal-side ones are bumped in handlers
// (async-signal-safe), the writer-side ones only by the sample writer, and any thread may read them
// (the control channel's status). README "Stats" documents the names under which drain0 reports them.
struct SamplerStats {
    // Signal handler.
    Counter delivered{0};         // handler ran on a registered Java thread while sampling
    Counter recorded{0};          // AGCT returned >= 1 frame
    Counter failed[kAgctFailureSlots] = {};  // AGCT returned this failure code
    Counter attributed_by_pc{0};  // failed, but the pc lay in a compiled method or stub
    Counter recovered_in_method{0};  // recorded: AGCT failed in a compiled method's prologue or epilogue, the
                                     // popped frame walked (frame_pop.h)
    Counter recovered_in_stub{0};    // recorded: the same in a stub
    Counter recovered_in_vm{0};      // recorded: AGCT failed inside the VM, the frame anchor completed walked
    Counter entered_method{0};       // of recovered_in_stub: an interpreter method entry, its leaf the method entered
    Counter recovered_vm_leaf{0};    // recorded: AGCT failed on a thread in Java whose pc lay in no generated code (a
                                     // leaf call into the VM or a library), the walk from its Java caller
    Counter crash_guard{0};       // the walk faulted and the crash guard jumped back
    Counter truncated{0};         // AGCT filled all `depth` frames
    Counter not_java_thread{0};   // a sampling signal on a thread that is no registered Java thread
    Counter buffer_full{0};       // the sample buffer had no room: sample dropped
    Counter period_changes{0};    // jitter: a timer got a new period
    // Control side.
    Counter wall_signals{0};      // wall mode: signals sent to Java threads (the expected samples)
    Counter wall_still_pending{0};  // wall mode: not sent, the thread's previous signal was still pending
    Counter timer_failed{0};      // threads whose timer could not be armed
    Counter threads_sampled{0};   // threads whose timer was armed (cpu) or that were registered (wall)
    Counter threads_over_limit{0};
    // Dynamic attach (attach_tables.h).
    Counter attach_threads{0};          // Java threads running at the attach, prepared to bind
    Counter attach_unsampled{0};        // Java threads running at the attach whose JNIEnv was not found
    Counter attach_bound{0};            // of attach_threads: bound (first signal, or ThreadStart)
    Counter attach_timers{0};           // timers opened (cpu) / bind signals sent (wall) on the process's threads
    Counter attach_timers_disabled{0};  // of them: disabled on a thread that is no sampled Java thread
    Counter attach_compiled_before{0};  // compiled methods already in the code cache (no non-safepoint debug info)
    // Sample writer; set back to 0 when it empties the trees (a reset).
    Counter beyond_budget{0};  // counted under a node beyond the trees' budget (call_tree.h)
    Counter running{0};    // aggregated samples, thread running
    Counter waiting{0};    // aggregated samples, thread not running (wall mode)
};

// The signal-side counts that describe the samples of one stretch of a session: a reset makes
// their values at that moment the new zero (the counters themselves only grow, as handlers bump
// them). A handler running during the reading may be counted on either side of it.
struct SampleCounts {
    std::uint64_t delivered = 0;
    std::uint64_t recorded = 0;
    std::uint64_t failed[kAgctFailureSlots] = {};
    std::uint64_t attributed_by_pc = 0;
    std::uint64_t recovered_in_method = 0;
    std::uint64_t recovered_in_stub = 0;
    std::uint64_t recovered_in_vm = 0;
    std::uint64_t entered_method = 0;
    std::uint64_t recovered_vm_leaf = 0;
    std::uint64_t crash_guard = 0;
    std::uint64_t truncated = 0;
    std::uint64_t not_java_thread = 0;
    std::uint64_t buffer_full = 0;
    std::uint64_t wall_signals = 0;
    std::uint64_t wall_still_pending = 0;

    static SampleCounts read(const SamplerStats& stats) {
        SampleCounts c;
        c.delivered = stats.delivered.load(std::memory_order_relaxed);
        c.recorded = stats.recorded.load(std::memory_order_relaxed);
        for (int i = 0; i < kAgctFailureSlots; i++) c.failed[i] = stats.failed[i].load(std::memory_order_relaxed);
        c.attributed_by_pc = stats.attributed_by_pc.load(std::memory_order_relaxed);
        c.recovered_in_method = stats.recovered_in_method.load(std::memory_order_relaxed);
        c.recovered_in_stub = stats.recovered_in_stub.load(std::memory_order_relaxed);
        c.recovered_in_vm = stats.recovered_in_vm.load(std::memory_order_relaxed);
        c.entered_method = stats.entered_method.load(std::memory_order_relaxed);
        c.recovered_vm_leaf = stats.recovered_vm_leaf.load(std::memory_order_relaxed);
        c.crash_guard = stats.crash_guard.load(std::memory_order_relaxed);
        c.truncated = stats.truncated.load(std::memory_order_relaxed);
        c.not_java_thread = stats.not_java_thread.load(std::memory_order_relaxed);
        c.buffer_full = stats.buffer_full.load(std::memory_order_relaxed);
        c.wall_signals = stats.wall_signals.load(std::memory_order_relaxed);
        c.wall_still_pending = stats.wall_still_pending.load(std::memory_order_relaxed);
        return c;
    }

    // These counts less those of `start` (an earlier reading).
    SampleCounts since(const SampleCounts& start) const {
        SampleCounts c;
        c.delivered = delivered - start.delivered;
        c.recorded = recorded - start.recorded;
        for (int i = 0; i < kAgctFailureSlots; i++) c.failed[i] = failed[i] - start.failed[i];
        c.attributed_by_pc = attributed_by_pc - start.attributed_by_pc;
        c.recovered_in_method = recovered_in_method - start.recovered_in_method;
        c.recovered_in_stub = recovered_in_stub - start.recovered_in_stub;
        c.recovered_in_vm = recovered_in_vm - start.recovered_in_vm;
        c.entered_method = entered_method - start.entered_method;
        c.recovered_vm_leaf = recovered_vm_leaf - start.recovered_vm_leaf;
        c.crash_guard = crash_guard - start.crash_guard;
        c.truncated = truncated - start.truncated;
        c.not_java_thread = not_java_thread - start.not_java_thread;
        c.buffer_full = buffer_full - start.buffer_full;
        c.wall_signals = wall_signals - start.wall_signals;
        c.wall_still_pending = wall_still_pending - start.wall_still_pending;
        return c;
    }

    std::uint64_t failed_total() const {
        std::uint64_t sum = 0;
        for (int i = 0; i < kAgctFailureSlots; i++) sum += failed[i];
        return sum;
    }
};

}  // namespace candor
