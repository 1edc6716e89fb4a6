#pragma once

#include <jvmti.h>
#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "sampler/jitter.h"

namespace candor {

struct SamplerStats;
struct ThreadRegistry;

// The body of the "candor-wall-sampler" agent thread (wall mode). Every interval (jittered by
// +-10 %) it takes the next `threads_per_tick` registered Java threads round-robin, running or
// not, asks JVMTI GetThreadState whether each is RUNNABLE, stores that in the thread's record and
// signals it with tgkill(SIGPROF); the thread's own handler then walks its stack. A thread blocked
// in a system call is woken for the handler and the call restarts (SA_RESTART) or, for calls that
// never restart (epoll_wait, nanosleep, ...), returns EINTR, which the JDK retries.
class WallSampler {
public:
    WallSampler(ThreadRegistry& registry, SamplerStats& stats, std::int64_t interval_ns, int threads_per_tick, pid_t pid);

    void run(jvmtiEnv* jvmti);
    void mark_started() { started_.store(true); }
    // Paused: the ticks send no signal (and count none) until resumed. Any thread.
    void set_paused(bool paused) { paused_.store(paused); }
    void request_stop();
    void wait_stopped();

private:
    void tick(jvmtiEnv* jvmti);

    ThreadRegistry& registry_;
    SamplerStats& stats_;
    const std::int64_t interval_ns_;
    const int threads_per_tick_;
    const pid_t pid_;
    Jitter jitter_;

    std::atomic<bool> started_{false};
    std::atomic<bool> paused_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    bool done_ = false;
};

}  // namespace candor
