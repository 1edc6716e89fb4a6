#pragma once

#include <linux/perf_event.h>

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#define CANDOR_HAS_RDPMC 1
#include <x86intrin.h>
#else
#define CANDOR_HAS_RDPMC 0
#endif

namespace candor {

// Reads a perf counter from user space through its mmap'd user page, as the kernel's
// perf_event.h describes: under the page's seqlock, offset + the sign-extended rdpmc value of
// the hardware counter. False (read(2) instead) when the page does not allow rdpmc or the event
// is not on a counter right now (index 0: not scheduled, e.g. multiplexed out).
inline bool rdpmc_read(const perf_event_mmap_page* page, std::uint64_t& value) {
#if CANDOR_HAS_RDPMC
    // x86 does not reorder loads with loads, so compiler barriers are enough (the kernel's barrier()).
    const volatile perf_event_mmap_page* pc = page;
    std::uint32_t seq;
    std::uint64_t count;
    do {
        seq = pc->lock;
        __asm__ __volatile__("" ::: "memory");
        const std::uint32_t index = pc->index;
        if (!pc->cap_user_rdpmc || index == 0) return false;
        count = static_cast<std::uint64_t>(pc->offset);
        const unsigned width = pc->pmc_width;
        if (width == 0 || width > 64) return false;
        std::int64_t pmc = static_cast<std::int64_t>(__rdpmc(static_cast<int>(index - 1)));
        pmc = static_cast<std::int64_t>(static_cast<std::uint64_t>(pmc) << (64 - width)) >> (64 - width);
        count += static_cast<std::uint64_t>(pmc);
        __asm__ __volatile__("" ::: "memory");
    } while (pc->lock != seq);
    value = count;
    return true;
#else
    (void)page;
    (void)value;
    return false;
#endif
}

// True when the page says rdpmc may be used for this event at all.
inline bool rdpmc_allowed(const perf_event_mmap_page* page) {
    return CANDOR_HAS_RDPMC && page != nullptr && page->cap_user_rdpmc;
}

}  // namespace candor
