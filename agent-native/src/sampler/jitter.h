#pragma once

#include <cstdint>

namespace candor {

// xorshift64*: a few instructions, no state outside the caller's word, async-signal-safe.
inline std::uint64_t next_random(std::uint64_t& state) {
    std::uint64_t x = state != 0 ? state : 0x9e3779b97f4a7c15ULL;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    state = x;
    return x * 0x2545f4914f6cdd1dULL;
}

// Randomised periods around an interval: each offset is drawn uniformly from -10 %..+10 % and the
// next period uses its mirror image (antithetic pairs). The phase against a program's own period
// stays random, so the two cannot stay in step, while every two periods add up to exactly twice
// the interval: counts convert to time without the drift independent draws would add (over 60
// draws that drift is ~0.7 % of the mean). Async-signal-safe; one per thread, not shared.
class Jitter {
public:
    explicit Jitter(std::uint64_t seed = 0) : random_(seed) {}

    std::int64_t next(std::int64_t interval_ns) {
        const std::int64_t spread = interval_ns / 5;  // 20 %: from -10 % to +10 %
        if (spread <= 0) return interval_ns;
        if (mirror_pending_) {
            mirror_pending_ = false;
            return interval_ns - offset_;
        }
        offset_ = static_cast<std::int64_t>(next_random(random_) % static_cast<std::uint64_t>(spread + 1)) - spread / 2;
        mirror_pending_ = true;
        return interval_ns + offset_;
    }

private:
    std::uint64_t random_;
    std::int64_t offset_ = 0;
    bool mirror_pending_ = false;
};

// How many samples a per-thread timer keeps one period before the handler draws a new one.
// Changing the period is a syscall (~2 us) that also restarts the current period, so it happens
// at most every 16 samples and at most every ~4 ms of the thread's CPU time.
inline std::uint32_t samples_per_period(std::int64_t interval_ns) {
    const std::int64_t by_time = (4'000'000 + interval_ns - 1) / interval_ns;
    return static_cast<std::uint32_t>(by_time > 16 ? by_time : 16);
}

}  // namespace candor
