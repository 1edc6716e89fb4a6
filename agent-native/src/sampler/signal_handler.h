#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstdint>

#include "sampler/agct.h"
#include "sampler/thread_registry.h"
#include "sampler/vm_structs.h"

namespace candor {

class AttachTables;
class CodeMap;
class SampleBuffer;
struct SamplerStats;

// Everything the sampling signal handler reads. Filled in before the handler is installed and
// then constant, except `enabled` and `in_flight`.
struct SignalContext {
    AsyncGetCallTraceFn agct = nullptr;
    jint depth = 0;
    SampleBuffer* buffer = nullptr;
    CodeMap* code_map = nullptr;
    SamplerStats* stats = nullptr;
    const SamplingEngine* engine = nullptr;  // which signals are ours, what a sample's thread was doing, what else a tick records
    pid_t pid = 0;                       // this process (the wall sampler's tgkill carries it in si_pid)
    std::int64_t interval_ns = 0;        // mean period of a thread timer
    std::uint32_t samples_per_period = 0;  // jitter: samples between new periods; 0: never
    std::uint32_t crash_every = 0;       // test hook: every n-th walk of a thread faults
    VmThreadLayout vm_layout;            // where a JavaThread keeps its state and frame anchor (vm_structs.h)
    VmMethodLayout method_layout;        // how a Method* leads to its jmethodID (vm_structs.h)

    // After a dynamic attach: the threads that were running then, bound on their first signal
    // (attach_tables.h). Published once, freed at stop after no handler runs any more.
    std::atomic<AttachTables*> attach{nullptr};

    std::atomic<bool> enabled{false};    // false: handlers return at once
    std::atomic<bool> ignoring{false};   // test hook simulate=ignorepause: a pause that lets signals come
    std::atomic<int> in_flight{0};       // handlers running now
};

// Installs the sampling handler (SA_SIGINFO | SA_RESTART) for context->engine->signal().
// Signals of that number that are not ours (another si_code, another sender) go to the action
// installed before, exactly (signal_chain.h). False when sigaction fails.
bool install_sample_handler(SignalContext* context);

// Disables sampling and returns once no handler is running any more. From then on a late signal
// (already pending) is only counted out: its handler returns at once, touching no timer.
void disable_and_wait(SignalContext* context);

// Async-signal-safe: a new jittered period for the thread's timer every samples_per_period samples.
void maybe_change_period(const SignalContext& context, SampledThread& thread);

}  // namespace candor
