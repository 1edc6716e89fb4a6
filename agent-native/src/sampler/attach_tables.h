#pragma once

#include <jni.h>
#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "sampler/thread_registry.h"

namespace candor {

// After a dynamic attach: the Java threads that were already running, and the timers the attaching
// thread opened for them. JVMTI gives no way to run code on another thread, and the attaching thread
// does not know which tid is which Java thread, so it opens a timer on every thread of the process
// that has no record yet, and each thread binds itself on its first signal: the signal handler asks
// the JVM for the thread's JNIEnv (JavaVM::GetEnv, a thread-local read; JNI_EDETACHED on threads
// that are not Java threads) and looks it up here. A Java thread takes its prepared record and the
// timer of its tid; any other thread (GC, JIT compiler, VM and native threads) gets its timer
// disabled, once.
//
// Built once, sorted, then published to the handler; only the atomic states change afterwards, and
// every transition is a CAS or exchange by the thread the entry belongs to (its handler, or its
// ThreadStart/ThreadEnd, which the handler can interrupt), except at stop, after no handler runs.
// Lookups and transitions are async-signal-safe: binary search, atomics, one syscall.

enum class AttachThreadState : std::uint8_t {
    Unbound = 0,  // the table owns the record
    Bound = 1,    // its thread bound the record: the thread owns it now (freed at ThreadEnd)
    Gone = 2,     // ended or stopped before binding: the record was freed
};

enum class AttachTimerState : std::uint8_t {
    Armed = 0,     // running, owned by the table
    Disabled = 1,  // the thread is no sampled Java thread: stopped (still open), owned by the table
    Adopted = 2,   // handed to a record, which closes it
    Closed = 3,    // closed by the table (ThreadEnd of a thread that never bound, or stop)
};

struct AttachThread {
    JNIEnv* jni = nullptr;            // the key: the thread's JNIEnv
    SampledThread* record = nullptr;  // bound == false; valid while Unbound
    std::atomic<AttachThreadState> state{AttachThreadState::Unbound};
};

struct AttachTimer {
    pid_t tid = 0;      // the key
    ThreadTimer timer;  // opened stopped by the attaching thread (timer.engine null in wall mode: none)
    std::atomic<AttachTimerState> state{AttachTimerState::Armed};
};

class AttachTables {
public:
    // Sorted by key; duplicate keys keep the first.
    AttachTables(JavaVM* vm, std::vector<std::pair<JNIEnv*, SampledThread*>> threads, std::vector<pid_t> tids);

    JavaVM* vm() const { return vm_; }
    std::size_t thread_count() const { return thread_count_; }
    std::size_t timer_count() const { return timer_count_; }
    AttachThread& thread(std::size_t i) const { return threads_[i]; }
    AttachTimer& timer(std::size_t i) const { return timers_[i]; }

    // Binary search; null when absent. Async-signal-safe.
    AttachThread* find_thread(const JNIEnv* jni) const;
    AttachTimer* find_timer(pid_t tid) const;

private:
    JavaVM* const vm_;
    std::unique_ptr<AttachThread[]> threads_;
    std::size_t thread_count_ = 0;
    std::unique_ptr<AttachTimer[]> timers_;
    std::size_t timer_count_ = 0;
};

// Unbound -> Bound: true when the caller won the record (it sets tid, adopts the timer, then `bound`).
bool claim_attach_thread(AttachThread& entry);

// Unbound -> Gone: true when the caller must free the record.
bool retire_attach_thread(AttachThread& entry);

// Hands an Armed or Disabled timer to `record` (its ThreadTimer: handles, start times) and makes sure
// it runs. restart_accounting: start the record's CPU accounting now instead of at the timer's arming
// (a thread that binds in ThreadStart, whose signals before were not samples). False when the timer
// was adopted or closed already. Async-signal-safe on the timer's own thread.
bool adopt_attach_timer(AttachTimer& timer, SampledThread& record, bool restart_accounting);

// Armed -> Disabled, and stops it: true the first time. Async-signal-safe.
bool disable_attach_timer(AttachTimer& timer);

// Armed or Disabled -> Closed, and closes it: true when the caller closed it.
bool close_attach_timer(AttachTimer& timer);

}  // namespace candor
