#pragma once

#include <jvmti.h>

#include <atomic>

#include "clock/clock_source.h"
#include "counters/metric_catalogue.h"
#include "counters/metric_reader.h"
#include "options.h"

namespace candor {

class Sampler;

// Everything the library keeps between calls. There is exactly one, owned by agent.cpp.
struct AgentState {
    jvmtiEnv* jvmti = nullptr;  // non-null once the agent started
    Options options;
    ClockSource clock = ClockSource::Monotonic;  // what wall reads
    const MetricSpec* metric = &wall_metric();   // what NativeClock.ticks0() measures
    TickReader reader;                           // ticks0()'s function and what its ticks are
    Sampler* sampler = nullptr;  // non-null when loaded with sample=... in a JVM that exports AGCT
    // Set once ClassPrepare was switched off (every class binding complete, no sampler).
    std::atomic<bool> class_prepare_off{false};
};

AgentState& agent_state();

}  // namespace candor
