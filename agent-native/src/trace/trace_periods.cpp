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

std::atomic<std::uint64_t> g_unwatched{0};
std::atomic<std::uint64_t> g_lost_stretches{0};

// Cuts a period at the thread's switches: each stretch up to the last switch back in becomes a period of its own,
// written to the buffer; the caller's entry keeps the last stretch. The counters the kernel keeps only in total
// (read at the period's ends) are shared out: a stretch on a CPU ran all its real time, a stretch off every CPU
// none (the kernel's task-clock over the period shared among the stretches that ran by their real times, so the
// parts add up to it); each switch out is one voluntary (blocked) or involuntary (preempted) switch, counted on the stretch off
// the CPU that it began; page faults stay with the last stretch.
class SwitchCut {
public:
    SwitchCut(const PeriodStart& start, std::uint64_t end)
        : begin_(start.time), from_(start.time), from_cpu_(start.cpu), from_flags_(start.flags), end_(end),
          checked_from_(start.time) {}

    // A switch before the period began: the last period's, after its end was read (it ran on to its handler's end).
    bool before(const SwitchEvent& event) const { return event.time < begin_; }

    // First pass: the switches alternate out, in, out, ... from a running thread, in time within the period.
    bool check(const SwitchEvent& event) {
        if (before(event)) return true;
        if (event.time < last_ || event.time > end_) return false;
        last_ = event.time;
        const bool out = event.kind != SwitchKind::In;
        if (out != running_) return false;
        if (out) ran_real_ += event.time - checked_from_;
        checked_from_ = event.time;
        running_ = !running_;
        return true;
    }
    // After the first pass: a stretch still off the CPU when the tick came cannot be (the handler runs on it).
    // `task_clock` is the kernel's count over the whole period.
    bool ends_running(std::uint64_t task_clock) {
        if (!running_) return false;
        ran_real_ += end_ - checked_from_;
        task_clock_ = task_clock;
        return true;
    }

    // Second pass: writes the stretches before each switch.
    void cut(const SwitchEvent& event, SampleBuffer& buffer, TraceEntry pattern) {
        if (before(event)) return;
        pattern.time = from_;
        pattern.duration = event.time - from_;
        pattern.start_cpu = from_cpu_;
        pattern.cpu = event.cpu;
        if (event.kind != SwitchKind::In) {
            blocked_ = event.kind == SwitchKind::OutBlocked;
            pattern.flags = static_cast<std::uint8_t>(from_flags_ | trace_format::kSwitch);
            if (blocked_) pattern.thread = -pattern.thread;
            pattern.counters[trace_format::TaskClock] = share_of_task_clock(pattern.duration);
            ran_ += pattern.counters[trace_format::TaskClock];
        } else {
            pattern.flags = trace_format::kOffCpu;
            if (blocked_) pattern.thread = -pattern.thread;
            (blocked_ ? pattern.counters[trace_format::VoluntarySwitches]
                      : pattern.counters[trace_format::InvoluntarySwitches]) = 1;
            (blocked_ ? voluntary_ : involuntary_) += 1;
        }
        if (pattern.duration != 0 || event.kind == SwitchKind::In) write_period(buffer, pattern, ASGCT_CallFrame{});
        from_ = event.time;
        from_cpu_ = event.cpu;
        from_flags_ = 0;
    }

    // The last stretch, from the last switch in to the period's end: what is left of the counters.
    void finish(TraceEntry& entry, const std::uint64_t (&total)[trace_format::kCounters]) const {
        entry.time = from_;
        entry.start_cpu = from_cpu_;
        entry.flags = static_cast<std::uint8_t>(entry.flags | from_flags_);
        const std::uint64_t taken[trace_format::kCounters] = {ran_, 0, voluntary_, involuntary_};
        for (int i = 0; i < trace_format::kCounters; i++) {
            entry.counters[i] = total[i] > taken[i] ? total[i] - taken[i] : 0;
        }
    }

private:
    std::uint64_t share_of_task_clock(std::uint64_t real) const {
        if (ran_real_ == 0 || task_clock_ >= ran_real_) return real;
        return static_cast<std::uint64_t>(static_cast<unsigned __int128>(real) * task_clock_ / ran_real_);
    }

    std::uint64_t begin_;
    std::uint64_t from_;
    std::uint16_t from_cpu_;
    std::uint8_t from_flags_;
    std::uint64_t end_;
    std::uint64_t last_ = 0;
    std::uint64_t checked_from_ = 0;   // first pass: where the open stretch began
    std::uint64_t ran_real_ = 0;       // first pass: real time the thread ran in the period
    std::uint64_t task_clock_ = 0;
    bool running_ = true;
    bool blocked_ = false;
    std::uint64_t ran_ = 0, voluntary_ = 0, involuntary_ = 0;
};

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
    int error = 0;
    if ((flags & trace_format::kFirst) != 0 && start.switches.base == nullptr &&
        !switch_ring_open(start.switches, 0, error)) {
        g_unwatched.fetch_add(1, std::memory_order_relaxed);
    }
    restart(start, read_now(), flags);
    start.started = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    start.busy = 0;
}

bool close_period(PeriodStart& start, SampleBuffer& buffer, pid_t tid, std::uint32_t slot, std::uint8_t flags,
                  TraceEntry& entry) {
    if (!start.started || start.busy) return false;
    start.busy = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    // The ring's head on both sides of the readings: a switch while they were taken (the handler preempted) would
    // leave `now` on another CPU than the last stretch's switch said, so they are taken again.
    std::uint64_t head = switch_ring_head(start.switches);
    Reading now = read_now();
    for (int again = 0; again < 3; again++) {
        const std::uint64_t after = switch_ring_head(start.switches);
        if (after == head) break;
        head = after;
        now = read_now();
    }
    std::memset(&entry, 0, sizeof entry);
    entry.kind = TraceEntryKind::Period;
    entry.flags = flags;
    entry.thread = tid;
    entry.slot = slot;
    entry.duration = 0;
    entry.cpu = now.cpu;
    std::uint64_t total[trace_format::kCounters];
    for (int i = 0; i < trace_format::kCounters; i++) {
        total[i] = now.counters[i] >= start.counters[i] ? now.counters[i] - start.counters[i] : 0;
    }
    SwitchCut cut(start, now.time);
    const bool known = switch_ring_walk(start.switches, head, [&](const SwitchEvent& e) { return cut.check(e); }) &&
                       cut.ends_running(total[trace_format::TaskClock]);
    if (known) {
        switch_ring_walk(start.switches, head, [&](const SwitchEvent& e) {
            cut.cut(e, buffer, entry);
            return true;
        });
    } else {
        g_lost_stretches.fetch_add(1, std::memory_order_relaxed);
    }
    switch_ring_consume(start.switches, head);
    if (known) {
        cut.finish(entry, total);
    } else {
        // The whole period as one, as without switches.
        entry.time = start.time;
        entry.start_cpu = start.cpu;
        entry.flags = static_cast<std::uint8_t>(flags | start.flags);
        std::memcpy(entry.counters, total, sizeof total);
    }
    entry.duration = now.time > entry.time ? now.time - entry.time : 0;
    if (entry.counters[trace_format::VoluntarySwitches] > 0) entry.thread = -tid;
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
    return close_period(start, buffer, tid, slot, flags, entry) && write_period(buffer, entry, top);
}

void end_watching(PeriodStart& start) { switch_ring_close(start.switches); }

std::uint64_t unwatched_threads() { return g_unwatched.load(std::memory_order_relaxed); }

std::uint64_t lost_switch_stretches() { return g_lost_stretches.load(std::memory_order_relaxed); }

}  // namespace candor
