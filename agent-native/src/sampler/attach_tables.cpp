#include "sampler/attach_tables.h"

#include <algorithm>

#include "sampler/thread_user_time.h"

namespace candor {

AttachTables::AttachTables(JavaVM* vm, std::vector<std::pair<JNIEnv*, SampledThread*>> threads, std::vector<pid_t> tids)
    : vm_(vm) {
    std::sort(threads.begin(), threads.end(),
              [](const auto& a, const auto& b) { return reinterpret_cast<std::uintptr_t>(a.first) < reinterpret_cast<std::uintptr_t>(b.first); });
    threads.erase(std::unique(threads.begin(), threads.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
                  threads.end());
    std::sort(tids.begin(), tids.end());
    tids.erase(std::unique(tids.begin(), tids.end()), tids.end());

    thread_count_ = threads.size();
    threads_.reset(new AttachThread[thread_count_ > 0 ? thread_count_ : 1]);
    for (std::size_t i = 0; i < thread_count_; i++) {
        threads_[i].jni = threads[i].first;
        threads_[i].record = threads[i].second;
    }
    timer_count_ = tids.size();
    timers_.reset(new AttachTimer[timer_count_ > 0 ? timer_count_ : 1]);
    for (std::size_t i = 0; i < timer_count_; i++) timers_[i].tid = tids[i];
}

AttachThread* AttachTables::find_thread(const JNIEnv* jni) const {
    const auto key = reinterpret_cast<std::uintptr_t>(jni);
    std::size_t low = 0;
    std::size_t high = thread_count_;
    while (low < high) {
        const std::size_t mid = low + (high - low) / 2;
        const auto at = reinterpret_cast<std::uintptr_t>(threads_[mid].jni);
        if (at == key) return &threads_[mid];
        if (at < key) low = mid + 1; else high = mid;
    }
    return nullptr;
}

AttachTimer* AttachTables::find_timer(pid_t tid) const {
    std::size_t low = 0;
    std::size_t high = timer_count_;
    while (low < high) {
        const std::size_t mid = low + (high - low) / 2;
        if (timers_[mid].tid == tid) return &timers_[mid];
        if (timers_[mid].tid < tid) low = mid + 1; else high = mid;
    }
    return nullptr;
}

bool claim_attach_thread(AttachThread& entry) {
    AttachThreadState expected = AttachThreadState::Unbound;
    return entry.state.compare_exchange_strong(expected, AttachThreadState::Bound);
}

bool retire_attach_thread(AttachThread& entry) {
    AttachThreadState expected = AttachThreadState::Unbound;
    return entry.state.compare_exchange_strong(expected, AttachThreadState::Gone);
}

bool adopt_attach_timer(AttachTimer& entry, SampledThread& record, bool restart_accounting) {
    AttachTimerState previous = entry.state.load();
    do {
        if (previous != AttachTimerState::Armed && previous != AttachTimerState::Disabled) return false;
    } while (!entry.state.compare_exchange_weak(previous, AttachTimerState::Adopted));
    ThreadTimer timer = entry.timer;
    const SamplingEngine* engine = timer.engine;
    if (restart_accounting) {
        if (engine != nullptr) timer.cpu_at_start_ns = engine->read_cpu_ns(timer);
        timer.user_at_start_ns = own_user_ns();
    }
    // The record's engine last: the handler changes periods only once the handles are there.
    timer.engine = nullptr;
    record.timer = timer;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    record.timer.engine = engine;
    if (previous == AttachTimerState::Disabled && engine != nullptr) engine->enable(timer);
    return true;
}

bool disable_attach_timer(AttachTimer& entry) {
    AttachTimerState expected = AttachTimerState::Armed;
    if (!entry.state.compare_exchange_strong(expected, AttachTimerState::Disabled)) return false;
    if (entry.timer.engine != nullptr) entry.timer.engine->disable(entry.timer);
    return true;
}

bool close_attach_timer(AttachTimer& entry) {
    AttachTimerState previous = entry.state.load();
    do {
        if (previous != AttachTimerState::Armed && previous != AttachTimerState::Disabled) return false;
    } while (!entry.state.compare_exchange_weak(previous, AttachTimerState::Closed));
    if (entry.timer.engine != nullptr) entry.timer.engine->close(entry.timer);
    return true;
}

}  // namespace candor
