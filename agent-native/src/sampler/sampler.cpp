#include "sampler/sampler.h"

#include "sampler/thread_user_time.h"

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "agent_thread.h"
#include "clock/monotonic.h"
#include "jvmti_env.h"
#include "log.h"
#include "sampler/cpu_timer.h"
#include "sampler/crash_guard.h"
#include "sampler/drain_result.h"
#include "sampler/jitter.h"
#include "sampler/method_ids.h"
#include "sampler/perf_timer.h"
#include "sampler/thread_env.h"
#include "sampler/thread_user_time.h"

namespace candor {

namespace {

constexpr const char kAgctSymbol[] = "AsyncGetCallTrace";
// What simulate=noagct looks up instead: a symbol no JVM exports.
constexpr const char kMissingSymbol[] = "AsyncGetCallTrace_candor_simulated_missing";

pid_t current_tid() { return static_cast<pid_t>(syscall(SYS_gettid)); }

int read_int_file(const char* path, int fallback) {
    std::FILE* file = std::fopen(path, "re");
    if (file == nullptr) return fallback;
    int value = fallback;
    if (std::fscanf(file, "%d", &value) != 1) value = fallback;
    std::fclose(file);
    return value;
}

// 0 when the kernel accepts the event, else errno. The probe event is never enabled.
int probe_perf(pid_t tid, std::int64_t period_ns, PerfDelivery delivery, bool kernel) {
    const int fd = perf_timer_open(tid, static_cast<std::uint64_t>(period_ns), delivery, kernel, false);
    if (fd < 0) return -fd;
    close(fd);
    return 0;
}

// The threads of this process (/proc/self/task).
std::vector<pid_t> own_tids() {
    std::vector<pid_t> tids;
    DIR* dir = opendir("/proc/self/task");
    if (dir == nullptr) return tids;
    while (const dirent* entry = readdir(dir)) {
        if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9') tids.push_back(static_cast<pid_t>(std::atoi(entry->d_name)));
    }
    closedir(dir);
    return tids;
}

void JNICALL writer_body(jvmtiEnv* jvmti, JNIEnv* jni, void* arg) { static_cast<Sampler*>(arg)->run_writer(jvmti, jni); }

void JNICALL wall_body(jvmtiEnv* jvmti, JNIEnv*, void* arg) { static_cast<Sampler*>(arg)->run_wall_sampler(jvmti); }

}  // namespace

Sampler* Sampler::create(const Options& options) {
    const AsyncGetCallTraceFn agct = find_async_get_call_trace(options.simulate_no_agct ? kMissingSymbol : kAgctSymbol);
    if (agct == nullptr) {
        log_line("AsyncGetCallTrace is not exported by this JVM; sampling is off");
        return nullptr;
    }
    return new Sampler(options, agct);
}

Sampler::Sampler(const Options& options, AsyncGetCallTraceFn agct) : options_(options), agct_(agct) {}

void Sampler::run_writer(jvmtiEnv* jvmti, JNIEnv* jni) {
    writer_tid_.store(current_tid());
    writer_.run(jvmti, jni);
}

void Sampler::run_wall_sampler(jvmtiEnv* jvmti) {
    wall_tid_.store(current_tid());
    wall_->run(jvmti);
}

TimerChoice Sampler::choose_timer() {
    if (options_.sample == SampleMode::Wall) {
        TimerChoice choice;
        choice.kind = TimerKind::Wall;
        choice.interval_ns = options_.interval_ns;
        choice.reason = "sample=wall";
        return choice;
    }
    TimerProbe probe;
    probe.tick_ns = tick_ns_;
    probe.perf_paranoid = read_int_file("/proc/sys/kernel/perf_event_paranoid", -100);
    const pid_t tid = current_tid();
    if (options_.timer != TimerMode::Ctimer) {
        if (should_probe_sigtrap(options_.perf_signal)) probe.sigtrap_error = probe_delivery(tid, PerfDelivery::Sigtrap, probe);
        if (should_probe_fasync(options_.perf_signal, probe.sigtrap_error)) {
            probe.fasync_error = probe_delivery(tid, PerfDelivery::Fasync, probe);
        }
    }
    const bool perf_works = probe.sigtrap_error == 0 || probe.fasync_error == 0;
    if (options_.timer == TimerMode::Ctimer || (options_.timer == TimerMode::Auto && !perf_works)) {
        probe.ctimer_error = ctimer_probe(tid);
    }
    return choose_cpu_timer(options_.timer, options_.perf_signal, probe, options_.interval_ns);
}

int Sampler::probe_delivery(pid_t tid, PerfDelivery delivery, TimerProbe& probe) const {
    if (options_.simulate_no_perf) return EACCES;
    return probe_perf_delivery(probe, [&](bool kernel) {
        if (kernel && options_.simulate_no_kernel) return EACCES;
        return probe_perf(tid, options_.interval_ns, delivery, kernel);
    });
}

bool Sampler::start(jvmtiEnv* jvmti, JNIEnv* jni) {
    jvmti_ = jvmti;
    if (!buffer_.valid()) {
        log_line("cannot map the %zu-byte sample buffer; sampling is off", kBufferBytes);
        return false;
    }
    jclass thread_class = jni->FindClass("java/lang/Thread");
    if (thread_class != nullptr) {
        thread_class_ = static_cast<jclass>(jni->NewGlobalRef(thread_class));
        // threadId() (JDK 19+) is final; getId() may be overridden, i.e. run user code in ThreadStart.
        thread_get_id_ = jni->GetMethodID(thread_class, "threadId", "()J");
        if (thread_get_id_ == nullptr) {
            jni->ExceptionClear();
            thread_get_id_ = jni->GetMethodID(thread_class, "getId", "()J");
        }
        // The JavaThread lets a walk of a thread inside the VM start from its frame anchor (signal_handler.cpp).
        thread_eetop_ = jni->GetFieldID(thread_class, eetop_field(), "J");
        if (thread_eetop_ == nullptr) jni->ExceptionClear();
        jni->DeleteLocalRef(thread_class);
    }
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    if (thread_class_ == nullptr || thread_get_id_ == nullptr) {
        log_line("cannot find java.lang.Thread.threadId() or getId(); sampling is off");
        return false;
    }

    tick_ns_ = kernel_tick_ns();
    timer_ = choose_timer();
    if (!timer_.message.empty()) log_line("%s", timer_.message.c_str());
    std::unique_ptr<SamplingEngine> timer = make_engine(timer_.kind, timer_.counts_kernel);
    if (timer == nullptr) return false;
    TraceWriter* trace = open_trace(*timer);
    engine_ = with_trace(std::move(timer), trace);

    context_.agct = agct_;
    context_.vm_layout = find_thread_layout();
    context_.method_layout = find_method_layout();
    context_.depth = options_.depth;
    context_.buffer = &buffer_;
    context_.code_map = &code_map_;
    context_.stats = &stats_;
    context_.engine = engine_.get();
    context_.pid = getpid();
    context_.interval_ns = timer_.interval_ns;
    context_.crash_every = static_cast<std::uint32_t>(options_.crash_test);
    context_.samples_per_period = engine_->samples_per_new_period(timer_.interval_ns, tick_ns_);

    code_map_.publish();
    if (!install_crash_guard()) {
        log_line("cannot install the crash guard (sigaction: %s); sampling is off", std::strerror(errno));
        return false;
    }
    if (!install_sample_handler(&context_)) {
        log_line("cannot install the sampling signal handler (sigaction: %s); sampling is off", std::strerror(errno));
        return false;
    }
    preload_loaded_method_ids(jvmti, jni);

    writer_.set_node_limit(static_cast<std::size_t>(options_.max_nodes));
    if (!start_agent_thread(jvmti, jni, "candor-sampler-writer", writer_body, this, &writer_thread_)) return false;
    writer_.mark_started();
    if (!engine_->cpu()) {
        wall_ = std::make_unique<WallSampler>(registry_, stats_, timer_.interval_ns, options_.wall_threads, getpid());
        if (!start_agent_thread(jvmti, jni, "candor-wall-sampler", wall_body, this, &wall_thread_)) {
            writer_.request_stop();
            return false;
        }
        wall_->mark_started();
    }
    context_.enabled.store(true);
    started_.store(true);
    if (options_.verbose) {
        log_line("stack walks of threads inside the VM: %s",
                 context_.vm_layout.valid && thread_eetop_ != nullptr
                     ? "from their frame anchor when it lacks its pc (gHotSpotVMStructs)"
                     : "AGCT only (no gHotSpotVMStructs or Thread.eetop)");
        log_line("sampling %s every %lld ns with %s (%s), depth %d%s%s", sample_mode_name(options_.sample),
                 static_cast<long long>(timer_.interval_ns), engine_->name(), timer_.reason.c_str(), options_.depth,
                 timer_.time_counted.empty() ? "" : "; ", timer_.time_counted.c_str());
    }
    return true;
}

TraceWriter* Sampler::open_trace(const SamplingEngine& timer) {
    if (options_.trace_dir.empty()) return nullptr;
    auto namer = [this](std::uint32_t slot, std::string& name, std::int64_t& java_id) {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        if (slot >= registry_.slots.size()) return false;
        name = registry_.slots[slot].name;
        java_id = registry_.slots[slot].java_id;
        return true;
    };
    const bool counts_kernel = timer.cpu() ? timer.counts_kernel() : true;
    auto trace = std::make_unique<TraceWriter>(options_.trace_dir, timer_.interval_ns, sample_mode_name(options_.sample),
                                               counts_kernel, namer);
    std::string error;
    if (!trace->open(error)) {
        log_line("%s; sampling goes on without a trace", error.c_str());
        return nullptr;
    }
    trace_ = std::move(trace);
    writer_.set_trace(trace_.get());
    writer_.set_rename_check([this](jvmtiEnv* jvmti, JNIEnv* jni) { trace_renames(jvmti, jni); });
    if (options_.verbose) log_line("tracing every thread's periods into %s", options_.trace_dir.c_str());
    return trace_.get();
}

void Sampler::trace_renames(jvmtiEnv* jvmti, JNIEnv* jni) {
    struct Renamed {
        pid_t tid;
        jlong java_id;
        std::string name;
    };
    std::vector<Renamed> renamed;
    {
        // GetThreadInfo of each live thread: a few microseconds a thread, once a second.
        std::lock_guard<std::mutex> lock(registry_.mutex);
        for (SampledThread* record : registry_.live) {
            if (!record->bound.load(std::memory_order_acquire) || record->slot >= registry_.slots.size()) continue;
            ThreadSlot& slot = registry_.slots[record->slot];
            if (slot.thread_ref == nullptr) continue;
            std::string name = thread_name(jvmti, jni, slot.thread_ref);
            if (name.empty() || name == slot.name) continue;
            slot.name = name;
            renamed.push_back({record->tid, slot.java_id, std::move(name)});
        }
    }
    for (const Renamed& r : renamed) trace_->rename_thread(r.tid, r.java_id, r.name);
}

void Sampler::mark(std::uint8_t kind, const char* text, std::size_t bytes) {
    if (trace_ == nullptr || !running()) return;
    const SampledThread* self = g_current_thread;
    write_marker(trace_->buffer(), current_tid(), self != nullptr ? self->slot : kNoSlot, kind, text, bytes);
}

void Sampler::on_garbage_collection(bool start) {
    if (trace_ == nullptr || !running()) return;
    write_marker(trace_->buffer(), 0, kNoSlot, start ? trace_format::GcBegin : trace_format::GcEnd, nullptr, 0);
}

void Sampler::on_vm_init(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    if (!start(jvmti, jni)) return;
    // The VMInit thread runs main(); it had no ThreadStart of its own.
    register_thread(jvmti, jni, thread);
}

void Sampler::on_attach(jvmtiEnv* jvmti, JNIEnv* jni) {
    // Code generated before the agent arrived; the events go to our callbacks during these calls.
    jvmti->GenerateEvents(JVMTI_EVENT_DYNAMIC_CODE_GENERATED);
    // Compiled before the CompiledMethodLoad event was enabled, so without the JIT's debug information between
    // safepoints (the VM records it only while that event is on): counted, for the snapshot to say so.
    replaying_compiled_methods_.store(true);
    jvmti->GenerateEvents(JVMTI_EVENT_COMPILED_METHOD_LOAD);
    replaying_compiled_methods_.store(false);
    if (!start(jvmti, jni)) return;
    attached_ = true;
    attach_existing_threads(jvmti, jni, true);
}

bool Sampler::is_own_thread(JNIEnv* jni, jthread thread) const {
    return (writer_thread_ != nullptr && jni->IsSameObject(thread, writer_thread_)) ||
           (wall_thread_ != nullptr && jni->IsSameObject(thread, wall_thread_));
}

std::string Sampler::thread_name(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) const {
    jvmtiThreadInfo info;
    std::memset(&info, 0, sizeof info);
    if (jvmti->GetThreadInfo(thread, &info) != JVMTI_ERROR_NONE) return {};
    std::string name = info.name != nullptr ? info.name : "";
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(info.name));
    if (info.thread_group != nullptr) jni->DeleteLocalRef(info.thread_group);
    if (info.context_class_loader != nullptr) jni->DeleteLocalRef(info.context_class_loader);
    return name;
}

void Sampler::on_thread_start(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) { register_thread(jvmti, jni, thread); }

SampledThread* Sampler::new_record(JNIEnv* jni, jthread thread, const void* seed) const {
    auto* record = new SampledThread();
    record->frames = new ASGCT_CallFrame[static_cast<std::size_t>(options_.depth)];
    record->jitter = Jitter(reinterpret_cast<std::uintptr_t>(seed) ^ (reinterpret_cast<std::uintptr_t>(record) << 16) ^
                            static_cast<std::uint64_t>(read_monotonic_ns()));
    record->crash_countdown = static_cast<std::uint32_t>(options_.crash_test);
    record->samples_until_new_period = context_.samples_per_period;
    record->thread_ref = static_cast<jthread>(jni->NewGlobalRef(thread));
    if (thread_eetop_ != nullptr) record->vm_thread = reinterpret_cast<char*>(jni->GetLongField(thread, thread_eetop_));
    return record;
}

void Sampler::unregister_locked(SampledThread& record) {
    ThreadSlot& slot = registry_.slots[record.slot];
    slot.alive = false;
    slot.thread_ref = nullptr;
    registry_.remove_live(&record);
}

void Sampler::free_record(JNIEnv* jni, SampledThread* record) const {
    if (engine_ != nullptr) engine_->thread_freed(*record);
    if (jni != nullptr && record->thread_ref != nullptr) jni->DeleteGlobalRef(record->thread_ref);
    delete[] record->frames;
    delete record;
}

void Sampler::register_thread(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    if (!started_.load() || stopped_.load() || g_current_thread != nullptr) return;
    if (is_own_thread(jni, thread)) return;

    const jlong java_id = jni->CallLongMethod(thread, thread_get_id_);
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    const std::string name = thread_name(jvmti, jni, thread);
    const pid_t tid = current_tid();

    std::vector<SampledThread*> to_free;
    std::string timer_error;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        SampledThread* record = nullptr;
        bool from_attach = false;
        AttachTimer* attach_timer = nullptr;
        if (!stopping_ && attach_ != nullptr) {
            // A thread that was there at the attach (its record waits in the table, maybe a timer on
            // its tid too) but reaches ThreadStart only now; its signal handler may interrupt this.
            attach_timer = attach_->find_timer(tid);
            AttachThread* entry = attach_->find_thread(jni);
            if (entry != nullptr && entry->state.load() == AttachThreadState::Unbound) {
                if (jni->IsSameObject(thread, entry->record->thread_ref)) {
                    if (claim_attach_thread(*entry)) {
                        record = entry->record;
                        from_attach = true;
                    }
                } else if (retire_attach_thread(*entry)) {
                    // The record of a thread that ended unbound; its JNIEnv is this thread's now.
                    unregister_locked(*entry->record);
                    to_free.push_back(entry->record);
                }
            }
        }
        if (stopping_ || g_current_thread != nullptr) {
            // Sampling ended, or the thread's first signal bound its attach record meanwhile.
        } else {
            if (record == nullptr) {
                record = new_record(jni, thread, jni);
                std::uint32_t slot = 0;
                if (registry_.add_slot(java_id, name, record->thread_ref, slot)) {
                    record->slot = slot;
                    registry_.add_live(record);
                } else {
                    bump(stats_.threads_over_limit);
                    to_free.push_back(record);
                    record = nullptr;
                }
            }
            if (record != nullptr) {
                record->jni = jni;
                record->tid = tid;
                engine_->thread_bound(*record);  // before its timer can tick
                g_current_thread = record;  // before the timer can fire
                std::atomic_signal_fence(std::memory_order_seq_cst);
                if (paused_) {
                    // Sampling is paused (and no attach table is left): the next resume arms its timer.
                    record->bound.store(true, std::memory_order_release);
                } else if ((attach_timer != nullptr && adopt_attach_timer(*attach_timer, *record, true)) ||
                           arm_timer(*record, timer_error)) {
                    // The timer the attach opened on this thread, if any, else a new one.
                    record->bound.store(true, std::memory_order_release);
                    count_armed(*record);
                    if (from_attach) bump(stats_.attach_bound);
                } else {
                    g_current_thread = nullptr;
                    std::atomic_signal_fence(std::memory_order_seq_cst);
                    unregister_locked(*record);
                    to_free.push_back(record);
                    bump(stats_.timer_failed);
                }
            }
        }
    }
    if (!timer_error.empty() && !logged_timer_failure_.exchange(true)) {
        log_line("cannot arm the sampling timer of thread '%s': %s; threads without a timer are not sampled",
                 name.c_str(), timer_error.c_str());
    }
    for (SampledThread* record : to_free) free_record(jni, record);
}

void Sampler::attach_existing_threads(jvmtiEnv* jvmti, JNIEnv* jni, bool register_self) {
    JavaVM* vm = nullptr;
    jthread self = nullptr;
    if (jni->GetJavaVM(&vm) != JNI_OK || jvmti->GetCurrentThread(&self) != JVMTI_ERROR_NONE) return;
    // The attaching thread (the attach listener) arms its own timer, as in ThreadStart.
    if (register_self) register_thread(jvmti, jni, self);

    ThreadEnvFinder finder;
    const bool envs = finder.init(jni, thread_class_, self, eetop_field());
    struct Candidate {
        jthread ref;
        JNIEnv* env;
        jlong java_id;
        std::string name;
    };
    std::vector<Candidate> candidates;
    std::size_t unsampled = 0;
    jint count = 0;
    jthread* threads = nullptr;
    if (jvmti->GetAllThreads(&count, &threads) == JVMTI_ERROR_NONE) {
        for (jint i = 0; i < count; i++) {
            const jthread thread = threads[i];
            if (!jni->IsSameObject(thread, self) && !is_own_thread(jni, thread) && !is_ignored(jni, thread)) {
                JNIEnv* env = envs ? finder.env_of(jni, thread) : nullptr;
                if (env == nullptr) {
                    unsampled++;
                } else {
                    const jlong java_id = jni->CallLongMethod(thread, thread_get_id_);
                    if (jni->ExceptionCheck()) jni->ExceptionClear();
                    candidates.push_back({static_cast<jthread>(jni->NewGlobalRef(thread)), env, java_id,
                                          thread_name(jvmti, jni, thread)});
                }
            }
            jni->DeleteLocalRef(thread);
        }
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(threads));
    }
    jni->DeleteLocalRef(self);
    stats_.attach_unsampled.fetch_add(unsampled);
    if (!envs && options_.verbose) {
        log_line("the %zu Java threads running at the attach are not sampled: %s", unsampled, finder.why().c_str());
    }

    const bool wall = !engine_->cpu();
    std::size_t prepared = 0;
    std::size_t timers = 0;
    std::size_t timers_failed = 0;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        // Threads that registered in ThreadStart meanwhile have a record and a timer of their own.
        std::unordered_set<const JNIEnv*> registered_envs;
        std::unordered_set<pid_t> registered_tids{writer_tid_.load(), wall_tid_.load()};
        for (const SampledThread* record : registry_.live) {
            registered_envs.insert(record->jni);
            registered_tids.insert(record->tid);
        }
        std::vector<std::pair<JNIEnv*, SampledThread*>> records;
        std::vector<pid_t> tids;
        std::unordered_map<pid_t, ThreadTimer> opened;
        Jitter jitter(static_cast<std::uint64_t>(read_monotonic_ns()) ^ static_cast<std::uint64_t>(getpid()));
        if (!stopping_ && !candidates.empty()) {
            // Every thread of the process without a record: a timer, not running yet (wall mode: a bind signal later).
            for (pid_t tid : own_tids()) {
                if (registered_tids.count(tid) != 0) continue;
                if (wall) {
                    tids.push_back(tid);
                    continue;
                }
                ThreadTimer timer;
                const std::int64_t period =
                    context_.samples_per_period != 0 ? jitter.next(timer_.interval_ns) : timer_.interval_ns;
                if (engine_->open_for(tid, period, false, timer) == 0) {
                    opened[tid] = timer;
                    tids.push_back(tid);
                } else {
                    timers_failed++;
                }
            }
            // Only threads alive now, after the timers: a JNIEnv of a thread that ended before could
            // belong to a new thread by now (one that may have got a timer above).
            for (Candidate& candidate : candidates) {
                jint state = 0;
                const bool alive = jvmti->GetThreadState(candidate.ref, &state) == JVMTI_ERROR_NONE &&
                                   (state & JVMTI_THREAD_STATE_ALIVE) != 0;
                if (!alive || registered_envs.count(candidate.env) != 0) continue;
                SampledThread* record = new_record(jni, candidate.ref, candidate.env);
                std::uint32_t slot = 0;
                if (!registry_.add_slot(candidate.java_id, candidate.name, record->thread_ref, slot)) {
                    bump(stats_.threads_over_limit);
                    free_record(jni, record);
                    continue;
                }
                record->slot = slot;
                record->jni = candidate.env;
                record->bound.store(false);
                registry_.add_live(record);
                records.emplace_back(candidate.env, record);
            }
        }
        if (!records.empty()) {
            prepared = records.size();
            auto* tables = new AttachTables(vm, std::move(records), std::move(tids));
            // Wall mode: no timer (timer.engine null), a bind signal below.
            if (!wall) {
                for (std::size_t i = 0; i < tables->timer_count(); i++) tables->timer(i).timer = opened[tables->timer(i).tid];
            }
            attach_ = tables;
            context_.attach.store(tables, std::memory_order_release);
            // Now that a thread can find its record, the timers run.
            for (std::size_t i = 0; i < tables->timer_count(); i++) {
                AttachTimer& entry = tables->timer(i);
                const std::int64_t user = user_ns_of(entry.tid);
                bool running = user >= 0;
                entry.timer.user_at_start_ns = user >= 0 ? user : 0;
                if (running && !wall) {
                    entry.timer.cpu_at_start_ns = engine_->read_cpu_ns(entry.timer);
                    running = engine_->enable(entry.timer);
                } else if (running) {
                    running = syscall(SYS_tgkill, getpid(), entry.tid, SIGPROF) == 0;  // wall: bind
                }
                if (running) {
                    timers++;
                } else {
                    close_attach_timer(entry);  // the thread ended meanwhile
                }
            }
        } else {
            for (auto& timer : opened) engine_->close(timer.second);
        }
    }
    for (Candidate& candidate : candidates) jni->DeleteGlobalRef(candidate.ref);
    stats_.attach_threads.fetch_add(prepared);
    stats_.attach_timers.fetch_add(timers);
    if (options_.verbose) {
        log_line("attach: %zu Java threads already running are sampled from their first %s (%zu without a JNIEnv); "
                 "%s %zu threads of the process%s",
                 prepared, wall ? "signal" : "sample", unsampled, wall ? "bind signals sent to" : "timers on", timers,
                 timers_failed != 0 ? (", " + std::to_string(timers_failed) + " timers failed").c_str() : "");
    }
}

std::int64_t Sampler::next_period(SampledThread& thread) {
    return context_.samples_per_period != 0 ? thread.jitter.next(timer_.interval_ns) : timer_.interval_ns;
}

bool Sampler::arm_timer(SampledThread& thread, std::string& error) {
    thread.timer.user_at_start_ns = own_user_ns();  // on the thread itself, before its first sample
    // The first period is jittered too: threads started together do not sample in step.
    const int result = engine_->open_own(thread.tid, next_period(thread), thread.timer);
    if (result == 0) return true;
    error = std::string(engine_->open_call()) + " " + errno_text(result);
    return false;
}

std::int64_t Sampler::stop_timer(SampledThread& thread) {
    const SamplingEngine* engine = thread.timer.engine;
    if (engine == nullptr) return 0;
    const std::int64_t used = engine->close(thread.timer) - thread.timer.cpu_at_start_ns;
    return used > 0 ? used : 0;
}

void Sampler::on_thread_end(JNIEnv* jni, jthread thread) {
    SampledThread* record = g_current_thread;
    if (record == nullptr) {
        end_unbound_thread(jni, thread);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        close_timer_locked(*record, own_user_ns());
        unregister_locked(*record);
    }
    if (running()) engine_->thread_ending(*record);
    // A signal still pending for this thread finds no record from here on and is only counted.
    g_current_thread = nullptr;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    free_record(jni, record);
}

void Sampler::end_unbound_thread(JNIEnv* jni, jthread thread) {
    SampledThread* record = nullptr;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        if (attach_ == nullptr) return;
        // A thread from the attach that never bound its record (it never ran a whole period).
        // Retired first: a signal that comes now cannot bind it any more, only disable the timer.
        AttachThread* entry = attach_->find_thread(jni);
        if (entry != nullptr && entry->state.load() == AttachThreadState::Unbound &&
            jni->IsSameObject(thread, entry->record->thread_ref) && retire_attach_thread(*entry)) {
            record = entry->record;
            unregister_locked(*record);
        }
        if (AttachTimer* timer = attach_->find_timer(current_tid())) close_attach_timer(*timer);
    }
    if (record != nullptr) free_record(jni, record);
}

void Sampler::stop_sampling(JNIEnv* jni) {
    if (!started_.load() || stopped_.exchange(true)) return;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        stopping_ = true;
    }
    if (wall_) {
        wall_->request_stop();
        wall_->wait_stopped();
    }
    disable_and_wait(&context_);
    std::vector<SampledThread*> to_free;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        for (SampledThread* thread : registry_.live) {
            if (!thread->bound.load(std::memory_order_acquire)) continue;  // an attach record never bound
            close_timer_locked(*thread, user_ns_of(thread->tid));
        }
        retire_attach_tables_locked(to_free);
    }
    for (SampledThread* record : to_free) free_record(jni, record);
}

void Sampler::retire_attach_tables_locked(std::vector<SampledThread*>& to_free) {
    if (attach_ == nullptr) return;
    // No handler runs any more: what the attach left unbound is freed and closed, then the tables.
    for (std::size_t i = 0; i < attach_->thread_count(); i++) {
        AttachThread& entry = attach_->thread(i);
        if (retire_attach_thread(entry)) {
            unregister_locked(*entry.record);
            to_free.push_back(entry.record);
        }
    }
    for (std::size_t i = 0; i < attach_->timer_count(); i++) close_attach_timer(attach_->timer(i));
    context_.attach.store(nullptr);
    delete attach_;
    attach_ = nullptr;
}

void Sampler::close_timer_locked(SampledThread& thread, std::int64_t user_now_ns) {
    if (thread.timer.engine == nullptr) return;  // registered while paused, or closed already
    ThreadSlot& slot = registry_.slots[thread.slot];
    slot.sampled_cpu_ns += stop_timer(thread);
    if (user_now_ns >= thread.timer.user_at_start_ns) slot.sampled_user_ns += user_now_ns - thread.timer.user_at_start_ns;
}

void Sampler::count_armed(SampledThread& thread) {
    if (thread.counted) return;
    thread.counted = true;
    bump(stats_.threads_sampled);
}

void Sampler::on_vm_death(JNIEnv* jni) {
    // Not while a control command runs: a resume must not arm timers again after this.
    std::lock_guard<std::mutex> control(control_mutex_);
    stop_sampling(jni);
    writer_.request_stop();
}

void Sampler::on_class_prepare(jvmtiEnv* jvmti, jclass klass) { preload_method_ids(jvmti, klass); }

void Sampler::on_compiled_method_load(jmethodID method, jint code_size, const void* code_address) {
    code_map_.add_method(code_address, static_cast<std::size_t>(code_size), method);
    if (replaying_compiled_methods_.load()) bump(stats_.attach_compiled_before);
}

void Sampler::on_compiled_method_unload(const void* code_address) { code_map_.remove_method(code_address); }

void Sampler::on_dynamic_code_generated(const char* name, const void* address, jint length) {
    code_map_.add_stub(address, static_cast<std::size_t>(length), name);
}

jobjectArray Sampler::drain(JNIEnv* jni) {
    std::lock_guard<std::mutex> control(control_mutex_);
    if (!started_.load() || drained_.exchange(true)) return nullptr;
    stop_sampling(jni);
    writer_.request_stop();
    writer_.wait_stopped();
    return result(jni, nullptr, nullptr);
}

jobjectArray Sampler::result(JNIEnv* jni, const TreesCopy* copy, jobjectArray reuse) {
    DrainResult result;
    result.tree_generation = tree_generation_;
    result.methods = copy != nullptr ? &copy->methods : &writer_.methods().methods();
    result.interval_ns = timer_.interval_ns;
    std::int64_t sampled_cpu_ns = 0;
    std::int64_t sampled_user_ns = 0;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        for (ThreadSlot& slot : registry_.slots) {
            sampled_cpu_ns += slot.sampled_cpu_ns;
            sampled_user_ns += slot.sampled_user_ns;
            if (slot.alive && slot.thread_ref != nullptr) {
                const std::string name = thread_name(jvmti_, jni, slot.thread_ref);  // threads rename themselves
                if (!name.empty()) slot.name = name;
            }
        }
        // A snapshot while sampling goes on: the stretches the timers have run since they were armed.
        for (const SampledThread* thread : registry_.live) {
            if (thread->bound.load(std::memory_order_acquire)) open_stretch_locked(*thread, sampled_cpu_ns, sampled_user_ns);
        }
        if (copy != nullptr) {
            for (const TreeCopy& tree : copy->trees) {
                const ThreadSlot& slot = registry_.slots[tree.slot];
                if (!slot.ignored) result.threads.push_back(DrainThread{slot.java_id, slot.name, &tree.nodes});
            }
        } else {
            const auto& trees = writer_.trees();
            for (std::size_t i = 0; i < registry_.slots.size() && i < trees.size(); i++) {
                const ThreadSlot& slot = registry_.slots[i];
                if (!slot.ignored && trees[i] && trees[i]->samples() > 0) {
                    result.threads.push_back(DrainThread{slot.java_id, slot.name, &trees[i]->nodes()});
                }
            }
        }
    }
    const SampleCounts counts = SampleCounts::read(stats_).since(window_start_);
    const std::uint64_t running = copy != nullptr ? copy->running : stats_.running.load();
    const std::uint64_t waiting = copy != nullptr ? copy->waiting : stats_.waiting.load();
    const std::uint64_t beyond_budget = copy != nullptr ? copy->beyond_budget : stats_.beyond_budget.load();
    const std::uint64_t nodes = copy != nullptr ? copy->nodes : writer_.nodes();

    const bool cpu = engine_->cpu();
    // Without kernel time (perf at perf_event_paranoid >= 2) a period that ends in the kernel is no
    // sample, so only user time asks for samples (thread_user_time.h).
    const bool counts_kernel = cpu && engine_->counts_kernel();
    const std::int64_t expected_ns = counts_kernel ? sampled_cpu_ns : sampled_user_ns;
    const std::int64_t expected = cpu ? (expected_ns + timer_.interval_ns / 2) / timer_.interval_ns
                                      : static_cast<std::int64_t>(counts.wall_signals);
    auto& stats = result.stats;
    auto add = [&stats](const char* name, std::uint64_t value) { stats.emplace_back(name, static_cast<std::int64_t>(value)); };
    add("samples.expected", static_cast<std::uint64_t>(expected));
    add("samples.delivered", counts.delivered);
    add("samples.recorded", counts.recorded);
    add("samples.attributed_by_pc", counts.attributed_by_pc);
    add("samples.recovered",
        counts.recovered_in_method + counts.recovered_in_stub + counts.recovered_in_vm + counts.recovered_vm_leaf);
    add("samples.recovered.compiled_method", counts.recovered_in_method);
    add("samples.recovered.stub", counts.recovered_in_stub);
    add("samples.recovered.in_vm", counts.recovered_in_vm);
    add("samples.recovered.entered_method", counts.entered_method);
    add("samples.recovered.vm_leaf", counts.recovered_vm_leaf);
    add("samples.crash_guard", counts.crash_guard);
    add("samples.truncated", counts.truncated);
    add("samples.running", running);
    add("samples.waiting", waiting);
    add("samples.discarded.not_java_thread", counts.not_java_thread);
    add("samples.dropped.buffer_full", counts.buffer_full);
    add("samples.dropped.signal_pending", counts.wall_still_pending);
    add("samples.beyond_budget", beyond_budget);
    for (int slot = 0; slot < kAgctFailureSlots; slot++) {
        stats.emplace_back(std::string("samples.failed.") + agct_failure_name(slot),
                           static_cast<std::int64_t>(counts.failed[slot]));
    }
    add("threads.sampled", stats_.threads_sampled.load());
    add("threads.with_samples", result.threads.size());
    add("threads.timer_failed", stats_.timer_failed.load());
    add("threads.over_limit", stats_.threads_over_limit.load());
    add("attach.threads", stats_.attach_threads.load());
    add("attach.threads_bound", stats_.attach_bound.load());
    add("attach.threads_unsampled", stats_.attach_unsampled.load());
    add("attach.timers", stats_.attach_timers.load());
    add("attach.timers_disabled", stats_.attach_timers_disabled.load());
    add("attach.methods_compiled_before", stats_.attach_compiled_before.load());
    add("mode.cpu", options_.sample == SampleMode::Cpu);
    add("mode.wall", options_.sample == SampleMode::Wall);
    add("timer.perf_sigtrap", timer_.kind == TimerKind::PerfSigtrap);
    add("timer.perf_fasync", timer_.kind == TimerKind::PerfFasync);
    add("timer.ctimer", timer_.kind == TimerKind::Ctimer);
    add("timer.wall", timer_.kind == TimerKind::Wall);
    add("timer.period_changes", stats_.period_changes.load());
    add("interval.requested_ns", static_cast<std::uint64_t>(options_.interval_ns));
    add("interval.ns", static_cast<std::uint64_t>(timer_.interval_ns));
    add("kernel.tick_ns", static_cast<std::uint64_t>(tick_ns_));
    add("cpu.sampled_ns", static_cast<std::uint64_t>(sampled_cpu_ns));
    add("cpu.sampled_user_ns", static_cast<std::uint64_t>(sampled_user_ns));
    add("cpu.counts_kernel", counts_kernel);
    add("depth", static_cast<std::uint64_t>(options_.depth));
    add("buffer.bytes", buffer_.capacity());
    add("tree.nodes", nodes);
    add("tree.node_limit", writer_.node_limit());
    add("methods", result.methods->size());
    add("methods.over_limit", copy != nullptr ? copy->methods_over_limit : writer_.methods().over_limit());
    add("code_map.entries", code_map_.published_entries());
    add("code_map.publications", code_map_.publications());
    if (trace_ != nullptr) {
        add("trace.records", trace_->records());
        add("trace.dropped", trace_->dropped());
        add("trace.write_failed", trace_->failed());
    }
    return drain_result_to_java(jni, result, reuse);
}

}  // namespace candor
