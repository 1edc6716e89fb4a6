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
#include "sampler/sample_buffer.h"
#include "sampler/sample_writer.h"
#include "sampler/sampler_stats.h"
#include "sampler/signal_handler.h"
#include "sampler/thread_registry.h"
#include "sampler/timer_choice.h"
#include "sampler/wall_sampler.h"

namespace candor {

// The AsyncGetCallTrace stack sampler: owns its parts and wires them to the JVMTI events
// (forwarded by jvmti_env.cpp) and to NativeSampler's natives (sampler_natives.cpp).
//
// Life: create() at load -> on_vm_init() (or on_attach()) starts it: crash guard, timer choice,
// signal handler, method ids, writer thread, and from then on every ThreadStart arms a timer for
// its thread; on_attach() also prepares the threads already running (attach_tables.h) -> drain()
// (or VMDeath) stops it for good. It is never destroyed: signal handlers
// and agent threads may still run while the process exits.
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

    // NativeSampler.running0() / drain0().
    bool running() const { return started_.load() && !stopped_.load(); }
    jobjectArray drain(JNIEnv* jni);

    // The agent threads' bodies.
    void run_writer(jvmtiEnv* jvmti, JNIEnv* jni);
    void run_wall_sampler(jvmtiEnv* jvmti);

private:
    Sampler(const Options& options, AsyncGetCallTraceFn agct);

    bool start(jvmtiEnv* jvmti, JNIEnv* jni);
    TimerChoice choose_timer();
    void register_thread(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread);
    void attach_existing_threads(jvmtiEnv* jvmti, JNIEnv* jni);
    void end_unbound_thread(JNIEnv* jni, jthread thread);
    bool is_own_thread(JNIEnv* jni, jthread thread) const;
    SampledThread* new_record(JNIEnv* jni, jthread thread, const void* seed) const;
    void unregister_locked(SampledThread& record);
    static void free_record(JNIEnv* jni, SampledThread* record);
    bool arm_timer(SampledThread& thread, std::string& error);
    std::int64_t stop_timer(SampledThread& thread);
    void stop_sampling(JNIEnv* jni);
    std::string thread_name(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) const;

    const Options options_;
    const AsyncGetCallTraceFn agct_;
    jvmtiEnv* jvmti_ = nullptr;
    jclass thread_class_ = nullptr;  // global reference to java.lang.Thread
    jmethodID thread_get_id_ = nullptr;
    jthread writer_thread_ = nullptr;
    jthread wall_thread_ = nullptr;

    SamplerStats stats_;
    SampleBuffer buffer_{kBufferBytes};
    CodeMap code_map_;
    SignalContext context_;
    ThreadRegistry registry_{kMaxThreads};
    SampleWriter writer_{buffer_, code_map_, stats_};
    std::unique_ptr<WallSampler> wall_;
    TimerChoice timer_;
    std::int64_t tick_ns_ = 0;

    std::atomic<bool> started_{false};
    std::atomic<bool> stopped_{false};
    std::atomic<bool> drained_{false};
    bool stopping_ = false;               // under registry_.mutex: no new thread gets a timer
    AttachTables* attach_ = nullptr;      // under registry_.mutex; also in context_.attach for the handler
    std::atomic<pid_t> writer_tid_{0};    // the agent's own threads: no attach timer for them
    std::atomic<pid_t> wall_tid_{0};
    std::atomic<bool> logged_timer_failure_{false};
};

}  // namespace candor
