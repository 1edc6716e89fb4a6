#include "sampler/attach_tables.h"

#include <unistd.h>

#include <algorithm>

#include "sampler/cpu_timer.h"
#include "sampler/perf_timer.h"
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

namespace {

bool is_perf(TimerKind kind) { return kind == TimerKind::PerfSigtrap || kind == TimerKind::PerfFasync; }

void run(const AttachTimer& timer) {
    if (is_perf(timer.kind)) {
        perf_timer_enable(timer.perf_fd);
    } else if (timer.kind == TimerKind::Ctimer) {
        ctimer_set_period(timer.ctimer, timer.period_ns);
    }
}

}  // namespace

bool adopt_attach_timer(AttachTimer& timer, SampledThread& record, bool restart_accounting) {
    AttachTimerState previous = timer.state.load();
    do {
        if (previous != AttachTimerState::Armed && previous != AttachTimerState::Disabled) return false;
    } while (!timer.state.compare_exchange_weak(previous, AttachTimerState::Adopted));
    record.cpu_clock = timer.cpu_clock;
    record.cpu_at_start_ns = restart_accounting && timer.kind == TimerKind::Ctimer ? thread_cpu_ns(timer.cpu_clock)
                                                                                   : timer.cpu_at_start_ns;
    record.user_at_start_ns = restart_accounting ? own_user_ns() : timer.user_at_start_ns;
    record.ctimer = timer.ctimer;
    record.perf_fd = timer.perf_fd;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    record.timer = timer.kind;  // last: the handler changes periods only once the handle is there
    if (previous == AttachTimerState::Disabled) run(timer);
    return true;
}

bool disable_attach_timer(AttachTimer& timer) {
    AttachTimerState expected = AttachTimerState::Armed;
    if (!timer.state.compare_exchange_strong(expected, AttachTimerState::Disabled)) return false;
    if (is_perf(timer.kind)) {
        perf_timer_disable(timer.perf_fd);
    } else if (timer.kind == TimerKind::Ctimer) {
        ctimer_disarm(timer.ctimer);
    }
    return true;
}

bool close_attach_timer(AttachTimer& timer) {
    AttachTimerState previous = timer.state.load();
    do {
        if (previous != AttachTimerState::Armed && previous != AttachTimerState::Disabled) return false;
    } while (!timer.state.compare_exchange_weak(previous, AttachTimerState::Closed));
    if (is_perf(timer.kind)) {
        close(timer.perf_fd);
    } else if (timer.kind == TimerKind::Ctimer) {
        ctimer_close(timer.ctimer);
    }
    return true;
}

}  // namespace candor
