#include "trace/trace_periods.h"

#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

#include "sampler/sample_buffer.h"
#include "trace/trace_entry.h"

namespace candor {

namespace {

std::uint64_t ns_of(const timespec& ts) {
    return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

std::uint64_t monotonic_ns() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ns_of(ts);
}

std::uint16_t current_cpu() {
    const int cpu = sched_getcpu();
    return cpu < 0 ? 0 : static_cast<std::uint16_t>(cpu);
}

// The kernel's accounting of the calling thread. getrusage through syscall(): the system call itself, which
// touches no libc state (the glibc wrapper is the same call, but POSIX does not list it as signal-safe).
void read_counters(std::uint64_t (&out)[trace_format::kCounters]) {
    timespec cpu{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    out[trace_format::TaskClock] = ns_of(cpu);
    rusage usage{};
    if (syscall(SYS_getrusage, RUSAGE_THREAD, &usage) == 0) {
        out[trace_format::PageFaults] = static_cast<std::uint64_t>(usage.ru_minflt + usage.ru_majflt);
        out[trace_format::VoluntarySwitches] = static_cast<std::uint64_t>(usage.ru_nvcsw);
        out[trace_format::InvoluntarySwitches] = static_cast<std::uint64_t>(usage.ru_nivcsw);
    }
}

// The calling thread's clock, counters and CPU at one moment: where a period ends and the next begins.
struct Reading {
    std::uint64_t time;
    std::uint64_t counters[trace_format::kCounters];
    std::uint16_t cpu;
};

Reading read_now() {
    Reading now{};
    now.time = monotonic_ns();
    read_counters(now.counters);
    now.cpu = current_cpu();
    return now;
}

void restart(PeriodStart& start, const Reading& now, std::uint8_t flags) {
    start.time = now.time;
    std::memcpy(start.counters, now.counters, sizeof now.counters);
    start.cpu = now.cpu;
    start.flags = flags;
}

}  // namespace

bool write_marker(SampleBuffer& buffer, pid_t tid, std::uint32_t slot, std::uint8_t kind, const char* text,
                  std::size_t bytes) {
    if (bytes > trace_format::kMaxMarkerText) bytes = trace_format::kMaxMarkerText;
    SampleBuffer::Slot reserved;
    if (!buffer.reserve(sizeof(TraceEntry) + bytes, reserved)) return false;
    auto* entry = reinterpret_cast<TraceEntry*>(reserved.payload);
    std::memset(entry, 0, sizeof *entry);
    entry->kind = TraceEntryKind::Marker;
    entry->flags = kind;
    entry->text_bytes = static_cast<std::uint16_t>(bytes);
    entry->thread = tid;
    entry->slot = slot;
    entry->time = monotonic_ns();
    entry->cpu = current_cpu();
    if (bytes != 0) std::memcpy(entry->text(), text, bytes);
    SampleBuffer::commit(reserved);
    return true;
}

void begin_period(PeriodStart& start, std::uint8_t flags) {
    start.busy = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    restart(start, read_now(), flags);
    start.started = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    start.busy = 0;
}

bool close_period(PeriodStart& start, pid_t tid, std::uint32_t slot, std::uint8_t flags, TraceEntry& entry) {
    if (!start.started || start.busy) return false;
    start.busy = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    const Reading now = read_now();
    std::memset(&entry, 0, sizeof entry);
    entry.kind = TraceEntryKind::Period;
    entry.flags = static_cast<std::uint8_t>(flags | start.flags);
    const bool blocked =
        now.counters[trace_format::VoluntarySwitches] > start.counters[trace_format::VoluntarySwitches];
    entry.thread = blocked ? -tid : tid;
    entry.slot = slot;
    entry.time = start.time;
    entry.duration = now.time > start.time ? now.time - start.time : 0;
    entry.cpu = now.cpu;
    entry.start_cpu = start.cpu;
    for (int i = 0; i < trace_format::kCounters; i++) {
        entry.counters[i] = now.counters[i] >= start.counters[i] ? now.counters[i] - start.counters[i] : 0;
    }
    // The next period starts where this one ended, written or not: no time is counted twice.
    restart(start, now, 0);
    std::atomic_signal_fence(std::memory_order_seq_cst);
    start.busy = 0;
    return true;
}

bool write_period(SampleBuffer& buffer, const TraceEntry& entry, const ASGCT_CallFrame& top) {
    SampleBuffer::Slot reserved;
    if (!buffer.reserve(sizeof(TraceEntry), reserved)) return false;
    auto* copy = reinterpret_cast<TraceEntry*>(reserved.payload);
    std::memcpy(copy, &entry, sizeof entry);
    copy->top = top.method_id;
    copy->top_lineno = top.lineno;
    SampleBuffer::commit(reserved);
    return true;
}

bool end_period(SampleBuffer& buffer, PeriodStart& start, pid_t tid, std::uint32_t slot, const ASGCT_CallFrame& top,
                std::uint8_t flags) {
    TraceEntry entry;
    return close_period(start, tid, slot, flags, entry) && write_period(buffer, entry, top);
}

}  // namespace candor
