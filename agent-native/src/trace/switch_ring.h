#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>

namespace candor {

// The kernel's account of one thread's context switches (perf_event_open: a dummy software event with
// context_switch set, one ring buffer a thread), read by the thread itself at each sampling tick so a trace period
// can end where the thread really left its CPU. Works without privileges for the process's own threads
// (perf_event_paranoid 2); times are CLOCK_MONOTONIC, the trace's clock.
struct SwitchRing {
    int fd = -1;
    void* base = nullptr;      // the mapping: a control page, then `data_bytes` of records
    std::size_t page_bytes = 0;
    std::size_t data_bytes = 0;
};

enum class SwitchKind : std::uint8_t { In, OutBlocked, OutPreempted };

struct SwitchEvent {
    std::uint64_t time;
    std::uint16_t cpu;
    SwitchKind kind;
};

// Opens the ring of thread `tid`; false (with errno's value in `error`) when the kernel refuses.
bool switch_ring_open(SwitchRing& ring, pid_t tid, int& error);

void switch_ring_close(SwitchRing& ring);

// Reading, async-signal-safe (memory reads only), by one reader at a time: the ring's head (how far the kernel
// has written), then `walk` any number of times over the records up to it, then `consume` them.
std::uint64_t switch_ring_head(const SwitchRing& ring);

// `visit(event)` for each switch up to `head`, in order, while it returns true; false when a visit did, or at a
// record saying the kernel lost some (the ring was full) or one that makes no sense.
template <typename Visit>
bool switch_ring_walk(const SwitchRing& ring, std::uint64_t head, Visit&& visit);

// Marks the records up to `head` read; those the kernel wrote since stay for the next read.
void switch_ring_consume(SwitchRing& ring, std::uint64_t head);

namespace switch_ring_detail {
bool walk(const SwitchRing& ring, std::uint64_t head, bool (*visit)(void*, const SwitchEvent&), void* state);
}

template <typename Visit>
bool switch_ring_walk(const SwitchRing& ring, std::uint64_t head, Visit&& visit) {
    auto call = [](void* state, const SwitchEvent& event) { return (*static_cast<Visit*>(state))(event); };
    return switch_ring_detail::walk(ring, head, call, &visit);
}

}  // namespace candor
