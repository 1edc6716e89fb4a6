#include "sampler/wall_sampler.h"

#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "sampler/jitter.h"
#include "sampler/sample_record.h"
#include "sampler/sampler_stats.h"
#include "sampler/thread_registry.h"

namespace candor {

WallSampler::WallSampler(ThreadRegistry& registry, SamplerStats& stats, std::int64_t interval_ns, int threads_per_tick,
                         pid_t pid)
    : registry_(registry), stats_(stats), interval_ns_(interval_ns), threads_per_tick_(threads_per_tick), pid_(pid),
      jitter_(static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
              static_cast<std::uint64_t>(pid)) {}

void WallSampler::tick(jvmtiEnv* jvmti) {
    std::lock_guard<std::mutex> lock(registry_.mutex);
    // Read under the registry's mutex: a pause that took it after setting the flag sees no tick in flight.
    if (paused_.load()) return;
    const std::size_t live = registry_.live.size();
    if (live == 0) return;
    const std::size_t count = std::min<std::size_t>(live, static_cast<std::size_t>(threads_per_tick_));
    std::size_t cursor = registry_.wall_cursor % live;
    std::size_t sent = 0;
    for (std::size_t examined = 0; examined < live && sent < count; examined++, cursor = (cursor + 1) % live) {
        SampledThread* thread = registry_.live[cursor];
        // An attach record whose thread has not bound it yet: its tid is not known.
        if (!thread->bound.load(std::memory_order_acquire)) continue;
        sent++;
        if (thread->wall_pending.load(std::memory_order_acquire)) {
            bump(stats_.wall_still_pending);
            continue;
        }
        jint state = 0;
        bool running = false;
        if (jvmti->GetThreadState(thread->thread_ref, &state) == JVMTI_ERROR_NONE) {
            running = (state & JVMTI_THREAD_STATE_RUNNABLE) != 0 && (state & JVMTI_THREAD_STATE_SUSPENDED) == 0;
        }
        thread->wall_state.store(static_cast<std::uint8_t>(running ? RunState::Running : RunState::Waiting),
                                 std::memory_order_relaxed);
        thread->wall_pending.store(true, std::memory_order_release);
        if (syscall(SYS_tgkill, pid_, thread->tid, SIGPROF) == 0) {
            bump(stats_.wall_signals);
        } else {
            thread->wall_pending.store(false, std::memory_order_relaxed);
        }
    }
    registry_.wall_cursor = cursor;
}

void WallSampler::run(jvmtiEnv* jvmti) {
    {
        // A signal of an earlier session that was never handled (its handler went at a detach) left its
        // thread marked: this session starts with none pending.
        std::lock_guard<std::mutex> lock(registry_.mutex);
        for (SampledThread* thread : registry_.live) thread->wall_pending.store(false, std::memory_order_relaxed);
    }
    // Deadlines, not pauses: the time a tick takes does not stretch the mean interval.
    auto deadline = std::chrono::steady_clock::now();
    for (;;) {
        deadline += std::chrono::nanoseconds(jitter_.next(interval_ns_));
        const auto now = std::chrono::steady_clock::now();
        if (deadline < now) deadline = now;  // fell behind (a long pause): do not burst
        {
            std::unique_lock<std::mutex> lock(mutex_);
            if (wake_.wait_until(lock, deadline, [this] { return stop_; })) break;
        }
        tick(jvmti);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
    wake_.notify_all();
}

void WallSampler::request_stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
    wake_.notify_all();
}

void WallSampler::wait_stopped() {
    if (!started_.load()) return;
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait(lock, [this] { return done_; });
}

}  // namespace candor
