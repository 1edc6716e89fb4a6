#pragma once

#include <cstdint>
#include <string>

#include "counters/metric_catalogue.h"

namespace candor {

enum class ClockMode { Auto, Tsc, Monotonic };
enum class SampleMode { Off, Cpu, Wall };
// How CPU-mode samples are timed: perf task-clock per thread, or a thread CPU-time POSIX timer.
enum class TimerMode { Auto, Perf, Ctimer };
// How a perf event signals its thread: attr.sigtrap (SIGTRAP) or fasync (SIGPROF).
enum class PerfSignal { Auto, Sigtrap, Fasync };

const char* clock_mode_name(ClockMode mode);
const char* sample_mode_name(SampleMode mode);

// Limits of the sampler options; the error lines and the README quote them.
constexpr std::int64_t kIntervalFloorNs = 10'000;  // perf's own minimum period for software events
constexpr std::int64_t kIntervalCeilingNs = 60'000'000'000;
constexpr std::int64_t kDefaultCpuIntervalNs = 1'000'000;
constexpr std::int64_t kDefaultWallIntervalNs = 10'000'000;
constexpr int kDefaultDepth = 1024;
constexpr int kMaxDepth = 4096;
// The sampler's trees: nodes over all threads (maxnodes=N), and the range N may take (34..68 bytes a node).
constexpr std::int64_t kDefaultSampledNodes = 1'000'000;
constexpr std::int64_t kMinSampledNodes = 1'000;
constexpr std::int64_t kMaxSampledNodes = 100'000'000;
constexpr int kDefaultWallThreads = 16;
constexpr int kMaxWallThreads = 1024;

struct Options {
    ClockMode clock = ClockMode::Auto;
    bool verbose = false;
    // What NativeClock.ticks0() measures (metric=NAME); clock= only applies to wall.
    const MetricSpec* metric = &wall_metric();
    // counters: also bind org.candor.agent.counters.NativeCounters, for `candor counters`.
    bool counters = false;

    SampleMode sample = SampleMode::Off;
    std::int64_t interval_ns = 0;  // after parsing: the mode's default when not given
    int depth = kDefaultDepth;
    std::int64_t max_nodes = kDefaultSampledNodes;
    TimerMode timer = TimerMode::Auto;
    PerfSignal perf_signal = PerfSignal::Auto;
    int wall_threads = kDefaultWallThreads;
    // session=FILE: start the Java half of a sampling session from this library at VMInit, with the agent
    // options in FILE, instead of through -javaagent (see java_session.h). Launch only.
    std::string session_file;
    // trace=DIR: also write per-CPU trace files of every thread's periods between ticks (docs/formats/trace.md).
    std::string trace_dir;

    // Test hooks, not listed among the known keys (README, "Test hooks").
    int crash_test = 0;             // crashtest=<n>: every n-th walk of a thread faults in the crash guard
    bool simulate_no_agct = false;  // simulate=noagct: behave as if libjvm did not export AGCT
    bool simulate_no_perf = false;  // simulate=noperf: behave as if perf_event_open returned EACCES
    bool simulate_no_kernel = false; // simulate=nokernel: behave as if perf refused kernel time (exclude_kernel=0) with EACCES
    bool simulate_no_eetop = false; // simulate=noeetop: behave as if java.lang.Thread had no field eetop
    // simulate=ignorepause: a pause leaves every timer running and its signals return at once (what a pause
    // that ignores samples would cost; bench/sampling-stopped.sh measures it against closing the timers)
    bool simulate_ignore_pause = false;
};

struct ParsedOptions {
    Options options;
    std::string error;  // empty when parsing succeeded

    bool ok() const { return error.empty(); }
};

// Parses the agent option string "key[=value],key[=value],...". Null or empty means defaults.
// Empty items (",,") are ignored; a repeated key takes its last value.
ParsedOptions parse_options(const char* text);

// "10us", "1ms", "1500ns": the shortest exact spelling of a duration, for messages.
std::string duration_text(std::int64_t ns);

}  // namespace candor
