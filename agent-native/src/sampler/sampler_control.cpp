// What the session's control channel asks of a running sampler (NativeSampler's pause0, resume0,
// reset0, snapshot0, ignoreCurrentThread0 and counters0): each from a Java thread of the agent,
// one at a time (control_mutex_), while signal handlers and the writer go on.
#include "sampler/sampler.h"

#include <sys/syscall.h>
#include <unistd.h>

#include "log.h"
#include "sampler/sampler_natives.h"
#include "sampler/thread_user_time.h"

namespace candor {

bool Sampler::pause(JNIEnv* jni) {
    std::lock_guard<std::mutex> control(control_mutex_);
    if (!running()) return false;
    if (paused_flag_.load()) return true;
    if (options_.simulate_ignore_pause) {
        // The alternative measured against (test hook): every timer runs on, every signal returns at once.
        context_.ignoring.store(true);
        paused_flag_.store(true);
        return true;
    }
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        paused_ = true;  // from here on ThreadStart registers a thread without arming its timer
    }
    paused_flag_.store(true);
    if (wall_) wall_->set_paused(true);
    // Disarming rather than ignoring: a signal that only returns still costs the thread the kernel's
    // timer and signal path (bench/sampling/timer_floor.c), at every interval, for as long as it is paused.
    disable_and_wait(&context_);
    std::vector<SampledThread*> to_free;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        for (SampledThread* thread : registry_.live) {
            if (thread->bound.load(std::memory_order_acquire)) close_timer_locked(*thread, user_ns_of(thread->tid));
        }
        // Threads of an attach that never ran a whole period give their records and timers back; a
        // resume finds them again as the attach did.
        retire_attach_tables_locked(to_free);
    }
    for (SampledThread* record : to_free) free_record(jni, record);
    return true;
}

bool Sampler::resume(jvmtiEnv* jvmti, JNIEnv* jni) {
    std::lock_guard<std::mutex> control(control_mutex_);
    if (!running()) return false;
    if (!paused_flag_.load()) return true;
    if (context_.ignoring.load()) {
        context_.ignoring.store(false);
        paused_flag_.store(false);
        return true;
    }
    std::string error;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        paused_ = false;
        for (SampledThread* thread : registry_.live) {
            if (!thread->bound.load(std::memory_order_acquire) || thread->timer.engine != nullptr) continue;
            if (arm_timer_for(*thread, error)) {
                count_armed(*thread);
            } else if (!error.empty()) {
                bump(stats_.timer_failed);
            }
        }
    }
    paused_flag_.store(false);
    context_.enabled.store(true);
    if (wall_) wall_->set_paused(false);
    if (attached_) attach_existing_threads(jvmti, jni, false);
    if (!error.empty() && !logged_timer_failure_.exchange(true)) {
        log_line("cannot arm a sampling timer again: %s; threads without a timer are not sampled", error.c_str());
    }
    return true;
}

bool Sampler::arm_timer_for(SampledThread& thread, std::string& error) {
    error.clear();
    const std::int64_t user = user_ns_of(thread.tid);
    thread.timer.user_at_start_ns = user >= 0 ? user : 0;
    // The handlers are disabled until the caller enables them: the jitter is not in use.
    const int result = engine_->open_for(thread.tid, next_period(thread), true, thread.timer);
    if (result == 0) return true;
    if (!engine_->thread_ended(result)) error = std::string(engine_->open_call()) + " " + errno_text(result);
    return false;
}

bool Sampler::reset() {
    std::lock_guard<std::mutex> control(control_mutex_);
    if (!running()) return false;
    // The counts first, then the trees: a sample taken in between is counted as delivered but
    // emptied with the trees, so what the trees hold never exceeds what the counts say was delivered.
    const SampleCounts start = SampleCounts::read(stats_);
    if (!writer_.reset_trees()) return false;
    tree_generation_++;
    snapshot_copy_ = TreesCopy{};  // room for trees that are gone
    std::lock_guard<std::mutex> lock(registry_.mutex);
    window_start_ = start;
    for (ThreadSlot& slot : registry_.slots) {
        slot.sampled_cpu_ns = 0;
        slot.sampled_user_ns = 0;
    }
    for (SampledThread* thread : registry_.live) {
        if (thread->bound.load(std::memory_order_acquire)) restart_accounting_locked(*thread);
    }
    return true;
}

void Sampler::restart_accounting_locked(SampledThread& thread) {
    ThreadTimer& timer = thread.timer;
    if (timer.engine == nullptr) return;
    const std::int64_t user = user_ns_of(thread.tid);
    if (user >= 0) timer.user_at_start_ns = user;
    timer.cpu_at_start_ns = timer.engine->read_cpu_ns(timer);
}

void Sampler::open_stretch_locked(const SampledThread& thread, std::int64_t& cpu_ns, std::int64_t& user_ns) const {
    const ThreadTimer& timer = thread.timer;
    if (timer.engine == nullptr) return;
    const std::int64_t user = user_ns_of(thread.tid);
    if (user >= timer.user_at_start_ns) user_ns += user - timer.user_at_start_ns;
    const std::int64_t cpu = timer.engine->read_cpu_ns(timer) - timer.cpu_at_start_ns;
    if (cpu > 0) cpu_ns += cpu;
}

jobjectArray Sampler::snapshot(JNIEnv* jni, jobjectArray reuse) {
    std::lock_guard<std::mutex> control(control_mutex_);
    if (!running()) return nullptr;
    if (!writer_.copy_trees(snapshot_copy_)) return nullptr;
    return result(jni, &snapshot_copy_, reuse);
}

void Sampler::ignore_current_thread(JNIEnv* jni, jthread thread) {
    SampledThread* record = g_current_thread;
    SampledThread* unbound = nullptr;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        ignored_.push_back(static_cast<jthread>(jni->NewGlobalRef(thread)));
        if (record != nullptr) {
            ThreadSlot& slot = registry_.slots[record->slot];
            slot.ignored = true;
            stop_timer(*record);
            slot.sampled_cpu_ns = 0;
            slot.sampled_user_ns = 0;
            unregister_locked(*record);
        } else if (attach_ != nullptr) {
            // A thread of the attach that has not bound its record yet.
            AttachThread* entry = attach_->find_thread(jni);
            if (entry != nullptr && jni->IsSameObject(thread, entry->record->thread_ref) && retire_attach_thread(*entry)) {
                registry_.slots[entry->record->slot].ignored = true;
                unbound = entry->record;
                unregister_locked(*unbound);
            }
            if (AttachTimer* timer = attach_->find_timer(static_cast<pid_t>(syscall(SYS_gettid)))) close_attach_timer(*timer);
        }
    }
    if (record != nullptr) {
        g_current_thread = nullptr;
        std::atomic_signal_fence(std::memory_order_seq_cst);
        free_record(jni, record);
    }
    if (unbound != nullptr) free_record(jni, unbound);
}

bool Sampler::is_ignored(JNIEnv* jni, jthread thread) {
    std::lock_guard<std::mutex> lock(registry_.mutex);
    for (jthread ignored : ignored_) {
        if (jni->IsSameObject(thread, ignored)) return true;
    }
    return false;
}

void Sampler::counters(std::int64_t* out) {
    SampleCounts counts;
    {
        std::lock_guard<std::mutex> control(control_mutex_);
        counts = SampleCounts::read(stats_).since(window_start_);
    }
    std::size_t live = 0;
    {
        std::lock_guard<std::mutex> lock(registry_.mutex);
        live = registry_.live.size();
    }
    out[kCounterSamples] = static_cast<std::int64_t>(stats_.running.load() + stats_.waiting.load());
    out[kCounterDelivered] = static_cast<std::int64_t>(counts.delivered);
    out[kCounterFailed] = static_cast<std::int64_t>(counts.failed_total() + counts.crash_guard);
    out[kCounterDropped] = static_cast<std::int64_t>(counts.buffer_full);
    out[kCounterThreads] = static_cast<std::int64_t>(writer_.threads_with_samples());
    out[kCounterThreadsLive] = static_cast<std::int64_t>(live);
    out[kCounterPaused] = paused_flag_.load() ? 1 : 0;
    out[kCounterWall] = timer_.kind == TimerKind::Wall ? 1 : 0;
    out[kCounterIntervalNs] = timer_.interval_ns;
    out[kCounterTimer] = static_cast<std::int64_t>(timer_.kind);
    out[kCounterNodes] = static_cast<std::int64_t>(writer_.nodes());
    out[kCounterIntervalRequestedNs] = options_.interval_ns;
}

}  // namespace candor
