#pragma once

#include <jni.h>
#include <jvmti.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "options.h"
#include "sampler/agct.h"
#include "sampler/attach_tables.h"
#include "sampler/code_map.h"
#include "sampler/perf_timer.h"
#include "sampler/sample_buffer.h"
#include "sampler/sample_writer.h"
#include "sampler/sampler_stats.h"
#include "sampler/sampling_engine.h"
#include "sampler/signal_handler.h"
#include "sampler/thread_registry.h"
#include "sampler/timer_choice.h"
#include "sampler/trees_copy.h"
#include "sampler/wall_sampler.h"
#include "trace/trace_writer.h"
#include "trace/tracing_engine.h"

namespace candor {

// The AsyncGetCallTrace stack sampler: owns its parts and wires them to the JVMTI events
// (forwarded by jvmti_env.cpp) and to NativeSampler's natives (sampler_natives.cpp).
//
// Life: create() at load -> on_vm_init() (or on_attach()) starts it: crash guard, timer choice,
// signal handler, method ids, writer thread, and from then on every ThreadStart arms a timer for
// its thread; on_attach() also prepares the threads already running (attach_tables.h) -> drain()
// (or VMDeath) stops it for good. It is never destroyed: signal handlers
// and agent threads may still run while the process exits.
//
// While it runs, the session's control channel (sampler_control.cpp) may pause it (every timer
// closed, the wall sampler idle: no signal at all) and resume it, empty its trees (a reset) and
// copy them (a snapshot) without stopping it.
class Sampler {
public:
    static constexpr std::size_t kBufferBytes = 8 * 1024 * 1024;
    static constexpr std::size_t kMaxThreads = 100'000;

    // Null, after one line, when sampling cannot work in this JVM (AGCT is not exported).
    static Sampler* create(const Options& options);

    // JVMTI events.
    void on_vm_init(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread);
    void on_attach(jvmtiEnv* jvmti, JNIEnv* jni);
    void on_thread_start(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread);
    void on_thread_end(JNIEnv* jni, jthread thread);
    void on_vm_death(JNIEnv* jni);
    void on_class_prepare(jvmtiEnv* jvmti, jclass klass);
    void on_compiled_method_load(jmethodID method, jint code_size, const void* code_address);
    void on_compiled_method_unload(const void* code_address);
    void on_dynamic_code_generated(const char* name, const void* address, jint length);
    // GarbageCollectionStart/Finish (only enabled while tracing): a marker of thread 0 in the trace.
    void on_garbage_collection(bool start);

    // Tracing (trace=DIR): whether a trace is being written, and org.candor.api.Candor's markers
    // (trace_natives.cpp): a marker of the calling thread.
    bool tracing() const { return trace_ != nullptr; }
    void mark(std::uint8_t kind, const char* text, std::size_t bytes);

    // NativeSampler.running0() / drain0().
    bool running() const { return started_.load() && !stopped_.load(); }
    jobjectArray drain(JNIEnv* jni);

    // The control channel's natives (sampler_control.cpp), each from a Java thread, one at a time.
    // pause0(): every timer closed and the wall sampler idle, so no signal comes while paused;
    // threads that start meanwhile are registered and get their timer at the next resume. False
    // when not running.
    bool pause(JNIEnv* jni);
    // resume0(): a timer for every live thread again (after an attach also for the Java threads that
    // never bound their record: they are found again as at the attach). False when not running.
    bool resume(jvmtiEnv* jvmti, JNIEnv* jni);
    bool paused() const { return paused_flag_.load(); }
    // reset0(): every tree emptied (by the writer, after the samples already taken) and the
    // statistics of the samples start again from now. False when not running.
    bool reset();
    // snapshot0(reuse): drain0()'s parts for the trees as they are now; sampling goes on. The trees go
    // into the node arrays of `reuse` (an earlier result, or null) where they fit (drain_result.h).
    // Null when not running.
    jobjectArray snapshot(JNIEnv* jni, jobjectArray reuse);
    // ignoreCurrentThread0(): the calling Java thread (the agent's own, e.g. the control channel's
    // server) is not sampled: its record goes, its samples so far are left out of every result,
    // and no later attach or resume finds it again.
    void ignore_current_thread(JNIEnv* jni, jthread thread);
    // counters0(): a few figures for the control channel's status (sampler_natives.h, kCounter*).
    void counters(std::int64_t* out);

    // The agent threads' bodies.
    void run_writer(jvmtiEnv* jvmti, JNIEnv* jni);
    void run_wall_sampler(jvmtiEnv* jvmti);

private:
    Sampler(const Options& options, AsyncGetCallTraceFn agct);

    bool start(jvmtiEnv* jvmti, JNIEnv* jni);
    // Opens the trace directory when trace=DIR was given, for what samples with `timer`: the trace writer, or null
    // (none asked for; or on failure, after one line, and sampling goes on without).
    TraceWriter* open_trace(const SamplingEngine& timer);
    // Tracing: threads renamed since the last look get their new names in the trace (and the snapshot).
    void trace_renames(jvmtiEnv* jvmti, JNIEnv* jni);
    TimerChoice choose_timer();
    // One perf delivery's probe: 0 or errno; kernel time first (probe.kernel_error says how that went).
    int probe_delivery(pid_t tid, PerfDelivery delivery, TimerProbe& probe) const;
    void register_thread(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread);
    // register_self: the attaching thread samples itself too (not a resume from the control channel).
    void attach_existing_threads(jvmtiEnv* jvmti, JNIEnv* jni, bool register_self);
    void end_unbound_thread(JNIEnv* jni, jthread thread);
    bool is_own_thread(JNIEnv* jni, jthread thread) const;
    SampledThread* new_record(JNIEnv* jni, jthread thread, const void* seed) const;
    void unregister_locked(SampledThread& record);
    void free_record(JNIEnv* jni, SampledThread* record) const;
    bool arm_timer(SampledThread& thread, std::string& error);
    bool arm_timer_for(SampledThread& thread, std::string& error);
    // What both arm a thread's timer with: its next period (jittered while samples are spread).
    std::int64_t next_period(SampledThread& thread);
    // Closes the thread's timer: the CPU ns it counted since its accounting started.
    std::int64_t stop_timer(SampledThread& thread);
    void close_timer_locked(SampledThread& thread, std::int64_t user_now_ns);
    void restart_accounting_locked(SampledThread& thread);
    void open_stretch_locked(const SampledThread& thread, std::int64_t& cpu_ns, std::int64_t& user_ns) const;
    void retire_attach_tables_locked(std::vector<SampledThread*>& to_free);
    void count_armed(SampledThread& thread);
    bool is_ignored(JNIEnv* jni, jthread thread);
    void stop_sampling(JNIEnv* jni);
    jobjectArray result(JNIEnv* jni, const TreesCopy* copy, jobjectArray reuse);
    std::string thread_name(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) const;

    const Options options_;
    const AsyncGetCallTraceFn agct_;
    jvmtiEnv* jvmti_ = nullptr;
    jclass thread_class_ = nullptr;  // global reference to java.lang.Thread
    jmethodID thread_get_id_ = nullptr;
    jfieldID thread_eetop_ = nullptr;  // java.lang.Thread.eetop: the JavaThread*, null when the JVM has none
    // The field's name: "eetop", or (simulate=noeetop) one no JVM has, for the attach and the walks inside the VM alike.
    const char* eetop_field() const { return options_.simulate_no_eetop ? "eetop_candor_simulated_missing" : "eetop"; }
    jthread writer_thread_ = nullptr;
    jthread wall_thread_ = nullptr;

    SamplerStats stats_;
    SampleBuffer buffer_{kBufferBytes};
    CodeMap code_map_;
    SignalContext context_;
    ThreadRegistry registry_{kMaxThreads};
    SampleWriter writer_{buffer_, code_map_, stats_};
    std::unique_ptr<TraceWriter> trace_;  // trace=DIR and its directory opened; never destroyed while handlers run
    std::unique_ptr<WallSampler> wall_;
    TimerChoice timer_;
    // made from timer_ at start (with_trace: the trace writer's engine around it when tracing); never destroyed
    // (handlers may run at exit)
    std::unique_ptr<SamplingEngine> engine_;
    std::int64_t tick_ns_ = 0;

    std::atomic<bool> started_{false};
    std::atomic<bool> stopped_{false};
    std::atomic<bool> drained_{false};
    bool stopping_ = false;               // under registry_.mutex: no new thread gets a timer
    AttachTables* attach_ = nullptr;      // under registry_.mutex; also in context_.attach for the handler
    std::atomic<pid_t> writer_tid_{0};    // the agent's own threads: no attach timer for them
    std::atomic<pid_t> wall_tid_{0};
    std::atomic<bool> logged_timer_failure_{false};
    std::atomic<bool> replaying_compiled_methods_{false};  // on_attach: GenerateEvents(CompiledMethodLoad) runs

    // The control channel's side (sampler_control.cpp).
    std::mutex control_mutex_;            // pause, resume, reset, snapshot and drain, one at a time
    bool paused_ = false;                 // under registry_.mutex: ThreadStart arms no timer
    std::atomic<bool> paused_flag_{false};
    bool attached_ = false;               // the sampler started by an attach: resume finds unbound threads again
    SampleCounts window_start_;           // under control_mutex_: the counts at the last reset
    std::uint64_t tree_generation_ = 0;   // under control_mutex_: the resets so far (between two, trees only grow)
    TreesCopy snapshot_copy_;             // under control_mutex_: the last snapshot's copy, whose room the next reuses
    std::vector<jthread> ignored_;        // under registry_.mutex: global references of ignored threads
};

}  // namespace candor
