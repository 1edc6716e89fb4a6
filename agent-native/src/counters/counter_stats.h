#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace candor {

// What happened to the per-thread counters of a session. Relaxed atomics: bumped on a thread's
// first read, at its end and on failures, never on an ordinary read.
struct CounterStats {
    std::atomic<std::int64_t> threads{0};          // threads that opened their counter
    std::atomic<std::int64_t> threads_failed{0};   // perf_event_open failed: the thread reads 0
    std::atomic<std::int64_t> threads_rdpmc{0};    // threads that read with rdpmc
    std::atomic<std::int64_t> mmap_failed{0};      // no user page (locked-memory limits): read(2)
    std::atomic<std::int64_t> read_failed{0};      // read(2) failed: the read returned the last value
    std::atomic<std::int64_t> threads_closed{0};   // counters closed at thread end
    std::atomic<int> last_open_errno{0};

    // "counters.threads=3,counters.threads_failed=0,...": the snapshot's statistics.
    std::string text() const {
        auto item = [](const char* key, std::int64_t value) {
            return std::string(key) + "=" + std::to_string(value);
        };
        return item("counters.threads", threads.load()) + "," + item("counters.threads_failed", threads_failed.load()) +
               "," + item("counters.threads_rdpmc", threads_rdpmc.load()) + "," +
               item("counters.mmap_failed", mmap_failed.load()) + "," + item("counters.read_failed", read_failed.load()) +
               "," + item("counters.threads_closed", threads_closed.load());
    }
};

}  // namespace candor
