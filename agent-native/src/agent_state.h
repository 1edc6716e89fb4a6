#pragma once

#include <jvmti.h>

#include <atomic>

#include "clock/clock_source.h"
#include "options.h"

namespace candor {

// Everything the library keeps between calls. There is exactly one, owned by agent.cpp.
struct AgentState {
    jvmtiEnv* jvmti = nullptr;  // non-null once the agent started
    Options options;
    ClockSource clock = ClockSource::Monotonic;
    // Set once NativeClock was bound in the bootstrap loader; ClassPrepare is off from then on.
    std::atomic<bool> clock_bound_in_boot_loader{false};
};

AgentState& agent_state();

}  // namespace candor
