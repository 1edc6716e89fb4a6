#include "counters/read_cost.h"

#include <unistd.h>

#include <cstdint>
#include <ctime>

#include "counters/metric_reader.h"
#include "counters/perf_counter.h"
#include "counters/rdpmc.h"

namespace candor {

namespace {

using Reader = jlong (*)(JNIEnv*, jclass);

std::int64_t now_ns() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// The reads' sum goes here, so the loops are not optimised away.
volatile std::int64_t g_sink;

template <typename Read>
double best_of_three(int reads, Read read) {
    std::int64_t sum = 0;
    for (int i = 0; i < reads / 10 + 1; i++) sum += read();
    std::int64_t best = -1;
    for (int round = 0; round < 3; round++) {
        const std::int64_t start = now_ns();
        for (int i = 0; i < reads; i++) sum += read();
        const std::int64_t took = now_ns() - start;
        if (best < 0 || took < best) best = took;
    }
    g_sink = sum;
    return static_cast<double>(best) / reads;
}

double perf_counter_cost(const MetricSpec& spec, int reads) {
    const int fd = perf_counter_open(spec, 0);
    if (fd < 0) return -1;
    const perf_event_mmap_page* page = is_hardware_metric(spec) ? perf_counter_map(fd) : nullptr;
    if (!rdpmc_allowed(page)) {
        perf_counter_unmap(page);
        page = nullptr;
    }
    bool failed = false;
    const double cost = best_of_three(reads, [&]() -> std::int64_t {
        std::uint64_t value = 0;
        if (page != nullptr && rdpmc_read(page, value)) return static_cast<std::int64_t>(value);
        if (!perf_counter_read(fd, value)) failed = true;
        return static_cast<std::int64_t>(value);
    });
    perf_counter_unmap(page);
    close(fd);
    return failed ? -1 : cost;
}

}  // namespace

double measure_read_cost(const MetricSpec& spec, ClockSource wall_clock, int reads) {
    if (reads <= 0) return -1;
    if (spec.kind == MetricKind::PerfCounter) return perf_counter_cost(spec, reads);
    // The clocks' readers ignore their JNI arguments.
    const auto read = reinterpret_cast<Reader>(tick_reader(spec, wall_clock).function);
    return best_of_three(reads, [read]() -> std::int64_t { return read(nullptr, nullptr); });
}

}  // namespace candor
