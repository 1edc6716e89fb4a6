#pragma once

#include <jni.h>

#include "counters/metric_reader.h"

namespace candor {

// JVM type signature of the probe class that declares the clock natives.
constexpr const char kNativeClockSignature[] = "Lorg/candor/probe/NativeClock;";

// Binds the natives of this NativeClock class object: ticks0() to the reader of the session's
// metric, source0() to what its ticks are, metric0() to the metric's name, counterStats0() to the
// per-thread counters' statistics (agent_state()). Logs and returns false when the class does not
// declare them as expected.
bool register_native_clock(JNIEnv* jni, jclass klass, const TickReader& reader);

}  // namespace candor
