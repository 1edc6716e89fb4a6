#pragma once

#include <jni.h>
#include <jvmti.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/types.h>
#include <time.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "sampler/agct.h"
#include "sampler/jitter.h"
#include "sampler/sampling_engine.h"
#include "trace/trace_periods.h"

namespace candor {

struct TraceEntry;

// One Java thread that is being sampled. Created by the thread itself (ThreadStart, or VMInit for
// the main thread) and freed by itself at ThreadEnd, after its TLS pointer was cleared; other
// threads (wall sampler, drain) only touch it under the registry mutex while it is registered.
// After a dynamic attach, the threads already running get theirs from the attaching thread, unbound
// (attach_tables.h): the thread binds it itself, in its first sampling signal or its ThreadStart.
struct SampledThread {
    // Fixed before the TLS pointer is set; the signal handler reads them.
    JNIEnv* jni = nullptr;               // AGCT's env_id
    char* vm_thread = nullptr;           // its HotSpot JavaThread (Thread.eetop), null when unknown
    pid_t tid = 0;                       // attach records: set when bound, before `bound`
    std::uint32_t slot = 0;              // index in ThreadRegistry::slots
    ASGCT_CallFrame* frames = nullptr;   // AGCT's scratch: `depth` frames

    // Crash guard: set and read only on this thread (its sampling and SIGSEGV/SIGBUS handlers).
    sigjmp_buf guard;
    volatile sig_atomic_t in_walk = 0;

    // Handler-private.
    Jitter jitter;
    PeriodStart period;                  // tracing: the thread's current trace period (trace_periods.h)
    const TraceEntry* unwritten_period = nullptr;  // tracing: the period this tick closed, until a sample carries it
    std::uint32_t samples_until_new_period = 0;
    std::uint32_t crash_countdown = 0;

    // The thread's timer (timer.engine null: none). Armed by the thread itself; stopped under the
    // registry mutex, either by itself (ThreadEnd) or by drain after no handler runs any more.
    ThreadTimer timer;
    bool counted = false;                // in threads.sampled already (armed once)

    // Wall mode: RunState the wall sampler saw just before it signalled this thread.
    std::atomic<std::uint8_t> wall_state{0};
    // Wall mode: set by the wall sampler when it signals this thread, cleared by the handler. Still
    // set at the next tick, the signal is pending (the thread got no CPU meanwhile): a second one
    // would merge with it, so none is sent and the miss is counted.
    std::atomic<bool> wall_pending{false};

    // Registry side.
    jthread thread_ref = nullptr;  // global reference, for GetThreadState and names
    // False for an attach record until its thread bound it (release, after tid and the timer):
    // until then the wall sampler and drain leave it alone.
    std::atomic<bool> bound{true};
};

// The calling thread's record, or null: initial-exec TLS, so the signal handler reads it with one
// load from the thread pointer (no lock, no allocation, no __tls_get_addr).
extern __thread SampledThread* g_current_thread __attribute__((tls_model("initial-exec")));

// What drain reports per thread; slots outlive their threads (the tree of an ended thread stays).
struct ThreadSlot {
    jlong java_id = 0;                 // Thread.getId()
    std::string name;
    jthread thread_ref = nullptr;      // global reference while the thread lives
    bool alive = true;
    bool ignored = false;              // the agent's own thread: its samples are left out
    std::int64_t sampled_cpu_ns = 0;   // CPU time while its timer was armed (cpu mode), since the last reset
    std::int64_t sampled_user_ns = 0;  // the user-mode part of it: what perf samples without kernel time
};

// All sampled threads: the live ones and a slot for every one that ever was. Everything in it is
// guarded by `mutex`, which no signal handler ever takes.
struct ThreadRegistry {
    explicit ThreadRegistry(std::size_t max_slots) : max_slots(max_slots) {}

    std::mutex mutex;
    const std::size_t max_slots;
    std::vector<ThreadSlot> slots;
    std::vector<SampledThread*> live;
    std::size_t wall_cursor = 0;  // round-robin position of the wall sampler in `live`

    // Under mutex. False when the slot limit is reached.
    bool add_slot(jlong java_id, std::string name, jthread ref, std::uint32_t& slot);
    void add_live(SampledThread* thread) { live.push_back(thread); }
    void remove_live(SampledThread* thread);
};

}  // namespace candor
