#pragma once

#include <cstdint>
#include <ctime>

namespace candor {

inline std::int64_t read_monotonic_ns() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace candor
